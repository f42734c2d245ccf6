/**
 * X as the real backend takes it, through the node against the sandbox: articles (post_type "article": no
 * who_can_reply_post, a title and a status, pictures only, 100000 characters) in JSON and fields mode, and X's way
 * of counting length (CJK 2 a character, a long link in full).
 */
import type { INodeProperties, INodeParameters } from 'n8n-workflow';
import { SocialPublishing } from '../../../../../../nodes/SocialPublishing/SocialPublishing.node';
import { CASE_DATE, CDN } from '../../../../../fixtures/platformCases';
import { channel, createParams, jsonParams, parts } from '../../../createParameters';
import { byId, errorText, useSandbox, withoutItemMark } from '../../../support';

const t = useSandbox({
	clock: { mode: 'manual', now: '2026-03-01T08:00:00.000Z' },
	storageOrigin: CDN,
	requestOptions: null,
});

const ARTICLE = { post_type: 'article', article_title: 'Launch notes', article_status: 'draft' };

function xBody(
	settings: Record<string, unknown>,
	value: Array<{ content: string; image: unknown[] }>,
) {
	return {
		type: 'schedule',
		date: CASE_DATE,
		shortLink: false,
		tags: [],
		posts: [{ integration: { id: t.sandbox.seed.channels.x.id }, value, settings }],
	};
}

async function sentSettings(): Promise<unknown[]> {
	const requests = await t.sandbox.control.requests();
	return requests
		.filter((r) => r.method === 'POST' && r.path === '/posts')
		.map(
			(r) => withoutItemMark(r.body as { posts: Array<{ settings: unknown }> }).posts[0].settings,
		);
}

