/**
 * Whether an address is one the service fetches from (public https only): its host judged as
 * written, without DNS (IP literals by range, names that never resolve publicly), and its ending.
 */

import { MAX_JSON_BODY_BYTES } from './bounds';
import { MEDIA_EXTENSIONS } from './platforms';
import { shownValue } from './userValues';

const ENDINGS = Object.keys(MEDIA_EXTENSIONS);

/** Why the service's file-ending rule refuses an address; `href`: the address judged. */
export interface EndingRefusal {
	code: 'upperCaseEnding' | 'fragment' | 'noEnding';
	href: string;
}

/**
 * Why the service's file-ending rule refuses an address, or undefined: the text before the first
 * "?" must end in one of the endings, in lower case (a "#" part counts as part of the ending).
 */
export function endingRefusal(href: string): EndingRefusal | undefined {
	const beforeQuery = href.split('?')[0];
	if (ENDINGS.some((ending) => beforeQuery.endsWith(ending))) return undefined;
	const lower = beforeQuery.toLowerCase();
	if (ENDINGS.some((ending) => lower.endsWith(ending))) return { code: 'upperCaseEnding', href };
	if (beforeQuery.includes('#') && ENDINGS.some((ending) => lower.split('#')[0].endsWith(ending)))
		return { code: 'fragment', href };
	return { code: 'noEnding', href };
}

/**
 * Longest address to fetch: POST /upload-from-url carries it as `{"url": ...}` (an address as
 * sent has no character JSON escapes), and the service takes JSON bodies of at most 100 kB.
 */
const MAX_FETCH_ADDRESS_CHARS = MAX_JSON_BODY_BYTES - JSON.stringify({ url: '' }).length;

/**
 * An address the service is to fetch, read once (Node's URL parser): what is judged is what is
 * sent, its `href`. Refused: `what` after the field's label (`message`), and the fix.
 */
export function readAddressToFetch(raw: unknown, label: string, allowPrivate: boolean) {
	const refuse = (what: string, description: string) => ({
		message: `"${label}" ${what}`,
		what,
		description,
	});
	const example = 'Give a full address such as https://example.com/picture.png.';
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
		return refuse('is empty', 'Give the https address of the file to upload.');
	}
	if (typeof raw !== 'string') return refuse(`is not a web address: ${shownValue(raw)}`, example);
	const text = raw.trim();
	if ([...text].some((char) => char < ' ' || char === '\x7f')) {
		// The parser drops a control character and reads a backslash as "/" silently; others do not.
		return refuse(
			`has a line break or tab inside: ${shownValue(text)}`,
			'Remove the line break, tab or other control character: a web address has none, and the address read would not be the one written.',
		);
	}
	if (text.includes('\\')) {
		return refuse(
			`has a backslash: ${shownValue(text)}`,
			'Write "/" in place of "\\": programs read a backslash in an address differently, so the service could fetch another address than the one checked.',
		);
	}
	if (!URL.canParse(text)) return refuse(`is not a web address: "${text.slice(0, 100)}"`, example);
	const url = new URL(text);
	if (url.href.length > MAX_FETCH_ADDRESS_CHARS) {
		return refuse(
			`is ${url.href.length} characters long; the service takes at most ${MAX_FETCH_ADDRESS_CHARS} (its requests carry at most ${MAX_JSON_BODY_BYTES / 1024} kB)`,
			"Give the file's own, shorter address: a long query (such as a signed link's) can often be left out. Or download the file (HTTP Request node) and send it with Media → Upload.",
		);
	}
	if (url.protocol !== 'https:') {
		return refuse(
			`must use https: "${text.slice(0, 100)}"`,
			'The service downloads only from public https addresses. Put the file on an https host, or use Media → Upload with the file itself.',
		);
	}
	const notPublic = nonPublicHost(url.hostname);
	if (notPublic && !allowPrivate) {
		return refuse(
			`points to ${notPublic} (${url.hostname}), which the service does not fetch from`,
			'The service downloads only from public https addresses, never from loopback, private or link-local ones. Put the file on a public host, or send the file itself with Media → Upload. A self-hosted service on your own network that is set up to fetch from it: turn on Options → Allow Private Address.',
		);
	}
	return { url };
}

