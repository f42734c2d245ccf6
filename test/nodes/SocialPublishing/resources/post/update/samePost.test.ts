/**
 * Post → Update with several items naming one post (update/samePost.ts): the first item naming a post may change it,
 * each later one is refused before anything is sent, in words naming the items, the post and the fix. Without
 * Continue On Fail the run sends nothing (all or nothing, as every refusal); with it, each later item is an error
 * item paired to its input item. Through n8n's engine against the sandbox's production profile, and the rule itself
 * for any order in which the items read their Post ID.
 */
import fc from 'fast-check';
import type { IExecuteSingleFunctions, INodeParameters } from 'n8n-workflow';

import { SEED_IDS } from '../../../../../../sandbox';
import { namedByAnEarlierItem } from '../../../../../../nodes/SocialPublishing/resources/post/update/samePost';
import type { RunOptions } from '../../../support';
import { createPosts, daysFromNow, errorOf, jsonOf, useSandbox } from '../../../support';

const t = useSandbox({ profile: 'production' });
const { mastodon } = SEED_IDS.channels;

/** Three queued posts, each its own group (a resend of a post sharing its group is refused for that). */
async function threePosts(): Promise<string[]> {
	const ids: string[] = [];
	for (const content of ['First', 'Second', 'Third']) {
		const [post] = await createPosts(t, { date: daysFromNow(3), channels: [mastodon], content });
		ids.push(post.postId);
	}
	return ids;
}

/** Post → Update of each item's `postId` to its `text`; `options`: Update's Options. */
const updateItems = (
	items: Array<{ postId: string; text: string }>,
	run: RunOptions = {},
	options: INodeParameters = {},
) =>
	t.run(
		{
			resource: 'post',
			operation: 'update',
			postId: '={{ $json.postId }}',
			updateFields: { content: '={{ $json.text }}' },
			mediaAndFollowUps: 'none',
			options,
		},
		{ ...run, items },
	);

/** The posts the sandbox was sent as edits (POST /posts), by the id of their first part. */
async function postsSent(): Promise<string[]> {
	const sent = await t.requests('POST', '/posts');
	return sent.map(
		(request) =>
			(request.body as { posts: Array<{ value: Array<{ id: string }> }> }).posts[0].value[0].id,
	);
}

const stored = async (postId: string) =>
	(await t.sandbox.control.storedPost(postId))?.parts[0]?.content;

