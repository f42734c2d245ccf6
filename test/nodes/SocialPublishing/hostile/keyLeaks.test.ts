/**
 * The key never leaves: a service, gateway or proxy that repeats the Authorization header in its answer (an error
 * body, a 200 body, a header, a list item, a notification) must not put the key into anything the node, a picker, the
 * credential test or the trigger hands back, saves or logs (shared/secrets.ts `keyRedactor`, applied in
 * shared/transport/index.ts to everything that enters and leaves the transport).
 */
import fc from 'fast-check';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { MIN_KEY_LENGTH } from '../../../../nodes/SocialPublishing/shared/secrets';
import {
	createPoller,
	listSearch,
	loadOptions,
	runNode,
	testCredentials,
	type RunNodeResult,
} from '../../../helpers/engine';
import { answers, byRoute, keyOf, type Handler } from '../../../helpers/hostileServer';
import { TRIGGER_TYPE } from '../../SocialPublishingTrigger/triggerHarness';
import { FAST, NODE_TYPE } from '../support';
import { answering, CHANNEL, EVERY_OPERATION, lookupsOf } from './everyOperation';
import {
	captureN8nLog,
	expectHostileOutcome,
	keyForms,
	stringsIn,
	TELLTALE,
	useHostileService,
	type HostileRun,
} from './support';

const t = useHostileService();

/** An answer written from the key the request carried. */
function echoing(
	status: number,
	write: (key: string) => { body: string; headers?: Record<string, string> },
): Handler {
	return (request, res) => {
		const { body, headers } = write(keyOf(request));
		res.writeHead(status, { 'content-type': 'application/json', ...(headers ?? {}) }).end(body);
	};
}

interface Place {
	place: string;
	handler: Handler;
	/** The run must fail with a message matching this; undefined: success or failure, as the operation reads it. */
	message?: RegExp;
}

/** Every place in an answer where the key can come back. */
const PLACES: Place[] = [
	{
		place: 'a 401 body "msg"',
		handler: answers.echoKey(401, (key) => ({ msg: `Invalid API key ${key}` })),
		message: /\w/,
	},
	{
		place: 'a 400 body "message", Bearer form',
		handler: answers.echoKey(400, (key) => ({
			message: `Bearer ${key} is not allowed here`,
			statusCode: 400,
		})),
		message: /\w/,
	},
	{
		place: 'a 500 body "error"',
		handler: answers.echoKey(500, (key) => ({
			error: `upstream refused Authorization: Bearer ${key}`,
		})),
		message: /\w/,
	},
	{
		place: 'a 400 body "message" as a list',
		handler: answers.echoKey(400, (key) => ({
			message: ['content should not be empty', `authorization ${key} unknown`],
		})),
		message: /\w/,
	},
	{
		place: 'a nested 422 body, bare and URL-encoded',
		handler: answers.echoKey(422, (key) => ({
			errors: [{ detail: { header: key, encoded: encodeURIComponent(key) } }],
		})),
		message: /HTTP 422/,
	},
	{
		place: 'a 502 gateway page in plain text',
		handler: echoing(502, (key) => ({
			body: `Bad gateway while forwarding Authorization: ${key}`,
			headers: { 'content-type': 'text/plain' },
		})),
		message: /\w/,
	},
	{
		place: 'a 500 body whose message is JSON-escaped twice',
		handler: echoing(500, (key) => ({
			body: JSON.stringify({ message: JSON.stringify({ auth: `"${key}"` }) }),
		})),
		message: /\w/,
	},
	{
		place: 'a 403 body with the key across the 300th character',
		handler: answers.echoKey(403, (key) => ({ message: `${'x'.repeat(290)} ${key} end` })),
		message: /\w/,
	},
	{
		place: 'a 500 with the key in a header',
		handler: echoing(500, (key) => ({
			body: '{"message":"failed"}',
			headers: { 'x-echo-authorization': key },
		})),
		message: /\w/,
	},
	{
		place: 'a 200 body, as a value and as a field name',
		handler: answers.echoKey(200, (key) => ({
			id: 'x1',
			debug: { authorization: key, [key]: 'seen' },
			connected: true,
		})),
	},
	{
		place: 'a 200 list item',
		handler: answers.echoKey(200, (key) => [
			{
				...CHANNEL,
				id: `id-${key}`,
				name: `Bearer ${key}`,
				picture: `https://cdn.example/p?k=${encodeURIComponent(key)}`,
			},
		]),
	},
	{
		place: 'a 200 body with the key upper-cased in its Bearer form',
		handler: answers.echoKey(200, (key) => ({
			id: 'x1',
			seen: `BEARER ${key}`,
			url: `https://x.example/?a=${encodeURIComponent(key).toLowerCase()}`,
		})),
	},
	{
		place: 'a 200 with the key in a header',
		handler: echoing(200, (key) => ({
			body: JSON.stringify([CHANNEL]),
			headers: { 'x-echo-authorization': key, 'x-ratelimit-limit': '30' },
		})),
	},
];

