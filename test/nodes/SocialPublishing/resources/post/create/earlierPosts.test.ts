/**
 * Skip Posts Already Created (earlierPosts.ts): running the same items again finds the posts the
 * node marked for them, whatever the order and shape of GET /posts, and creates only the rest; a
 * repeat made on purpose (a new input item with the same text, the next day) is posted; a post
 * without the node's mark is never taken for an item's; each skipped item says why in words.
 */
import fc from 'fast-check';

import {
	LOOK_BACK_DAYS,
	matchEarlier,
	type Expected,
} from '../../../../../../nodes/SocialPublishing/resources/post/create/earlierPosts';
import {
	ITEM_MARK_KEY,
	SENT_AT_KEY,
} from '../../../../../../nodes/SocialPublishing/resources/post/create/itemMark';
import { channel, createParams, parts } from '../../../createParameters';
import { byId, errorOf, jsonOf, useSandbox, type Harness } from '../../../support';

const DAY_MS = 86_400_000;
const NOW = Date.parse('2030-01-10T12:00:00Z');
const DATES = ['2030-02-01T09:00:00Z', '2030-02-01T09:30:00Z', '2030-03-01T09:00:00Z'].map(
	Date.parse,
);
const CHANNELS = ['c1', 'c2', 'c3'];
const MARKS = ['m-a', 'm-b', 'm-c'];

/** One item of a run: its mark (equal items share one) and its channels. */
const itemArb = fc.record({
	mark: fc.constantFrom(...MARKS),
	channelIds: fc.uniqueArray(fc.constantFrom(...CHANNELS), { minLength: 1, maxLength: 3 }),
});

/** One item of a run: its channels, text and date (a Schedule date, or Now). */
const textItemArb = fc.record({
	// Each channel its own text (Own Parts per Channel) or the same.
	posts: fc.uniqueArray(
		fc.record({
			channelId: fc.constantFrom(...CHANNELS),
			text: fc.constantFrom('Hello', 'Launch day', 'Hello again'),
		}),
		{ minLength: 1, maxLength: 3, selector: (post) => post.channelId },
	),
	date: fc.option(fc.constantFrom(...DATES), { nil: undefined }),
});

/** How the service may show a text it stored: as sent, in a paragraph, with other spaces. */
const shownAs = fc.constantFrom(
	(text: string) => text,
	(text: string) => `<p>${text}</p>`,
	(text: string) => `  ${text.replace(/ /g, '   ')}\n`,
);

/** A post's settings as the service may list them: an object, or production's JSON string. */
const settingsShown = fc.constantFrom(
	(settings: object) => settings,
	(settings: object) => JSON.stringify(settings),
	(settings: object) => JSON.stringify({ __type: 'telegram', ...settings }),
);

