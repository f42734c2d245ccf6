/**
 * The demo's sandbox (demo/sandbox.ts) as a person trying the demo meets it, through n8n's engine: Post → Create on
 * X and LinkedIn, then Post → Update of the X post, must change that post alone and keep its settings, as the real
 * service does (issue 30 point 7, issue 32 point 1).
 */
import type { INodeParameters } from 'n8n-workflow';

import { DEMO_SANDBOX } from '../../demo/sandbox';
import { readExample } from '../../examples/examples';
import { SEED_IDS } from '../../sandbox';
import { channel, createParams, parts } from '../nodes/SocialPublishing/createParameters';
import { byId, jsonOf, useSandbox } from '../nodes/SocialPublishing/support';

const { x, linkedin } = SEED_IDS.channels;
const IN_2030 = '2030-01-15T10:00:00.000Z';
const MOVED = '2030-02-20T12:30:00.000Z';

const t = useSandbox(DEMO_SANDBOX);

/** Post → Create on X (Who Can Reply: Everyone) and LinkedIn, one item; the two post ids by channel. */
async function createdOnXAndLinkedin(): Promise<{ onX: string; onLinkedin: string }> {
	const result = await t.run(
		createParams({
			date: IN_2030,
			channels: [
				channel({
					channel: byId(x),
					platform: 'x',
					settings: { x_who_can_reply_post: 'everyone' },
					parts: parts({ content: 'Spring sale starts Monday' }),
				}),
				channel({
					channel: byId(linkedin),
					platform: 'linkedin',
					parts: parts({ content: 'Our spring sale starts on Monday' }),
				}),
			],
		}),
	);
	expect(result.error).toBeUndefined();
	const posts = jsonOf(result);
	const idOn = (channelId: string) =>
		posts.find((post) => post.integration === channelId || post.channelId === channelId)
			?.postId as string;
	expect([typeof idOn(x), typeof idOn(linkedin)]).toEqual(['string', 'string']);
	return { onX: idOn(x), onLinkedin: idOn(linkedin) };
}

const update = (postId: string, more: Record<string, unknown>) =>
	t.run({ resource: 'post', operation: 'update', postId, ...more });

describe("the demo's sandbox: Post → Update of one channel's post of a two-channel Create", () => {
	it('reschedules the X post alone: the LinkedIn post is unchanged, and X keeps its settings', async () => {
		const { onX, onLinkedin } = await createdOnXAndLinkedin();
		const linkedinBefore = await t.sandbox.control.storedPost(onLinkedin);
		await t.sandbox.control.clearRequests();

		// A reschedule: Publish At and Media and Follow-Up Parts, no settings typed again.
		const result = await update(onX, {
			updateFields: { date: MOVED },
			mediaAndFollowUps: 'none',
		});

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ postId: onX, date: MOVED, state: 'QUEUE' });
		expect(Object.keys(jsonOf(result)[0].changes as object).sort()).toEqual([
			'date',
			'followUpParts',
			'media',
		]);
		const [sent] = await t.requests('POST', '/posts');
		// The post's settings resent as listed, Skip Posts Already Created's mark included: an edit
		// that left it out would drop it (docs/real-backend.md, "A client's own settings keys").
		expect((sent.body as { posts: Array<{ settings: unknown }> }).posts[0].settings).toEqual({
			who_can_reply_post: 'everyone',
			n8nItemMark: expect.stringMatching(/^[0-9a-f]{32}$/),
			n8nSentAt: expect.any(String),
		});
		expect(await t.sandbox.control.storedPost(onLinkedin)).toEqual(linkedinBefore);
		expect(await t.sandbox.control.storedPost(onX)).toMatchObject({
			publishDate: MOVED,
			settings: { who_can_reply_post: 'everyone' },
		});
	});

	it('says the setting an edit changes as it was before (read from GET /posts), not "not set"', async () => {
		const { onX, onLinkedin } = await createdOnXAndLinkedin();
		const linkedinBefore = await t.sandbox.control.storedPost(onLinkedin);

		const result = await update(onX, {
			updateFields: { settingsJson: '{"who_can_reply_post": "following"}' },
		});

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].changes).toEqual({
			'settings.who_can_reply_post': { before: 'everyone', after: 'following' },
		});
		expect(await t.sandbox.control.storedPost(onLinkedin)).toEqual(linkedinBefore);
	});

	it("the demo's first run, the three-channel schedule example, then an Update of its X post: the others stay", async () => {
		const node = readExample('schedule').nodes.find((n) => n.type.endsWith('.socialPublishing'))!;
		const created = await t.run(node.parameters as INodeParameters);
		expect(created.error).toBeUndefined();
		// What the demo itself checks: one POST /posts answered 201, for three channels.
		const [sent] = await t.requests('POST', '/posts');
		expect([sent.status, (sent.body as { posts: unknown[] }).posts.length]).toEqual([201, 3]);
		const ids = jsonOf(created).map((post) => post.postId as string);
		const stored = await Promise.all(ids.map((id) => t.sandbox.control.storedPost(id)));
		expect(new Set(stored.map((post) => post?.group)).size).toBe(3);
		const onX = stored.find((post) => post?.channelId === x)!.id;
		const others = stored.filter((post) => post?.id !== onX);

		const result = await update(onX, {
			updateFields: { content: 'Five ways to plan a week of posts (updated)' },
			mediaAndFollowUps: 'none',
		});

		expect(result.error).toBeUndefined();
		for (const post of others) expect(await t.sandbox.control.storedPost(post!.id)).toEqual(post);
	});
});