/** No piece of the key 8 characters or longer (a message cut mid-key must not keep its first half). */
function expectNoKeyPiece(run: HostileRun, key = TELLTALE): void {
	const pieces = [key.slice(0, MIN_KEY_LENGTH), key.slice(-MIN_KEY_LENGTH)];
	const leaked = stringsIn([run.result.error, run.result.items]).filter((text) =>
		pieces.some((piece) => text.includes(piece)),
	);
	expect(leaked).toEqual([]);
}

describe.each(EVERY_OPERATION)(
	'$name: the key repeated by the service never leaves',
	(operation) => {
		it.each(PLACES)('$place', async ({ place, handler, message }) => {
			t.server.respond(byRoute(answering(operation, handler)));
			const run = await t.run(operation.parameters, { items: operation.items });
			expectHostileOutcome(run, { ...(message ? { message } : {}), withinMs: 10_000 });
			expectNoKeyPiece(run);
			const own = run.requests.filter((request) => request === operation.route).length;
			// GET is retried once on 5xx (Request Options FAST); a write is sent once, but n8n's own helper sends a request
			// answered 401 once more (after reading the credential again): a refused request was not applied.
			expect(own).toBeGreaterThanOrEqual(1);
			if (operation.method !== 'GET') expect(own).toBe(place.includes('401') ? 2 : 1);
			const answered = place.includes('500') ? 500 : undefined;
			expect(run.requests.length - own).toBeLessThanOrEqual(lookupsOf(operation, answered));
		});
	},
);

describe.each(EVERY_OPERATION)(
	'$name under Continue On Fail: the error item never carries the key',
	(operation) => {
		it.each(PLACES.filter(({ message }) => message !== undefined))(
			'$place',
			async ({ handler }) => {
				t.server.respond(byRoute(answering(operation, handler)));
				const run = await t.run(operation.parameters, {
					items: operation.items,
					continueOnFail: true,
				});
				expect(run.result.error).toBeUndefined();
				expect(run.result.items.map((item) => [Boolean(item.error), item.pairedItem])).toEqual([
					[true, { item: 0 }],
				]);
				expectHostileOutcome(run, { message: /\w/, withinMs: 10_000 });
				expectNoKeyPiece(run);
			},
		);
	},
);

