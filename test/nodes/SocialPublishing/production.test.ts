/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * The node against the sandbox's production profile (sandbox/production.ts): every departure of service-notes
 * "Where production departs from the spec" that an operation or loader meets, run through n8n's engine.
 */
import type { INodeParameters } from 'n8n-workflow';

import { loadOptions } from '../../helpers/engine';
import { channel, createParams, jsonParams, parts, typedSettingsFor } from './createParameters';
import {
	byId,
	daysFromNow,
	errorOf,
	FAST,
	jsonOf,
	NODE_TYPE,
	UNKNOWN_ID,
	useSandbox,
} from './support';

// Real clock: the tag loader reads posts around the real today.
const t = useSandbox({ profile: 'production' });
const api = () => t.api();

const run = async (parameters: INodeParameters, requestOptions: INodeParameters = FAST) =>
	await t.run({ requestOptions, ...parameters });

/** Creates posts straight through the API (POST /posts is another operation's job). */
async function seedPosts(
	bodies: unknown[],
): Promise<Array<{ postId: string; integration: string }>> {
	const created = [];
	for (const body of bodies) {
		const res = await api().post('/posts', body);
		expect(res.status).toBe(201);
		created.push(...(res.data as Array<{ postId: string; integration: string }>));
	}
	return created;
}

const postBody = (channelId: string, extra: Record<string, unknown> = {}, settings?: unknown) => ({
	type: 'schedule',
	date: daysFromNow(3),
	shortLink: false,
	tags: [],
	posts: [
		{
			integration: { id: channelId },
			value: [{ content: 'From the production tests', image: [] }],
			...(settings ? { settings } : {}),
		},
	],
	...extra,
});

const routesHit = async () => await t.routes();

describe('Channel → Delete', () => {
	it('outputs {deleted: true, id} and never the tokens production echoes', async () => {
		const { telegram, x } = t.sandbox.seed.channels;
		const tokens = t.sandbox.seed.channelTokens!;
		// The precondition, so the check below cannot pass vacuously: this server does echo the tokens.
		expect((await api().delete(`/integrations/${x.id}`)).data).toMatchObject(tokens.x);

		const result = await run({
			resource: 'channel',
			operation: 'delete',
			channel: byId(telegram.id),
		});
		expect(jsonOf(result)).toEqual([{ deleted: true, id: telegram.id }]);
		const everything = JSON.stringify(result.run);
		expect(everything).not.toContain(tokens.telegram.token);
		expect(everything).not.toContain(tokens.telegram.refreshToken);
		expect(everything).not.toContain('sandbox-channel-');

		// Nor with the rate-limit figures added to the output.
		const { threads } = t.sandbox.seed.channels;
		const withInfo = await run(
			{ resource: 'channel', operation: 'delete', channel: byId(threads.id) },
			{ ...FAST, includeRateLimitInfo: true },
		);
		expect(jsonOf(withInfo)).toEqual([expect.objectContaining({ deleted: true, id: threads.id })]);
		expect(JSON.stringify(withInfo.run)).not.toContain('sandbox-channel-');
	});

	it('an unknown channel (production: 500) fails with "not found, or the service failed"', async () => {
		const error = errorOf(
			await run({ resource: 'channel', operation: 'delete', channel: byId(UNKNOWN_ID) }),
		);
		expect(error.message).toMatch(new RegExp(`^Channel ${UNKNOWN_ID} .*\\(HTTP 500\\)$`));
		expect(error.description).toContain('Channel → Get Many');
	});
});

describe('Post → Get Many', () => {
	it('parses the settings string, and passes nested tags and actualDate through', async () => {
		const { x, telegram } = t.sandbox.seed.channels;
		await seedPosts([
			postBody(
				x.id,
				{ tags: [{ value: 'Launch', label: 'Launch' }] },
				{ who_can_reply_post: 'following', made_with_ai: true },
			),
			postBody(telegram.id, { inter: 2 }),
		]);
		const posts = jsonOf(
			await run({
				resource: 'post',
				operation: 'getMany',
				startDate: daysFromNow(0),
				endDate: daysFromNow(6),
			}),
		);
		const xPost = posts.find((p) => (p.integration as { id: string }).id === x.id)!;
		// Production stores the channel's platform in `__type` with every post's settings.
		expect(xPost.settings).toEqual({
			who_can_reply_post: 'following',
			made_with_ai: true,
			__type: 'x',
		});
		const launch = t.sandbox.seed.tags.find((t) => t.name === 'Launch')!;
		expect(xPost.tags).toEqual([
			{ tag: expect.objectContaining({ id: launch.id, name: 'Launch', color: launch.color }) },
		]);
		const repeats = posts.filter((p) => (p.integration as { id: string }).id === telegram.id);
		expect(repeats.length).toBeGreaterThanOrEqual(2);
		for (const p of repeats) {
			expect(p.settings).toEqual({ __type: 'telegram' });
			expect(p.actualDate).toBe(repeats[0].publishDate);
		}
	});
});

