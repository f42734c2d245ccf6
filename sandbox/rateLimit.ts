/** Section 8: per-organisation, per-endpoint fixed-window counters. Windows run on real time so tests can wait them out. */
import {
	DOCUMENTED_RATE_LIMITS,
	type RateLimitedRoute,
	type RateLimitRule,
} from '../nodes/SocialPublishing/shared/transport/rateLimits';

export type {
	RateLimitedRoute,
	RateLimitRule,
} from '../nodes/SocialPublishing/shared/transport/rateLimits';
export { rateLimitedRouteOf } from '../nodes/SocialPublishing/shared/transport/rateLimits';

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
		this.rules = { ...DOCUMENTED_RATE_LIMITS, ...overrides };
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
		const resetSeconds = Math.max(
			1,
			Math.ceil((window.startedMs + rule.windowSeconds * 1000 - now) / 1000),
		);
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
