/**
 * JSON request bodies over the 100 kB production takes (service notes: it answers 413). Issue 30: an Upload From URL
 * address long enough to pass it was sent. Every JSON write whose body holds a value of free size is in the table below
 * (checked against hostile/everyOperation.ts's writes, so a new one cannot be left out); the hostile server answers
 * 413 to any body over 100 kB, as production does. For any size of that value (fast-check, around the limit and far
 * past it), the node either sends a body the service takes, or refuses before sending, in the editor's words: the
 * field's label, the length, the limit, and how to fix it.
 */
import fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';

import { MAX_JSON_BODY_BYTES } from '../../../../nodes/SocialPublishing/shared/bounds';
import { answers, byRoute, type Handler } from '../../../helpers/hostileServer';
import { channel as channelEntry, createParams, parts } from '../createParameters';
import { byId } from '../support';
import { CHANNEL, EVERY_OPERATION, WRITES } from './everyOperation';
import { expectHostileOutcome, useHostileService } from './support';

const t = useHostileService();

interface Write {
	/** The write as everyOperation.ts names it (its operation, and what it carries). */
	operation: string;
	/** The route that must never receive a body over the limit. */
	route: string;
	/** Parameters with a value of `size` characters where the body carries it. */
	parameters: (size: number) => INodeParameters;
	/** The refusal names this field. */
	label: RegExp;
	before?: Record<string, Handler>;
	success: unknown;
}

const updateLookups = EVERY_OPERATION.find((o) => o.name === 'Post → Update')?.before ?? {};
/** Post → Create's look-ups: the channels, then the posts an earlier run may have created (none). */
const noEarlierPosts = { 'GET /posts': answers.json(200, { posts: [] }) };
const createLookups = { 'GET /integrations': answers.json(200, [CHANNEL]), ...noEarlierPosts };
const MEDIA = { id: 'm1', name: 'a.png', path: 'https://cdn.example.com/a.png' };

/** An https address of exactly `size` characters, ending in .png. */
const addressOf = (size: number) => {
	const head = 'https://cdn.example.com/';
	return `${head}${'a'.repeat(Math.max(1, size - head.length - 4))}.png`;
};

const WRITES_WITH_FREE_SIZE: Write[] = [
	{
		operation: 'Media → Upload From URL',
		route: 'POST /upload-from-url',
		parameters: (size) => ({ resource: 'media', operation: 'uploadFromUrl', url: addressOf(size) }),
		label: /^"URL" is \d+ characters long/,
		success: MEDIA,
	},
	{
		operation: 'Post → Create',
		route: 'POST /upload-from-url',
		parameters: (size) =>
			createParams({
				parts: parts({ content: 'Hello', media: [{ url: addressOf(size) }] }),
				channels: [channelEntry({ channel: byId('c1'), platform: 'threads' })],
			}),
		label: /media 1 → URL: is \d+ characters long/,
		before: createLookups,
		success: MEDIA,
	},
	{
		operation: 'Post → Create',
		route: 'POST /posts',
		parameters: (size) =>
			createParams({
				type: 'draft',
				parts: parts({ content: 'a'.repeat(size) }),
				channels: [channelEntry({ channel: byId('c1'), platform: 'mastodon' })],
			}),
		label:
			/the request body is \d+ kB; the service refuses bodies over 100 kB|Mastodon takes at most/,
		before: {
			'GET /integrations': answers.json(200, [{ ...CHANNEL, identifier: 'mastodon' }]),
			...noEarlierPosts,
		},
		success: [{ postId: 'p1', integration: 'c1' }],
	},
	{
		operation: 'Media → Generate Video',
		route: 'POST /generate-video',
		parameters: (size) => ({
			resource: 'media',
			operation: 'generateVideo',
			kind: 'image-text-slides',
			voice: byId('v1'),
			prompt: 'a'.repeat(size),
		}),
		label: /^"Prompt" makes the request \d+ bytes, over the 100 kB/,
		success: MEDIA,
	},
	{
		operation: 'Channel → Run Tool',
		route: 'POST /integration-trigger/c1',
		parameters: (size) => ({
			resource: 'channel',
			operation: 'runTool',
			channel: byId('c1'),
			tool: 'channels',
			inputMode: 'json',
			inputJson: JSON.stringify({ query: 'a'.repeat(size) }),
		}),
		label: /^"Input \(JSON\)" makes the request \d+ bytes, over the 100 kB/,
		success: { output: {} },
	},
	{
		operation: 'Channel → Run Tool',
		route: 'POST /integration-trigger/c1',
		parameters: (size) => ({
			resource: 'channel',
			operation: 'runTool',
			channel: byId('c1'),
			tool: 'channels',
			inputMode: 'fields',
			inputFields: { field: [{ key: 'query', value: 'a'.repeat(size) }] },
		}),
		label: /^"Input Fields" makes the request \d+ bytes, over the 100 kB/,
		success: { output: {} },
	},
	{
		operation: 'Post → Set Release ID',
		route: 'PUT /posts/p1/release-id',
		parameters: (size) => ({
			resource: 'post',
			operation: 'setReleaseId',
			postId: 'p1',
			releaseId: 'r'.repeat(size),
		}),
		label: /^"Release Name or ID" \(\d+ characters\) makes the request \d+ bytes/,
		success: { id: 'p1', releaseId: 'r' },
	},
	{
		operation: 'Post → Update',
		route: 'PUT /posts/p1/settings',
		parameters: (size) => ({
			resource: 'post',
			operation: 'update',
			postId: 'p1',
			updateFields: { settingsJson: JSON.stringify({ who_can_reply_post: 'a'.repeat(size) }) },
		}),
		label: /Settings \(JSON\): the request body is \d+ kB; the service refuses bodies over 100 kB/,
		before: updateLookups,
		success: { id: 'p1' },
	},
	{
		operation: 'Post → Update, a new date with a follow-up part',
		route: 'POST /upload-from-url',
		parameters: (size) => ({
			...(EVERY_OPERATION.find((o) => o.name === 'Post → Update, a new date with a follow-up part')
				?.parameters as INodeParameters),
			followUps: {
				part: [
					{
						content: 'Reply',
						delay: 5,
						media: { item: [{ source: 'url', url: addressOf(size) }] },
					},
				],
			},
			options: { currentDate: '2030-01-15T10:00:00.000Z' },
		}),
		label: /URL: is \d+ characters long/,
		before: updateLookups,
		success: MEDIA,
	},
];

