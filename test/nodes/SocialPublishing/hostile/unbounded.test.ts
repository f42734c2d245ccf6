/**
 * Nothing runs unbounded on the service's side: pages that always say "more", a date range of centuries, an answer
 * too large or too deep, an answer that trickles in. Each bound (nodes/SocialPublishing/shared/bounds.ts) reached is
 * an error in words, never a silent stop, and costs a known number of requests and time.
 */
import { sleep } from 'n8n-workflow';

import {
	MAX_ANSWER_BYTES,
	MAX_ANSWER_DEPTH,
	MAX_DATE_WINDOWS,
	MAX_PAGES_PER_CALL,
} from '../../../../nodes/SocialPublishing/shared/bounds';
import { answers, byRoute, type Handler } from '../../../helpers/hostileServer';
import {
	expectHostileOutcome,
	useHostileService,
	X_CHANNEL as CHANNEL,
	X_DRAFT_JSON as createRequest,
} from './support';
import { FAST } from '../support';
import { CREATE_LOOKUPS } from './everyOperation';

const t = useHostileService();

const DAY_MS = 24 * 60 * 60 * 1000;
const notification = (id: string) => ({
	id,
	content: 'Hi',
	link: null,
	createdAt: '2026-01-01T00:00:00.000Z',
});

describe('pages that always say "more" end at the bound, in words', () => {
	it('Notification → Get Many, Return All: 200 requests, then an error that says so', async () => {
		t.server.respond((request, res) =>
			answers.json(200, {
				notifications: [notification(`n${request.query.get('page')}`)],
				hasMore: true,
			})(request, res),
		);
		const run = await t.run({ resource: 'notification', operation: 'getMany', returnAll: true });
		const { description } = expectHostileOutcome(run, {
			message: `GET /notifications still says there is more after ${MAX_PAGES_PER_CALL} pages (${MAX_PAGES_PER_CALL} results read), the most one run reads`,
			requests: MAX_PAGES_PER_CALL,
			withinMs: 20_000,
		});
		expect(description).toMatch(/Turn Return All off and set a Limit/);
		expect(run.result.items).toEqual([]);
	});

	it('Media → Get Many, Return All, a page count that never ends: 200 requests, then the error', async () => {
		t.server.respond(
			answers.json(200, {
				pages: 1e9,
				results: [{ id: 'm', path: 'https://cdn.example.com/m.png' }],
			}),
		);
		const run = await t.run({ resource: 'media', operation: 'getMany', returnAll: true });
		expectHostileOutcome(run, {
			message: /^GET \/media still says there is more after 200 pages \(200 results read\)/,
			requests: MAX_PAGES_PER_CALL,
			withinMs: 20_000,
		});
	});

	it('a Limit is reached long before the bound: the pages it needs, no error', async () => {
		t.server.respond((request, res) =>
			answers.json(200, {
				notifications: Array.from({ length: 100 }, (_, i) =>
					notification(`n${request.query.get('page')}-${i}`),
				),
				hasMore: true,
			})(request, res),
		);
		const run = await t.run({
			resource: 'notification',
			operation: 'getMany',
			returnAll: false,
			limit: 150,
		});
		expectHostileOutcome(run, { succeeds: true, requests: 2, withinMs: 5_000 });
		expect(run.result.items).toHaveLength(150);
	});

	it('pages that end just before the bound are all read', async () => {
		t.server.respond((request, res) => {
			const page = Number(request.query.get('page'));
			answers.json(200, {
				notifications: [notification(`n${page}`)],
				hasMore: page < MAX_PAGES_PER_CALL - 1,
			})(request, res);
		});
		const run = await t.run({ resource: 'notification', operation: 'getMany', returnAll: true });
		expectHostileOutcome(run, { succeeds: true, requests: MAX_PAGES_PER_CALL, withinMs: 20_000 });
		expect(run.result.items).toHaveLength(MAX_PAGES_PER_CALL);
	});
});

