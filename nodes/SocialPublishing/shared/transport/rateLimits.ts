import type { IDataObject } from 'n8n-workflow';

import { MAX_ANNOUNCED_WAIT_S } from './policy';

/**
 * The service's documented rate limits (spec, section 8): counted per organisation, each endpoint
 * with its own counter (every id of `GET /analytics/:id` shares one). The node paces its requests
 * by them (pacing.ts) and the sandbox enforces them; this is the one place they are written down.
 */
export const DOCUMENTED_RATE_LIMITS = {
	'POST /posts': { limit: 90, windowSeconds: 3600 },
	'POST /upload': { limit: 30, windowSeconds: 300 },
	'POST /upload-from-url': { limit: 30, windowSeconds: 300 },
	'POST /integration-trigger/:id': { limit: 30, windowSeconds: 300 },
	'GET /posts/:id/missing': { limit: 30, windowSeconds: 300 },
	'GET /social/:platform': { limit: 60, windowSeconds: 300 },
	'GET /analytics/:id': { limit: 60, windowSeconds: 300 },
	'GET /analytics/post/:postId': { limit: 60, windowSeconds: 300 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitedRoute = keyof typeof DOCUMENTED_RATE_LIMITS;

export type RateLimitRule = { limit: number; windowSeconds: number };

/** Each limited route as its method and a pattern of its path (`:id` is one segment). */
const LIMITED_ROUTES = (Object.keys(DOCUMENTED_RATE_LIMITS) as RateLimitedRoute[]).map((route) => {
	const [method, template] = route.split(' ');
	return { route, method, pattern: new RegExp(`^${template.replace(/:\w+/g, '[^/]+')}$`) };
});

/** Which limited endpoint a request is, from its method and its path (query ignored). */
export function rateLimitedRouteOf(method: string, path: string): RateLimitedRoute | undefined {
	const m = method.toUpperCase();
	const p = path.split('?')[0];
	return LIMITED_ROUTES.find((limited) => limited.method === m && limited.pattern.test(p))?.route;
}

/**
 * Reading what the service (or a proxy) announces: X-RateLimit-Limit / -Remaining / -Reset on an
 * answer, Retry-After on a 429. Any can come wrong (negative, not a number, huge, several values,
 * milliseconds or an epoch instead of seconds): what cannot be read is unknown, and every wait is
 * bounded by MAX_ANNOUNCED_WAIT_S (policy.ts).
 */

const MAX_ANNOUNCED_WAIT_MS = MAX_ANNOUNCED_WAIT_S * 1000;
const FIGURES = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/** A header's values: several headers of one name, or one listing several separated by commas. */
function headerValues(value: unknown): string[] {
	const list = Array.isArray(value) ? value : [value];
	return list
		.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
		.flatMap((v) => String(v).split(','))
		.map((v) => v.trim())
		.filter((v) => v !== '');
}

/** Plain decimal numbers only ("12", "-3", "0.5"): not "1e400", "Infinity", "0x10" or "12 s". */
function plainDecimals(value: unknown): string[] {
	return headerValues(value).filter(
		(v) => /^[+-]?\d+(\.\d+)?$/.test(v) && Number.isFinite(Number(v)),
	);
}

/** A count the service announces (a limit, what is left): a whole number from 0, the lowest. */
export function announcedCount(value: unknown): number | undefined {
	const counts = plainDecimals(value).map(Number);
	return counts.length ? Math.max(0, Math.floor(Math.min(...counts))) : undefined;
}

const boundedMs = (ms: number) => Math.min(MAX_ANNOUNCED_WAIT_MS, Math.max(0, ms));

/**
 * One X-RateLimit-Reset value as milliseconds from now, unbounded, and the unit of its last digit:
 * a value up to a day is seconds, up to a day in milliseconds is milliseconds, from 10^9 an epoch
 * time (seconds, from 10^12 milliseconds). Anything else is absurd and read as the longest wait.
 */
function resetValueMs(text: string, nowMs: number): { delayMs: number; unitMs: number } {
	const v = Number(text);
	const decimals = text.split('.')[1]?.length ?? 0;
	const inMs = v > MAX_ANNOUNCED_WAIT_S && (v <= MAX_ANNOUNCED_WAIT_MS || v >= 1e12);
	const unitMs = Math.max(1, (inMs ? 1 : 1000) / 10 ** decimals);
	if (v <= MAX_ANNOUNCED_WAIT_S) return { delayMs: v * 1000, unitMs };
	if (v <= MAX_ANNOUNCED_WAIT_MS) return { delayMs: v, unitMs };
	if (v >= 1e12) return { delayMs: v - nowMs, unitMs };
	if (v >= 1e9) return { delayMs: v * 1000 - nowMs, unitMs };
	return { delayMs: MAX_ANNOUNCED_WAIT_MS, unitMs: 0 };
}

/**
 * X-RateLimit-Reset as milliseconds from now. Services write it as seconds from now (the spec, the
 * real backend), some as milliseconds, some as the Unix time of the window's end in seconds or
 * milliseconds (`resetValueMs`). Several values: the latest end.
 */
export function resetDelayMs(value: unknown, nowMs: number): number | undefined {
	const delays = plainDecimals(value).map((text) => resetValueMs(text, nowMs).delayMs);
	return delays.length ? boundedMs(Math.max(...delays)) : undefined;
}

/**
 * How much later than `resetDelayMs` says the window may truly restart: a figure is rounded either
 * way to its last digit (whole seconds: up to a second short), so the true end can be one unit of
 * that digit later than announced (never before now: "-10" seconds is over however it was rounded).
 */
export function resetSlackMs(value: unknown, nowMs: number): number {
	const values = plainDecimals(value).map((text) => resetValueMs(text, nowMs));
	if (!values.length) return 0;
	const latest = boundedMs(Math.max(...values.map((v) => v.delayMs + v.unitMs)));
	return Math.max(0, latest - boundedMs(Math.max(...values.map((v) => v.delayMs))));
}

/** The three forms of HTTP date (RFC 9110) begin with the day's name; Date.parse reads "x 5". */
const HTTP_DATE_START = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s/i;

/**
 * Retry-After as milliseconds from now: seconds (RFC 9110) or an HTTP date; several values: the
 * longest. Negative is now; beyond a day (a date years away, a huge number) is a day.
 */
export function retryAfterDelayMs(value: unknown, nowMs: number): number | undefined {
	const values = Array.isArray(value)
		? value.map(String)
		: typeof value === 'string' || typeof value === 'number'
			? [String(value)]
			: [];
	const delays: number[] = [];
	for (const text of values) {
		// An HTTP date has a comma of its own: the whole value is read as a date first.
		const at = HTTP_DATE_START.test(text.trim()) ? Date.parse(text) : Number.NaN;
		if (Number.isFinite(at)) delays.push(at - nowMs);
		else delays.push(...plainDecimals(text).map((seconds) => Number(seconds) * 1000));
	}
	return delays.length ? boundedMs(Math.max(...delays)) : undefined;
}

/**
 * The X-RateLimit-* figures of an answer (headers lower-cased): the requests left (0 to the limit),
 * the window's restart (ms from now) and its rounding slack; undefined when it has none,
 * 'unreadable' when the route is limited by how much is unknown.
 */
export function announcedWindow(headers: Record<string, unknown> | undefined, nowMs: number) {
	const [limit, left, reset] = FIGURES.map((name) => headers?.[name]);
	if ([limit, left, reset].every((value) => headerValues(value).length === 0)) return undefined;
	const remaining = announcedCount(left);
	const resetMs = resetDelayMs(reset, nowMs);
	if (remaining === undefined || resetMs === undefined) return 'unreadable';
	return {
		// A negative count reads as 0 (nothing left); more left than the limit, as the limit.
		remaining: Math.min(remaining, announcedCount(limit) ?? Infinity),
		resetMs,
		resetSlackMs: resetSlackMs(reset, nowMs),
	};
}

/**
 * The figures as Include Rate Limit Info adds them to the output, or null when the route sends
 * none; a figure that cannot be read is null, the reset in seconds from now however written.
 */
export function rateLimitInfo(headers: IDataObject | undefined): IDataObject | null {
	if (!headers || FIGURES.every((name) => headers[name] === undefined)) return null;
	const [limit, left, reset] = FIGURES.map((name) => headers[name]);
	const resetMs = resetDelayMs(reset, Date.now());
	return {
		limit: announcedCount(limit) ?? null,
		remaining: announcedCount(left) ?? null,
		resetSeconds: resetMs === undefined ? null : Math.ceil(resetMs / 1000),
	};
}
