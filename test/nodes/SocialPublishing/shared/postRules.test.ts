import {
	PLATFORMS,
	PLATFORM_IDS,
	type PlatformId,
} from '../../../../nodes/SocialPublishing/shared/platforms';
import type { Channel } from '../../../../nodes/SocialPublishing/shared/channel';
import {
	checkCreatePostRequest,
	checkSettings,
	unknownSettings,
	mediaKind,
	maxLengthFor,
	textLength,
	visibleText,
	type RuleProblem,
} from '../../../../nodes/SocialPublishing/shared/postRules';
import {
	PLATFORM_CASES,
	REQUEST_CASES,
	requestBodyFor,
	TIKTOK_REQUIRED,
	type CaseExpectation,
	type PlatformCase,
} from '../../../fixtures/platformCases';

/** The organisation of these tests: one channel per platform, and an x premium account. */
const channels: Channel<PlatformId>[] = [
	...PLATFORM_IDS.map((platform) => ({
		id: `${platform}-channel`,
		name: `${platform} test channel`,
		platform,
	})),
	{ id: 'x-premium-channel', name: 'x premium test channel', platform: 'x', premium: true },
];
const channelOf = (id: string) => channels.find((channel) => channel.id === id);
const idOf = (platform: PlatformId) => `${platform}-channel`;
const caseChannelId = (aCase: PlatformCase) =>
	aCase.channel?.premium ? 'x-premium-channel' : idOf(aCase.platform);

function expectFirstProblem(problems: RuleProblem[], expected: CaseExpectation): void {
	expect(problems.length).toBeGreaterThan(0);
	const first = problems[0];
	expect(first.kind).toBe(expected.kind);
	expect(first.message).toContain(expected.message);
	if (expected.path !== undefined) expect(first).toHaveProperty('path', expected.path);
	if (expected.partIndex !== undefined)
		expect(first).toHaveProperty('partIndex', expected.partIndex);
	if (expected.entryIndex !== undefined)
		expect(first).toHaveProperty('entryIndex', expected.entryIndex);
}

describe('checkCreatePostRequest: platform cases', () => {
	it.each(PLATFORM_CASES.map((aCase) => [`${aCase.platform}: ${aCase.rule}`, aCase] as const))(
		'%s',
		(_title, aCase) => {
			const problems = checkCreatePostRequest(
				requestBodyFor(aCase, caseChannelId(aCase)),
				channelOf,
			);
			if (aCase.valid) {
				expect(problems).toEqual([]);
				return;
			}
			expectFirstProblem(problems, aCase.expect!);
			const first = problems[0];
			if (first.kind === 'platform') {
				// The service names the channel: provider and name.
				expect(first.platform).toBe(aCase.platform);
				expect(first.channelName).toBe(channelOf(caseChannelId(aCase))!.name);
			}
		},
	);
});

describe('checkCreatePostRequest: request cases', () => {
	it.each(REQUEST_CASES.map((aCase) => [aCase.rule, aCase] as const))('%s', (_title, aCase) => {
		const problems = checkCreatePostRequest(aCase.body(idOf), channelOf);
		if (aCase.valid) expect(problems).toEqual([]);
		else expectFirstProblem(problems, aCase.expect!);
	});

	it('reports every field error, each with its path, before any platform error', () => {
		const problems = checkCreatePostRequest(
			{
				type: 'later',
				date: 'soon',
				shortLink: true,
				tags: [],
				inter: 0,
				posts: [
					{
						integration: { id: 'tiktok-channel' },
						value: [{ content: 'x'.repeat(2001), image: [] }],
					},
				],
			},
			channelOf,
		);
		const fieldPaths = problems
			.filter((v) => v.kind === 'field')
			.map((v) => (v as { path: string }).path);
		expect(fieldPaths).toEqual([
			'type',
			'date',
			...TIKTOK_REQUIRED.map((name) => `posts.0.settings.${name}`),
			'inter',
		]);
		const firstPlatform = problems.findIndex((v) => v.kind === 'platform');
		expect(firstPlatform).toBe(fieldPaths.length);
		expect(problems.slice(firstPlatform).map((v) => v.message)).toEqual([
			'No video / images selected',
			'post is too long, please fix it',
		]);
	});

	it('checks settings but not media or length on a draft', () => {
		const body = {
			type: 'draft',
			date: '2030-01-15T10:00:00Z',
			shortLink: false,
			tags: [],
			posts: [
				{
					integration: { id: 'youtube-channel' },
					value: [{ content: 'x'.repeat(6000), image: [] }],
					settings: { title: 'A', type: 'public' },
				},
			],
		};
		expect(checkCreatePostRequest(body, channelOf)).toEqual([
			{
				kind: 'field',
				path: 'posts.0.settings.title',
				fault: { code: 'tooShort', min: 2 },
				message: 'posts.0.settings.title must be longer than or equal to 2 characters',
			},
		]);
		const scheduled = checkCreatePostRequest({ ...body, type: 'schedule' }, channelOf);
		expect(scheduled.map((v) => v.message)).toEqual([
			'posts.0.settings.title must be longer than or equal to 2 characters',
			'You need one media',
			'post is too long, please fix it',
		]);
	});

	it('skips settings and platform rules of a post whose channel is unknown, and says which id', () => {
		const problems = checkCreatePostRequest(
			{
				type: 'schedule',
				date: '2030-01-15T10:00:00Z',
				shortLink: false,
				tags: [],
				posts: [
					{
						integration: { id: 'gone' },
						value: [{ content: 'Hi', image: [] }],
						settings: { anything: 1 },
					},
				],
			},
			channelOf,
		);
		expect(problems).toEqual([
			{
				kind: 'channel',
				entryIndex: 0,
				path: 'posts.0.integration.id',
				channelId: 'gone',
				message: 'posts.0.integration.id: no channel with id gone in the organisation',
			},
		]);
	});
});