describe("Post → Get Many's date range is bounded before anything is sent", () => {
	const longest = MAX_DATE_WINDOWS * 370;
	const from = Date.parse('2000-01-01T00:00:00.000Z');
	const posts = answers.json(200, { posts: [] });

	it.each([
		['a century', 36_525],
		['one day over the bound', longest + 1],
		['a thousand years', 365_250],
	])('%s is refused, with the longest range allowed, and 0 requests', async (_case, days) => {
		t.server.respond(posts);
		const run = await t.run({
			resource: 'post',
			operation: 'getMany',
			startDate: new Date(from).toISOString(),
			endDate: new Date(from + days * DAY_MS).toISOString(),
		});
		const { description } = expectHostileOutcome(run, {
			message: `The range from "Start Date" to "End Date" is ${days} days; Get Many reads at most ${longest} days in one run`,
			requests: 0,
			withinMs: 3_000,
		});
		expect(description).toMatch(/Narrow the range, or read it in several runs/);
	});

	it(`the longest range allowed (${longest} days) is read whole, in ${MAX_DATE_WINDOWS} requests`, async () => {
		t.server.respond(posts);
		const run = await t.run({
			resource: 'post',
			operation: 'getMany',
			startDate: new Date(from).toISOString(),
			endDate: new Date(from + longest * DAY_MS).toISOString(),
		});
		expectHostileOutcome(run, { succeeds: true, requests: MAX_DATE_WINDOWS, withinMs: 10_000 });
		const windows = t.server.requests.map((request) => [
			request.query.get('startDate'),
			request.query.get('endDate'),
		]);
		expect(windows[0][0]).toBe(new Date(from).toISOString());
		expect(windows[windows.length - 1][1]).toBe(new Date(from + longest * DAY_MS).toISOString());
	});
});

