/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
import fc from 'fast-check';

import {
	Pacer,
	type PacerClock,
	type Ticket,
	type TooLongToWait,
} from '../../../../../nodes/SocialPublishing/shared/transport/pacing';
import { MAX_ANNOUNCED_WAIT_S } from '../../../../../nodes/SocialPublishing/shared/transport/policy';
import { retryAfterSeconds } from '../../../../../nodes/SocialPublishing/shared/errors';
import { adversarialLimiter, limiterShape } from '../../../../helpers/adversarialLimiter';
import { channel, createParams, parts } from '../../createParameters';
import { byId, daysFromNow, errorOf, FAST, useSandbox } from '../../support';

/**
 * Pacing (shared/transport/pacing.ts): a run's requests stay inside each endpoint's window instead of being refused with 429.
 * The sandbox's windows are shortened here so the waits stay short; the limits are the documented ones.
 */

/** How much later than a whole-second X-RateLimit-Reset says a window may restart: the pacer waits that too. */
const RESET_SLACK_MS = 1_000;

const ticketOf = (admitted: Ticket | TooLongToWait): Ticket => {
	if ('waitSeconds' in admitted) throw new Error(`not admitted: ${admitted.waitSeconds} s to wait`);
	return admitted;
};

describe('Pacer', () => {
	it('holds requests past Max Requests in Flight until one is answered', async () => {
		const pacer = new Pacer(2);
		const first = ticketOf(await pacer.admit('GET', '/integrations', 0));
		ticketOf(await pacer.admit('GET', '/integrations', 0));
		let third: Ticket | undefined;
		const waiting = pacer.admit('GET', '/integrations', 0).then((t) => (third = ticketOf(t)));
		await new Promise((resolve) => setTimeout(resolve, 30));
		expect(third).toBeUndefined();
		first.release();
		await waiting;
		expect(third).toBeDefined();
	});

	it('waits for the window the X-RateLimit figures announce once the route is used up', async () => {
		const pacer = new Pacer(16);
		const sent = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		pacer.learn(sent, 200, {
			'x-ratelimit-limit': '1',
			'x-ratelimit-remaining': '0',
			'x-ratelimit-reset': '1',
		});
		sent.release();
		// Another id of the same endpoint shares its counter.
		const refused = await pacer.admit('GET', '/analytics/b', 200);
		// Rounded up, with the small margin the pacer keeps past the window's end.
		expect(refused).toEqual({ waitSeconds: expect.any(Number) });
		expect((refused as TooLongToWait).waitSeconds).toBeGreaterThanOrEqual(1);
		expect((refused as TooLongToWait).waitSeconds).toBeLessThanOrEqual(2);
		const started = Date.now();
		ticketOf(await pacer.admit('GET', '/analytics/b', 2_000));
		expect(Date.now() - started).toBeGreaterThanOrEqual(950);
		// Other endpoints are not held.
		ticketOf(await pacer.admit('GET', '/social/x', 0));
	});

	it('does not hold a route back by its documented limit when the service announces none', async () => {
		const pacer = new Pacer(1_000);
		const first = ticketOf(await pacer.admit('POST', '/posts', 0));
		pacer.learn(first, 201, {});
		// 90 per hour is documented for POST /posts; production sends no figures and some installs allow more.
		for (let i = 0; i < 120; i++) ticketOf(await pacer.admit('POST', '/posts', 0));
	});

	it('closes a route for Retry-After after a 429, for every request of the run', async () => {
		const pacer = new Pacer(16);
		const refused = ticketOf(await pacer.admit('GET', '/notifications', 0));
		pacer.learn(refused, 429, {}, 120);
		expect(await pacer.admit('GET', '/notifications', 60_000)).toEqual({ waitSeconds: 120 });
	});

	it('sends one request of a burst on a limited route and, once it is answered, only what its figures leave', async () => {
		const pacer = new Pacer(16);
		const sent: Ticket[] = [];
		// POST /posts is documented at 90 an hour; this install allows 3, which the first answer says.
		const burst = Array.from(
			{ length: 5 },
			async () => await pacer.admit('POST', '/posts', 0).then((t) => sent.push(ticketOf(t))),
		);
		await new Promise((resolve) => setTimeout(resolve, 30));
		expect(sent).toHaveLength(1);
		pacer.learn(sent[0], 201, {
			'x-ratelimit-limit': '3',
			'x-ratelimit-remaining': '2',
			'x-ratelimit-reset': '60',
		});
		sent[0].release();
		const outcomes = await Promise.allSettled(burst);
		expect(sent).toHaveLength(3);
		// The other two would wait a minute, past a cap of 0: not sent.
		expect(
			outcomes
				.filter((o) => o.status === 'rejected')
				.map((o) => String((o as PromiseRejectedResult).reason)),
		).toEqual(['Error: not admitted: 60 s to wait', 'Error: not admitted: 60 s to wait']);
	});

	it('counts what it sent after the answered request against what that answer says is left', async () => {
		const pacer = new Pacer(16);
		const first = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		pacer.learn(first, 200, {
			'x-ratelimit-limit': '10',
			'x-ratelimit-remaining': '9',
			'x-ratelimit-reset': '60',
		});
		first.release();
		const second = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		for (let i = 0; i < 4; i++) ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		// The second request's answer says 4 are left; the 4 sent after it may not have been counted yet.
		pacer.learn(second, 200, {
			'x-ratelimit-limit': '10',
			'x-ratelimit-remaining': '4',
			'x-ratelimit-reset': '60',
		});
		expect(await pacer.admit('GET', '/analytics/a', 0)).toEqual({ waitSeconds: 60 });
	});

	it('never reopens a window on an answer that says more is left: the service may have counted it earlier', async () => {
		const pacer = new Pacer(16);
		const first = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		pacer.learn(first, 200, {
			'x-ratelimit-limit': '4',
			'x-ratelimit-remaining': '3',
			'x-ratelimit-reset': '5',
		});
		first.release();
		const sent = [0, 1, 2].map(() => pacer.admit('GET', '/analytics/a', 0));
		const [a, b, c] = (await Promise.all(sent)).map(ticketOf);
		// The service counted c first and a last: c's answer comes back first and says 2 are left, which
		// only means a and b had not been counted yet.
		pacer.learn(c, 200, {
			'x-ratelimit-limit': '4',
			'x-ratelimit-remaining': '2',
			'x-ratelimit-reset': '5',
		});
		c.release();
		expect(await pacer.admit('GET', '/analytics/a', 0)).toEqual({ waitSeconds: 5 });
		pacer.learn(a, 200, {
			'x-ratelimit-limit': '4',
			'x-ratelimit-remaining': '0',
			'x-ratelimit-reset': '5',
		});
		a.release();
		pacer.learn(b, 200, {
			'x-ratelimit-limit': '4',
			'x-ratelimit-remaining': '1',
			'x-ratelimit-reset': '5',
		});
		b.release();
		expect(await pacer.admit('GET', '/analytics/a', 0)).toEqual({ waitSeconds: 5 });
	});

	it('once the window is over, asks again with one request, after those still out are answered', async () => {
		const pacer = new Pacer(16);
		const first = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		pacer.learn(first, 200, {
			'x-ratelimit-limit': '3',
			'x-ratelimit-remaining': '2',
			'x-ratelimit-reset': '0.05',
		});
		first.release();
		const stillOut = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		await new Promise((resolve) => setTimeout(resolve, 100));
		const sent: Ticket[] = [];
		const next = [0, 1].map(
			async () => await pacer.admit('GET', '/analytics/a', 0).then((t) => sent.push(ticketOf(t))),
		);
		await new Promise((resolve) => setTimeout(resolve, 30));
		expect(sent).toHaveLength(0);
		stillOut.release();
		await new Promise((resolve) => setTimeout(resolve, 30));
		expect(sent).toHaveLength(1);
		pacer.learn(sent[0], 200, {
			'x-ratelimit-limit': '3',
			'x-ratelimit-remaining': '2',
			'x-ratelimit-reset': '5',
		});
		sent[0].release();
		await Promise.all(next);
		expect(sent).toHaveLength(2);
	});

	it('after an answer that tells nothing (an error without figures) lets the next request ask', async () => {
		const pacer = new Pacer(16);
		const failed = ticketOf(await pacer.admit('POST', '/posts', 0));
		let next: Ticket | undefined;
		const waiting = pacer.admit('POST', '/posts', 0).then((t) => (next = ticketOf(t)));
		await new Promise((resolve) => setTimeout(resolve, 30));
		expect(next).toBeUndefined();
		pacer.learn(failed, 500, {});
		failed.release();
		await waiting;
		expect(next).toBeDefined();
	});
});

