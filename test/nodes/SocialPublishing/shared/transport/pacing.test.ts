/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
import { Pacer, type Ticket, type TooLongToWait } from '../../../../../nodes/SocialPublishing/shared/transport/pacing';
import { channel, createParams, parts } from '../../createParameters';
import { byId, daysFromNow, errorOf, FAST, useSandbox } from '../../support';

/**
 * Pacing (shared/transport/pacing.ts): a run's requests stay inside each endpoint's window instead of being refused with 429.
 * The sandbox's windows are shortened here so the waits stay short; the limits are the documented ones.
 */

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
		pacer.learn(sent, 200, { 'x-ratelimit-limit': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' });
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
		const burst = Array.from({ length: 5 }, async () => await pacer.admit('POST', '/posts', 0).then((t) => sent.push(ticketOf(t))));
		await new Promise((resolve) => setTimeout(resolve, 30));
		expect(sent).toHaveLength(1);
		pacer.learn(sent[0], 201, { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '60' });
		sent[0].release();
		const outcomes = await Promise.allSettled(burst);
		expect(sent).toHaveLength(3);
		// The other two would wait a minute, past a cap of 0: not sent.
		expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([
			'Error: not admitted: 60 s to wait',
			'Error: not admitted: 60 s to wait',
		]);
	});

	it('counts what it sent after the answered request against what that answer says is left', async () => {
		const pacer = new Pacer(16);
		const first = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		pacer.learn(first, 200, { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '9', 'x-ratelimit-reset': '60' });
		first.release();
		const second = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		for (let i = 0; i < 4; i++) ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		// The second request's answer says 4 are left; the 4 sent after it may not have been counted yet.
		pacer.learn(second, 200, { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset': '60' });
		expect(await pacer.admit('GET', '/analytics/a', 0)).toEqual({ waitSeconds: 60 });
	});

	it('ignores an answer from a window the run has already left, and asks again in the new one', async () => {
		const pacer = new Pacer(16);
		const first = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		pacer.learn(first, 200, { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '0.05' });
		first.release();
		const old = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		await new Promise((resolve) => setTimeout(resolve, 100));
		// A new window: its first request asks, and the others wait for its answer.
		const asking = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		let next: Ticket | undefined;
		const waiting = pacer.admit('GET', '/analytics/a', 0).then((t) => (next = ticketOf(t)));
		await new Promise((resolve) => setTimeout(resolve, 30));
		expect(next).toBeUndefined();
		pacer.learn(asking, 200, { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '5' });
		asking.release();
		await waiting;
		// `old` was sent before that window began: its "0 left" is about the previous one.
		pacer.learn(old, 200, { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '5' });
		ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		expect(await pacer.admit('GET', '/analytics/a', 0)).toEqual({ waitSeconds: 5 });
	});

	it('after an answer that tells nothing (an error without figures) lets the next request ask', async () => {
		const pacer = new Pacer(16);
		const failed = ticketOf(await pacer.admit('POST', '/posts', 0));
		let next: Ticket | undefined;
		const waiting = pacer.admit('POST', '/posts', 0).then((t) => (next = ticketOf(t)));
		pacer.learn(failed, 500, {});
		await new Promise((resolve) => setTimeout(resolve, 30));
		expect(next).toBeUndefined();
		failed.release();
		await waiting;
		expect(next).toBeDefined();
	});
});