describe('visibleText and textLength', () => {
	it('removes tags, turns block ends into new lines and decodes entities', () => {
		expect(
			visibleText('<p>Hello <strong>world</strong></p><p>Second&nbsp;line &amp; more</p>'),
		).toBe('Hello world\nSecond line & more');
		expect(visibleText('one<br>two<br/>three')).toBe('one\ntwo\nthree');
		expect(visibleText('<ul><li>a</li><li>b</li></ul>')).toBe('a\nb');
		expect(visibleText('&#128512; &#x1F600; &bogus;')).toBe('😀 😀 &bogus;');
	});

	it('counts characters, not UTF-16 units', () => {
		expect(textLength('😀😀', 'threads')).toBe(2);
	});

	// As the real backend counts (checked by hand): x the larger of twitter-text's weighted length and the raw
	// (UTF-16) length, the others the characters as they are.
	it('counts a link 23 on x only when that is more than its length, and in full everywhere else', () => {
		expect(textLength('Read https://x.co/ab now', 'x')).toBe('Read  now'.length + 23);
		const long = `https://example.com/${'p'.repeat(280)}`;
		expect(long).toHaveLength(300);
		expect(textLength(long, 'x')).toBe(300);
		const text = `Read https://example.com/${'a'.repeat(100)} and http://b.example`;
		expect(textLength(text, 'mastodon')).toBe(text.length);
		expect(textLength(text, 'bluesky')).toBe(text.length);
		// The link's text inside <a> is what counts, not its href.
		expect(
			textLength(
				'<p><a href="https://example.com/very/long/address/indeed">https://x.co/ab</a></p>',
				'x',
			),
		).toBe(23);
	});

	it('ends a link before the punctuation that ends a sentence, and an unopened bracket', () => {
		expect(textLength('See https://x.co/ab.', 'x')).toBe('See .'.length + 23);
		expect(textLength('(https://x.co/ab)', 'x')).toBe(2 + 23);
		expect(textLength('https://en.wikipedia.org/wiki/A_(b)', 'x')).toBe(35);
	});

	it('weighs CJK and other characters outside the light ranges 2 on x, 1 elsewhere', () => {
		expect(textLength('文'.repeat(141), 'x')).toBe(282);
		expect(textLength('文'.repeat(141), 'mastodon')).toBe(141);
		expect(textLength('한글 テスト', 'x')).toBe(2 * 2 + 1 + 3 * 2);
		// Latin with accents, Cyrillic, Greek, and the light punctuation ranges weigh 1.
		expect(textLength('café Привет αβγ', 'x')).toBe(15);
		expect(textLength('\u2013\u201c\u2032\u200d', 'x')).toBe(4);
		expect(textLength('\u2026\u20ac', 'x')).toBe(4);
		// A decomposed accent is composed first (one character), as twitter-text normalises.
		expect(textLength('e\u0301', 'x')).toBe(2); // the raw UTF-16 length is 2
		expect(textLength('e\u0301'.repeat(3) + 'a'.repeat(10), 'x')).toBe(16);
	});

	it('weighs an emoji 2 on x, a sequence as one, but never less than its UTF-16 length', () => {
		expect(textLength('😀'.repeat(141), 'x')).toBe(282);
		expect(textLength('❤️', 'x')).toBe(2); // U+2764 U+FE0F: one emoji, not 2 + 2
		expect(textLength('🇫🇷', 'x')).toBe(4); // weighted 2, UTF-16 length 4
		expect(textLength('👍🏽 ok', 'x')).toBe(4 + 3);
		expect(textLength('1️⃣', 'x')).toBe(3); // keycap: weighted 2, UTF-16 length 3
		expect(textLength('© 2030', 'x')).toBe(6);
	});
});