it("the tag list reads tags from posts in production's {tag: {name}} shape", async () => {
	await seedPosts([
		postBody(t.sandbox.seed.channels.telegram.id, {
			tags: [
				{ value: 'x', label: 'Weekly tips' },
				{ value: 'y', label: 'Promo' },
			],
		}),
	]);
	const tags = await loadOptions(
		t.credentials,
		'getTags',
		{ resource: 'post', operation: 'create' },
		'tags',
	);
	expect(tags).toEqual([
		{ name: 'Promo', value: 'Promo' },
		{ name: 'Weekly tips', value: 'Weekly tips' },
	]);
});

it('Media → Get Many says this server has no media library route, and what to do instead', async () => {
	const error = errorOf(await run({ resource: 'media', operation: 'getMany', returnAll: true }));
	expect(error.message).toBe('This server has no media library route (GET /media answered 404)');
	expect(error.description).toContain('Upload');
});

it('routes without X-RateLimit headers give rateLimit: null when the figures are asked for', async () => {
	const series = jsonOf(
		await run(
			{
				resource: 'analytics',
				operation: 'getChannel',
				channel: byId(t.sandbox.seed.channels.x.id),
			},
			{ ...FAST, includeRateLimitInfo: true },
		),
	);
	expect(series.length).toBeGreaterThan(0);
	for (const s of series) expect(s.rateLimit).toBeNull();
});

it('a JSON body over 100 kB on Run Tool (production answers 413) is refused before sending, in the words of its field', async () => {
	const big = JSON.stringify({ text: 'a'.repeat(150_000) });
	const discord = t.sandbox.seed.channels.discord.id;
	const error = errorOf(
		await run({
			resource: 'channel',
			operation: 'runTool',
			channel: byId(discord),
			tool: 'channels',
			inputMode: 'json',
			inputJson: big,
		}),
	);
	expect(error.message).toBe(
		'"Input (JSON)" makes the request 150044 bytes, over the 100 kB (102400 bytes) the service takes',
	);
	expect((await t.requests('POST')).map((r) => r.path)).toEqual([]);
});

describe('customer picker', () => {
	it('lists the customers of GET /groups, one request, as production has the route', async () => {
		const options = await loadOptions(
			t.credentials,
			'getCustomers',
			{ resource: 'channel', operation: 'getMany' } as never,
			'filters.customer',
			NODE_TYPE,
		);
		expect(options).toEqual([
			{ name: 'Acme Bakery', value: t.sandbox.seed.customers.acme.id },
			{ name: 'Globex Outdoor', value: t.sandbox.seed.customers.globex.id },
		]);
		expect(await routesHit()).toEqual(['GET /groups']);
	});
});

describe('unknown ids answered with 500', () => {
	it.each([
		['post', 'setReleaseId', { postId: UNKNOWN_ID, releaseId: 'abc' }, 'Post'],
		['analytics', 'getChannel', { channel: byId(UNKNOWN_ID) }, 'Channel'],
	])(
		'%s → %s says "not found, or the service failed"',
		async (resource, operation, fields, label) => {
			const error = errorOf(await run({ resource, operation, ...fields }));
			expect(error.message).toMatch(
				new RegExp(`^${label} ${UNKNOWN_ID} .*not found, or .*failed \\(HTTP 500\\)`),
			);
			expect(error.httpCode).toBe('500');
		},
	);

	it('Post → Delete looks at GET /posts after the 500: no such post listed, it says "already deleted, or never existed"', async () => {
		const error = errorOf(await run({ resource: 'post', operation: 'delete', postId: UNKNOWN_ID }));
		expect(error.message).toBe(`Post ${UNKNOWN_ID} is already deleted, or never existed`);
		expect(error.httpCode).toBe('500');
		expect(await t.requests('DELETE')).toHaveLength(1);
	});

	it('Post → Set Status of an unknown post (production: 400 "Post not found") says it was not found', async () => {
		const error = errorOf(
			await run({ resource: 'post', operation: 'setStatus', postId: UNKNOWN_ID, status: 'draft' }),
		);
		expect(error.message).toBe(`Post ${UNKNOWN_ID} was not found`);
		expect(error.httpCode).toBe('400');
	});
});