describe('matching an earlier run’s posts (property)', () => {
	it('a rerun of a run that stopped after its first p items finds exactly those p, each post once, and never a post without the mark', () => {
		fc.assert(
			fc.property(
				fc.array(itemArb, { minLength: 1, maxLength: 8 }),
				fc.nat(),
				fc.array(settingsShown, { minLength: 30, maxLength: 30 }),
				fc.integer({ min: 0, max: 5 }),
				fc.boolean(),
				fc.infiniteStream(fc.nat()),
				(items, stopAt, shows, noise, repeated, order) => {
					const p = stopAt % (items.length + 1);
					const expected: Expected[] = items.map((item, itemIndex) => ({
						itemIndex,
						mark: item.mark,
						posts: item.channelIds.map((channelId) => ({ channelId, text: 'Good morning' })),
						range: [NOW - LOOK_BACK_DAYS * DAY_MS, NOW + DAY_MS],
					}));
					// What the service holds after the first run: the posts of items 1..p, and others.
					let n = 0;
					const listed: unknown[] = items.slice(0, p).flatMap((item) =>
						item.channelIds.map((channelId) => {
							n++;
							const sentAt = new Date(NOW - DAY_MS + n * 1000).toISOString();
							return {
								id: `post-${n}`,
								content: 'Good morning',
								publishDate: sentAt,
								integration: { id: channelId },
								settings: shows[n % shows.length]({
									[ITEM_MARK_KEY]: item.mark,
									[SENT_AT_KEY]: sentAt,
								}),
								state: 'QUEUE',
							};
						}),
					);
					for (let i = 0; i < noise; i++) {
						// The same text on every channel, without the mark or with another one.
						for (const channelId of CHANNELS) {
							listed.push({
								id: `unmarked-${i}-${channelId}`,
								content: 'Good morning',
								publishDate: new Date(NOW).toISOString(),
								integration: { id: channelId },
								settings: shows[i](i % 2 ? {} : { [ITEM_MARK_KEY]: 7 }),
							});
							listed.push({
								id: `other-${i}-${channelId}`,
								content: 'Good morning',
								publishDate: new Date(NOW).toISOString(),
								integration: { id: channelId },
								settings: shows[i]({ [ITEM_MARK_KEY]: 'another item' }),
							});
						}
						listed.push({ id: `broken-${i}`, settings: '{"n8nItemMark":' }, null, 'Hi', 42);
					}
					// A repeating post is listed once per repetition.
					if (repeated && listed.length > 0) listed.push(listed[0]);
					const shuffled = listed
						.map((post, i) => ({ post, key: (order.next().value as number) + i / 1000 }))
						.sort((a, b) => a.key - b.key)
						.map(({ post }) => post);

					const found = matchEarlier(expected, shuffled);

					// An item whose mark an earlier item shares may take that item's posts: then the items
					// after it find theirs among what is left, the same number in all.
					const foundPosts = [...found.values()].flatMap((outcome) =>
						'posts' in outcome ? outcome.posts : [],
					);
					const ids = foundPosts.map((post) => post.id);
					expect(new Set(ids).size).toBe(ids.length);
					expect(ids.every((id) => id.startsWith('post-'))).toBe(true);
					expect(ids.sort()).toEqual(
						Array.from({ length: n }, (_, i) => `post-${i + 1}`)
							.filter((id) => ids.includes(id))
							.sort(),
					);
					for (const [itemIndex, outcome] of found) {
						if (!('posts' in outcome)) continue;
						expect(outcome.posts.map((post) => [post.channelId, post.mark])).toEqual(
							items[itemIndex].channelIds.map((channelId) => [channelId, items[itemIndex].mark]),
						);
					}
					// With no two items sharing a mark, exactly the first p are found, whole.
					if (new Set(items.map((item) => item.mark)).size === items.length) {
						expect([...found.keys()].sort((a, b) => a - b)).toEqual(
							Array.from({ length: p }, (_, i) => i),
						);
						expect(ids).toHaveLength(n);
					}
				},
			),
			{ numRuns: 300 },
		);
	});

	it('on a service that lists no settings (the spec’s GET /posts), a rerun finds by text and date exactly the posts of the first p items, each once', () => {
		fc.assert(
			fc.property(
				fc.array(textItemArb, { minLength: 1, maxLength: 8 }),
				fc.nat(),
				fc.array(shownAs, { minLength: 30, maxLength: 30 }),
				fc.array(fc.nat({ max: 7 * DAY_MS }), { minLength: 30, maxLength: 30 }),
				fc.integer({ min: 0, max: 5 }),
				fc.boolean(),
				fc.infiniteStream(fc.nat()),
				(items, stopAt, shows, ages, noise, repeated, order) => {
					const p = stopAt % (items.length + 1);
					const expected: Expected[] = items.map((item, itemIndex) => ({
						itemIndex,
						mark: `mark-${itemIndex}`,
						posts: item.posts,
						...(item.date === undefined ? {} : { date: item.date }),
						range:
							item.date === undefined
								? [NOW - LOOK_BACK_DAYS * DAY_MS, NOW + DAY_MS]
								: [item.date - DAY_MS, item.date + DAY_MS],
					}));
					// What the service holds after the first run: the posts of items 1..p, and others.
					let n = 0;
					const listed: unknown[] = items.slice(0, p).flatMap((item) =>
						item.posts.map(({ channelId, text }) => {
							n++;
							return {
								id: `post-${n}`,
								content: shows[n % shows.length](text),
								publishDate: new Date(item.date ?? NOW - ages[n % ages.length]).toISOString(),
								integration: { id: channelId },
								state: 'QUEUE',
							};
						}),
					);
					for (let i = 0; i < noise; i++) {
						listed.push({
							id: `other-${i}`,
							content: 'Something else',
							publishDate: new Date(DATES[0]).toISOString(),
							integration: { id: 'c1' },
						});
						listed.push({ id: `broken-${i}`, content: 'Hello' }, null, 'Hello', 42);
					}
					// A repeating post is listed once per repetition.
					if (repeated && listed.length > 0) listed.push(listed[0]);
					const shuffled = listed
						.map((post, i) => ({ post, key: (order.next().value as number) + i / 1000 }))
						.sort((a, b) => a.key - b.key)
						.map(({ post }) => post);

					const found = matchEarlier(expected, shuffled);

					expect([...found.keys()].sort((a, b) => a - b)).toEqual(
						Array.from({ length: p }, (_, i) => i),
					);
					const ids: string[] = [];
					for (const [itemIndex, outcome] of found) {
						expect('posts' in outcome).toBe(true);
						if (!('posts' in outcome)) continue;
						expect(outcome.posts.map((post) => [post.channelId, post.text])).toEqual(
							items[itemIndex].posts.map(({ channelId, text }) => [channelId, text]),
						);
						ids.push(...outcome.posts.map((post) => post.id));
					}
					expect(new Set(ids).size).toBe(ids.length);
				},
			),
			{ numRuns: 300 },
		);
	});

	it('finds nothing in an answer of any shape that holds no marked post, and never throws', () => {
		fc.assert(
			fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), (posts) => {
				const found = matchEarlier(
					[
						{
							itemIndex: 0,
							mark: 'a mark no post has',
							posts: [{ channelId: 'c1', text: 'A text no post has' }],
							range: [0, 8e15],
						},
					],
					posts,
				);
				expect(found.size).toBe(0);
			}),
		);
	});
});