describe('X articles', () => {
	const article = { post_type: 'article', article_title: 'Launch notes', article_status: 'draft' };

	it('need no who_can_reply_post, but a title and a status', () => {
		expect(checkSettings('x', article)).toEqual([]);
		expect(checkSettings('x', { ...article, who_can_reply_post: 'nobody' })).toEqual([]);
		expect(checkSettings('x', { post_type: 'article' })).toEqual([
			{
				kind: 'field',
				path: 'settings.article_title',
				fault: { code: 'missing' },
				message: 'settings.article_title should not be null or undefined',
			},
			{
				kind: 'field',
				path: 'settings.article_status',
				fault: { code: 'missing' },
				message: 'settings.article_status should not be null or undefined',
			},
		]);
		expect(checkSettings('x', { ...article, article_title: '', article_status: 'public' })).toEqual(
			[
				{
					kind: 'field',
					path: 'settings.article_title',
					fault: { code: 'tooShort', min: 1 },
					message: 'settings.article_title must be longer than or equal to 1 characters',
				},
				{
					kind: 'field',
					path: 'settings.article_status',
					fault: { code: 'notOneOf', values: ['draft', 'published'] },
					message: 'settings.article_status must be one of the following values: draft, published',
				},
			],
		);
		// A post (or no post_type) still needs who_can_reply_post, and takes no article fields as required.
		expect(checkSettings('x', { post_type: 'post' })).toEqual([
			{
				kind: 'field',
				path: 'settings.who_can_reply_post',
				fault: { code: 'missing' },
				message: 'settings.who_can_reply_post should not be null or undefined',
			},
		]);
	});

	it('are no typos: the article settings are known', () => {
		expect(
			unknownSettings('x', {
				...article,
				article_cover: { id: 'c', path: 'https://cdn.sandbox.test/c.png' },
			}),
		).toEqual([]);
		expect(unknownSettings('x', { ...article, article_titel: 'T' })).toEqual([
			{ key: 'article_titel', closest: 'article_title' },
		]);
	});

	it('take 100000 characters, premium or not', () => {
		const x: Channel<PlatformId> = { id: '1', name: 'X', platform: 'x' };
		expect(maxLengthFor(x, article)).toBe(100000);
		expect(maxLengthFor({ ...x, premium: true }, article)).toBe(100000);
		expect(maxLengthFor(x, { post_type: 'post' })).toBe(280);
	});
});

describe('maxLengthFor', () => {
	it('gives x premium accounts 4000 characters and everyone else the platform limit', () => {
		const x: Channel<PlatformId> = { id: '1', name: 'X', platform: 'x' };
		expect(maxLengthFor(x)).toBe(280);
		expect(maxLengthFor({ ...x, premium: true })).toBe(4000);
		expect(maxLengthFor({ id: '2', name: 'Threads', platform: 'threads', premium: true })).toBe(
			500,
		);
	});
});

describe('mediaKind', () => {
	it('tells the kind by the ending of the path, before any query', () => {
		expect(mediaKind('https://cdn.sandbox.test/uploads/a.PNG')).toBe('image');
		expect(mediaKind('https://cdn.sandbox.test/uploads/a.jpeg?w=10')).toBe('image');
		expect(mediaKind('https://cdn.sandbox.test/uploads/a.webp#top')).toBe('image');
		expect(mediaKind('https://cdn.sandbox.test/uploads/a.gif')).toBe('gif');
		expect(mediaKind('https://cdn.sandbox.test/uploads/a.mp4')).toBe('video');
		expect(mediaKind('https://cdn.sandbox.test/uploads/a.mov')).toBeUndefined();
		expect(mediaKind('https://cdn.sandbox.test/uploads.mp4/file')).toBeUndefined();
		expect(mediaKind('https://cdn.sandbox.test/uploads/a?format=.mp4')).toBeUndefined();
	});
});