describe('Slot → Find Next Free on a channel production never answers for', () => {
	it.each(['unknown', 'disabled'])(
		'a %s channel ends by the timeout with a clear error',
		async (kind) => {
			const id = kind === 'unknown' ? UNKNOWN_ID : t.sandbox.seed.channels.linkedinDisabled.id;
			const started = Date.now();
			// Retries of reads allowed: a find-slot timeout is still not retried (it would only wait again).
			const result = await run(
				{ resource: 'slot', operation: 'findNextFree', channel: byId(id) },
				{ ...FAST, timeout: 400, maxRetries: 2 },
			);
			const error = errorOf(result);
			expect(error.message).toContain(`0.4 s for the free slot of channel ${id}:`);
			expect(error.description).toContain('Check the channel with Channel → Get Many');
			expect(Date.now() - started).toBeLessThan(2000);
			// The sandbox logs an abandoned request when it sees the socket close: give a second attempt 1 s to show up.
			const asked = async () =>
				(await t.sandbox.control.requests()).filter((r) => r.path.endsWith(`/find-slot/${id}`));
			for (let waited = 0; (await asked()).length < 2 && waited < 1000; waited += 50)
				await new Promise((resolve) => setTimeout(resolve, 50));
			expect(await asked()).toHaveLength(1);
		},
	);

	it('an enabled channel still gets its slot', async () => {
		const [slot] = jsonOf(
			await run({
				resource: 'slot',
				operation: 'findNextFree',
				channel: byId(t.sandbox.seed.channels.x.id),
			}),
		);
		expect(slot.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00$/);
	});
});

describe('post deletes answered {error: true}', () => {
	it("Post → Delete reports the post deleted (its group: that channel's post, not the other channels')", async () => {
		const { telegram, threads } = t.sandbox.seed.channels;
		const [first] = await seedPosts([
			{
				...postBody(telegram.id),
				posts: [...postBody(telegram.id).posts, ...postBody(threads.id).posts],
			},
		]);
		expect(
			jsonOf(await run({ resource: 'post', operation: 'delete', postId: first.postId })),
		).toEqual([{ deleted: true, id: first.postId }]);
		const left = (
			await api().get('/posts', { params: { startDate: daysFromNow(0), endDate: daysFromNow(6) } })
		).data.posts as Array<{ integration: { id: string } }>;
		expect(left.map((p) => p.integration.id)).toEqual([threads.id]);
	});

	it('Post → Delete Group reports the group deleted', async () => {
		await seedPosts([postBody(t.sandbox.seed.channels.telegram.id)]);
		const { group } = (
			await api().get('/posts', { params: { startDate: daysFromNow(0), endDate: daysFromNow(6) } })
		).data.posts[0];
		expect(jsonOf(await run({ resource: 'post', operation: 'deleteGroup', group }))).toEqual([
			{ deleted: true, group },
		]);
	});
});

