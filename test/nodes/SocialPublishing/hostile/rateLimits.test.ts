/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * Hostile rate-limit headers (issue 19): a service or a proxy on the way sends Retry-After or X-RateLimit-* that make no
 * sense (huge, negative, a date far away, garbage, several values, milliseconds or an epoch instead of seconds). Each
 * must end in a bounded wait or an error in words: never a crash, "Invalid time value", "NaN", or a wait without end
 * (shared/transport/rateLimits.ts reads them, pacing.ts and errors.ts use what it read).
 */
import type { INodeParameters } from 'n8n-workflow';

import { answers, byRoute, type Handler } from '../../../helpers/hostileServer';
import { channel, createParams, parts } from '../createParameters';
import { byId, daysFromNow, FAST } from '../support';
import { expectHostileOutcome, useHostileService, type HostileRun } from './support';

const t = useHostileService();

const CHANNEL = {
	id: 'c1',
	name: 'Main',
	identifier: 'telegram',
	picture: '',
	disabled: false,
	profile: 'main',
	customer: null,
};
const SERIES = [
	{ label: 'Impressions', data: [{ total: '5', date: '2026-11-20' }], percentageChange: 0 },
];
const DAY_S = 86_400;

/** The routes a rate limit meets: a GET with a documented limit, one without, and Post → Create's POST /posts. */
interface RouteCase {
	name: string;
	route: string;
	parameters: () => INodeParameters;
	/** The answer of every other route the operation calls (Post → Create's channel look-up). */
	others: Record<string, Handler>;
	/** What one success answers. */
	ok: unknown;
	okStatus: number;
}

const ROUTES: RouteCase[] = [
	{
		name: 'Analytics → Get Channel',
		route: 'GET /analytics/c1',
		parameters: () => ({ resource: 'analytics', operation: 'getChannel', channel: byId('c1') }),
		others: {},
		ok: SERIES,
		okStatus: 200,
	},
	{
		name: 'Channel → Get Many',
		route: 'GET /integrations',
		parameters: () => ({ resource: 'channel', operation: 'getMany' }),
		others: {},
		ok: [CHANNEL],
		okStatus: 200,
	},
	{
		name: 'Post → Create',
		route: 'POST /posts',
		parameters: () =>
			createParams({
				date: daysFromNow(3),
				parts: parts({ content: 'Hello from n8n' }),
				channels: [channel({ channel: byId('c1'), platform: 'telegram' })],
			}),
		// The channels, then the posts an earlier run may have created (none).
		others: {
			'GET /integrations': answers.json(200, [CHANNEL]),
			'GET /posts': answers.json(200, { posts: [] }),
		},
		ok: [{ postId: 'p1', integration: 'c1' }],
		okStatus: 201,
	},
];

/** The route's answer is `limited`; every other route answers as the service would. */
const serve = (route: RouteCase, limited: Handler): Handler =>
	byRoute({ ...route.others, [route.route]: limited });
/** The requests the limited route received (look-ups left out). */
const toRoute = (run: HostileRun, route: RouteCase) =>
	run.requests.filter((r) => r === route.route);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The route, then when to retry: an ISO date and "(in N s)", N read back. */
function retryInSeconds(message: string, route: RouteCase): number {
	const match = new RegExp(
		`${escape(route.route)}: .*(\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z) \\(in (\\d+) s\\)$`,
	).exec(message);
	if (!match) throw new Error(`Unexpected message: ${message}`);
	expect(Number.isNaN(Date.parse(match[1]))).toBe(false);
	return Number(match[2]);
}

const wait0: INodeParameters = { ...FAST, maxRateLimitWait: 0 };
const wait5: INodeParameters = { ...FAST, maxRateLimitWait: 5 };