/** The posts of the sandbox with this text, from 8 days back to a year ahead. */
const storedIn = (t: Harness) => async (content: string) =>
	(
		(
			await t.api().get('/posts', {
				params: {
					startDate: new Date(Date.now() - 8 * DAY_MS).toISOString(),
					endDate: new Date(Date.now() + 370 * DAY_MS).toISOString(),
				},
			})
		).data.posts as Array<{ content: string; settings: unknown }>
	).filter((post) => post.content === content);

describe('Post → Create run again', () => {
	const t = useSandbox();
	const channels = () => t.sandbox.seed.channels;

	const stored = storedIn(t);

	it.each([
		['Now', { type: 'now' as const }],
		['the next free slot', { nextSlot: true }],
		['a date', { date: new Date(Date.now() + 30 * DAY_MS).toISOString() }],
	])('a post of %s is found by the rerun, not created again, and said', async (_what, when) => {
		const parameters = createParams({
			...when,
			parts: parts({ content: `Once only (${_what})` }),
			channels: [channel({ channel: byId(channels().telegram.id) })],
		});
		const first = jsonOf(await t.run(parameters));
		const again = jsonOf(await t.run(parameters));

		expect(first).toHaveLength(1);
		// The same shape as the fresh item, and why; a Now post was published since.
		expect(again).toEqual([
			{
				...first[0],
				alreadySent: true,
				sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
				skipped: expect.stringMatching(
					new RegExp(
						`^Item 1 was not posted again: an earlier run of this node posted it at \\S+Z \\(post ${String(first[0].postId)} on "${channels().telegram.name}" \\(telegram\\)\\) from the same input item with the same text, so this run is taken for a rerun of it \\(a rerun, Retry On Fail or a retried execution\\)\\. This run skipped 1 of its 1 items as posted before\\. To post it again, switch Skip Posts Already Created off`,
					),
				),
				...('type' in when
					? {
							state: 'PUBLISHED',
							date: expect.any(String),
							releaseURL: expect.stringMatching(/^https:/),
						}
					: {}),
			},
		]);
		expect(await stored(`Once only (${_what})`)).toHaveLength(1);
	});

	it('finds a post made of each channel’s own text (Own Parts per Channel)', async () => {
		const { telegram, mastodon } = channels();
		const parameters = createParams({
			channels: [
				channel({ channel: byId(telegram.id), parts: parts({ content: 'Short' }) }),
				channel({ channel: byId(mastodon.id), parts: parts({ content: 'A longer text' }) }),
			],
		});
		const first = jsonOf(await t.run(parameters));
		const again = jsonOf(await t.run(parameters));

		expect(again.map((post) => [post.postId, post.alreadySent])).toEqual(
			first.map((post) => [post.postId, true]),
		);
	});

	it('on a service that lists no settings, takes a Now post of the same text within 7 days for the item’s, and says so', async () => {
		const parameters = createParams({
			type: 'now',
			parts: parts({ content: 'Same text, new day' }),
			channels: [channel({ channel: byId(channels().telegram.id) })],
		});
		await t.run(parameters, { items: [{ json: { day: 1 } }] });
		const next = jsonOf(await t.run(parameters, { items: [{ json: { day: 2 } }] }));
		expect(next.map((post) => [post.alreadySent, typeof post.skipped])).toEqual([[true, 'string']]);
	});

	it('with the option off, posts the same item again', async () => {
		const parameters = createParams({
			type: 'now',
			parts: parts({ content: 'Again on purpose' }),
			channels: [channel({ channel: byId(channels().telegram.id) })],
			skipPostsAlreadyCreated: false,
		});
		await t.run(parameters);
		expect(jsonOf(await t.run(parameters)).map((post) => post.alreadySent)).toEqual([false]);
		expect(await stored('Again on purpose')).toHaveLength(2);
	});

	it('refuses an item found on some of its channels only, naming both, and sends nothing', async () => {
		const { telegram, mastodon } = channels();
		const parameters = createParams({
			parts: parts({ content: 'On two channels' }),
			channels: [channel({ channel: byId(telegram.id) }), channel({ channel: byId(mastodon.id) })],
		});
		const [onTelegram] = jsonOf(await t.run(parameters));
		await t.api().delete(`/posts/${String(onTelegram.postId)}`);
		await t.sandbox.control.clearRequests();

		const error = errorOf(await t.run(parameters));

		expect(error.message).toMatch(
			new RegExp(
				`^Item 1 was created before on some of its channels only: post \\S+ on "${mastodon.name}" \\(mastodon\\)$`,
			),
		);
		expect(error.description).toContain(
			`No post this node made for this item was found on "${telegram.name}" (telegram)`,
		);
		expect((await t.routes()).filter((route) => route.startsWith('POST'))).toEqual([]);
	});
});