describe('X articles', () => {
	it('JSON mode: an article without who_can_reply_post is sent and created, with no typo warning', async () => {
		const result = await t.run(
			jsonParams(xBody(ARTICLE, [{ content: '<p>Article body</p>', image: [] }])),
		);
		expect(errorText(result)).toBe('');
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ postId: expect.any(String), platform: 'x' });
		expect(result.items[0].json.warnings).toBeUndefined();
		expect(await sentSettings()).toEqual([ARTICLE]);
	});

	it("JSON mode: an article with a video is refused before sending, in the service's words", async () => {
		const body = xBody(ARTICLE, [
			{ content: 'Video', image: [{ id: 'media-clip', path: `${CDN}/clip.mp4` }] },
		]);
		const result = await t.run(jsonParams(body));
		expect(result.items).toEqual([]);
		expect(errorText(result)).toContain(
			'X articles only support images (the part has 1 video and 0 pictures)',
		);
		expect(errorText(result)).toContain('An article takes pictures only');
		expect((await t.routes()).filter((route) => route !== 'GET /integrations')).toEqual([]);
	});

	it('JSON mode: an article without its title is refused, naming the field', async () => {
		const result = await t.run(
			jsonParams(
				xBody({ post_type: 'article', article_status: 'published' }, [
					{ content: 'Body', image: [] },
				]),
			),
		);
		expect(result.items).toEqual([]);
		expect(errorText(result)).toContain(
			'posts.0.settings.article_title should not be null or undefined',
		);
		expect(await sentSettings()).toEqual([]);
	});

	it('JSON mode: an article takes 100000 characters, and over that the message names its limit', async () => {
		const over = await t.run(
			jsonParams(xBody(ARTICLE, [{ content: 'a'.repeat(100001), image: [] }])),
		);
		expect(over.items).toEqual([]);
		expect(errorText(over)).toMatch(/Text: .*100001.*100000\n/);
		expect(errorText(over)).toMatch(/To fix: .*100000 characters/);
		expect(await sentSettings()).toEqual([]);
		const fits = await t.run(
			jsonParams(xBody(ARTICLE, [{ content: 'a'.repeat(100000), image: [] }])),
		);
		expect(errorText(fits)).toBe('');
		expect(fits.items).toHaveLength(1);
	});

	it('fields mode: Post Type Article sends the title and status, not a Who Can Reply left from a post', async () => {
		const x = t.sandbox.seed.channels.x;
		const entry = channel({
			channel: byId(x.id),
			platform: 'x',
			settings: {
				x_post_type: 'article',
				x_article_title: 'Launch notes',
				x_article_status: 'published',
				x_who_can_reply_post: 'following',
			},
		});
		const result = await t.run(
			createParams({ date: CASE_DATE, parts: parts({ content: 'Body' }), channels: [entry] }),
		);
		expect(errorText(result)).toBe('');
		expect(await sentSettings()).toEqual([
			{ post_type: 'article', article_title: 'Launch notes', article_status: 'published' },
		]);
	});

	it('fields mode: Post Type Post (the default) sends no post_type, as before', async () => {
		const x = t.sandbox.seed.channels.x;
		const entry = channel({
			channel: byId(x.id),
			platform: 'x',
			settings: {
				x_post_type: 'post',
				x_who_can_reply_post: 'everyone',
				x_article_title: 'left over',
			},
		});
		const result = await t.run(
			createParams({ date: CASE_DATE, parts: parts({ content: 'Hi' }), channels: [entry] }),
		);
		expect(errorText(result)).toBe('');
		expect(await sentSettings()).toEqual([{ who_can_reply_post: 'everyone' }]);
	});

	it('the editor shows the article fields only for Post Type Article, and Who Can Reply only for a post', () => {
		const channels = new SocialPublishing().description.properties.find(
			(p) => p.name === 'channels',
		) as INodeProperties;
		const entryFields = (channels.options as Array<{ values: INodeProperties[] }>)[0].values;
		const field = (name: string) => entryFields.find((p) => p.name === name);
		expect(field('x_post_type')?.options).toEqual([
			expect.objectContaining({ name: 'Post', value: 'post' }),
			expect.objectContaining({ name: 'Article', value: 'article' }),
		]);
		expect(field('x_post_type')?.default).toBe('post');
		for (const name of ['x_article_title', 'x_article_status']) {
			expect(field(name)?.displayOptions).toEqual({
				show: { platform: ['x'], settingsMode: ['fields'], x_post_type: ['article'] },
			});
		}
		expect(field('x_article_status')?.options).toEqual([
			expect.objectContaining({ name: 'Draft', value: 'draft' }),
			expect.objectContaining({ name: 'Published', value: 'published' }),
		]);
		expect(field('x_who_can_reply_post')?.displayOptions).toEqual({
			show: { platform: ['x'], settingsMode: ['fields'] },
			hide: { x_post_type: ['article'] },
		});
		const xOptions = field('xOptions')?.options as INodeProperties[];
		expect(xOptions.map((option) => option.name)).toContain('article_cover');
	});
});

describe('X length as the service counts it', () => {
	const run = (content: string): Promise<Awaited<ReturnType<typeof t.run>>> =>
		t.run(
			jsonParams(
				xBody({ who_can_reply_post: 'everyone' }, [{ content, image: [] }]),
			) as INodeParameters,
		);

	it('refuses 141 CJK characters (282 counted), with the count in the message', async () => {
		const result = await run('文'.repeat(141));
		expect(result.items).toEqual([]);
		expect(errorText(result)).toMatch(/Text: .*282.*280/);
		expect(await sentSettings()).toEqual([]);
	});

	it('refuses a 300-character link (it counts in full, not 23)', async () => {
		const result = await run(`https://example.com/${'p'.repeat(280)}`);
		expect(errorText(result)).toMatch(/Text: .*300.*280/);
		expect(await sentSettings()).toEqual([]);
	});

	it('sends 140 CJK characters', async () => {
		const result = await run('文'.repeat(140));
		expect(errorText(result)).toBe('');
		expect(result.items).toHaveLength(1);
	});
});