describe.each(ROUTES)('$name answered 429 with a Retry-After that makes no sense', (route) => {
	const refuse = (headers: Record<string, string>) =>
		answers.json(429, { message: 'ThrottlerException: Too Many Requests' }, headers);
	const run = async (headers: Record<string, string>, requestOptions: INodeParameters = wait5) => {
		t.server.respond(serve(route, refuse(headers)));
		return await t.run({ ...route.parameters(), requestOptions });
	};

	it.each([
		['a huge number of seconds', '99999999999999999999999'],
		['a date thousands of years away', 'Fri, 31 Dec 9999 23:59:59 GMT'],
		['a number of seconds in the millions', '5000000'],
	])('%s: fails at once, the wait read as at most a day', async (_what, retryAfter) => {
		const outcome = await run({ 'Retry-After': retryAfter });
		const { message, description } = expectHostileOutcome(outcome, { withinMs: 5_000 });
		expect(retryInSeconds(message, route)).toBe(DAY_S);
		expect(description).toContain('Max Rate-Limit Wait');
		expect(toRoute(outcome, route)).toHaveLength(1);
	});

	it.each([
		['garbage', 'soon'],
		['an exponent', '1e400'],
		['Infinity', 'Infinity'],
		['NaN', 'NaN'],
		['hexadecimal', '0x10'],
		['a number with a unit', '120 s'],
		['empty', ''],
	])(
		'%s: not a wait it can read, so it says to retry later and sends nothing more',
		async (_what, retryAfter) => {
			const outcome = await run({ 'Retry-After': retryAfter });
			expectHostileOutcome(outcome, {
				message: new RegExp(`${escape(route.route)}: retry later$`),
				withinMs: 5_000,
			});
			expect(toRoute(outcome, route)).toHaveLength(1);
		},
	);

	it('several values: the longest is waited for, or refused as past the cap', async () => {
		const outcome = await run({ 'Retry-After': '1, 120' });
		const { message } = expectHostileOutcome(outcome, { withinMs: 5_000 });
		expect(retryInSeconds(message, route)).toBe(120);
		expect(toRoute(outcome, route)).toHaveLength(1);
	});

	it.each([
		['negative', '-5'],
		['a date in the past', 'Sun, 06 Nov 1994 08:49:37 GMT'],
		['zero', '0'],
	])(
		'%s: read as now; sent again a bounded number of times, then when to retry',
		async (_what, retryAfter) => {
			const outcome = await run({ 'Retry-After': retryAfter });
			const { message } = expectHostileOutcome(outcome, { withinMs: 5_000 });
			expect(retryInSeconds(message, route)).toBeLessThanOrEqual(1);
			// The first request and at most 5 waits of nothing (policy.ts MAX_RATE_LIMIT_WAITS).
			expect(toRoute(outcome, route)).toHaveLength(6);
		},
	);

	it.each([
		['as an epoch time in seconds', () => String(Math.floor(Date.now() / 1000) + 100), 100],
		['as an epoch time in milliseconds', () => String(Date.now() + 100_000), 100],
		['in milliseconds', () => '100000', 100],
		['a century from now', () => String(Math.floor(Date.now() / 1000) + 100 * 365 * DAY_S), DAY_S],
	])(
		'no Retry-After, X-RateLimit-Reset %s: read as the time the window restarts',
		async (_what, reset, seconds) => {
			const outcome = await run({ 'X-RateLimit-Reset': reset() });
			const { message } = expectHostileOutcome(outcome, { withinMs: 5_000 });
			expect(Math.abs(retryInSeconds(message, route) - seconds)).toBeLessThanOrEqual(2);
			expect(toRoute(outcome, route)).toHaveLength(1);
		},
	);
});

/** The routes with a documented limit: a burst waits there for the first answer's figures. */
const LIMITED_ROUTES = ROUTES.filter((route) => route.route !== 'GET /integrations');

