/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * Pacing on real time (issue 30, point 6): the pacer's properties run on virtual time, where requests reach the
 * service the moment they are sent. Here a real HTTP server counts each request after a delay of its own (so it
 * counts them in another order than sent, and answers them in yet another), announces X-RateLimit-Reset rounded up,
 * down or to the nearest second, and starts its windows on a grid at any phase or at the first request after one
 * ends (test/helpers/adversarialLimiter.ts). Whatever the shape, the node sends every item and draws no 429.
 */
import fc from 'fast-check';

import {
	adversarialLimiter,
	limiterShape,
	type LimiterShape,
} from '../../../helpers/adversarialLimiter';
import { byId, FAST } from '../support';
import { useHostileService } from './support';

const t = useHostileService();

const SERIES = [
	{ label: 'Impressions', data: [{ total: '5', date: '2026-11-20' }], percentageChange: 0 },
];
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

interface Case {
	shape: LimiterShape;
	/** Items beyond one window's worth, so the run meets at least one window edge. */
	extraItems: number;
	/** The k-th request received waits countMs[k] before it is counted, then answerMs[k] before it is answered. */
	countMs: number[];
	answerMs: number[];
}

const cases = fc.record({
	shape: limiterShape({ maxLimit: 6, maxWindowS: 1 }),
	extraItems: fc.integer({ min: 1, max: 8 }),
	countMs: fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 1, maxLength: 8 }),
	answerMs: fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 1, maxLength: 8 }),
});

/** The shapes the node got wrong before (issue 30): each drew answers 429 on every run. */
const KNOWN: Case[] = [
	// Whole seconds rounded down: the window ends up to a second after the figures say.
	{
		shape: {
			limit: 4,
			windowMs: 1000,
			rounding: 'down',
			windows: 'first',
			phaseMs: 0,
			usedBefore: 0,
		},
		extraItems: 4,
		countMs: [0],
		answerMs: [5],
	},
	// Rounded up (as the sandbox and the real backend), but counted in reverse of the order sent: the first answer back
	// says more is left than is.
	{
		shape: {
			limit: 5,
			windowMs: 1000,
			rounding: 'up',
			windows: 'first',
			phaseMs: 0,
			usedBefore: 0,
		},
		extraItems: 5,
		countMs: [0, 100, 75, 50, 25],
		answerMs: [60, 0],
	},
	{
		// More used before the run than the limit: the limiter keeps one request for it.
		shape: {
			limit: 1,
			windowMs: 1000,
			rounding: 'up',
			windows: 'grid',
			phaseMs: 0,
			usedBefore: 3,
		},
		extraItems: 1,
		countMs: [0],
		answerMs: [0],
	},
];

describe('Analytics → Get Channel against a fixed-window limit announced awkwardly, on real time', () => {
	it('draws no 429 and sends every item, whatever the rounding, the window edges and the order of counting', async () => {
		await fc.assert(
			fc.asyncProperty(cases, async ({ shape, extraItems, countMs, answerMs }) => {
				const limiter = adversarialLimiter(shape);
				let received = 0;
				t.server.reset();
				t.server.respond(async (_request, res) => {
					const k = received++;
					await sleep(countMs[k % countMs.length]);
					const answer = limiter.hit(Date.now());
					await sleep(answerMs[k % answerMs.length]);
					res
						.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
						.end(JSON.stringify(answer.status === 429 ? { message: 'Too Many Requests' } : SERIES));
				});
				// What the window has left when the run starts (the limiter uses at most limit - 1 of it before).
				const items = shape.limit - Math.min(shape.limit - 1, shape.usedBefore) + extraItems;
				const outcome = await t.run(
					{
						resource: 'analytics',
						operation: 'getChannel',
						channel: byId('c1'),
						requestOptions: { ...FAST, maxRateLimitWait: 60 },
					},
					{ items: Array.from({ length: items }, (_, i) => ({ i })), continueOnFail: true },
				);
				expect(limiter.refused).toBe(0);
				expect(outcome.result.error).toBeUndefined();
				expect(outcome.result.items.filter((item) => item.error || item.json.error)).toEqual([]);
				expect(outcome.requests).toHaveLength(items);
			}),
			{ numRuns: 4, examples: KNOWN.map((known) => [known]) },
		);
	}, 120_000);
});