describe.each(EVERY_OPERATION)(
	'$name on the error output: the item (the input fields, error, message) never carries the key',
	(operation) => {
		it.each(PLACES.filter(({ message }) => message !== undefined))(
			'$place',
			async ({ handler }) => {
				t.server.respond(byRoute(answering(operation, handler)));
				const run = await t.run(operation.parameters, {
					items: operation.items,
					onError: 'continueErrorOutput',
				});
				expect(run.result.error).toBeUndefined();
				expect(run.result.errorItems.map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
				expect(run.result.errorItems[0].json.error).toEqual(expect.any(String));
				const pieces = [TELLTALE.slice(0, MIN_KEY_LENGTH), TELLTALE.slice(-MIN_KEY_LENGTH)];
				const leaked = stringsIn([run.result.errorItems, run.log]).filter((text) =>
					pieces.some((piece) => text.includes(piece)),
				);
				expect(leaked).toEqual([]);
			},
		);
	},
);

describe('Post → Create: the key repeated in a look-up (GET /integrations) never leaves', () => {
	const create = EVERY_OPERATION.find((operation) => operation.route === 'POST /posts');
	it.each([
		['a 401 body', answers.echoKey(401, (key) => ({ msg: `Invalid API key ${key}` }))],
		[
			'a channel named with it',
			answers.echoKey(200, (key) => [{ ...CHANNEL, name: key, profile: `Bearer ${key}` }]),
		],
	])('%s', async (_place, handler) => {
		t.server.respond(
			byRoute({
				'GET /integrations': handler,
				'POST /posts': answers.echoKey(200, (key) => [
					{ postId: 'p1', integration: 'c1', echo: key },
				]),
			}),
		);
		const run = await t.run(create?.parameters ?? {});
		expectHostileOutcome(run, { withinMs: 10_000 });
	});
});

describe('the pickers never show the key', () => {
	const editorRun = async (call: () => Promise<unknown>): Promise<HostileRun> => {
		const capture = captureN8nLog();
		const started = Date.now();
		let items: unknown;
		let error: unknown;
		try {
			items = await call();
		} catch (caught) {
			error = caught;
		} finally {
			capture.stop();
		}
		const result = {
			items: [{ json: { picked: items } }],
			error,
			run: { data: {} },
		} as unknown as RunNodeResult;
		return {
			result,
			ms: Date.now() - started,
			log: capture.lines,
			requests: t.server.requests.map((r) => `${r.method} ${r.path}`),
		};
	};
	const pickers: Array<[string, () => Promise<unknown>]> = [
		[
			'Channel (list search)',
			async () =>
				await listSearch(
					t.credentials,
					'searchChannels',
					{},
					'channel',
					undefined,
					undefined,
					NODE_TYPE,
				),
		],
		[
			'Customer',
			async () =>
				await loadOptions(t.credentials, 'getCustomers', {}, 'options.customer', NODE_TYPE),
		],
		[
			'Tags',
			async () => await loadOptions(t.credentials, 'getTags', {}, 'options.tags', NODE_TYPE),
		],
		[
			'Tool',
			async () =>
				await loadOptions(
					t.credentials,
					'getChannelTools',
					{ channel: { __rl: true, mode: 'id', value: 'c1' } },
					'tool',
					NODE_TYPE,
				),
		],
	];
	const echoes: Array<[string, Handler, boolean]> = [
		['a 401 body', answers.echoKey(401, (key) => ({ msg: `Invalid API key ${key}` })), true],
		[
			'a 500 body',
			answers.echoKey(500, (key) => ({ message: `Authorization: Bearer ${key}` })),
			true,
		],
		[
			'a 200 body',
			answers.echoKey(200, (key) => [
				{ ...CHANNEL, name: key, customer: { id: key, name: `Bearer ${key}` } },
			]),
			false,
		],
	];
	describe.each(pickers)('%s', (_picker, call) => {
		it.each(echoes)('%s', async (_place, handler, fails) => {
			t.server.respond(handler);
			const run = await editorRun(call);
			expectHostileOutcome(run, { ...(fails ? { message: /\w/ } : {}), withinMs: 10_000 });
		});
	});
});

describe('the credential test never shows the key', () => {
	it.each([
		[
			'a 401 "msg" with the key',
			answers.echoKey(401, (key) => ({ msg: `Invalid API key ${key}` })),
		],
		['a 200 with the key', answers.echoKey(200, (key) => ({ connected: true, key }))],
		[
			'a 200 with the key and no "connected"',
			answers.echoKey(200, (key) => ({ authorization: `Bearer ${key}` })),
		],
		[
			'a 500 text page with the key',
			echoing(500, (key) => ({
				body: `failed for ${key}`,
				headers: { 'content-type': 'text/plain' },
			})),
		],
	])('%s', async (_place, handler) => {
		t.server.respond(handler);
		const capture = captureN8nLog();
		const started = Date.now();
		let answer: unknown;
		try {
			answer = await testCredentials(t.credentials);
		} finally {
			capture.stop();
		}
		const result = {
			items: [{ json: answer as IDataObject }],
			run: { data: {} },
		} as unknown as RunNodeResult;
		expectHostileOutcome(
			{ result, ms: Date.now() - started, log: capture.lines, requests: [] },
			{ withinMs: 10_000 },
		);
		expect(t.server.requests).toHaveLength(1);
	});
});

describe('the trigger never emits, saves or logs the key', () => {
	const notification = (key: string) => ({
		id: `n-${key}`,
		content: `Your post failed: Authorization ${key}`,
		link: `https://x.example/?t=${encodeURIComponent(key)}`,
		createdAt: new Date().toISOString(),
	});
	const cases: Array<[string, Handler, 'trigger' | 'manual', boolean]> = [
		[
			'a notification repeating it (first poll)',
			answers.echoKey(200, (key) => ({ notifications: [notification(key)], hasMore: false })),
			'trigger',
			false,
		],
		[
			'a notification repeating it (Fetch test event)',
			answers.echoKey(200, (key) => ({ notifications: [notification(key)], hasMore: false })),
			'manual',
			false,
		],
		[
			'a 401 body',
			answers.echoKey(401, (key) => ({ msg: `Invalid API key ${key}` })),
			'trigger',
			true,
		],
		['a 500 body', answers.echoKey(500, (key) => ({ error: `Bearer ${key}` })), 'trigger', true],
		[
			'a 200 that is not the API, quoting it',
			answers.echoKey(200, (key) => ({ authorization: key })),
			'trigger',
			true,
		],
	];
	it.each(cases)('%s', async (_place, handler, mode, fails) => {
		t.server.respond(handler);
		const poller = createPoller(t.credentials, TRIGGER_TYPE, {
			options: { includeOnFirstPoll: 5, timeout: 2 },
		});
		const capture = captureN8nLog();
		const started = Date.now();
		let emitted: INodeExecutionData[][] | null = null;
		let error: unknown;
		try {
			emitted = await poller.poll(mode);
		} catch (caught) {
			error = caught;
		} finally {
			capture.stop();
		}
		const result = {
			items: emitted?.[0] ?? [],
			error,
			run: { data: poller.staticData() },
		} as unknown as RunNodeResult;
		const run = {
			result,
			ms: Date.now() - started,
			log: capture.lines,
			requests: t.server.requests.map((r) => `${r.method} ${r.path}`),
		};
		expectHostileOutcome(
			run,
			fails ? { message: /\w/, withinMs: 10_000 } : { succeeds: true, withinMs: 10_000 },
		);
	});
});

/** Runs the node as `t.run` does, with another key. */
async function runWithKey(
	key: string,
	parameters: INodeParameters,
	items?: Array<IDataObject | INodeExecutionData>,
): Promise<HostileRun> {
	const capture = captureN8nLog();
	const started = Date.now();
	try {
		const result = await runNode({
			credentials: { baseUrl: t.server.baseUrl, apiKey: key },
			parameters: { requestOptions: FAST, ...parameters },
			items,
			nodeType: NODE_TYPE,
		});
		return {
			result,
			ms: Date.now() - started,
			log: capture.lines,
			requests: t.server.requests.map((r) => `${r.method} ${r.path}`),
		};
	} finally {
		capture.stop();
	}
}

describe('property: whatever JSON answer embeds the key, and wherever, it never leaves', () => {
	/** A key as a service issues them: at least MIN_KEY_LENGTH characters, letters, digits and a few symbols. */
	const keys = fc
		.stringMatching(new RegExp(`^[A-Za-z0-9_\\-+/=.~]{${MIN_KEY_LENGTH},40}$`))
		.filter((key) => key.trim() === key);
	/** A JSON value with the key (in one of the forms it could come back in) at arbitrary places, keys included. */
	const carrying = (form: fc.Arbitrary<string>) =>
		fc.letrec((tie) => ({
			value: fc.oneof(
				{ depthSize: 'small' },
				form,
				fc.string(),
				fc.integer(),
				fc.boolean(),
				fc.constant(null),
				tie('list'),
				tie('object'),
			),
			list: fc.array(tie('value'), { maxLength: 4 }),
			object: fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), form), tie('value'), {
				maxKeys: 4,
			}),
		})).value;
	const formOf = (key: string) =>
		fc.constantFrom(
			key,
			`Bearer ${key}`,
			`bearer ${key}`,
			encodeURIComponent(key),
			`x${key}y`,
			JSON.stringify(key),
			JSON.stringify(JSON.stringify(key)),
		);

	it('the node: any operation, any status, any answer', async () => {
		await fc.assert(
			fc.asyncProperty(
				keys.chain((key) =>
					fc.tuple(
						fc.constant(key),
						carrying(formOf(key)),
						fc.constantFrom(200, 400, 401, 404, 500),
						fc.constantFrom(...EVERY_OPERATION),
					),
				),
				async ([key, body, status, operation]) => {
					t.server.reset();
					t.server.respond(
						byRoute(answering(operation, answers.json(status, { message: key, body }))),
					);
					const run = await runWithKey(key, operation.parameters, operation.items);
					expectHostileOutcome(run, { key, withinMs: 10_000 });
					for (const form of keyForms(key))
						expect(stringsIn(run.result.error).some((text) => text.includes(form))).toBe(false);
				},
			),
			{ numRuns: 40 },
		);
	});
});