describe.each(LIMITED_ROUTES)(
	'$name answered with X-RateLimit-* figures that make no sense, 5 items at once',
	(route) => {
		const items = Array.from({ length: 5 }, (_, i) => ({ n: i + 1 }));
		const run = async (
			figures: Record<string, string | string[]>,
			requestOptions: INodeParameters = wait0,
		) => {
			const ok: Handler = (_request, res) => {
				res
					.writeHead(route.okStatus, { 'content-type': 'application/json', ...figures })
					.end(JSON.stringify(route.ok));
			};
			t.server.respond(serve(route, ok));
			return await t.run(
				{ ...route.parameters(), requestOptions },
				{ items, continueOnFail: true },
			);
		};
		const failedItems = (outcome: HostileRun) => outcome.result.items.filter((item) => item.error);

		it.each([
			[
				'every figure NaN',
				{ 'X-RateLimit-Limit': 'NaN', 'X-RateLimit-Remaining': 'NaN', 'X-RateLimit-Reset': 'NaN' },
			],
			[
				'a reset that is garbage',
				{ 'X-RateLimit-Limit': '20', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': 'soon' },
			],
			['only a limit', { 'X-RateLimit-Limit': '20' }],
		])(
			'%s: unreadable, so one request at a time, each after the answer before; every item done',
			async (_what, figures) => {
				const outcome = await run(figures);
				expectHostileOutcome(outcome, { succeeds: true, withinMs: 5_000 });
				expect(failedItems(outcome)).toHaveLength(0);
				expect(toRoute(outcome, route)).toHaveLength(5);
			},
		);

		it.each([
			[
				'a negative reset',
				{ 'X-RateLimit-Limit': '20', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '-10' },
			],
			[
				'a reset epoch in the past',
				{
					'X-RateLimit-Limit': '20',
					'X-RateLimit-Remaining': '0',
					'X-RateLimit-Reset': '1000000000',
				},
			],
			[
				'huge figures',
				{
					'X-RateLimit-Limit': '100000000000000000000',
					'X-RateLimit-Remaining': '100000000000000000000',
					'X-RateLimit-Reset': '1',
				},
			],
		])(
			'%s: a window that is over at once or never used up; every item done, without waiting',
			async (_what, figures) => {
				const outcome = await run(figures);
				expectHostileOutcome(outcome, { succeeds: true, withinMs: 5_000 });
				expect(toRoute(outcome, route)).toHaveLength(5);
			},
		);

		it('a reset of 0 with nothing left: less than a second is left however it was rounded; every item done, each after at most that second', async () => {
			const outcome = await run({
				'X-RateLimit-Limit': '20',
				'X-RateLimit-Remaining': '0',
				'X-RateLimit-Reset': '0',
			});
			expectHostileOutcome(outcome, { succeeds: true, withinMs: 5 * 1_000 + 5_000 });
			expect(toRoute(outcome, route)).toHaveLength(5);
		});

		it.each([
			[
				'a negative remaining',
				{ 'X-RateLimit-Limit': '20', 'X-RateLimit-Remaining': '-1', 'X-RateLimit-Reset': '60' },
				1,
				60,
			],
			[
				'a limit of 0',
				{ 'X-RateLimit-Limit': '0', 'X-RateLimit-Remaining': '5', 'X-RateLimit-Reset': '60' },
				1,
				60,
			],
			[
				'more remaining than the limit',
				{ 'X-RateLimit-Limit': '2', 'X-RateLimit-Remaining': '50', 'X-RateLimit-Reset': '60' },
				3,
				60,
			],
			[
				'several values',
				{
					'X-RateLimit-Limit': '20, 20',
					'X-RateLimit-Remaining': '9, 1',
					'X-RateLimit-Reset': '30, 60',
				},
				2,
				60,
			],
			[
				'a reset of an hour in milliseconds',
				{ 'X-RateLimit-Limit': '20', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '3600000' },
				1,
				3600,
			],
			[
				'a reset that is seconds or milliseconds (read as seconds)',
				{ 'X-RateLimit-Limit': '20', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '60000' },
				1,
				60000,
			],
			[
				'a reset centuries away',
				{
					'X-RateLimit-Limit': '20',
					'X-RateLimit-Remaining': '0',
					'X-RateLimit-Reset': '99999999999999',
				},
				1,
				DAY_S,
			],
		])(
			'%s: read safely; what the window leaves is sent, the rest fails unsent with when to retry',
			async (_what, figures, sent, seconds) => {
				const outcome = await run(figures);
				// POST /posts goes one at a time in item order (shared/sendRecord.ts): every answer says
				// what is left after it, so figures that leave some after each answer let every item go.
				if (route.route === 'POST /posts' && sent > 1) {
					expectHostileOutcome(outcome, { succeeds: true, withinMs: 5_000 });
					expect(toRoute(outcome, route)).toHaveLength(items.length);
					return;
				}
				const { message, description } = expectHostileOutcome(outcome, { withinMs: 5_000 });
				expect(toRoute(outcome, route)).toHaveLength(sent);
				expect(failedItems(outcome)).toHaveLength(5 - sent);
				expect(Math.abs(retryInSeconds(message, route) - seconds)).toBeLessThanOrEqual(1);
				expect(description).toMatch(/^Nothing was sent/);
			},
		);
	},
);

describe('a route that answers X-RateLimit-Remaining 0 with a reset of 0 on every answer', () => {
	it('sends the items one after another, never in a burst, and ends', async () => {
		let inFlight = 0;
		let most = 0;
		t.server.respond(async (_request, res) => {
			most = Math.max(most, ++inFlight);
			await new Promise((resolve) => setTimeout(resolve, 20));
			inFlight--;
			res
				.writeHead(200, {
					'content-type': 'application/json',
					'X-RateLimit-Limit': '1',
					'X-RateLimit-Remaining': '0',
					'X-RateLimit-Reset': '0',
				})
				.end(JSON.stringify(SERIES));
		});
		const outcome = await t.run(
			{ ...ROUTES[0].parameters(), requestOptions: wait0 },
			{ items: Array.from({ length: 10 }, (_, i) => ({ n: i })) },
		);
		// Each waits the second a reset of "0" rounded down may hide (less than a second is left), no more.
		expectHostileOutcome(outcome, { succeeds: true, requests: 10, withinMs: 10 * 1_000 + 5_000 });
		expect(most).toBe(1);
	});
});