describe('Post → Create', () => {
	const telegramPost = (content = 'Hello from n8n') =>
		createParams({
			date: daysFromNow(3),
			parts: parts({ content }),
			channels: [channel({ channel: byId(t.sandbox.seed.channels.telegram.id) })],
		});

	describe('on an install allowing one post an hour', () => {
		// Some installs allow 30 an hour; one is enough to reach the limit here.
		const limited = useSandbox({
			profile: 'production',
			rateLimits: { 'POST /posts': { limit: 1, windowSeconds: 3600 } },
		});

		it('a 429 without X-RateLimit headers fails with the time to retry, and the post is not sent again', async () => {
			// The default cap of 60 s: an hour's Retry-After is beyond it, so the node fails at once instead of waiting.
			const requestOptions = { ...FAST, maxRateLimitWait: 60 };
			const viaLimited = async (content: string) =>
				await limited.run({ requestOptions, ...telegramPost(content) });
			expect(jsonOf(await viaLimited('The first post'))).toHaveLength(1);
			const started = Date.now();
			const error = errorOf(await viaLimited('The second post'));
			expect(Date.now() - started).toBeLessThan(3000);
			expect(error.message).toMatch(/POST \/posts: .* \(in 3600 s\)$/);
			expect(error.httpCode).toBe('429');
			// Refused requests are logged with the API base still on the path.
			const posts = (await limited.sandbox.control.requests()).filter(
				(r) => r.method === 'POST' && /(^|\/v1)\/posts$/.test(r.path),
			);
			expect(posts.map((r) => r.status)).toEqual([201, 429]);
		});
	});

	it('sends settings as real JSON booleans, which production would otherwise coerce', async () => {
		const { x } = t.sandbox.seed.channels;
		const settings = {
			...typedSettingsFor('x', { who_can_reply_post: 'everyone' })!,
			xOptions: { made_with_ai: '={{ "false" }}' },
		};
		const result = await run(
			createParams({
				date: daysFromNow(3),
				channels: [
					channel({
						channel: byId(x.id),
						platform: 'x',
						settings,
						parts: parts({ content: 'Hi' }),
					}),
				],
			}),
		);
		expect(result.error).toBeUndefined();
		const [post] = (
			await api().get('/posts', { params: { startDate: daysFromNow(0), endDate: daysFromNow(6) } })
		).data.posts;
		expect(JSON.parse(post.settings as string)).toEqual({
			who_can_reply_post: 'everyone',
			made_with_ai: false,
			__type: 'x',
			// Skip Posts Already Created's mark (earlierPosts.ts), kept by the service as production does.
			n8nItemMark: expect.stringMatching(/^[0-9a-f]{32}$/),
			n8nSentAt: expect.any(String),
		});
	});

	it('checks `type` itself (production would schedule an unknown one) and sends nothing', async () => {
		const body = postBody(t.sandbox.seed.channels.telegram.id, { type: 'publish' });
		const error = errorOf(await run(jsonParams(body)));
		expect(error.message).toMatch(/^Item 1, "type" in Request \(JSON\): "publish" /);
		expect(error.description).toContain(
			'type must be one of the following values: draft, schedule, now',
		);
		expect(await routesHit()).not.toContain('POST /posts');
	});

	it('never lets a string setting reach the service from JSON settings (production would read "false" as true)', async () => {
		const { x } = t.sandbox.seed.channels;
		const settingsJson = { who_can_reply_post: 'everyone', made_with_ai: 'false' };
		const result = await run(
			createParams({
				date: daysFromNow(3),
				channels: [
					channel({
						channel: byId(x.id),
						platform: 'x',
						settingsJson,
						parts: parts({ content: 'Hi' }),
					}),
				],
			}),
		);
		const sent = (await t.sandbox.control.requests()).filter(
			(r) => r.method === 'POST' && r.path === '/posts',
		);
		if (result.error) {
			// Refused before sending, naming the field.
			expect(`${result.error.message} ${result.error.description ?? ''}`).toMatch(/made_with_ai/);
			expect(sent).toEqual([]);
		} else {
			expect((sent[0].body as { posts: Array<{ settings: unknown }> }).posts[0].settings).toEqual({
				who_can_reply_post: 'everyone',
				made_with_ai: false,
			});
		}
	});

	it('takes the next free slot of an enabled channel', async () => {
		const { telegram } = t.sandbox.seed.channels;
		const result = await run(
			createParams({
				nextSlot: true,
				parts: parts({ content: 'Hi' }),
				channels: [channel({ channel: byId(telegram.id) })],
			}),
		);
		expect(result.error).toBeUndefined();
		expect(await routesHit()).toEqual([
			'GET /integrations',
			'GET /posts',
			`GET /find-slot/${telegram.id}`,
			'POST /posts',
		]);
	});

	it('refuses the next free slot of an unknown channel without asking production, which would never answer', async () => {
		const started = Date.now();
		const result = await run(
			createParams({
				nextSlot: true,
				parts: parts({ content: 'Hi' }),
				channels: [channel({ channel: byId(UNKNOWN_ID) })],
			}),
		);
		expect(errorOf(result).message).toContain(UNKNOWN_ID);
		expect(Date.now() - started).toBeLessThan(1500);
		expect(
			(await routesHit()).filter((r) => r.startsWith('GET /find-slot') || r === 'POST /posts'),
		).toEqual([]);
	});

	it("a JSON body over 100 kB is refused before sending, or, with the checks skipped, explained from production's 413", async () => {
		const { facebook } = t.sandbox.seed.channels;
		// Two parts of 60,000 characters: within facebook's 63,206 each, over production's 100 kB body limit together.
		const long = 'a'.repeat(60_000);
		const params = (options: Record<string, unknown> = {}) =>
			createParams({
				date: daysFromNow(3),
				channels: [
					channel({
						channel: byId(facebook.id),
						parts: parts({ content: long }, { content: long }),
					}),
				],
				options,
			});
		const sentPosts = async () =>
			(await t.sandbox.control.requests()).filter(
				(r) => r.method === 'POST' && /(^|\/v1)\/posts$/.test(r.path),
			);

		const local = errorOf(await run(params()));
		expect(`${local.message} ${local.description ?? ''}`).toMatch(/100 ?kB/i);
		expect(await sentPosts()).toEqual([]);

		const remote = errorOf(await run(params({ skipChecks: true })));
		expect(remote.httpCode).toBe('413');
		expect(remote.message).toContain('POST /posts');
		expect(remote.description).toMatch(/100 kB/);
		expect(remote.description).not.toMatch(/Upload From URL/);
		expect((await sentPosts()).map((r) => r.status)).toEqual([413]);
	});
});