describe('a run of many items on a rate-limited route', () => {
	const WINDOW_S = 4;
	const LIMIT = 60; // documented for GET /analytics/:id (per 5 minutes; the window is shortened here)
	const t = useSandbox({
		rateLimits: { 'GET /analytics/:id': { limit: LIMIT, windowSeconds: WINDOW_S } },
	});
	const channel = () => t.sandbox.seed.channels.x.id;
	const items = (n: number) => Array.from({ length: n }, (_, i) => ({ n: i + 1 }));

	it("200 items finish with no 429, within 1.1× the time the limit and the reset's rounding impose", async () => {
		const result = await t.run(
			{
				resource: 'analytics',
				operation: 'getChannel',
				channel: byId(channel()),
				requestOptions: { ...FAST, maxRateLimitWait: 60 },
			},
			{ items: items(200) },
		);
		const finished = Date.now();
		expect(result.error).toBeUndefined();
		const logged = await t.requests('GET', `/analytics/${channel()}`);
		expect(logged).toHaveLength(200);
		expect(logged.filter((r) => r.status === 429)).toHaveLength(0);
		// 60 per window: the 61st, 121st and 181st requests each wait for a new window, counted from the first
		// request (the time before it is n8n preparing the items, which the bench measures on its own), and the second
		// past each that a whole-second X-RateLimit-Reset may hide.
		const edges = Math.ceil(200 / LIMIT) - 1;
		const imposedMs = edges * WINDOW_S * 1000;
		const tookMs = finished - Date.parse(logged[0].at);
		expect(tookMs).toBeGreaterThanOrEqual(imposedMs);
		expect(tookMs).toBeLessThanOrEqual((imposedMs + edges * RESET_SLACK_MS) * 1.1);
	}, 40_000);

	it('past Max Rate-Limit Wait the rest fail unsent with when to retry, as error items under Continue On Fail', async () => {
		await t.sandbox.control.reset();
		const result = await t.run(
			{
				resource: 'analytics',
				operation: 'getChannel',
				channel: byId(channel()),
				requestOptions: { ...FAST, maxRateLimitWait: 1 },
			},
			{ items: items(70), continueOnFail: true },
		);
		const failed = result.items.filter((item) => item.json.error !== undefined || item.error);
		expect(failed).toHaveLength(10);
		const error = errorOf(result);
		const [, inSeconds] =
			/^Rate limit .*GET \/analytics\/[\w-]+: .*\S+Z \(in (\d+) s\)$/.exec(error.message) ?? [];
		// When the window opens, rounded up (the service's X-RateLimit-Reset is whole seconds).
		expect(Number(inSeconds)).toBeGreaterThanOrEqual(1);
		expect(Number(inSeconds)).toBeLessThanOrEqual(WINDOW_S + 1);
		// Kept back by the node, not refused by the service: said first in the description.
		expect(error.description).toMatch(/^Nothing was sent/);
		const statuses = (await t.requests('GET', `/analytics/${channel()}`)).map((r) => r.status);
		expect(statuses).toEqual(Array(60).fill(200));
	});

	it('without Continue On Fail the run fails the same way and nothing is sent twice', async () => {
		const result = await t.run(
			{
				resource: 'analytics',
				operation: 'getChannel',
				channel: byId(channel()),
				requestOptions: { ...FAST, maxRateLimitWait: 0 },
			},
			{ items: items(61) },
		);
		expect(errorOf(result)).toMatchObject({
			httpCode: '429',
			message: expect.stringContaining('GET /analytics/'),
		});
		const statuses = (await t.requests('GET', `/analytics/${channel()}`)).map((r) => r.status);
		expect(statuses).toEqual(Array(60).fill(200));
	});
});

