/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped: node:net's BlockList is the independent judge */
import { BlockList } from 'node:net';
import fc from 'fast-check';

import {
	endingRefusal,
	nonPublicHost,
	readAddressToFetch,
} from '../../../../nodes/SocialPublishing/shared/publicAddress';

describe('Upload From URL: hosts the service does not fetch from, judged as written (no DNS)', () => {
	const host = (url: string) => new URL(url).hostname;

	test.each([
		['https://127.0.0.1/a.png', 'a loopback address'],
		['https://127.8.9.10/a.png', 'a loopback address'],
		['https://2130706433/a.png', 'a loopback address'],
		['https://0x7f.1/a.png', 'a loopback address'],
		['https://10.1.2.3/a.png', 'a private network address'],
		['https://172.16.0.1/a.png', 'a private network address'],
		['https://172.31.255.255/a.png', 'a private network address'],
		['https://192.168.1.20/a.png', 'a private network address'],
		['https://169.254.169.254/a.png', 'a link-local address'],
		['https://100.64.0.1/a.png', 'a shared (carrier-grade NAT) address'],
		['https://198.18.0.5/launch.png', 'a network benchmarking address'],
		['https://198.19.255.255/a.png', 'a network benchmarking address'],
		['https://0.0.0.0/a.png', 'an unspecified address'],
		['https://[::1]/a.png', 'a loopback address'],
		['https://[::]/a.png', 'an unspecified address'],
		['https://[::ffff:127.0.0.1]/a.png', 'a loopback address'],
		['https://[::ffff:192.168.0.1]/a.png', 'a private network address'],
		['https://[fd12:3456::1]/a.png', 'a private network address'],
		['https://[fe80::1]/a.png', 'a link-local address'],
		['https://localhost/a.png', 'a name of this machine'],
		['https://LOCALHOST./a.png', 'a name of this machine'],
		['https://files.localhost/a.png', 'a name of this machine'],
		['https://printer.local/a.png', 'a local network name'],
		['https://cdn.corp.internal/a.png', 'an internal network name'],
	])('%s: %s', (url, reason) => {
		expect(nonPublicHost(host(url))).toBe(reason);
	});

	test.each([
		'https://example.com/a.png',
		'https://upload.wikimedia.org/a.png',
		'https://8.8.8.8/a.png',
		'https://172.32.0.1/a.png',
		'https://192.169.0.1/a.png',
		'https://100.128.0.1/a.png',
		'https://[2001:db8::1]/a.png',
		'https://[2606:4700::1111]/a.png',
		'https://localhost.example.com/a.png',
		'https://local.example.com/a.png',
	])('%s may be public: left to the service', (url) => {
		expect(nonPublicHost(host(url))).toBeUndefined();
	});
});

/** The ranges the service does not fetch from, as Node's own BlockList holds them: the judge the tests trust. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
	['127.0.0.0', 8],
	['10.0.0.0', 8],
	['172.16.0.0', 12],
	['192.168.0.0', 16],
	['169.254.0.0', 16],
	['100.64.0.0', 10],
	['198.18.0.0', 15],
	['0.0.0.0', 8],
] as const) {
	NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
const NOT_PUBLIC_RANGES: Array<[number, number]> = [
	[0x7f000000, 8],
	[0x0a000000, 8],
	[0xac100000, 12],
	[0xc0a80000, 16],
	[0xa9fe0000, 16],
	[0x64400000, 10],
	[0xc6120000, 15],
	[0, 8],
];

/** An IPv4 address (as a 32-bit number) inside one of the ranges above. */
const notPublicIpv4 = fc
	.tuple(fc.constantFrom(...NOT_PUBLIC_RANGES), fc.integer({ min: 0, max: 0xffffffff }))
	.map(([[network, prefix], noise]) => (network | (noise & (2 ** (32 - prefix) - 1))) >>> 0);

const dotted = (n: number) => [24, 16, 8, 0].map((shift) => (n >>> shift) & 0xff).join('.');
const hex16 = (n: number) => [(n >>> 16).toString(16), (n & 0xffff).toString(16)];

/** Every way an IPv4 address can be written in a URL's host, and IPv6 forms that carry it. */
const WRITTEN: Array<[string, (n: number, upper: boolean) => string]> = [
	['dotted', (n) => dotted(n)],
	['one decimal number', (n) => String(n)],
	['one hexadecimal number', (n, upper) => `0${upper ? 'X' : 'x'}${n.toString(16)}`],
	['one octal number', (n) => `0${n.toString(8)}`],
	['a.b.c (last 16 bits)', (n) => `${n >>> 24}.${(n >>> 16) & 0xff}.${n & 0xffff}`],
	['a.b (last 24 bits)', (n) => `${n >>> 24}.${n & 0xffffff}`],
	[
		'dotted hexadecimal parts',
		(n) =>
			dotted(n)
				.split('.')
				.map((part) => `0x${Number(part).toString(16)}`)
				.join('.'),
	],
	[
		'dotted octal parts',
		(n) =>
			dotted(n)
				.split('.')
				.map((part) => `0${Number(part).toString(8)}`)
				.join('.'),
	],
	['IPv4-mapped IPv6, dotted', (n) => `[::ffff:${dotted(n)}]`],
	[
		'IPv4-mapped IPv6, hexadecimal',
		(n, upper) => `[::${upper ? 'FFFF' : 'ffff'}:${hex16(n).join(':')}]`,
	],
	['IPv4-mapped IPv6 in full', (n) => `[0:0:0:0:0:ffff:${hex16(n).join(':')}]`],
	['IPv4-compatible IPv6', (n) => `[::${dotted(n)}]`],
	['NAT64', (n) => `[64:ff9b::${dotted(n)}]`],
	['6to4', (n) => `[2002:${hex16(n).join(':')}::1]`],
];