describe('an answer too large or too deep is refused without blocking n8n', () => {
	const bigString = 'x'.repeat(MAX_ANSWER_BYTES + 1024);

	it('a body that announces more than 32 MB: refused, the GET retried', async () => {
		const body = JSON.stringify([{ ...CHANNEL, name: bigString }]);
		t.server.respond(
			answers.raw(200, body, {
				'content-type': 'application/json',
				'content-length': String(Buffer.byteLength(body)),
			}),
		);
		const run = await t.run({ resource: 'channel', operation: 'getMany' });
		expectHostileOutcome(run, {
			message:
				/^GET \/integrations answered HTTP 200 .*\(it is 32 MB, larger than the 32 MB the node takes\) \(tried 2 times\)$/,
			requests: 2,
			withinMs: 15_000,
		});
	});

	it('a chunked body over 32 MB (no length announced): refused after reading', async () => {
		const chunked: Handler = (_request, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.write('[');
			for (let i = 0; i < 34; i++)
				res.write(
					`${i ? ',' : ''}${JSON.stringify({ ...CHANNEL, id: `c${i}`, name: 'x'.repeat(1024 * 1024) })}`,
				);
			res.end(']');
		};
		t.server.respond(chunked);
		// What is tested is the size bound, not the timeout: reading 34 MB must not race the 1.5 s
		// of the other cases on a loaded machine.
		const run = await t.run({
			resource: 'channel',
			operation: 'getMany',
			requestOptions: { ...FAST, timeout: 20_000 },
		});
		expectHostileOutcome(run, {
			message: /\(it is larger than 32 MB\) \(tried 2 times\)$/,
			requests: 2,
			withinMs: 15_000,
		});
	});

	it.each([
		['a list', (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`],
		['an object', (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
	])(
		'%s nested 100,000 deep on a 200: refused in words, no "Maximum call stack"',
		async (_kind, nest) => {
			t.server.respond(answers.raw(200, nest(100_000)));
			const run = await t.run({
				resource: 'channel',
				operation: 'getSettings',
				channel: { __rl: true, mode: 'id', value: 'c1' },
			});
			expectHostileOutcome(run, {
				message: new RegExp(
					`\\(it is nested more than ${MAX_ANSWER_DEPTH} levels deep\\) \\(tried 2 times\\)$|\\(it is (a list|an object), not an object\\)|"output" is`,
				),
				requests: 2,
				withinMs: 5_000,
			});
		},
	);

	it('an answer nested just within the bound is taken', async () => {
		const depth = MAX_ANSWER_DEPTH - 2;
		t.server.respond(answers.raw(200, `{"output":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`));
		const run = await t.run({
			resource: 'channel',
			operation: 'getSettings',
			channel: { __rl: true, mode: 'id', value: 'c1' },
		});
		expectHostileOutcome(run, { succeeds: true, requests: 1 });
		expect(run.result.items).toHaveLength(1);
	});
});

describe('an answer that trickles in cannot outlive the timeout', () => {
	/** Trickles `body` 40 chunks a tenth of a second apart (4 s), noting when the client closed each connection. */
	function tricklingAndWatched(body: unknown): { handler: Handler; closedAfterMs: number[] } {
		const closedAfterMs: number[] = [];
		const handler: Handler = async (request, res) => {
			const started = Date.now();
			res.on('close', () => closedAfterMs.push(Date.now() - started));
			await answers.trickle(200, body, 40, 100)(request, res);
		};
		return { handler, closedAfterMs };
	}

	it('a GET: each attempt ends at the 1.5 s timeout and closes its connection; retried once', async () => {
		const { handler, closedAfterMs } = tricklingAndWatched(
			Array.from({ length: 40 }, (_, i) => ({ ...CHANNEL, id: `c${i}` })),
		);
		t.server.respond(handler);
		const run = await t.run({ resource: 'channel', operation: 'getMany' });
		expectHostileOutcome(run, {
			message: '1.5 s on GET /integrations (tried 2 times)',
			requests: 2,
			withinMs: 4_000,
		});
		await sleep(300);
		expect(closedAfterMs).toHaveLength(2);
		for (const ms of closedAfterMs) expect(ms).toBeLessThan(1_900);
	});

	it('POST /posts: one attempt, ended at the timeout, saying the post may have been created', async () => {
		const { handler, closedAfterMs } = tricklingAndWatched([{ postId: 'p1', integration: 'c1' }]);
		t.server.respond(byRoute({ ...CREATE_LOOKUPS, 'POST /posts': handler }));
		const run = await t.run({
			resource: 'post',
			operation: 'create',
			inputMode: 'json',
			requestJson: createRequest,
		});
		const { description } = expectHostileOutcome(run, {
			message: /1\.5 s on POST \/posts$/,
			// The channels, the posts an earlier run may have created, then the one POST.
			requests: 3,
			withinMs: 3_000,
		});
		expect(description).toMatch(/^The post may have been created: check Post → Get Many/);
		await sleep(300);
		expect(closedAfterMs).toHaveLength(1);
		expect(closedAfterMs[0]).toBeLessThan(1_900);
	});

	it("the trigger-style loader path (apiRequest) closes the connection too: Post → Create's channel lookup", async () => {
		const { handler, closedAfterMs } = tricklingAndWatched([CHANNEL]);
		t.server.respond(byRoute({ 'GET /integrations': handler }));
		const run = await t.run({
			resource: 'post',
			operation: 'create',
			inputMode: 'json',
			requestJson: createRequest,
		});
		expectHostileOutcome(run, {
			message: '1.5 s on GET /integrations (tried 2 times)',
			requests: 2,
			withinMs: 4_000,
		});
		await sleep(300);
		expect(closedAfterMs).toHaveLength(2);
		for (const ms of closedAfterMs) expect(ms).toBeLessThan(1_900);
	});

	it('headers and then nothing: the timeout, retried, within its bound', async () => {
		t.server.respond(answers.hang());
		const run = await t.run({ resource: 'channel', operation: 'getMany' });
		expectHostileOutcome(run, {
			message: '1.5 s on GET /integrations (tried 2 times)',
			requests: 2,
			withinMs: 4_000,
		});
	});
});