/**
 * A limit lower than the documented one, as a self-hosted install sets it (the real backend's API_LIMIT for POST /posts)
 * and announces in X-RateLimit-* on each answer: the run learns it from the first answer before it sends the rest.
 */
describe('a run on a route whose real limit is lower than the documented one', () => {
	const WINDOW_S = 2;
	const LIMIT = 20;
	const ITEMS = 60;
	const items = () => Array.from({ length: ITEMS }, (_, i) => ({ n: i + 1 }));
	// (ceil(60 / 20) - 1) windows: the 21st and the 41st requests each wait for a new window, counted from the first
	// request, and the second past each that a whole-second X-RateLimit-Reset may hide.
	const edges = Math.ceil(ITEMS / LIMIT) - 1;
	const imposedMs = edges * WINDOW_S * 1000;

	describe('GET /analytics/:id (documented 60 per window, 20 here)', () => {
		const t = useSandbox({
			rateLimits: { 'GET /analytics/:id': { limit: LIMIT, windowSeconds: WINDOW_S } },
		});

		it(`${ITEMS} items: 0 answers 429, every item answered, no window waited beyond the limit's own`, async () => {
			const channelId = t.sandbox.seed.channels.x.id;
			const result = await t.run(
				{
					resource: 'analytics',
					operation: 'getChannel',
					channel: byId(channelId),
					requestOptions: { ...FAST, maxRateLimitWait: 60 },
				},
				{ items: items() },
			);
			const finished = Date.now();
			expect(result.error).toBeUndefined();
			const logged = await t.requests('GET', `/analytics/${channelId}`);
			expect(logged.filter((r) => r.status === 429)).toHaveLength(0);
			expect(logged.map((r) => r.status)).toEqual(Array(ITEMS).fill(200));
			const tookMs = finished - Date.parse(logged[0].at);
			expect(tookMs).toBeGreaterThanOrEqual(imposedMs);
			// Not one window more than the limit and the rounding impose (npm run bench measures the ratio).
			expect(tookMs).toBeLessThan(imposedMs + edges * RESET_SLACK_MS + WINDOW_S * 1000);
		}, 30_000);
	});

	describe('Post → Create on the production profile (POST /posts documented 90 an hour, 20 here)', () => {
		const t = useSandbox({
			profile: 'production',
			rateLimits: { 'POST /posts': { limit: LIMIT, windowSeconds: WINDOW_S } },
		});

		it(`${ITEMS} items: 0 answers 429, every post created once, no window waited beyond the limit's own`, async () => {
			const telegram = t.sandbox.seed.channels.telegram.id;
			const result = await t.run(
				{
					requestOptions: { ...FAST, maxRateLimitWait: 60 },
					...createParams({
						date: daysFromNow(3),
						parts: parts({ content: 'Hello from n8n' }),
						channels: [channel({ channel: byId(telegram) })],
					}),
				},
				{ items: items() },
			);
			const finished = Date.now();
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(ITEMS);
			const posts = (await t.sandbox.control.requests()).filter(
				(r) => r.method === 'POST' && /(^|\/v1)\/posts$/.test(r.path),
			);
			expect(posts.filter((r) => r.status === 429)).toHaveLength(0);
			expect(posts.map((r) => r.status)).toEqual(Array(ITEMS).fill(201));
			const tookMs = finished - Date.parse(posts[0].at);
			expect(tookMs).toBeGreaterThanOrEqual(imposedMs);
			// Not one window more than the limit and the rounding impose (npm run bench measures the ratio).
			expect(tookMs).toBeLessThan(imposedMs + edges * RESET_SLACK_MS + WINDOW_S * 1000);
		}, 30_000);
	});
});

