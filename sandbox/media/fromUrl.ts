/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * POST /upload-from-url (spec 4.7, service-notes): the address rules, then a download with a time limit and a size
 * cap, the bytes checked like an upload's. Redirects are followed by hand so that each hop is checked again:
 * a public address must not be able to send the service into the internal network.
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { IncomingMedia, type AcceptedFile } from './incoming';
import { MEDIA_LIMITS, MESSAGES, URL_ENDINGS } from './rules';
import type { FileStore } from './storage';
import type { Outcome } from './upload';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Addresses the service does not fetch from, as its own check has them (docs/real-backend.md):
 * unspecified, private, shared (CGNAT), link-local, benchmarking, multicast and reserved ranges.
 * The documentation ranges (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24) are not among them.
 */
const internal = new BlockList();
for (const [net, bits] of [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.168.0.0', 16],
	['198.18.0.0', 15],
	['224.0.0.0', 4],
	['240.0.0.0', 4],
] as const) {
	internal.addSubnet(net, bits, 'ipv4');
}
internal.addAddress('::', 'ipv6');
internal.addSubnet('fc00::', 7, 'ipv6');
internal.addSubnet('fe80::', 10, 'ipv6');
internal.addSubnet('ff00::', 8, 'ipv6');

type AddressClass = 'public' | 'loopback' | 'internal';

function classifyIp(ip: string): AddressClass {
	// IPv4-mapped IPv6 (`::ffff:7f00:1` once the URL parser has normalised it) is judged as the IPv4 address it is.
	const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
	if (mapped) {
		const hi = parseInt(mapped[1], 16);
		const lo = parseInt(mapped[2], 16);
		return classifyIp(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
	}
	const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
	if (loopback.check(ip, family)) return 'loopback';
	if (internal.check(ip, family)) return 'internal';
	return 'public';
}

/** Where a host name leads; a name that does not resolve counts as public (its download then fails). */
async function classifyHost(hostname: string): Promise<AddressClass> {
	const host = hostname.replace(/^\[|\]$/g, '');
	if (isIP(host)) return classifyIp(host);
	if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
	let addresses: Array<{ address: string }>;
	try {
		addresses = await lookup(host, { all: true });
	} catch {
		return 'public';
	}
	const classes = addresses.map((a) => classifyIp(a.address));
	if (classes.includes('internal')) return 'internal';
	if (classes.includes('loopback')) return 'loopback';
	return 'public';
}

/**
 * True when the service may fetch `url`: public https; with the tests' loopback allowance also http(s) to this
 * machine's loopback addresses (never the private network).
 */
export async function isFetchable(url: URL, allowLoopback: boolean): Promise<boolean> {
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
	const where = await classifyHost(url.hostname);
	if (where === 'public') return url.protocol === 'https:';
	return where === 'loopback' && allowLoopback;
}

/** The DTO-style messages for the body of POST /upload-from-url; empty when it is acceptable. */
export async function validateUrlBody(body: unknown, allowLoopback: boolean): Promise<string[]> {
	const value = (body as { url?: unknown } | undefined)?.url;
	if (value === undefined || value === null) return [MESSAGES.urlMissing];
	if (typeof value !== 'string') return [MESSAGES.urlNotString];
	const messages: string[] = [];
	// The ending is read from the address as written, up to its query (as the service does, case-sensitive).
	const beforeQuery = value.split('?')[0];
	if (!URL_ENDINGS.some((ending) => beforeQuery.endsWith(ending)))
		messages.push(MESSAGES.badExtension);
	let url: URL | undefined;
	try {
		url = new URL(value);
	} catch {
		url = undefined;
	}
	if (!url || !(await isFetchable(url, allowLoopback))) messages.push(MESSAGES.notPublicHttps);
	return messages;
}

/** originalName of a fetched file: the last part of the address's path. */
export function originalNameOf(address: string): string {
	const last = new URL(address).pathname.split('/').pop() ?? '';
	try {
		return decodeURIComponent(last);
	} catch {
		return last;
	}
}

function get(url: URL, signal: AbortSignal, ca: string | undefined): Promise<http.IncomingMessage> {
	const headers = { 'user-agent': 'social-publishing-sandbox' };
	return new Promise((resolve, reject) => {
		const request =
			url.protocol === 'https:'
				? https.get(url, { signal, headers, ...(ca ? { ca } : {}) }, resolve)
				: http.get(url, { signal, headers }, resolve);
		request.on('error', reject);
	});
}

const failed: Outcome = { status: 400, body: { msg: MESSAGES.fetchFailed } };
const tooLarge: Outcome = { status: 400, body: { msg: MESSAGES.urlTooLarge } };
const unsupported: Outcome = { status: 400, body: { msg: MESSAGES.unsupportedUrl } };

export interface DownloadOptions {
	timeoutMs: number;
	allowLoopback: boolean;
	/**
	 * PEM certificate(s) trusted for https downloads instead of the system's roots (tests' self-signed local
	 * server); unset, only publicly trusted certificates are accepted.
	 */
	ca?: string;
}

/** Fetches an address already validated; never rejects. */
export async function download(
	address: string,
	store: FileStore,
	options: DownloadOptions,
): Promise<{ file: AcceptedFile; incoming: IncomingMedia } | Outcome> {
	const controller = new AbortController();
	const timer = setTimeout(() => controller.abort(), options.timeoutMs);
	const incoming = new IncomingMedia(store, { maxBytes: MEDIA_LIMITS.urlFileBytes });
	try {
		let url = new URL(address);
		let response = await get(url, controller.signal, options.ca);
		for (
			let hop = 0;
			response.statusCode && response.statusCode >= 300 && response.statusCode < 400;
			hop++
		) {
			const location = response.headers.location;
			response.resume();
			if (!location || hop >= MEDIA_LIMITS.maxRedirects) return failed;
			url = new URL(location, url);
			if (!(await isFetchable(url, options.allowLoopback))) return failed;
			response = await get(url, controller.signal, options.ca);
		}
		if (!response.statusCode || response.statusCode < 200 || response.statusCode >= 300) {
			response.resume();
			return failed;
		}
		const declared = Number(response.headers['content-length']);
		if (Number.isFinite(declared) && declared > MEDIA_LIMITS.urlFileBytes) {
			response.destroy();
			return tooLarge;
		}
		for await (const chunk of response) {
			// Stop reading as soon as the file is refused (too big, or its first bytes are not an accepted type).
			if (await incoming.push(chunk as Buffer)) break;
		}
		const result = await incoming.finish();
		if (result === 'tooLarge') return tooLarge;
		if (typeof result === 'string') return unsupported;
		return { file: result, incoming };
	} catch {
		// Refused connection, TLS failure, dropped body, or the time limit.
		await incoming.discard();
		return failed;
	} finally {
		clearTimeout(timer);
	}
}
