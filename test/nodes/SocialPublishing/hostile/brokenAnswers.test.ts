/**
 * A broken answer is never read as success. Every operation, against a service that answers its route with a
 * success status and a body that is not the route's success (cut off, not JSON, empty, 204, another shape): the run
 * fails with words that say which route, what came back and what was expected; a GET is retried under the policy
 * (FAST: once, so 2 requests), a write is sent once and its error says the change may have been made and how to
 * check. Answers the real service sends (the spec's and production's) pass, output whole.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { answers, byRoute, type Handler } from '../../../helpers/hostileServer';
import { byId } from '../support';
import { CREATE_LOOKUPS, EVERY_OPERATION } from './everyOperation';
import {
	expectHostileOutcome,
	useHostileService,
	X_CHANNEL as CHANNEL,
	X_DRAFT_JSON as createRequest,
} from './support';

const t = useHostileService();

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const pngItem: INodeExecutionData = {
	json: {},
	binary: {
		data: {
			data: PNG.toString('base64'),
			fileName: 'a.png',
			mimeType: 'image/png',
			fileSize: `${PNG.length} B`,
		},
	},
};

/** One operation: how to run it, the route it sends, what its success is called, a success body and its kind. */
interface Operation {
	name: string;
	parameters: INodeParameters;
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	path: string;
	is: string;
	/** A success answer of the route (what the spec says). */
	success: unknown;
	/** Answers for the other routes the operation reads first (Post → Create's channel list). */
	before?: Record<string, Handler>;
	items?: Array<IDataObject | INodeExecutionData>;
	/** Whether the answer is a list or an object (for the wrong shapes). */
	kind: 'list' | 'object';
	/** A route that takes a list or an object: the words for a success body given in the other shape. */
	otherShape?: string;
	/** An object answer missing a field the route needs, and the words for it. */
	missing?: [unknown, string];
	/** What the write may have done, as its error says. */
	mayHave?: RegExp;
}

const updateRun = EVERY_OPERATION.find((operation) => operation.name === 'Post → Update')!;
const updateEdit = EVERY_OPERATION.find(
	(operation) => operation.name === 'Post → Update, a new date with a follow-up part',
)!;

