/**
 * Whether a URL's host is one the service will not fetch from (service-notes: POST /upload-from-url takes public
 * https addresses only, no loopback, private or link-local ranges). Judged from the host as written, without any
 * DNS lookup: IP literals by their range, and the names that never resolve on the public internet.
 */

/** The reason a host is not public, in words (e.g. "a loopback address"), or undefined when it may be public. */
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
	// The URL parser has already turned other IPv4 forms (2130706433, 0x7f.1) into four decimal parts.
	const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
	if (!match) return undefined;
	const parts = match.slice(1).map(Number);
	return parts.every((part) => part <= 255) ? parts : undefined;
}

function ipv4Range([a, b]: number[]): string | undefined {
	if (a === 127) return 'a loopback address';
	if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'a private network address';
	if (a === 169 && b === 254) return 'a link-local address';
	if (a === 100 && b >= 64 && b <= 127) return 'a shared (carrier-grade NAT) address';
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
		address = `${dotted[1]}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
	}
	const halves = address.split('::');
	if (halves.length > 2) return undefined;
	const groups = (half: string) => (half === '' ? [] : half.split(':'));
	const head = groups(halves[0]);
	const tail = halves.length === 2 ? groups(halves[1]) : [];
	const missing = 8 - head.length - tail.length;
	if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return undefined;
	const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
	if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
	return all.map((group) => parseInt(group, 16));
}

function ipv6Range(text: string): string | undefined {
	const groups = parseIpv6(text);
	if (!groups) return undefined;
	const zeros = (count: number) => groups.slice(0, count).every((group) => group === 0);
	if (zeros(7) && groups[7] === 1) return 'a loopback address';
	if (zeros(8)) return 'an unspecified address';
	// IPv4-mapped (::ffff:a.b.c.d): judged as the IPv4 address it carries.
	if (zeros(5) && groups[5] === 0xffff) {
		return ipv4Range([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff]);
	}
	if ((groups[0] & 0xfe00) === 0xfc00) return 'a private network address';
	if ((groups[0] & 0xffc0) === 0xfe80) return 'a link-local address';
	if ((groups[0] & 0xff00) === 0xff00) return 'a multicast address';
	return undefined;
}