describe('a run of many items on a rate-limited route', () => {
	const WINDOW_S = 4;
	const LIMIT = 60; // documented for GET /analytics/:id (per 5 minutes; the window is shortened here)
	const t = useSandbox({ rateLimits: { 'GET /analytics/:id': { limit: LIMIT, windowSeconds: WINDOW_S } } });
	const channel = () => t.sandbox.seed.channels.x.id;
	const items = (n: number) => Array.from({ length: n }, (_, i) => ({ n: i + 1 }));

	it('200 items finish with no 429, within 1.1× the time the limit itself imposes', async () => {
		const result = await t.run(
			{ resource: 'analytics', operation: 'getChannel', channel: byId(channel()), requestOptions: { ...FAST, maxRateLimitWait: 60 } },
			{ items: items(200) },
		);
		const finished = Date.now();
		expect(result.error).toBeUndefined();
		const logged = await t.requests('GET', `/analytics/${channel()}`);
		expect(logged).toHaveLength(200);
		expect(logged.filter((r) => r.status === 429)).toHaveLength(0);
		// 60 per window: the 61st, 121st and 181st requests each wait for a new window, counted from the first
		// request (the time before it is n8n preparing the items, which the bench measures on its own).
		const imposedMs = (Math.ceil(200 / LIMIT) - 1) * WINDOW_S * 1000;
		const tookMs = finished - Date.parse(logged[0].at);
		expect(tookMs).toBeGreaterThanOrEqual(imposedMs);
		expect(tookMs).toBeLessThanOrEqual(imposedMs * 1.1);
	}, 40_000);

	it('past Max Rate-Limit Wait the rest fail unsent with when to retry, as error items under Continue On Fail', async () => {
		await t.sandbox.control.reset();
		const result = await t.run(
			{ resource: 'analytics', operation: 'getChannel', channel: byId(channel()), requestOptions: { ...FAST, maxRateLimitWait: 1 } },
			{ items: items(70), continueOnFail: true },
		);
		const failed = result.items.filter((item) => item.json.error !== undefined || item.error);
		expect(failed).toHaveLength(10);
		const error = errorOf(result);
		const [, inSeconds] = /^Rate limit reached on GET \/analytics\/[\w-]+: retry after \S+Z \(in (\d+) s\)$/.exec(error.message) ?? [];
		// When the window opens, rounded up (the service's X-RateLimit-Reset is whole seconds).
		expect(Number(inSeconds)).toBeGreaterThanOrEqual(1);
		expect(Number(inSeconds)).toBeLessThanOrEqual(WINDOW_S + 1);
		expect(error.description).toMatch(/^Nothing was sent for this item: /);
		const statuses = (await t.requests('GET', `/analytics/${channel()}`)).map((r) => r.status);
		expect(statuses).toEqual(Array(60).fill(200));
	});

	it('without Continue On Fail the run fails the same way and nothing is sent twice', async () => {
		const result = await t.run(
			{ resource: 'analytics', operation: 'getChannel', channel: byId(channel()), requestOptions: { ...FAST, maxRateLimitWait: 0 } },
			{ items: items(61) },
		);
		expect(errorOf(result).message).toMatch(/^Rate limit reached on GET \/analytics\//);
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
	// (ceil(60 / 20) - 1) windows: the 21st and the 41st requests each wait for a new window, counted from the first request.
	const imposedMs = (Math.ceil(ITEMS / LIMIT) - 1) * WINDOW_S * 1000;

	describe('GET /analytics/:id (documented 60 per window, 20 here)', () => {
		const t = useSandbox({ rateLimits: { 'GET /analytics/:id': { limit: LIMIT, windowSeconds: WINDOW_S } } });

		it(`${ITEMS} items: 0 answers 429, every item answered, no window waited beyond the limit's own`, async () => {
			const channelId = t.sandbox.seed.channels.x.id;
			const result = await t.run(
				{ resource: 'analytics', operation: 'getChannel', channel: byId(channelId), requestOptions: { ...FAST, maxRateLimitWait: 60 } },
				{ items: items() },
			);
			const finished = Date.now();
			expect(result.error).toBeUndefined();
			const logged = await t.requests('GET', `/analytics/${channelId}`);
			expect(logged.filter((r) => r.status === 429)).toHaveLength(0);
			expect(logged.map((r) => r.status)).toEqual(Array(ITEMS).fill(200));
			const tookMs = finished - Date.parse(logged[0].at);
			expect(tookMs).toBeGreaterThanOrEqual(imposedMs);
			// Not one window more than the limit imposes (the 1.1× figure is npm run bench's, measured on a quiet machine).
			expect(tookMs).toBeLessThan(imposedMs + WINDOW_S * 1000);
		}, 30_000);
	});

	describe('Post → Create on the production profile (POST /posts documented 90 an hour, 20 here)', () => {
		const t = useSandbox({ profile: 'production', rateLimits: { 'POST /posts': { limit: LIMIT, windowSeconds: WINDOW_S } } });

		it(`${ITEMS} items: 0 answers 429, every post created once, no window waited beyond the limit's own`, async () => {
			const telegram = t.sandbox.seed.channels.telegram.id;
			const result = await t.run(
				{
					requestOptions: { ...FAST, maxRateLimitWait: 60 },
					...createParams({ date: daysFromNow(3), parts: parts({ content: 'Hello from n8n' }), channels: [channel({ channel: byId(telegram) })] }),
				},
				{ items: items() },
			);
			const finished = Date.now();
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(ITEMS);
			const posts = (await t.sandbox.control.requests()).filter((r) => r.method === 'POST' && /(^|\/v1)\/posts$/.test(r.path));
			expect(posts.filter((r) => r.status === 429)).toHaveLength(0);
			expect(posts.map((r) => r.status)).toEqual(Array(ITEMS).fill(201));
			const tookMs = finished - Date.parse(posts[0].at);
			expect(tookMs).toBeGreaterThanOrEqual(imposedMs);
			// Not one window more than the limit imposes (the 1.1× figure is npm run bench's, measured on a quiet machine).
			expect(tookMs).toBeLessThan(imposedMs + WINDOW_S * 1000);
		}, 30_000);
	});
});