/** Time that passes only when told: the pacer's sleeps and the simulated answers are events run in time order. */
class VirtualTime implements PacerClock {
	private time = 0;
	private order = 0;
	private readonly events: Array<{ at: number; order: number; fire: () => void }> = [];
	now = () => this.time;
	sleep = async (ms: number) =>
		await new Promise<void>((resolve) => this.at(this.time + ms, resolve));
	at(time: number, fire: () => void): void {
		this.events.push({ at: time, order: this.order++, fire });
	}
	/** Runs every event in time order, letting the promises each one resolves settle; fails past `boundMs`. */
	async run(boundMs: number): Promise<void> {
		await settle();
		while (this.events.length) {
			this.events.sort((a, b) => a.at - b.at || a.order - b.order);
			const next = this.events.shift()!;
			if (next.at > boundMs)
				throw new Error(`still waiting at ${next.at} ms, past the bound of ${boundMs} ms`);
			this.time = Math.max(this.time, next.at);
			next.fire();
			await settle();
		}
	}
}
const settle = async () => await new Promise((resolve) => setImmediate(resolve));

interface Answer {
	status: number;
	headers: Record<string, string>;
	retryAfterSeconds?: number;
}

/**
 * Runs `items` requests of one limited route through a pacer on virtual time; `answer` is the service. The k-th
 * request sent reaches it (and is counted) `arrivalMs[k]` after it is sent, so the service may count them in another
 * order than sent; item i's answer comes back `latencyMs[i]` after that.
 */