describe('checkSettings', () => {
	it('checks one platform settings object on its own (for the node before sending)', () => {
		expect(checkSettings('x', { who_can_reply_post: 'everyone' })).toEqual([]);
		expect(checkSettings('x', { who_can_reply_post: 'everyone', made_with_ai: 'false' })).toEqual([
			{
				kind: 'field',
				path: 'settings.made_with_ai',
				fault: { code: 'notBoolean' },
				message: 'settings.made_with_ai must be a boolean value',
			},
		]);
		expect(checkSettings('facebook', 'post')).toEqual([
			{
				kind: 'field',
				path: 'settings',
				fault: { code: 'notObject' },
				message: 'settings must be an object',
			},
		]);
		expect(checkSettings('threads', null)).toEqual([]);
	});

	it('keeps keys it does not know, and names the setting a typo most resembles', () => {
		expect(checkSettings('mastodon', { visiblity: 'public' })).toEqual([]);
		expect(unknownSettings('mastodon', { visiblity: 'public' })).toEqual([
			{ key: 'visiblity', closest: 'visibility' },
		]);
		expect(unknownSettings('x', { who_can_reply_post: 'everyone', brand_new_setting: 1 })).toEqual([
			{ key: 'brand_new_setting' },
		]);
	});

	it("accepts __type, the platform discriminator the service's own clients send", () => {
		expect(checkSettings('x', { __type: 'x', who_can_reply_post: 'everyone' })).toEqual([]);
		expect(unknownSettings('x', { __type: 'linkedin', who_can_reply_post: 'everyone' })).toEqual(
			[],
		);
	});

	// Checked against the real backend (service-notes has the rest): each is what it accepts or refuses.
	it('follows the real service on values its own forms send', () => {
		// An empty community or link means none.
		expect(checkSettings('x', { who_can_reply_post: 'everyone', community: '' })).toEqual([]);
		expect(checkSettings('facebook', { url: '' })).toEqual([]);
		// Only x.com community addresses, without www or a trailing slash.
		expect(
			checkSettings('x', {
				who_can_reply_post: 'everyone',
				community: 'https://x.com/i/communities/123',
			}),
		).toEqual([]);
		for (const community of [
			'https://twitter.com/i/communities/123',
			'https://www.x.com/i/communities/123',
			'https://x.com/i/communities/123/',
		]) {
			expect(checkSettings('x', { who_can_reply_post: 'everyone', community })).toHaveLength(1);
		}
		// Settings it takes that the node has no field for are not taken for typos.
		expect(unknownSettings('tiktok', { music: { id: '1' }, location: 'x' })).toEqual([]);
		expect(unknownSettings('instagram', { audio: 'a' })).toEqual([]);
		expect(unknownSettings('facebook', { text_format_preset_id: '1' })).toEqual([]);
	});

	it('counts YouTube tags by their labels, two more for a label with a space, as the service does', () => {
		const tags = (label: string, n: number) =>
			Array.from({ length: n }, (_, i) => ({ value: `v${i}`, label: `${label}${i % 10}` }));
		const settings = (list: unknown[]) => ({ title: 'A title', type: 'public', tags: list });
		// 50 labels "label Nx" of 8 characters + 2 each = 500: at the limit.
		expect(checkSettings('youtube', settings(tags('label 1', 50)))).toEqual([]);
		const over = checkSettings('youtube', settings(tags('label 12', 50)));
		expect(over).toHaveLength(1);
		expect(over[0]).toMatchObject({
			path: 'settings.tags',
			message: expect.stringContaining('(now 550)'),
		});
	});
});

describe('the cases cover every rule of the table', () => {
	const invalid = PLATFORM_CASES.filter((aCase) => !aCase.valid);

	it.each(PLATFORM_IDS)('%s has valid and invalid cases, incl. length and drafts', (platform) => {
		const own = PLATFORM_CASES.filter((aCase) => aCase.platform === platform);
		expect(own.some((aCase) => aCase.valid)).toBe(true);
		expect(
			own.some(
				(aCase) => !aCase.valid && aCase.expect?.message === 'post is too long, please fix it',
			),
		).toBe(true);
		expect(own.some((aCase) => aCase.valid && aCase.type === 'draft')).toBe(true);
	});

	it.each(PLATFORM_IDS)('every setting of %s has a refusal case', (platform) => {
		for (const field of PLATFORMS[platform].settings ?? []) {
			const refused = invalid.some(
				(aCase) =>
					aCase.platform === platform &&
					aCase.expect?.path?.startsWith(`posts.0.settings.${field.name}`),
			);
			expect({ field: field.name, refused }).toEqual({ field: field.name, refused: true });
		}
	});

	it.each(PLATFORM_IDS)('every media message of %s has a case', (platform) => {
		for (const message of Object.values(PLATFORMS[platform].media.messages)) {
			const covered = invalid.some(
				(aCase) =>
					aCase.platform === platform &&
					aCase.expect !== undefined &&
					message.includes(aCase.expect.message),
			);
			expect({ message, covered }).toEqual({ message, covered: true });
		}
	});
});
