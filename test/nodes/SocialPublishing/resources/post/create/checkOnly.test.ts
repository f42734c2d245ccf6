/**
 * Post → Create with Options → Check Only (checkOnly.ts): every check and look-up, a report per item and
 * channel, and no write: the sandbox receives GETs only and stores nothing.
 */
import { channel, createParams, jsonParams, parts } from '../../../createParameters';
import { byId, jsonOf, useSandbox } from '../../../support';

const t = useSandbox({ clock: { mode: 'manual', now: '2026-03-01T08:00:00.000Z' } });

const CHECK_ONLY = { checkOnly: true };

/** What the sandbox holds that a write would change: posts and media. */
async function stored() {
	const org = await t.sandbox.control.org();
	const media = jsonOf(await t.run({ resource: 'media', operation: 'getMany', returnAll: true }));
	return { posts: org.posts, media: media.length };
}

describe('Post → Create: Check Only', () => {
	it('reports per item and channel what would be sent, lengths and problems; only GETs reach the sandbox', async () => {
		const { mastodon, x } = t.sandbox.seed.channels;
		const before = await stored();
		const entries = [
			channel({ channel: byId(mastodon.id) }),
			channel({
				channel: byId(x.id),
				platform: 'x',
				settings: { x_who_can_reply_post: 'everyone' },
			}),
		];
		const result = await t.run(
			createParams({
				parts: parts(
					{
						content: '={{ $json.text }}',
						media: [{ url: '={{ $json.picture }}' }],
					},
					{ content: 'More', delay: '={{ $json.delay }}' },
				),
				channels: entries,
				options: CHECK_ONLY,
			}),
			{
				items: [
					{ json: { text: 'Hello', picture: 'https://cdn.example.com/a.png', delay: 5 } },
					{ json: { text: 'y'.repeat(300), picture: 'https://10.0.0.1/a.png', delay: -1 } },
				],
			},
		);
		expect(result.error).toBeUndefined();
		const rows = jsonOf(result);
		expect(rows.map((row) => [row.channelName, row.platform, row.ok])).toEqual([
			[mastodon.name, 'mastodon', true],
			[x.name, 'x', true],
			[mastodon.name, 'mastodon', false],
			[x.name, 'x', false],
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
		const [good, goodX, bad, badX] = rows;
		expect(good.problems).toEqual([]);
		expect(good.parts).toEqual([
			{ part: 1, length: 5, maxLength: 500 },
			{ part: 2, length: 4, maxLength: 500 },
		]);
		expect(goodX.parts).toEqual([
			{ part: 1, length: 5, maxLength: 280 },
			{ part: 2, length: 4, maxLength: 280 },
		]);
		// The body that would be sent, with the address still to upload named as such.
		expect(good.request).toEqual({
			type: 'schedule',
			date: '2030-01-15T10:00:00.000Z',
			shortLink: false,
			tags: [],
			posts: [
				expect.objectContaining({
					integration: { id: mastodon.id },
					value: [
						{ content: 'Hello', image: [{ uploadFromUrl: 'https://cdn.example.com/a.png' }] },
						{ content: 'More', image: [], delay: 5 },
					],
				}),
				expect.objectContaining({ integration: { id: x.id } }),
			],
		});
		// Problems of the shared parts are said on every channel; the X length only on X.
		expect(bad.problems).toEqual([
			expect.stringContaining(
				'Item 2, Parts → part 1 (the post), media 1 → URL: points to a private network address (10.0.0.1)',
			),
			expect.stringContaining(
				'Item 2, Parts → part 2 (follow-up 1), Delay (Minutes): -1 is below 0. To fix: give a whole number of minutes',
			),
		]);
		expect(badX.problems).toEqual([
			...(bad.problems as string[]),
			expect.stringMatching(
				new RegExp(
					`^Item 2, channel 2 "${x.name}" \\(X\\), Parts → part 1 \\(the post\\), Text: .*300.*280\\. To fix: `,
				),
			),
		]);
		expect(badX.parts).toEqual([
			{ part: 1, length: 300, maxLength: 280 },
			{ part: 2, length: 4, maxLength: 280 },
		]);
		// 0 writes: GETs only (the channel list, once; X's limit for the long text), nothing stored.
		const methods = (await t.requests()).map((request) => request.method);
		expect(methods.length).toBeGreaterThan(0);
		expect(methods.every((method) => method === 'GET')).toBe(true);
		expect(await stored()).toEqual(before);
	});

	it('asks the next free slot without taking it, and reports the date it would send', async () => {
		const { mastodon } = t.sandbox.seed.channels;
		const started = Date.now();
		const result = await t.run(
			createParams({
				nextSlot: true,
				parts: parts({ content: 'Hello' }),
				channels: [channel({ channel: byId(mastodon.id), platform: 'mastodon' })],
				options: CHECK_ONLY,
			}),
			{ items: [{ json: {} }, { json: {} }] },
		);
		expect(result.error).toBeUndefined();
		const rows = jsonOf(result);
		expect(rows).toHaveLength(2);
		expect(rows[0].ok).toBe(true);
		expect(rows[0].date).toMatch(/^2026-03-0\dT\d\d:\d\d:\d\d\.000Z$/);
		// Both items are told the same slot at once: nothing is taken, so the second does not wait for the next.
		expect(rows[1].date).toBe(rows[0].date);
		expect(Date.now() - started).toBeLessThan(5000);
		expect((await t.routes()).every((route) => route.startsWith('GET '))).toBe(true);
	});

	it('a channel the organisation does not have, and JSON that is not JSON, are reported, not thrown', async () => {
		const result = await t.run(
			jsonParams(
				{
					type: 'schedule',
					date: '2030-01-15T10:00:00Z',
					shortLink: false,
					tags: [],
					posts: [
						{
							integration: { id: '0f000000-0000-4000-8000-00000000dead' },
							value: [{ content: 'Hi', image: [] }],
						},
					],
				},
				CHECK_ONLY,
			),
		);
		const [row] = jsonOf(result);
		expect(row.ok).toBe(false);
		expect(row.problems).toEqual([
			expect.stringContaining(
				"Item 1, channel 1 0f000000-0000-4000-8000-00000000dead (not among the service's channels), Channel:",
			),
		]);
		const broken = await t.run({
			resource: 'post',
			operation: 'create',
			inputMode: 'json',
			requestJson: '{"type": ',
			options: CHECK_ONLY,
		});
		expect(jsonOf(broken)).toEqual([
			expect.objectContaining({
				ok: false,
				channelId: null,
				problems: [expect.stringContaining('Item 1, Request (JSON):')],
			}),
		]);
		expect((await t.routes()).every((route) => route.startsWith('GET '))).toBe(true);
	});
});

describe('Post → Create: Check Only with Skip Posts Already Created', () => {
	/** Item 1 on Telegram and Mastodon, created by a run before; item 2 never sent. */
	async function createdBefore(skipPostsAlreadyCreated?: boolean) {
		const { telegram, mastodon } = t.sandbox.seed.channels;
		const parameters = (extra: Record<string, unknown>) =>
			createParams({
				parts: parts({ content: '={{ $json.text }}' }),
				channels: [
					channel({ channel: byId(telegram.id) }),
					channel({ channel: byId(mastodon.id) }),
				],
				skipPostsAlreadyCreated,
				options: extra,
			});
		const first = jsonOf(
			await t.run(parameters({}), { items: [{ json: { text: 'Sent before' } }] }),
		);
		expect(first).toHaveLength(2);
		const before = await stored();
		await t.sandbox.control.clearRequests();
		return { first, parameters, telegram, mastodon, before };
	}

	it('says which items would not be sent, with the earlier post ids, for one GET /posts', async () => {
		const { first, parameters, telegram, mastodon, before } = await createdBefore();
		const result = await t.run(parameters(CHECK_ONLY), {
			items: [{ json: { text: 'Sent before' } }, { json: { text: 'Never sent' } }],
		});
		expect(result.error).toBeUndefined();
		const rows = jsonOf(result);
		expect(rows.map((row) => [row.ok, row.alreadySent, row.earlierPostId])).toEqual([
			[true, true, first[0].postId],
			[true, true, first[1].postId],
			[true, false, null],
			[true, false, null],
		]);
		const said = new RegExp(
			`^Item 1 would not be posted again: an earlier run of this node posted it at \\S+Z \\(post ${String(first[0].postId)} on "${telegram.name}" \\(telegram\\), post ${String(first[1].postId)} on "${mastodon.name}" \\(mastodon\\)\\) from the same input item with the same text, which Skip Posts Already Created outputs with alreadySent: true instead \\(1 of the 2 items would be skipped so\\)\\. To post it again, switch that option off\\.$`,
		);
		expect(rows.map((row) => row.notSent)).toEqual([
			expect.stringMatching(said),
			expect.stringMatching(said),
			null,
			null,
		]);
		expect(await t.routes()).toEqual(['GET /integrations', 'GET /posts']);
		expect(await stored()).toEqual(before);
	});

	it('does not look for earlier posts with Skip Posts Already Created off', async () => {
		const { parameters } = await createdBefore(false);
		const rows = jsonOf(
			await t.run(parameters(CHECK_ONLY), { items: [{ json: { text: 'Sent before' } }] }),
		);
		expect(rows.map((row) => [row.ok, row.alreadySent, row.notSent])).toEqual([
			[true, false, null],
			[true, false, null],
		]);
		expect(await t.routes()).toEqual(['GET /integrations']);
	});

	it('reports an item found on some of its channels only as the problem the run would refuse it for', async () => {
		const { first, parameters, telegram } = await createdBefore();
		await t.api().delete(`/posts/${String(first[1].postId)}`);
		await t.sandbox.control.clearRequests();
		const rows = jsonOf(
			await t.run(parameters(CHECK_ONLY), { items: [{ json: { text: 'Sent before' } }] }),
		);
		expect(rows.map((row) => row.ok)).toEqual([false, false]);
		expect(rows[0].problems).toEqual([
			expect.stringContaining(
				`Item 1 was created before on some of its channels only: post ${String(first[0].postId)} on "${telegram.name}" (telegram). No post this node made for this item was found on`,
			),
		]);
		expect(rows[0].problems).toEqual(rows[1].problems);
		expect(await t.routes()).toEqual(['GET /integrations', 'GET /posts']);
	});
});
