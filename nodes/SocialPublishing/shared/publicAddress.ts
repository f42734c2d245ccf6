/**
 * Whether a URL's host is one the service will not fetch from (service-notes: POST /upload-from-url
 * takes public https addresses only, no loopback, private or link-local ranges). Judged from the
 * host as written, without any
 * DNS lookup: IP literals by their range, and the names that never resolve on the public internet.
 * And whether its ending is one the service takes (`endingRefusal`).
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
 * Why the service's file-ending rule refuses an address it is to fetch, or undefined: the text
 * before the first "?" must end in one of the endings, in lower case (a "#" part counts as part of
 * the ending). Media → Upload From URL and Post → Create's media URLs both judge by it.
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

/** Why an address to fetch is refused: `what` after the field's label (`message`), and the fix. */
export interface AddressRefusal {
	message: string;
	what: string;
	description: string;
}

/**
 * Longest address to fetch: POST /upload-from-url carries it as `{"url": ...}` (an address as
 * sent has no character JSON escapes), and the service takes JSON bodies of at most 100 kB.
 */
export const MAX_FETCH_ADDRESS_CHARS = MAX_JSON_BODY_BYTES - JSON.stringify({ url: '' }).length;

/**
 * An address the service is to fetch, read once (Node's URL parser) so that what is judged is what
 * is sent: its `href`. Refused, in words naming the field: empty, not text, a control character or
 * backslash (which the parser drops or reads as "/" silently, and other programs read otherwise),
 * not an address, not https, or a host that is not public (unless `allowPrivate`).
 */
export function readAddressToFetch(
	raw: unknown,
	label: string,
	allowPrivate: boolean,
): { url: URL } | AddressRefusal {
	const refuse = (what: string, description: string): AddressRefusal => ({
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
	if (Array.from(text).some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
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
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return refuse(`is not a web address: "${text.slice(0, 100)}"`, example);
	}
	if (url.href.length > MAX_FETCH_ADDRESS_CHARS) {
		return refuse(
			`is ${url.href.length} characters long; the service takes at most ${MAX_FETCH_ADDRESS_CHARS} (its requests carry at most ${MAX_JSON_BODY_BYTES / 1024} kB)`,
			"Give the file's own, shorter address: a long query (such as a signed link's) can often " +
				'be left out. Or download the file (HTTP Request node) and send it with Media → Upload.',
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
 * The reason a host is not public, in words (e.g. "a loopback address"), or undefined when it may
 * be public.
 */
export function nonPublicHost(hostname: string): string | undefined {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	if (host.startsWith('[') && host.endsWith(']')) return ipv6Range(host.slice(1, -1));
	const ipv4 = parseIpv4(host);
	if (ipv4) return ipv4Range(ipv4);
	if (host === 'localhost' || host.endsWith('.localhost')) return 'a name of this machine';
	if (host.endsWith('.local')) return 'a local network name';
	if (host.endsWith('.internal')) return 'an internal network name';
	return undefined;
}

function parseIpv4(host: string): number[] | undefined {
	// Hosts come from Node's URL parser (uploadFromUrl.ts), which has already turned other IPv4 forms
	// (2130706433, 0x7f.1, 017700000001, 127.1) into four decimal parts and IPv6 into its short
	// lowercase form.
	const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
	if (!match) return undefined;
	const parts = match.slice(1).map(Number);
	return parts.every((part) => part <= 255) ? parts : undefined;
}

function ipv4Range([a, b]: number[]): string | undefined {
	if (a === 127) return 'a loopback address';
	if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168))
		return 'a private network address';
	if (a === 169 && b === 254) return 'a link-local address';
	if (a === 100 && b >= 64 && b <= 127) return 'a shared (carrier-grade NAT) address';
	// 198.18.0.0/15: the service refuses it too (its own check, docs/real-backend.md).
	if (a === 198 && (b === 18 || b === 19)) return 'a network benchmarking address';
	if (a === 0) return 'an unspecified address';
	if (a >= 224) return 'a multicast or reserved address';
	return undefined;
}

/** Eight 16-bit groups of an IPv6 literal, or undefined when it is not one. */
function parseIpv6(text: string): number[] | undefined {
	let address = text.replace(/%.*$/, '');
	// A trailing dotted IPv4 part (::ffff:127.0.0.1) becomes two groups.
	const dotted = /^(.*:)(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(address);
	if (dotted) {
		const v4 = parseIpv4(dotted[2]);
		if (!v4) return undefined;
		const high = ((v4[0] << 8) | v4[1]).toString(16);
		const low = ((v4[2] << 8) | v4[3]).toString(16);
		address = `${dotted[1]}${high}:${low}`;
	}
	const halves = address.split('::');
	if (halves.length > 2) return undefined;
	const groups = (half: string) => (half === '' ? [] : half.split(':'));
	const head = groups(halves[0]);
	const tail = halves.length === 2 ? groups(halves[1]) : [];
	const missing = 8 - head.length - tail.length;
	if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0))
		return undefined;
	const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
	if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
	return all.map((group) => parseInt(group, 16));
}

/** The IPv4 address in two 16-bit groups. */
const ipv4Of = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff];

/**
 * An IPv6 literal's range. One that carries an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, the old
 * IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16, Teredo
 * 2001::/32) is judged as the address it reaches.
 */
function ipv6Range(text: string): string | undefined {
	const groups = parseIpv6(text);
	if (!groups) return undefined;
	const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
	if (zeros(0, 7) && groups[7] === 1) return 'a loopback address';
	if (zeros(0, 8)) return 'an unspecified address';
	if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0))
		return ipv4Range(ipv4Of(groups[6], groups[7]));
	if (groups[0] === 0x64 && groups[1] === 0xff9b && (zeros(2, 6) || groups[2] === 1))
		return ipv4Range(ipv4Of(groups[6], groups[7]));
	if (groups[0] === 0x2002) return ipv4Range(ipv4Of(groups[1], groups[2]));
	if (groups[0] === 0x2001 && groups[1] === 0)
		return ipv4Range(ipv4Of(groups[6] ^ 0xffff, groups[7] ^ 0xffff));
	if ((groups[0] & 0xfe00) === 0xfc00 || (groups[0] & 0xffc0) === 0xfec0)
		return 'a private network address';
	if ((groups[0] & 0xffc0) === 0xfe80) return 'a link-local address';
	if ((groups[0] & 0xff00) === 0xff00) return 'a multicast address';
	if (groups[0] === 0x100 && zeros(1, 4)) return 'a discard-only address';
	return undefined;
}