describe('Post → Update: two items naming one post', () => {
	it('refuses the run before sending anything, naming the items, the post and the fix', async () => {
		const [a, b] = await threePosts();
		await t.sandbox.control.clearRequests();

		const result = await updateItems([
			{ postId: a, text: 'A by item 1' },
			{ postId: b, text: 'B by item 2' },
			{ postId: a, text: 'A by item 3' },
		]);

		const error = errorOf(result);
		expect(error.message).toBe(
			`Item 3, Post ID: items 1 and 3 of this run all name post ${a}; only the first of them (item 1) may change it, as each later one would change it again and replace that item's edit`,
		);
		expect(error.description).toMatch(
			/^To fix: give each post to one item: merge the changes of items 1 and 3 into one item/,
		);
		expect(error.description).toContain('Nothing was sent for any item of this run');
		expect(error.description).toContain('Fix item 3');
		expect(await postsSent()).toEqual([]);
		expect((await t.routes()).filter((route) => !route.startsWith('GET '))).toEqual([]);
		expect([await stored(a), await stored(b)]).toEqual(['First', 'Second']);
	});

	it('Continue On Fail: the first item changes the post once; each later one is an error item in its place, paired', async () => {
		const [a, b] = await threePosts();
		await t.sandbox.control.clearRequests();

		const result = await updateItems(
			[
				{ postId: a, text: 'A by item 1' },
				{ postId: b, text: 'B by item 2' },
				{ postId: a, text: 'A by item 3' },
				{ postId: a, text: 'A by item 4' },
			],
			{ continueOnFail: true },
		);

		expect(result.error).toBeUndefined();
		const [one, two, three, four] = result.items;
		expect(one.json).toMatchObject({ postId: a, changes: { text: { after: 'A by item 1' } } });
		expect(two.json).toMatchObject({ postId: b, changes: { text: { after: 'B by item 2' } } });
		expect(three.error?.message).toMatch(
			new RegExp(
				`^Item 3, Post ID: items 1 and 3 of this run all name post ${a}; only the first of them \\(item 1\\)`,
			),
		);
		expect(four.error?.message).toMatch(
			new RegExp(`^Item 4, Post ID: items 1, 3 and 4 of this run all name post ${a}; `),
		);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		// Each post sent once, in item order.
		expect(await postsSent()).toEqual([a, b]);
		expect([await stored(a), await stored(b)]).toEqual(['A by item 1', 'B by item 2']);
	});

	it('on the error output: the later item goes there with its fix, paired to its input item', async () => {
		const [a] = await threePosts();
		await t.sandbox.control.clearRequests();

		const result = await updateItems(
			[
				{ postId: a, text: 'A by item 1' },
				{ postId: a, text: 'A by item 2' },
			],
			{ onError: 'continueErrorOutput' },
		);

		expect(jsonOf(result)).toEqual([expect.objectContaining({ postId: a })]);
		expect(result.errorItems).toEqual([
			expect.objectContaining({
				json: expect.objectContaining({
					error: expect.stringMatching(
						/^Item 2, Post ID: items 1 and 2 of this run all name post /,
					),
					message: expect.stringContaining('a Remove Duplicates node comparing the Post ID'),
				}),
				pairedItem: { item: 1 },
			}),
		]);
		expect(await postsSent()).toEqual([a]);
	});

	it('Options → Check Only: the later item reports it as a problem (ok: false), the first is ok; nothing sent', async () => {
		const [a] = await threePosts();
		await t.sandbox.control.clearRequests();

		const result = await updateItems(
			[
				{ postId: a, text: 'A by item 1' },
				{ postId: a, text: 'A by item 2' },
			],
			{},
			{ checkOnly: true },
		);

		expect(result.error).toBeUndefined();
		const [first, second] = jsonOf(result);
		expect(first).toMatchObject({ checkOnly: true, ok: true, postId: a, problems: [] });
		expect(second).toMatchObject({ checkOnly: true, ok: false, postId: a });
		expect(second.problems).toEqual([
			expect.stringMatching(
				new RegExp(
					`^Item 2, Post ID: items 1 and 2 of this run all name post ${a}; .+ To fix: give each post to one item`,
				),
			),
		]);
		expect((await t.routes()).filter((route) => !route.startsWith('GET '))).toEqual([]);
	});

	it('any arrangement of the posts among 2 to 5 items: no post is sent twice, and every later item names the first', async () => {
		const posts = await threePosts();
		let run = 0;
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 2, maxLength: 5 }),
				fc.boolean(),
				async (arrangement, continueOnFail) => {
					run++;
					await t.sandbox.control.clearRequests();
					const ids = arrangement.map((n) => posts[n]);
					const firstOf = (index: number) => ids.indexOf(ids[index]);
					const later = ids.map((_, index) => firstOf(index) !== index);
					const items = ids.map((postId, i) => ({ postId, text: `Run ${run}, item ${i + 1}` }));

					const result = await updateItems(items, { continueOnFail });

					const sent = await postsSent();
					// No post is sent twice, whatever the run.
					expect(new Set(sent).size).toBe(sent.length);
					if (!continueOnFail && later.some(Boolean)) {
						// All or nothing: the shown error is the first later item's own.
						expect(sent).toEqual([]);
						const shown = later.indexOf(true);
						expect(errorOf(result).message).toMatch(
							new RegExp(
								`^Item ${shown + 1}, Post ID: items ${firstOf(shown) + 1}(, \\d+)* and ${shown + 1} of this run all name post ${ids[shown]}; only the first of them \\(item ${firstOf(shown) + 1}\\)`,
							),
						);
						return;
					}
					// Each post named is sent once, by the first item naming it.
					expect(sent).toEqual([...new Set(ids)]);
					expect(result.items).toHaveLength(ids.length);
					result.items.forEach((item, index) => {
						expect(item.pairedItem).toEqual({ item: index });
						if (!later[index]) return expect(item.json).toMatchObject({ postId: ids[index] });
						// Named with every earlier item naming the same post, the first of them first.
						const naming = ids
							.map((id, i) => (id === ids[index] && i <= index ? i + 1 : 0))
							.filter(Boolean);
						expect(item.error?.message).toContain(
							`Item ${index + 1}, Post ID: items ${naming.slice(0, -1).join(', ')} and ${index + 1} of this run all name post ${ids[index]}; only the first of them (item ${naming[0]})`,
						);
					});
				},
			),
			{ numRuns: 10 },
		);
	});
});

describe('the rule, for any order in which the items read their Post ID (namedByAnEarlierItem)', () => {
	/** The context of item `index` of a run whose input items are `items` (one run: one array). */
	const contextOf = (items: unknown[], index: number) =>
		({
			getExecuteData: () => ({ data: { main: [items] } }),
			getItemIndex: () => index,
		}) as unknown as IExecuteSingleFunctions;

	it('refuses an item only when an earlier item names its post; once all have read, each later item, naming them all', () => {
		fc.assert(
			fc.property(
				fc.array(fc.constantFrom('p1', 'p2', 'p3'), { minLength: 1, maxLength: 8 }).chain((ids) =>
					fc.tuple(
						fc.constant(ids),
						fc.shuffledSubarray(
							ids.map((_, index) => index),
							{ minLength: ids.length, maxLength: ids.length },
						),
					),
				),
				([ids, order]) => {
					const items = ids.map(() => ({ json: {} }));
					const firstOf = (index: number) => ids.indexOf(ids[index]);
					// In its checks, in the order the items read their Post ID: never a refusal without an earlier item.
					for (const index of order) {
						const refused = namedByAnEarlierItem(contextOf(items, index), ids[index]);
						if (!refused) continue;
						expect(firstOf(index)).toBeLessThan(index);
						expect(refused).toMatchObject({ code: 'postNamedTwice', postId: ids[index] });
						expect(refused.code === 'postNamedTwice' && refused.items).toContain(index + 1);
					}
					// Before the uploads, every item has read its Post ID: exactly the later ones refused, naming all.
					ids.forEach((id, index) => {
						const refused = namedByAnEarlierItem(contextOf(items, index), id);
						if (firstOf(index) === index) return expect(refused).toBeUndefined();
						const naming = ids.flatMap((other, i) => (other === id ? [i + 1] : []));
						expect(refused).toEqual({
							kind: 'node',
							code: 'postNamedTwice',
							field: 'postId',
							postId: id,
							items: naming,
						});
					});
				},
			),
		);
	});
});
