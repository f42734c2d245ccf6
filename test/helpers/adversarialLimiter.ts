/**
 * A fixed-window rate limiter that announces its figures as the spec words them (X-RateLimit-Reset:
 * seconds until the window restarts) yet as awkwardly as that wording allows: the seconds rounded
 * up, down or to the nearest, the windows either on a grid at any phase or started by the first
 * request after the last one ended. It counts a request when it reaches it (`hit`), which callers
 * can make differ from the order sent and from the order answered. Used on virtual time (the
 * pacer's properties) and behind a real HTTP server (the hostile suite).
 */
import fc from 'fast-check';

export type Rounding = 'up' | 'down' | 'nearest';

export interface LimiterShape {
	limit: number;
	windowMs: number;
	rounding: Rounding;
	/** `grid`: windows start at `phaseMs + k × windowMs`; `first`: at the first request after one ends. */
	windows: 'grid' | 'first';
	phaseMs: number;
	/** Requests other clients had used of the window in force when the run began. */
	usedBefore: number;
}

export interface LimiterAnswer {
	status: 200 | 429;
	headers: Record<string, string>;
	retryAfterSeconds?: number;
}

const ROUND: Record<Rounding, (seconds: number) => number> = {
	up: Math.ceil,
	down: Math.floor,
	nearest: Math.round,
};

export function adversarialLimiter(shape: LimiterShape) {
	let startedAt: number | undefined;
	let count = 0;
	let refused = 0;
	let firstHit = true;
	const windowAt = (now: number): number => {
		if (shape.windows === 'grid')
			return now - ((((now - shape.phaseMs) % shape.windowMs) + shape.windowMs) % shape.windowMs);
		return startedAt !== undefined && now < startedAt + shape.windowMs ? startedAt : now;
	};
	return {
		get refused() {
			return refused;
		},
		hit(now: number): LimiterAnswer {
			const start = windowAt(now);
			if (start !== startedAt) {
				startedAt = start;
				count = firstHit ? Math.min(shape.limit - 1, shape.usedBefore) : 0;
			}
			firstHit = false;
			const resetS = String(
				Math.max(0, ROUND[shape.rounding]((start + shape.windowMs - now) / 1000)),
			);
			if (count >= shape.limit) {
				refused++;
				return {
					status: 429,
					headers: { 'retry-after': resetS },
					retryAfterSeconds: Number(resetS),
				};
			}
			count++;
			return {
				status: 200,
				headers: {
					'x-ratelimit-limit': String(shape.limit),
					'x-ratelimit-remaining': String(shape.limit - count),
					'x-ratelimit-reset': resetS,
				},
			};
		},
	};
}

export const limiterShape = (bounds: { maxLimit: number; maxWindowS: number }) =>
	fc.record({
		limit: fc.integer({ min: 1, max: bounds.maxLimit }),
		windowMs: fc.integer({ min: 1, max: bounds.maxWindowS }).map((s) => s * 1000),
		rounding: fc.constantFrom<Rounding>('up', 'down', 'nearest'),
		windows: fc.constantFrom<'grid' | 'first'>('grid', 'first'),
		phaseMs: fc.nat({ max: 999 }),
		usedBefore: fc.nat({ max: bounds.maxLimit - 1 }),
	});