describe('the address judgement, over every textual form of a loopback or private address', () => {
	test('any URL whose host is a loopback or private IPv4 address, written in any form, is refused', () => {
		fc.assert(
			fc.property(
				notPublicIpv4,
				fc.constantFrom(...WRITTEN),
				fc.boolean(),
				fc.constantFrom('', ':8443'),
				(n, [, write], upper, port) => {
					expect(NOT_PUBLIC.check(dotted(n), 'ipv4')).toBe(true);
					const text = `https://${write(n, upper)}${port}/media/a.png`;
					const read = readAddressToFetch(text, 'URL', false);
					expect(read).toEqual({
						message: expect.stringMatching(
							/^"URL" points to .+, which the service does not fetch from$/,
						),
						what: expect.stringMatching(/^points to .+, which the service does not fetch from$/),
						description: expect.any(String),
					});
				},
			),
			{ numRuns: 3000 },
		);
	});

	test('IPv6 loopback, unspecified, unique-local and link-local addresses in any spelling are refused', () => {
		const group = fc.integer({ min: 0, max: 0xffff });
		const v6 = fc.oneof(
			fc.constant([0, 0, 0, 0, 0, 0, 0, 1]),
			fc.constant([0, 0, 0, 0, 0, 0, 0, 0]),
			fc.tuple(
				fc.integer({ min: 0xfc00, max: 0xfdff }),
				group,
				group,
				group,
				group,
				group,
				group,
				group,
			),
			fc.tuple(
				fc.integer({ min: 0xfe80, max: 0xfebf }),
				group,
				group,
				group,
				group,
				group,
				group,
				group,
			),
		);
		fc.assert(
			fc.property(v6, fc.boolean(), fc.boolean(), (groups, full, upper) => {
				const written = groups
					.map((g) => (full ? g.toString(16).padStart(4, '0') : g.toString(16)))
					.join(':');
				const text = `https://[${upper ? written.toUpperCase() : written}]/a.png`;
				expect(readAddressToFetch(text, 'URL', false)).toMatchObject({
					message: expect.stringContaining('points to'),
				});
			}),
			{ numRuns: 2000 },
		);
	});

	test('what is sent is what was judged: any text accepted is sent as an address that reads back the same, with a public host', () => {
		const noise = fc.constantFrom(
			'',
			' ',
			'\n',
			'\t',
			'\\',
			'@127.0.0.1',
			'%2e',
			'A',
			'..',
			'#',
			'?x=1',
			'[::1]',
		);
		const text = fc
			.tuple(fc.webUrl({ validSchemes: ['https'] }), noise, fc.nat(), noise, fc.nat())
			.map(([url, first, at, second, at2]) => {
				const one = `${url.slice(0, at % (url.length + 1))}${first}${url.slice(at % (url.length + 1))}`;
				return `${one.slice(0, at2 % (one.length + 1))}${second}${one.slice(at2 % (one.length + 1))}`;
			});
		fc.assert(
			fc.property(text, (given) => {
				const read = readAddressToFetch(given, 'URL', false);
				if ('message' in read) {
					expect(read.message).toMatch(/^"URL" /);
					return;
				}
				const sent = read.url.href;
				// The service reads the address sent: it parses to itself, and its host is judged public again.
				expect(new URL(sent).href).toBe(sent);
				expect(nonPublicHost(new URL(sent).hostname)).toBeUndefined();
				expect(sent).not.toMatch(/[\s\\]/);
			}),
			{ numRuns: 3000 },
		);
	});
});

describe("the service's file-ending rule for an address it fetches (Upload From URL and Create's media URLs)", () => {
	test.each([
		['https://cdn.example.com/a.png', undefined],
		['https://cdn.example.com/a.mp4?size=large', undefined],
		['https://cdn.example.com/a.PNG', 'upperCaseEnding'],
		['https://cdn.example.com/a.Jpeg?x=1', 'upperCaseEnding'],
		['https://cdn.example.com/a.png#top', 'fragment'],
		['https://cdn.example.com/a.pdf?x=.png', 'noEnding'],
		['https://cdn.example.com/picture', 'noEnding'],
	])('%s: %s', (href, code) => {
		expect(endingRefusal(href)?.code).toBe(code);
	});
});