describe('Post → Create run again, on the service as production lists posts (settings, the mark in them)', () => {
	const t = useSandbox({ profile: 'production' });
	const channels = () => t.sandbox.seed.channels;

	const stored = storedIn(t);

	it('posts the same text each day from a new trigger item, and never twice for one item', async () => {
		const parameters = createParams({
			type: 'now',
			parts: parts({ content: 'Good morning, friends!' }),
			channels: [channel({ channel: byId(channels().telegram.id) })],
		});
		const day = (date: string) => ({ items: [{ json: { timestamp: date } }] });

		const monday = jsonOf(await t.run(parameters, day('2030-01-07T08:00:00Z')));
		const tuesday = jsonOf(await t.run(parameters, day('2030-01-08T08:00:00Z')));
		const tuesdayAgain = jsonOf(await t.run(parameters, day('2030-01-08T08:00:00Z')));

		expect(monday.map((post) => post.alreadySent)).toEqual([false]);
		expect(tuesday.map((post) => post.alreadySent)).toEqual([false]);
		expect(tuesdayAgain.map((post) => [post.alreadySent, post.postId])).toEqual([
			[true, tuesday[0].postId],
		]);
		expect(await stored('Good morning, friends!')).toHaveLength(2);
	});

	it('a failed run retried the next day posts nothing twice', async () => {
		const parameters = createParams({
			type: 'now',
			parts: parts({ content: '={{ $json.text }}' }),
			channels: [channel({ channel: byId(channels().telegram.id) })],
		});
		const items = [{ json: { text: 'Day one, first' } }, { json: { text: 'Day one, second' } }];
		// Yesterday: the first post is created, the second gets no answer the node can read.
		await t.sandbox.control.setNow(new Date(Date.now() - DAY_MS).toISOString());
		await t.sandbox.control.addFault({
			method: 'POST',
			path: '/posts',
			fault: 'error500',
			skip: 1,
		});
		const yesterday = await t.run(parameters, { items });
		expect(errorOf(yesterday).message).toMatch(/HTTP 500/);
		await t.sandbox.control.setNow(new Date().toISOString());

		const today = jsonOf(await t.run(parameters, { items }));

		expect(today.map((post) => [post.alreadySent, post.skipped === undefined])).toEqual([
			[true, false],
			[false, true],
		]);
		expect(await stored('Day one, first')).toHaveLength(1);
		expect(await stored('Day one, second')).toHaveLength(1);
	});

	it('never takes a post made elsewhere with the same text for the item’s own', async () => {
		const { telegram } = channels();
		await t.api().post('/posts', {
			type: 'now',
			date: new Date().toISOString(),
			shortLink: false,
			tags: [],
			posts: [
				{ integration: { id: telegram.id }, value: [{ content: 'Made elsewhere', image: [] }] },
			],
		});
		const parameters = createParams({
			type: 'now',
			parts: parts({ content: 'Made elsewhere' }),
			channels: [channel({ channel: byId(telegram.id) })],
		});

		expect(jsonOf(await t.run(parameters)).map((post) => post.alreadySent)).toEqual([false]);
		expect(await stored('Made elsewhere')).toHaveLength(2);
	});

	it('marks each created post in its settings, beside the settings the node sent', async () => {
		const result = await t.run(
			createParams({
				date: new Date(Date.now() + 3 * DAY_MS).toISOString(),
				parts: parts({ content: 'Marked' }),
				channels: [
					channel({
						channel: byId(channels().x.id),
						settingsJson: { who_can_reply_post: 'everyone' },
					}),
				],
			}),
		);
		expect(result.error).toBeUndefined();
		const [post] = await stored('Marked');
		const settings =
			typeof post.settings === 'string' ? JSON.parse(post.settings) : (post.settings as object);
		expect(settings).toEqual(
			expect.objectContaining({
				[ITEM_MARK_KEY]: expect.stringMatching(/^[0-9a-f]{32}$/),
				[SENT_AT_KEY]: expect.stringMatching(/Z$/),
				who_can_reply_post: 'everyone',
			}),
		);
	});
});