/**
 * An address as a text of bits, so that a range is a prefix of it ("10.0.0.0/8": the first 8 bits
 * of 10.0.0.0). Node's URL parser has already written IPv4 (2130706433, 0x7f.1, 127.1) as four
 * decimal parts and IPv6 in its short form. (`net.BlockList` is refused in community nodes.)
 */
function bitsOf(address: string): string | undefined {
	const bits = (parts: string[], radix: number, width: number) =>
		parts.map((part) => parseInt(part, radix).toString(2).padStart(width, '0')).join('');
	if (/^\d+(\.\d+){3}$/.test(address)) return bits(address.split('.'), 10, 8);
	if (!address.includes(':')) return undefined;
	const [head, tail] = address.split('::').map((half) => (half ? half.split(':') : []));
	const zeros = tail ? Array<string>(8 - head.length - tail.length).fill('0') : [];
	return bits([...head, ...zeros, ...(tail ?? [])], 16, 16);
}

/** Ranges as [words, "address/prefix", ...]: the first that holds an address names it. */
const IPV4_RANGES = [
	['a loopback address', '127.0.0.0/8'],
	['a private network address', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
	['a link-local address', '169.254.0.0/16'],
	['a shared (carrier-grade NAT) address', '100.64.0.0/10'],
	// 198.18.0.0/15: the service refuses it too (its own check, docs/real-backend.md).
	['a network benchmarking address', '198.18.0.0/15'],
	['an unspecified address', '0.0.0.0/8'],
	['a multicast or reserved address', '224.0.0.0/3'],
];
const IPV6_RANGES = [
	['a loopback address', '::1/128'],
	['an unspecified address', '::/128'],
	['a private network address', 'fc00::/7', 'fec0::/10'],
	['a link-local address', 'fe80::/10'],
	['a multicast address', 'ff00::/8'],
	['a discard-only address', '100::/64'],
];
/**
 * IPv6 ranges that carry an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo inverted), judged
 * as the address they reach: [range, where its 32 bits start].
 */
const CARRYING_IPV4: Array<[string, number]> = [
	['::ffff:0:0/96', 96],
	['::/96', 96],
	['64:ff9b::/96', 96],
	['64:ff9b:1::/48', 96],
	['2002::/16', 16],
	['2001::/32', 96],
];

const within = (bits: string, range: string) => {
	const [address, prefix] = range.split('/');
	return bits.startsWith(bitsOf(address)!.slice(0, Number(prefix)));
};
const rangeOf = (bits: string, ranges: string[][]) =>
	ranges.find(([, ...list]) => list.some((range) => within(bits, range)))?.[0];

/** The reason a host is not public, in words ("a loopback address"); undefined if it may be. */
export function nonPublicHost(hostname: string): string | undefined {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	const bits = bitsOf(host.replace(/^\[(.*)\]$/, '$1'));
	if (bits?.length === 32) return rangeOf(bits, IPV4_RANGES);
	if (bits) {
		// Loopback and unspecified first: ::1 and :: also look IPv4-compatible.
		const own = rangeOf(bits, IPV6_RANGES.slice(0, 2));
		const carrier = CARRYING_IPV4.find(([range]) => within(bits, range));
		if (own || !carrier) return own ?? rangeOf(bits, IPV6_RANGES);
		const ipv4 = bits.slice(carrier[1], carrier[1] + 32);
		// Teredo's server bits are the client's address inverted.
		const reached =
			carrier[0] === '2001::/32' ? ipv4.replace(/[01]/g, (b) => (b === '0' ? '1' : '0')) : ipv4;
		return rangeOf(reached, IPV4_RANGES);
	}
	if (host === 'localhost' || host.endsWith('.localhost')) return 'a name of this machine';
	if (host.endsWith('.local')) return 'a local network name';
	if (host.endsWith('.internal')) return 'an internal network name';
	return undefined;
}
