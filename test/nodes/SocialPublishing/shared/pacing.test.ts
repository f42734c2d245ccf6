/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
import { Pacer, type Ticket, type TooLongToWait } from '../../../../nodes/SocialPublishing/shared/pacing';
import { byId, errorOf, FAST, useSandbox } from '../support';

/**
 * Pacing (shared/pacing.ts): a run's requests stay inside each endpoint's window instead of being refused with 429.
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

	it('ignores an answer from a window the run has already left', async () => {
		const pacer = new Pacer(16);
		const old = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		const fresh = ticketOf(await pacer.admit('GET', '/analytics/a', 0));
		pacer.learn(fresh, 200, { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0.05' });
		await new Promise((resolve) => setTimeout(resolve, 100));
		ticketOf(await pacer.admit('GET', '/analytics/a', 0)); // a new window: counting starts again
		// `old` was sent before that window began: its "0 left" is about the previous one.
		pacer.learn(old, 200, { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '5' });
		ticketOf(await pacer.admit('GET', '/analytics/a', 0));
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