const OPERATIONS: Operation[] = [
	{
		name: 'Channel → Check Connection',
		parameters: { resource: 'channel', operation: 'checkConnection' },
		method: 'GET',
		path: '/is-connected',
		is: 'the connection check',
		success: { connected: true },
		kind: 'object',
		missing: [{ connected: 'yes' }, '"connected" is a text, not true or false'],
	},
	{
		name: 'Channel → Delete',
		parameters: { resource: 'channel', operation: 'delete', channel: byId('c1') },
		method: 'DELETE',
		path: '/integrations/c1',
		is: 'the confirmation of the deletion',
		success: { deleted: true },
		kind: 'object',
		mayHave: /The channel may have been deleted: check with Channel → Get Many/,
	},
	{
		name: 'Channel → Get Connect URL',
		parameters: { resource: 'channel', operation: 'getConnectUrl', platform: 'linkedin' },
		method: 'GET',
		path: '/social/linkedin',
		is: 'the connect URL',
		success: { url: 'https://example.com/connect' },
		kind: 'object',
		missing: [{ link: 'https://example.com' }, '"url" is missing'],
	},
	{
		name: 'Channel → Get Many',
		parameters: { resource: 'channel', operation: 'getMany' },
		method: 'GET',
		path: '/integrations',
		is: 'the list of channels',
		success: [CHANNEL],
		kind: 'list',
		missing: [[{ name: 'Main' }], '"id" of element 1 is missing'],
	},
	{
		name: 'Channel → Get Settings',
		parameters: { resource: 'channel', operation: 'getSettings', channel: byId('c1') },
		method: 'GET',
		path: '/integration-settings/c1',
		is: "the channel's settings",
		success: { output: { rules: '', maxLength: 280, settings: {}, tools: [] } },
		kind: 'object',
		missing: [{ output: 'none' }, '"output" is a text, not an object'],
	},
	{
		name: 'Channel → Run Tool',
		parameters: {
			resource: 'channel',
			operation: 'runTool',
			channel: byId('c1'),
			tool: 'channels',
			inputMode: 'json',
			inputJson: '{}',
		},
		method: 'POST',
		path: '/integration-trigger/c1',
		is: "the tool's result",
		success: { output: [{ id: 'd1', name: 'general' }] },
		kind: 'object',
		mayHave: /cannot tell whether the request was carried out/,
	},
	{
		name: 'Media → Get Many',
		parameters: { resource: 'media', operation: 'getMany', returnAll: false, limit: 5 },
		method: 'GET',
		path: '/media',
		is: 'a page of the media library',
		success: { pages: 1, results: [{ id: 'm1', path: 'https://cdn.example.com/m1.png' }] },
		kind: 'object',
		missing: [{ pages: 1 }, '"results" is missing'],
	},
	{
		name: 'Media → Upload',
		parameters: { resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
		items: [pngItem],
		method: 'POST',
		path: '/upload',
		is: 'the uploaded media item',
		success: { id: 'm1', name: 'x.png', path: 'https://cdn.example.com/x.png' },
		kind: 'object',
		missing: [{ id: 'm1' }, '"path" is missing'],
		mayHave: /cannot tell whether the request was carried out/,
	},
	{
		name: 'Media → Upload From URL',
		parameters: {
			resource: 'media',
			operation: 'uploadFromUrl',
			url: 'https://93.184.216.34/a.png',
		},
		method: 'POST',
		path: '/upload-from-url',
		is: 'the uploaded media item',
		success: { id: 'm1', name: 'x.png', path: 'https://cdn.example.com/x.png' },
		kind: 'object',
		missing: [{ path: 'https://cdn.example.com/x.png' }, '"id" is missing'],
		mayHave: /cannot tell whether the request was carried out/,
	},
	{
		name: 'Notification → Get Many',
		parameters: { resource: 'notification', operation: 'getMany', returnAll: false, limit: 5 },
		method: 'GET',
		path: '/notifications',
		is: 'a page of notifications',
		success: {
			notifications: [{ id: 'n1', content: 'Hi', link: null, createdAt: '2026-01-01T00:00:00Z' }],
			total: 1,
			page: 0,
			limit: 100,
			hasMore: false,
		},
		kind: 'object',
		missing: [{ notifications: 'none', hasMore: false }, '"notifications" is a text, not a list'],
	},
	{
		name: 'Post → Create',
		parameters: {
			resource: 'post',
			operation: 'create',
			inputMode: 'json',
			requestJson: createRequest,
		},
		before: CREATE_LOOKUPS,
		method: 'POST',
		path: '/posts',
		is: 'the list of created posts',
		success: [{ postId: 'p1', integration: 'c1' }],
		kind: 'list',
		missing: [[{ integration: 'c1' }], '"postId" of element 1 is missing'],
		mayHave:
			/The post may have been created: check Post → Get Many \(around the post's date\) before retrying, or it may be published twice/,
	},
	{
		// Settings alone: the post found by GET /posts and its channel read first (everyOperation.ts).
		name: 'Post → Update',
		parameters: updateRun.parameters,
		before: updateRun.before,
		method: 'PUT',
		path: '/posts/p1/settings',
		is: 'the changed post',
		success: { postId: 'p1', publishDate: '2030-01-15T10:00:00.000Z' },
		kind: 'object',
		otherShape: '"integration" of element 1 is missing',
		missing: [{ publishDate: '2030-01-15T10:00:00.000Z' }, '"postId" is missing'],
		mayHave: /The post may have been changed: check it with Post → Get Many/,
	},
	{
		// The edit: the post found, its channel read and a media URL uploaded first (everyOperation.ts).
		name: 'Post → Update, a new date with a follow-up part',
		parameters: updateEdit.parameters,
		before: updateEdit.before,
		method: 'POST',
		path: '/posts',
		is: 'the changed post',
		success: [{ postId: 'p1', integration: 'c1' }],
		kind: 'list',
		otherShape: '"postId" is missing',
		missing: [[{ integration: 'c1' }], '"postId" of element 1 is missing'],
		mayHave: /The post may have been changed: check it with Post → Get Many/,
	},
	{
		name: 'Post → Delete',
		parameters: { resource: 'post', operation: 'delete', postId: 'p1' },
		method: 'DELETE',
		path: '/posts/p1',
		is: 'the confirmation of the deletion',
		success: { deleted: true, id: 'p1' },
		kind: 'object',
		mayHave: /The post may have been deleted: check with Post → Get Many/,
	},
	{
		name: 'Post → Delete Group',
		parameters: { resource: 'post', operation: 'deleteGroup', group: 'g1' },
		method: 'DELETE',
		path: '/posts/group/g1',
		is: 'the confirmation of the deletion',
		success: { deleted: true, id: 'g1' },
		kind: 'object',
		mayHave: /The group may have been deleted: check with Post → Get Many/,
	},
	{
		name: 'Post → Get Many',
		parameters: { resource: 'post', operation: 'getMany' },
		method: 'GET',
		path: '/posts',
		is: 'the list of posts',
		success: { posts: [{ id: 'p1', content: 'Hi' }] },
		kind: 'object',
		missing: [{ posts: [{ content: 'Hi' }] }, '"id" of element 1 of "posts" is missing'],
	},
	{
		name: 'Post → Get Missing Items',
		parameters: { resource: 'post', operation: 'getMissingItems', postId: 'p1' },
		method: 'GET',
		path: '/posts/p1/missing',
		is: "the list of the channel's recent items",
		success: [{ id: 'i1', url: 'https://x.com/i1' }],
		kind: 'list',
		missing: [['i1'], 'element 1 is a text, not an object'],
	},
	{
		name: 'Post → Set Release ID',
		parameters: { resource: 'post', operation: 'setReleaseId', postId: 'p1', releaseId: 'r1' },
		method: 'PUT',
		path: '/posts/p1/release-id',
		is: 'the updated post',
		success: { id: 'p1', releaseId: 'r1' },
		kind: 'object',
		missing: [{ releaseId: 'r1' }, '"id" is missing'],
		mayHave: /cannot tell whether the request was carried out/,
	},
	{
		name: 'Post → Set Status',
		parameters: { resource: 'post', operation: 'setStatus', postId: 'p1', status: 'draft' },
		method: 'PUT',
		path: '/posts/p1/status',
		is: "the post's new status",
		success: { id: 'p1', state: 'DRAFT' },
		kind: 'object',
		missing: [{ id: 'p1' }, '"state" is missing'],
		mayHave: /The status may have been changed: check the post with Post → Get Many/,
	},
	{
		name: 'Slot → Find Next Free',
		parameters: { resource: 'slot', operation: 'findNextFree', channel: byId('c1') },
		method: 'GET',
		path: '/find-slot/c1',
		is: 'the free slot',
		success: { date: '2030-01-01T10:00:00' },
		kind: 'object',
		missing: [{ date: 'soon' }, '"date" is a text that is not a date'],
	},
	{
		name: 'Analytics → Get Channel Analytics',
		parameters: { resource: 'analytics', operation: 'getChannel', channel: byId('c1'), days: 7 },
		method: 'GET',
		path: '/analytics/c1',
		is: 'the list of analytics series',
		success: [
			{ label: 'Impressions', data: [{ total: 1, date: '2026-01-01' }], percentageChange: 0 },
		],
		kind: 'list',
		missing: [[7], 'element 1 is a number, not an object'],
	},
	{
		name: 'Analytics → Get Post Analytics',
		parameters: { resource: 'analytics', operation: 'getPost', postId: 'p1', days: 7 },
		method: 'GET',
		path: '/analytics/post/p1',
		is: 'the list of analytics series',
		success: [{ label: 'Likes', data: [], percentageChange: 0 }],
		kind: 'list',
		otherShape: '"missing" is missing',
		missing: [{ missing: 'yes' }, '"missing" is a text, not true or false'],
	},
];

/** What the route takes, as the node words it. */
const takes = (op: Operation) =>
	op.otherShape ? 'a list or an object' : op.kind === 'list' ? 'a list' : 'an object';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The message every broken answer of `op` gives: the route, the status, what was expected, what came. */
function brokenMessage(op: Operation, status: number, problem: string): RegExp {
	const retried = op.method === 'GET' ? ' \\(tried 2 times\\)' : '';
	return new RegExp(
		`^${escape(`${op.method} ${op.path} answered HTTP ${status} `)}.*${escape(op.is)}.*\\(${problem}\\)${retried}$`,
	);
}

/** Runs `op` with the route answered by `answer` and asserts the broken-answer outcome. */
async function expectBroken(
	op: Operation,
	answer: Handler,
	status: number,
	problem: string,
): Promise<void> {
	t.server.respond(byRoute({ ...op.before, [`${op.method} ${op.path}`]: answer }));
	const run = await t.run(op.parameters, { items: op.items });
	const sent = Object.keys(op.before ?? {}).length + (op.method === 'GET' ? 2 : 1);
	const { description } = expectHostileOutcome(run, {
		message: brokenMessage(op, status, problem),
		requests: sent,
		withinMs: 8_000,
	});
	expect(run.result.items).toEqual([]);
	if (op.mayHave) expect(description).toMatch(op.mayHave);
	if (op.method !== 'GET')
		expect(description).toMatch(
			/^The answer could not be read, so the node cannot tell whether the request was carried out\./,
		);
	else expect(description).toMatch(/cut off or changed on the way/);
}

const serialized = (body: unknown) => JSON.stringify(body);

describe('a broken answer to each operation is an error in words, never a success', () => {
	it.each(OPERATIONS)('$name: a body cut off mid-way', async (op) => {
		await expectBroken(
			op,
			answers.cutBody(200, op.success, Math.floor(serialized(op.success).length / 2)),
			200,
			'it was cut off before its end \\(\\d+ bytes announced\\)',
		);
	});

	it.each(OPERATIONS)('$name: a body that is not JSON', async (op) => {
		await expectBroken(
			op,
			answers.raw(200, serialized(op.success).slice(0, -1)),
			200,
			'it is not JSON',
		);
	});

	it.each(OPERATIONS)('$name: HTTP 200 with no body', async (op) => {
		await expectBroken(op, answers.noBody(200), 200, 'it is empty');
	});

	it.each(OPERATIONS)('$name: HTTP 204 where a body is expected', async (op) => {
		await expectBroken(op, answers.noBody(204), 204, 'it is empty');
	});

	it.each(OPERATIONS)(
		'$name: a list where an object is expected, or an object where a list is',
		async (op) => {
			const other = op.kind === 'list' ? { items: op.success } : [op.success];
			const problem =
				op.kind === 'list' ? 'it is an object, not a list' : 'it is a list, not an object';
			// A route that takes both shapes holds the other one to its own fields.
			await expectBroken(op, answers.json(200, other), 200, escape(op.otherShape ?? problem));
		},
	);

	it.each(OPERATIONS)('$name: a JSON number', async (op) => {
		await expectBroken(op, answers.json(200, 42), 200, `it is a number, not ${takes(op)}`);
	});

	it.each(OPERATIONS)('$name: a JSON text', async (op) => {
		await expectBroken(op, answers.json(200, 'ok'), 200, `it is a text, not ${takes(op)}`);
	});

	it.each(OPERATIONS.filter((op) => op.missing))(
		'$name: a field the route needs is missing or of another type',
		async (op) => {
			const [body, problem] = op.missing!;
			await expectBroken(op, answers.json(200, body), 200, escape(problem));
		},
	);

	it.each(OPERATIONS.filter((op) => op.kind === 'list'))(
		'$name: a huge list of numbers is refused at its first element, fast',
		async (op) => {
			await expectBroken(
				op,
				answers.json(
					200,
					Array.from({ length: 300_000 }, (_, i) => i),
				),
				200,
				'element 1 is a number, not an object',
			);
		},
	);
});

describe('a GET whose answer broke is retried, and succeeds when the retry answers well', () => {
	it.each([
		['cut off', answers.cutBody(200, [CHANNEL, CHANNEL], 30)],
		['not JSON', answers.raw(200, '[{"id": "c1",')],
		['empty', answers.noBody(200)],
		['an object', answers.json(200, { id: 'c1' })],
		[
			'plain text from a proxy',
			answers.raw(200, 'Service Unavailable', { 'content-type': 'text/plain' }),
		],
	])('GET /integrations %s, then the list', async (_kind, broken) => {
		let sent = 0;
		t.server.respond((request, res) =>
			sent++ === 0
				? broken(request, res)
				: answers.json(200, [CHANNEL, { ...CHANNEL, id: 'c2' }])(request, res),
		);
		const run = await t.run({ resource: 'channel', operation: 'getMany' });
		expectHostileOutcome(run, { succeeds: true, requests: 2, withinMs: 5_000 });
		expect(run.result.items.map((item) => item.json.id)).toEqual(['c1', 'c2']);
	});

	it('a broken answer on the last allowed attempt is an error that counts the attempts (3 with two retries)', async () => {
		t.server.respond(answers.raw(200, '{oops'));
		const run = await t.run({
			resource: 'channel',
			operation: 'getMany',
			requestOptions: { timeout: 1500, maxRetries: 2, retryDelay: 10, maxRateLimitWait: 0 },
		});
		expectHostileOutcome(run, {
			message: /^GET \/integrations answered HTTP 200 .*\(it is not JSON\) \(tried 3 times\)$/,
			requests: 3,
			withinMs: 5_000,
		});
	});

	it("Post → Create's channel lookup is held to the same contract (retried, then worded), and nothing is posted", async () => {
		t.server.respond(
			byRoute({
				'GET /integrations': answers.raw(200, '<<not json>>'.replace(/</g, '{')),
				'POST /posts': answers.json(201, [{ postId: 'p1', integration: 'c1' }]),
			}),
		);
		const run = await t.run({
			resource: 'post',
			operation: 'create',
			inputMode: 'json',
			requestJson: createRequest,
		});
		expectHostileOutcome(run, {
			message: /^GET \/integrations answered HTTP 200 .*\(it is not JSON\) \(tried 2 times\)$/,
			requests: 2,
		});
		expect(run.requests).toEqual(['GET /integrations', 'GET /integrations']);
	});
});

describe('the answers the real service sends are taken, whole', () => {
	const production: Array<[string, Operation['name'], unknown, (json: IDataObject[]) => void]> = [
		[
			'DELETE /posts/:id answers {error: true} on success (production)',
			'Post → Delete',
			{ error: true },
			(json) => expect(json).toEqual([{ deleted: true, id: 'p1' }]),
		],
		[
			'DELETE /posts/group/:group answers {error: true} (production)',
			'Post → Delete Group',
			{ error: true },
			(json) => expect(json).toEqual([{ deleted: true, group: 'g1' }]),
		],
		[
			'DELETE /integrations/:id answers the channel record (production)',
			'Channel → Delete',
			{ id: 'c1', name: 'Main', providerIdentifier: 'x', deletedAt: '2026-01-01T00:00:00Z' },
			(json) => expect(json).toEqual([{ deleted: true, id: 'c1' }]),
		],
		[
			'PUT release-id answers the whole post record (production)',
			'Post → Set Release ID',
			{ id: 'p1', releaseId: 'r1', content: 'Hi', state: 'PUBLISHED', group: 'g1' },
			(json) => expect(json[0]).toMatchObject({ id: 'p1', releaseId: 'r1' }),
		],
		[
			'POST /upload answers the stored record, originalName empty (production)',
			'Media → Upload',
			{
				id: 'm1',
				name: 'x.png',
				originalName: null,
				path: 'https://cdn.example.com/x.png',
				thumbnail: null,
				alt: null,
			},
			(json) => expect(json[0]).toMatchObject({ id: 'm1', path: 'https://cdn.example.com/x.png' }),
		],
		[
			'GET /find-slot answers a UTC time without zone',
			'Slot → Find Next Free',
			{ date: '2030-01-01T10:00:00' },
			(json) =>
				expect(json).toEqual([
					{ channelId: 'c1', date: '2030-01-01T10:00:00', dateUtc: '2030-01-01T10:00:00.000Z' },
				]),
		],
		[
			'a tool that gives nothing answers {}',
			'Channel → Run Tool',
			{},
			(json) => expect(json).toEqual([{ output: null }]),
		],
		[
			'GET /integrations with no channel: an empty list, no items',
			'Channel → Get Many',
			[],
			(json) => expect(json).toEqual([]),
		],
		[
			'GET /analytics/:id with no analytics: an empty list',
			'Analytics → Get Channel Analytics',
			[],
			(json) => expect(json).toEqual([]),
		],
		[
			'GET /posts/:id/missing for a post not waiting: an empty list',
			'Post → Get Missing Items',
			[],
			(json) => expect(json).toEqual([]),
		],
		[
			'GET /notifications as production sends it (total, page, limit)',
			'Notification → Get Many',
			{
				notifications: [
					{ id: 'n1', content: 'Hi', link: null, createdAt: '2026-01-01T00:00:00.000Z' },
				],
				total: 1,
				page: 0,
				limit: 100,
				hasMore: false,
			},
			(json) => expect(json.map((n) => n.id)).toEqual(['n1']),
		],
		[
			'GET /posts with production fields (settings as text, actualDate, nested tags)',
			'Post → Get Many',
			{
				posts: [
					{
						id: 'p1',
						settings: '{"a":1}',
						actualDate: '2026-01-01T00:00:00Z',
						tags: [{ tag: { id: 't', name: 'T', color: null } }],
					},
				],
			},
			(json) => expect(json[0]).toMatchObject({ id: 'p1', settings: { a: 1 } }),
		],
		[
			'GET /integration-settings for a platform the service has no rules for (production)',
			'Channel → Get Settings',
			{ output: { rules: '', maxLength: 0, settings: {}, tools: [] } },
			(json) => expect(json[0]).toMatchObject({ maxLength: 0 }),
		],
	];
	it.each(production)('%s', async (_case, name, body, check) => {
		const op = OPERATIONS.find((o) => o.name === name)!;
		t.server.respond(
			byRoute({
				...op.before,
				[`${op.method} ${op.path}`]: answers.json(op.method === 'POST' ? 201 : 200, body),
			}),
		);
		const run = await t.run(op.parameters, { items: op.items });
		expectHostileOutcome(run, {
			succeeds: true,
			requests: 1 + Object.keys(op.before ?? {}).length,
		});
		check(run.result.items.map((item) => item.json));
	});

	it('every success of the table above passes as the spec gives it', async () => {
		for (const op of OPERATIONS) {
			t.server.reset();
			t.server.respond(
				byRoute({
					...op.before,
					[`${op.method} ${op.path}`]: answers.json(op.method === 'POST' ? 201 : 200, op.success),
				}),
			);
			const run = await t.run(op.parameters, { items: op.items });
			expect({ op: op.name, ...expectHostileOutcome(run, { succeeds: true }) }).toEqual({
				op: op.name,
				message: '',
				description: '',
			});
			expect({ op: op.name, items: run.result.items.length > 0 }).toEqual({
				op: op.name,
				items: true,
			});
		}
	});
});
