import fc from 'fast-check';

import { MAX_ANNOUNCED_WAIT_S } from '../../../../../nodes/SocialPublishing/shared/transport/policy';
import {
	resetDelayMs,
	resetSlackMs,
} from '../../../../../nodes/SocialPublishing/shared/transport/rateLimits';

/**
 * X-RateLimit-Reset is rounded either way to its last digit, so the true end may be one unit of that digit later than
 * announced: the pacer waits that long too (pacing.ts).
 */
describe('resetSlackMs: how much later than X-RateLimit-Reset the window may truly restart', () => {
	const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

	it.each([
		['whole seconds', '12', 1000],
		['0 seconds: up to a second may be left', '0', 1000],
		['tenths of a second', '2.5', 100],
		['milliseconds as decimals', '2.345', 1],
		['milliseconds from now', '5000000', 1],
		['an epoch time in seconds, ahead', String(NOW / 1000 + 30), 1000],
		['an epoch time in milliseconds, ahead', String(NOW + 30_000), 1],
		['a negative number of seconds: over however rounded', '-10', 0],
		['an epoch time long past', '1000000000', 0],
		['garbage', 'soon', 0],
	])('%s (%s): %d ms', (_what, value, slack) => {
		expect(resetSlackMs(value, NOW)).toBe(slack);
	});

	it('never moves the end past the longest wait, never before now, and at most one unit of the last digit', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.integer({ min: -100_000, max: 2 * MAX_ANNOUNCED_WAIT_S * 1000 }).map(String),
					fc
						.tuple(fc.integer({ min: -100, max: 100_000 }), fc.integer({ min: 0, max: 999 }))
						.map(([s, f]) => `${s}.${String(f).padStart(3, '0')}`),
				),
				(value) => {
					const delay = resetDelayMs(value, NOW) as number;
					const slack = resetSlackMs(value, NOW);
					expect(slack).toBeGreaterThanOrEqual(0);
					expect(slack).toBeLessThanOrEqual(1000);
					expect(delay + slack).toBeLessThanOrEqual(MAX_ANNOUNCED_WAIT_S * 1000);
				},
			),
		);
	});
});