async function simulate(options: {
	items: number;
	maxInFlight: number;
	capMs: number;
	arrivalMs?: number[];
	latencyMs: number[];
	answer: (now: number) => Answer;
	boundMs: number;
}) {
	const clock = new VirtualTime();
	const pacer = new Pacer(options.maxInFlight, clock);
	let out = 0;
	let mostOut = 0;
	let sent = 0;
	const admittedInOrder: number[] = [];
	const refusedByPacer: number[] = [];
	const arrivalMs = options.arrivalMs ?? [0];
	const item = async (index: number) => {
		const admitted = await pacer.admit('GET', '/analytics/x', options.capMs);
		if ('waitSeconds' in admitted) {
			refusedByPacer.push(admitted.waitSeconds);
			return;
		}
		admittedInOrder.push(index);
		mostOut = Math.max(mostOut, ++out);
		const arrival = arrivalMs[sent++ % arrivalMs.length];
		if (arrival > 0) await new Promise<void>((resolve) => clock.at(clock.now() + arrival, resolve));
		const answer = options.answer(clock.now());
		await new Promise<void>((resolve) =>
			clock.at(clock.now() + options.latencyMs[index % options.latencyMs.length], resolve),
		);
		out--;
		pacer.learn(admitted, answer.status, answer.headers, answer.retryAfterSeconds);
		admitted.release();
	};
	const all = Promise.all(Array.from({ length: options.items }, async (_, i) => await item(i)));
	await clock.run(options.boundMs);
	await all;
	return { mostOut, refusedByPacer, admittedInOrder, endedAt: clock.now() };
}