/** Writes whose body holds no value of free size, and why. */
const FIXED_SIZE: Record<string, string> = {
	'Post → Set Status': 'a status chosen from a list',
	'Media → Upload': 'multipart, not JSON: the service takes 50 MB there',
};

test('every JSON write of the node is in the table, or named with why its body cannot grow', () => {
	const writes = WRITES.filter((w) => w.method === 'POST' || w.method === 'PUT').map((w) => w.name);
	const covered = new Set([
		...WRITES_WITH_FREE_SIZE.map((w) => w.operation),
		...Object.keys(FIXED_SIZE),
	]);
	expect(writes.filter((name) => !covered.has(name))).toEqual([]);
});

/** Production: 413 to a JSON body over 100 kB, on every route; otherwise the route's ordinary answers. */
function service(write: Write): Handler {
	const ordinary = byRoute({
		...(write.before ?? {}),
		'POST /upload-from-url': answers.json(200, MEDIA),
		[write.route]: answers.json(200, write.success),
	});
	return async (request, res) => {
		if (Buffer.byteLength(request.body) > MAX_JSON_BODY_BYTES) {
			answers.json(413, { statusCode: 413, message: 'request entity too large' })(request, res);
			return;
		}
		await ordinary(request, res);
	};
}

async function runAt(write: Write, size: number) {
	t.server.reset();
	t.server.respond(service(write));
	const run = await t.run(write.parameters(size));
	const oversized = t.server.requests.filter(
		(request) => Buffer.byteLength(request.body) > MAX_JSON_BODY_BYTES,
	);
	expect(oversized.map((request) => `${request.method} ${request.path}`)).toEqual([]);
	return run;
}

describe.each(WRITES_WITH_FREE_SIZE.map((w) => [`${w.operation}: ${w.route}`, w] as const))(
	'%s',
	(_name, write) => {
		it('150,000 characters: refused before sending, naming the field, the length and the limit', async () => {
			const run = await runAt(write, 150_000);
			const { description } = expectHostileOutcome(run, { message: write.label, withinMs: 10_000 });
			expect(run.requests).not.toContain(write.route);
			expect(`${run.result.error?.message ?? ''} ${description}`).toMatch(/100 kB/);
			expect(description.length).toBeGreaterThan(20);
		});

		it('property: any size around the limit and past it is sent whole within it, or refused before sending', async () => {
			await fc.assert(
				fc.asyncProperty(
					fc.oneof(
						fc.integer({ min: MAX_JSON_BODY_BYTES - 200, max: MAX_JSON_BODY_BYTES + 50 }),
						fc.integer({ min: 1_000, max: 400_000 }),
					),
					async (size) => {
						const run = await runAt(write, size);
						const message = run.result.error?.message ?? '';
						expect(message).not.toMatch(/HTTP 413/);
						if (!run.requests.includes(write.route)) expect(message).toMatch(write.label);
					},
				),
				{ numRuns: 12 },
			);
		});
	},
);

it('an install that takes less (413 to a small body): explained as too large a request, with the 100 kB hint', async () => {
	t.server.respond(answers.json(413, { statusCode: 413, message: 'request entity too large' }));
	const run = await t.run({
		resource: 'channel',
		operation: 'runTool',
		channel: byId('c1'),
		tool: 'channels',
		inputMode: 'json',
		inputJson: '{"query": "news"}',
	});
	const { description } = expectHostileOutcome(run, {
		message: /POST \/integration-trigger\/c1 .*\(HTTP 413\)$/,
		requests: 1,
	});
	expect(description).toContain('100 kB');
});
