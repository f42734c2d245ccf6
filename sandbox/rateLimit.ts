/** Section 8: per-organisation, per-endpoint fixed-window counters. Windows run on real time so tests can wait them out. */
export type RateLimitedRoute =
	| 'POST /posts'
	| 'POST /upload'
	| 'POST /upload-from-url'
	| 'POST /integration-trigger/:id'
	| 'GET /posts/:id/missing'
	| 'GET /social/:platform'
	| 'GET /analytics/:id'
	| 'GET /analytics/post/:postId';

export interface RateLimitRule {
	limit: number;
	windowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: Record<RateLimitedRoute, RateLimitRule> = {
	'POST /posts': { limit: 90, windowSeconds: 3600 },
	'POST /upload': { limit: 30, windowSeconds: 300 },
	'POST /upload-from-url': { limit: 30, windowSeconds: 300 },
	'POST /integration-trigger/:id': { limit: 30, windowSeconds: 300 },
	'GET /posts/:id/missing': { limit: 30, windowSeconds: 300 },
	'GET /social/:platform': { limit: 60, windowSeconds: 300 },
	'GET /analytics/:id': { limit: 60, windowSeconds: 300 },
	'GET /analytics/post/:postId': { limit: 60, windowSeconds: 300 },
};

export interface RateLimitVerdict {
	allowed: boolean;
	headers: Record<string, string>;
	retryAfterSeconds: number;
}

export class RateLimiter {
	private windows = new Map<string, { startedMs: number; count: number }>();
	readonly rules: Record<RateLimitedRoute, RateLimitRule>;

	constructor(
		overrides: Partial<Record<RateLimitedRoute, RateLimitRule>> = {},
		private readonly nowMs: () => number = () => Date.now(),
	) {
		this.rules = { ...DEFAULT_RATE_LIMITS, ...overrides };
	}

	/** Counts one request of `orgId` on `route` and says whether it may go on, with the headers to send either way. */
	hit(orgId: string, route: RateLimitedRoute): RateLimitVerdict {
		const rule = this.rules[route];
		const key = `${orgId} ${route}`;
		const now = this.nowMs();
		let window = this.windows.get(key);
		if (!window || now >= window.startedMs + rule.windowSeconds * 1000) {
			window = { startedMs: now, count: 0 };
			this.windows.set(key, window);
		}
		const resetSeconds = Math.max(1, Math.ceil((window.startedMs + rule.windowSeconds * 1000 - now) / 1000));
		const allowed = window.count < rule.limit;
		if (allowed) window.count++;
		return {
			allowed,
			retryAfterSeconds: resetSeconds,
			headers: {
				'X-RateLimit-Limit': String(rule.limit),
				'X-RateLimit-Remaining': String(Math.max(0, rule.limit - window.count)),
				'X-RateLimit-Reset': String(resetSeconds),
			},
		};
	}

	reset(): void {
		this.windows.clear();
	}
}

/** Which limited route a request is, from its method and path relative to the API base. */
export function rateLimitedRouteOf(method: string, path: string): RateLimitedRoute | undefined {
	const m = method.toUpperCase();
	if (m === 'POST') {
		if (path === '/posts') return 'POST /posts';
		if (path === '/upload') return 'POST /upload';
		if (path === '/upload-from-url') return 'POST /upload-from-url';
		if (/^\/integration-trigger\/[^/]+$/.test(path)) return 'POST /integration-trigger/:id';
	}
	if (m === 'GET') {
		if (/^\/posts\/[^/]+\/missing$/.test(path)) return 'GET /posts/:id/missing';
		if (/^\/social\/[^/]+$/.test(path)) return 'GET /social/:platform';
		if (/^\/analytics\/post\/[^/]+$/.test(path)) return 'GET /analytics/post/:postId';
		if (/^\/analytics\/[^/]+$/.test(path)) return 'GET /analytics/:id';
	}
	return undefined;
}