describe('Pacer, as properties (fast-check, on virtual time)', () => {
	it('against a service whose limit is lower than the documented one, whatever its rounding, window edges and order of counting: never a 429, every request sent, in the order asked', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.record({
					shape: limiterShape({ maxLimit: 30, maxWindowS: 5 }),
					items: fc.integer({ min: 1, max: 80 }),
					maxInFlight: fc.integer({ min: 1, max: 16 }),
					arrivalMs: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 10 }),
					latencyMs: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 10 }),
				}),
				async ({ shape, items, maxInFlight, arrivalMs, latencyMs }) => {
					// Other runs use the service no more once this one began (a 429 caused by them between two answers is not
					// something any client can avoid).
					const service = adversarialLimiter(shape);
					const roundTripMs = Math.max(...arrivalMs) + Math.max(...latencyMs);
					const windows = Math.ceil((items + shape.usedBefore) / shape.limit) + 1;
					const outcome = await simulate({
						items,
						maxInFlight,
						capMs: 10 * 60_000,
						arrivalMs,
						latencyMs,
						answer: (now) => service.hit(now),
						// Each window at most its length, the second the rounding may hide, and a round trip; each request at
						// most a round trip.
						boundMs: windows * (shape.windowMs + 1_000 + 25 + roundTripMs) + items * roundTripMs,
					});
					expect(service.refused).toBe(0);
					expect(outcome.refusedByPacer).toEqual([]);
					expect(outcome.mostOut).toBeLessThanOrEqual(maxInFlight);
					expect(outcome.admittedInOrder).toEqual(Array.from({ length: items }, (_, i) => i));
				},
			),
			{ numRuns: 300 },
		);
	});

	const figure = fc.oneof(
		fc.integer({ min: -100, max: 100 }).map(String),
		fc.constantFrom(
			'NaN',
			'',
			'soon',
			'1e400',
			'Infinity',
			'-0',
			'0.5',
			'5, 1',
			'99999999999999999999',
			String(Date.now() / 1000 + 30),
		),
	);

	it('whatever figures the answers carry: every request is sent or refused with a bounded time to retry, and the run ends within its bound', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.record({
					items: fc.integer({ min: 1, max: 40 }),
					maxInFlight: fc.integer({ min: 1, max: 16 }),
					capMs: fc.integer({ min: 0, max: 5_000 }),
					latencyMs: fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 10 }),
					answers: fc.array(
						fc.record({
							status: fc.constantFrom(200, 201, 400, 429, 500),
							limit: fc.option(figure),
							remaining: fc.option(figure),
							reset: fc.option(figure),
							retryAfter: fc.option(fc.integer({ min: -10, max: 100_000 })),
						}),
						{ minLength: 1, maxLength: 20 },
					),
				}),
				async ({ items, maxInFlight, capMs, latencyMs, answers }) => {
					let n = 0;
					const answer = (): Answer => {
						const a = answers[n++ % answers.length];
						const headers: Record<string, string> = {};
						if (a.limit !== null) headers['x-ratelimit-limit'] = a.limit;
						if (a.remaining !== null) headers['x-ratelimit-remaining'] = a.remaining;
						if (a.reset !== null) headers['x-ratelimit-reset'] = a.reset;
						if (a.status !== 429) return { status: a.status, headers };
						if (a.retryAfter !== null) headers['retry-after'] = String(a.retryAfter);
						// Read as send.ts reads a 429 (bounded to a day) before it tells the pacer.
						return { status: a.status, headers, retryAfterSeconds: retryAfterSeconds(headers) };
					};
					// Each request waits at most the cap for windows (and the second a reset's rounding may hide past it), and
					// otherwise only for answers (at most the longest latency each).
					const boundMs = items * (capMs + RESET_SLACK_MS + Math.max(...latencyMs) + 100) + 1_000;
					const outcome = await simulate({ items, maxInFlight, capMs, latencyMs, answer, boundMs });
					expect(outcome.mostOut).toBeLessThanOrEqual(maxInFlight);
					// A request refused is told when to retry: whole seconds, at least 1, at most a day.
					for (const seconds of outcome.refusedByPacer)
						expect(
							Number.isInteger(seconds) && seconds >= 1 && seconds <= MAX_ANNOUNCED_WAIT_S,
						).toBe(true);
				},
			),
			{ numRuns: 150 },
		);
	});
});
