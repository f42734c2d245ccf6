/**
 * Options → Skip Posts Already Created (earlierPosts.ts): running the same items again finds the
 * posts an earlier run created, whatever the order and shape of GET /posts, and creates only the
 * rest; an item found on some of its channels only is refused.
 */
import fc from 'fast-check';

import {
	LOOK_BACK_DAYS,
	matchEarlier,
	type Expected,
} from '../../../../../../nodes/SocialPublishing/resources/post/create/earlierPosts';
import { channel, createParams, parts } from '../../../createParameters';
import { byId, errorOf, jsonOf, useSandbox } from '../../../support';

const DAY_MS = 86_400_000;
const NOW = Date.parse('2030-01-10T12:00:00Z');
const DATES = ['2030-02-01T09:00:00Z', '2030-02-01T09:30:00Z', '2030-03-01T09:00:00Z'].map(
	Date.parse,
);
const CHANNELS = ['c1', 'c2', 'c3'];

/** One item of a run: its channels, text and date (a Schedule date, or Now). */
const itemArb = fc.record({
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

describe('matching an earlier run’s posts (property)', () => {
	it('a rerun of a run that stopped after its first p items finds exactly those p, each post once', () => {
		fc.assert(
			fc.property(
				fc.array(itemArb, { minLength: 1, maxLength: 8 }),
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

	it('finds nothing in an answer of any shape that holds no such post, and never throws', () => {
		fc.assert(
			fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), (posts) => {
				const found = matchEarlier(
					[
						{
							itemIndex: 0,
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

describe('Post → Create run again', () => {
	const t = useSandbox();
	const channels = () => t.sandbox.seed.channels;

	const storedCount = async (content: string) =>
		(
			(
				await t.api().get('/posts', {
					params: {
						startDate: new Date(Date.now() - 8 * DAY_MS).toISOString(),
						endDate: new Date(Date.now() + 370 * DAY_MS).toISOString(),
					},
				})
			).data.posts as Array<{ content: string }>
		).filter((post) => post.content === content).length;

	it.each([
		['Now', { type: 'now' as const }],
		['the next free slot', { nextSlot: true }],
		['a date', { date: new Date(Date.now() + 30 * DAY_MS).toISOString() }],
	])('a post of %s is found by the rerun and not created again', async (_what, when) => {
		const parameters = createParams({
			...when,
			parts: parts({ content: `Once only (${_what})` }),
			channels: [channel({ channel: byId(channels().telegram.id) })],
		});
		const first = jsonOf(await t.run(parameters));
		const again = jsonOf(await t.run(parameters));

		expect(first).toHaveLength(1);
		// The same shape as the fresh item; a Now post was published since: its state, date and link.
		expect(again).toEqual([
			{
				...first[0],
				alreadySent: true,
				...('type' in when
					? {
							state: 'PUBLISHED',
							date: expect.any(String),
							releaseURL: expect.stringMatching(/^https:/),
						}
					: {}),
			},
		]);
		expect(Object.keys(again[0]).sort()).toEqual(Object.keys(first[0]).sort());
		expect(await storedCount(`Once only (${_what})`)).toBe(1);
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

	it('does not take a post scheduled later with the same text for a Now item', async () => {
		const { telegram } = channels();
		const post = (when: { type?: 'now'; date?: string }) =>
			createParams({
				...when,
				parts: parts({ content: 'Now or later' }),
				channels: [channel({ channel: byId(telegram.id) })],
			});
		await t.run(post({ date: new Date(Date.now() + 2 * 3_600_000).toISOString() }));
		const now = jsonOf(await t.run(post({ type: 'now' })));

		expect(now).toEqual([expect.objectContaining({ alreadySent: false })]);
		expect(await storedCount('Now or later')).toBe(2);
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
			`No post with its text and date was found on "${telegram.name}" (telegram)`,
		);
		expect((await t.routes()).filter((route) => route.startsWith('POST'))).toEqual([]);
	});
});
