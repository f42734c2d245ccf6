/**
 * Post → Update through n8n's engine against the sandbox's production profile, which edits posts as the service's
 * own backend does (docs/real-backend.md): what the node sends for each kind of post, what the service then holds,
 * and what is refused before anything is written. The spec profile (no edit) at the end.
 */
import type { INodeParameters } from 'n8n-workflow';

import { SEED_IDS } from '../../../../../sandbox';
import { png, sends } from '../../../../fixtures/media';
import { serveFilesOverHttps } from '../../../../helpers/httpsFileServer';
import { errorOf, jsonOf, useSandbox, type Harness } from '../../support';

const { mastodon, x } = SEED_IDS.channels;
const IN_2030 = '2030-01-15T10:00:00.000Z';
const MOVED = '2030-02-20T12:30:00.000Z';

const t = useSandbox({ profile: 'production' });

/** Saves a post through the API, as Post → Create would have; its id. */
async function created(
	harness: Harness,
	overrides: {
		type?: string;
		channel?: string;
		contents?: string[];
		settings?: unknown;
		date?: string;
	} = {},
) {
	const channel = overrides.channel ?? mastodon;
	const res = await harness.api().post('/posts', {
		type: overrides.type ?? 'schedule',
		date: overrides.date ?? IN_2030,
		shortLink: false,
		tags: [],
		posts: [
			{
				integration: { id: channel },
				value: (overrides.contents ?? ['Spring sale starts Monday']).map((content) => ({
					content,
					image: [],
				})),
				...(overrides.settings === undefined ? {} : { settings: overrides.settings }),
			},
		],
	});
	expect(res.status).toBe(201);
	return res.data[0].postId as string;
}

/** Runs Post → Update; `more`: its other parameters (Media and Follow-Up Parts, Options). */
const update = (postId: string, updateFields: INodeParameters, more: INodeParameters = {}) =>
	t.run({ resource: 'post', operation: 'update', postId, updateFields, ...more });

const NONE = { mediaAndFollowUps: 'none' };

/** The writes the sandbox received (method and path), in order. */
async function writes() {
	return (await t.routes()).filter((route) => !route.startsWith('GET '));
}

describe('Post → Update: a queued post', () => {
	it('sends its text and new date as type "schedule" with its id and group; the publish run moves', async () => {
		const postId = await created(t);
		const before = (await t.sandbox.control.storedPost(postId))!;
		await t.sandbox.control.clearRequests();

		const result = await update(
			postId,
			{ content: 'Spring sale starts Tuesday', date: MOVED },
			{ mediaAndFollowUps: 'replace' },
		);

		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out).toMatchObject({
			postId,
			integration: mastodon,
			platform: 'mastodon',
			state: 'QUEUE',
			sentAs: 'schedule',
			date: MOVED,
			changes: {
				text: { before: 'Spring sale starts Monday', after: 'Spring sale starts Tuesday' },
				date: { before: IN_2030, after: MOVED },
				media: { before: 'not shown by the service', after: [] },
				followUpParts: { before: 'not shown by the service', after: [] },
			},
		});
		const [sent] = await t.requests('POST', '/posts');
		expect(sent.body).toMatchObject({
			type: 'schedule',
			date: MOVED,
			posts: [
				{
					group: before.group,
					integration: { id: mastodon },
					value: [{ id: postId, content: 'Spring sale starts Tuesday', image: [] }],
				},
			],
		});
		const after = (await t.sandbox.control.storedPost(postId))!;
		expect(after).toMatchObject({ id: postId, state: 'QUEUE', publishDate: MOVED });
		expect(after.parts.map((part) => part.content)).toEqual(['Spring sale starts Tuesday']);
		// `schedule` restarts the publishing run at the new date (`update` would have kept the old one).
		expect(after.publishRunAt ?? after.publishDate).toBe(MOVED);
		expect(await writes()).toEqual(['POST /posts']);
	});

	it('reschedules with one date and The Post Has None: its text and settings are kept', async () => {
		const postId = await created(t, { channel: x, settings: { who_can_reply_post: 'everyone' } });
		await t.sandbox.control.clearRequests();

		const result = await update(postId, { date: MOVED }, NONE);

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ postId, state: 'QUEUE', date: MOVED });
		// The Post Has None: the output says the post now has no media and no follow-up parts.
		expect(jsonOf(result)[0].changes).toEqual({
			date: { before: IN_2030, after: MOVED },
			media: { before: 'not shown by the service', after: [] },
			followUpParts: { before: 'not shown by the service', after: [] },
		});
		const [sent] = await t.requests('POST', '/posts');
		expect(sent.body).toMatchObject({
			type: 'schedule',
			date: MOVED,
			posts: [
				{
					value: [{ id: postId, content: 'Spring sale starts Monday', image: [] }],
					settings: { who_can_reply_post: 'everyone' },
				},
			],
		});
		expect((sent.body as { posts: Array<{ value: unknown[] }> }).posts[0].value).toHaveLength(1);
		expect(await t.sandbox.control.storedPost(postId)).toMatchObject({
			publishDate: MOVED,
			parts: [{ content: 'Spring sale starts Monday' }],
		});
		expect(await writes()).toEqual(['POST /posts']);
	});

	it('replaces the follow-up parts of a thread with those given (the old ones are removed)', async () => {
		const postId = await created(t, { contents: ['Part one', 'Part two', 'Part three'] });

		const result = await update(
			postId,
			{},
			{
				mediaAndFollowUps: 'replace',
				followUps: { part: [{ content: 'The only follow-up now' }] },
			},
		);

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].changes).toEqual({
			media: { before: 'not shown by the service', after: [] },
			followUpParts: { before: 'not shown by the service', after: ['The only follow-up now'] },
		});
		const after = (await t.sandbox.control.storedPost(postId))!;
		expect(after.parts.map((part) => part.content)).toEqual(['Part one', 'The only follow-up now']);
	});

	it('checks the new text with the platform rules of Create, and sends nothing when it breaks one', async () => {
		const postId = await created(t, { channel: x, settings: { who_can_reply_post: 'everyone' } });
		await t.sandbox.control.clearRequests();

		const result = await update(postId, { content: 'x'.repeat(300) }, NONE);

		const error = errorOf(result);
		expect(error.message).toMatch(
			/^Item 1, channel 1 ".+" \(X\), part 1 \(the post\), Text: .*300.*280/,
		);
		expect(await writes()).toEqual([]);
	});

	it('refuses a Schedule date that has passed, as Create does, unless Options → Allow Past Date', async () => {
		const postId = await created(t);
		await t.sandbox.control.clearRequests();

		const refused = await update(postId, { date: '2025-01-01T10:00:00Z' }, NONE);
		expect(errorOf(refused).message).toMatch(/Publish At: the date has passed: it was 2025-01-01/);
		expect(errorOf(refused).description).toContain('Options → Allow Past Date');
		expect(await writes()).toEqual([]);
	});

	it("says a past date in Update's words: Update Fields → Publish At, and no Type (Update has none)", async () => {
		const postId = await created(t);
		await t.sandbox.control.clearRequests();

		const refused = errorOf(await update(postId, { date: '2025-01-01T10:00:00Z' }, NONE));

		expect(refused.message).toMatch(
			/^Item 1, Update Fields → Publish At: the date has passed: it was 2025-01-01 /,
		);
		expect(refused.description).toMatch(
			/^To fix: give a date in the future \(check the year\); to send it on purpose \(the service then publishes the post at once\), turn on Options → Allow Past Date\./,
		);
		expect(refused.description).not.toContain('Type');
		expect(await writes()).toEqual([]);
	});
});

describe('Post → Update of a post whose time went by unpublished', () => {
	// A manual clock: with a real one the sandbox publishes a due post within a second, before
	// Update reads it (seen once on a loaded machine: "is already published").
	const unpublished = useSandbox({ profile: 'production', clock: { mode: 'manual' } });
	const writesTo = async () =>
		(await unpublished.routes()).filter((route) => !route.startsWith('GET '));

	it("refuses a new text for a queued post whose own date has passed, saying the date is the post's", async () => {
		// As on the real backend when the post's time went by unpublished (docs/real-backend.md).
		const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
		const postId = await created(unpublished, { date: twoHoursAgo });
		await unpublished.sandbox.control.clearRequests();

		const refused = errorOf(
			await unpublished.run({
				resource: 'post',
				operation: 'update',
				postId,
				updateFields: { content: 'New text' },
				...NONE,
			}),
		);

		expect(refused.message).toMatch(
			/^Item 1, Update Fields → Publish At: the post's date .*no new date.*: .*, 2 hours ago/,
		);
		expect(refused.description).toMatch(/^To fix: give a date in the future \(check the year\);/);
		expect(refused.description).not.toContain('Type');
		expect(await writesTo()).toEqual([]);
	});
});

describe('Post → Update: a draft and settings', () => {
	it('keeps a draft a draft: type "draft" with its id', async () => {
		const postId = await created(t, { type: 'draft' });

		const result = await update(postId, { content: 'Draft, reworded' }, NONE);

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ postId, state: 'DRAFT', sentAs: 'draft' });
		// The last POST /posts: the first one made the draft.
		const sent = (await t.requests('POST', '/posts')).at(-1)!;
		expect(sent.body).toMatchObject({ type: 'draft', posts: [{ value: [{ id: postId }] }] });
		expect(await t.sandbox.control.storedPost(postId)).toMatchObject({
			state: 'DRAFT',
			parts: [{ content: 'Draft, reworded' }],
		});
	});

	it('sends settings alone through PUT /posts/:id/settings, which merges them and keeps the rest', async () => {
		const postId = await created(t, { channel: x, settings: { who_can_reply_post: 'everyone' } });
		const before = (await t.sandbox.control.storedPost(postId))!;
		await t.sandbox.control.clearRequests();

		const result = await update(postId, {
			settingsJson: '{"who_can_reply_post": "following", "community": ""}',
		});

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({
			postId,
			sentAs: 'settings',
			state: 'QUEUE',
			changes: {
				'settings.who_can_reply_post': { before: 'everyone', after: 'following' },
				'settings.community': { before: 'not set', after: '' },
			},
		});
		expect(await writes()).toEqual([`PUT /posts/${postId}/settings`]);
		const after = (await t.sandbox.control.storedPost(postId))!;
		expect(after.settings).toMatchObject({ who_can_reply_post: 'following' });
		expect(after.group).toBe(before.group);
		expect(after.parts).toEqual(before.parts);
	});

	it('checks settings alone by the platform table too', async () => {
		const postId = await created(t, { channel: x, settings: { who_can_reply_post: 'everyone' } });
		await t.sandbox.control.clearRequests();

		const result = await update(postId, { settingsJson: '{"who_can_reply_post": "nobody"}' });

		expect(errorOf(result).message).toMatch(
			/^Item 1, channel 1 ".+" \(X\), setting ".+": "nobody" /,
		);
		expect(await writes()).toEqual([]);
	});
});

describe('Post → Update refuses before writing', () => {
	it('an unknown (or deleted) post: the service would make a new post of it', async () => {
		const result = await update('no-such-post', { content: 'Hello' }, NONE);

		const error = errorOf(result);
		// The range searched is named: a year back to ten ahead.
		expect(error.message).toMatch(
			/^Item 1, Post ID: .*no-such-post.* \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d/,
		);
		// Eleven windows of GET /posts searched (the year before and ten ahead), no write.
		expect((await t.routes()).filter((route) => route === 'GET /posts')).toHaveLength(11);
		expect(await writes()).toEqual([]);
	});

	it('a deleted post', async () => {
		const postId = await created(t);
		expect((await t.api().delete(`/posts/${postId}`)).status).toBe(200);
		await t.sandbox.control.clearRequests();

		const result = await update(postId, { content: 'Back?' }, NONE);

		expect(errorOf(result).message).toContain(`no post ${postId} among the organisation's posts`);
		expect(await writes()).toEqual([]);
	});

	it('a published post: "already published"', async () => {
		const postId = await created(t, { type: 'now' });
		await t.sandbox.control.clearRequests();

		const result = await update(postId, { settingsJson: '{"a": 1}' });

		const error = errorOf(result);
		expect(error.message).toMatch(
			new RegExp(
				`^Item 1, Post ID: post ${postId} is already published \\(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\)$`,
			),
		);
		expect(error.description).toContain('Post → Set Status');
		expect(await writes()).toEqual([]);
	});

	it('a new date while Media and Follow-Up Parts is Not Said (its default): it names the choice and the fix', async () => {
		const postId = await created(t);
		await t.sandbox.control.clearRequests();

		const result = await update(postId, { date: MOVED });

		const error = errorOf(result);
		expect(error.message).toBe(
			'Item 1, Media and Follow-Up Parts: is Not Said, and a new Publish At sends the whole ' +
				'post again, which replaces its media and follow-up parts; the service does not show ' +
				'them, so the node cannot keep them',
		);
		expect(error.description).toMatch(/The Post Has None .*Replace With These/);
		expect(await t.routes()).toEqual([]);
	});

	it('a Media and Follow-Up Parts value that is none of its options (from an expression)', async () => {
		const result = await update('any-id', { date: MOVED }, { mediaAndFollowUps: 'keep' });

		const error = errorOf(result);
		expect(error.message).toBe(
			'Item 1, Media and Follow-Up Parts: is "keep", not one of its options',
		);
		expect(error.description).toContain(
			'choose The Post Has None (none) or Replace With These (replace), or Not Said (notSaid) ' +
				'for Settings (JSON) alone',
		);
		expect(await t.routes()).toEqual([]);
	});

	it('nothing to change (The Post Has None alone changes nothing)', async () => {
		for (const more of [{}, NONE]) {
			const result = await update('any-id', {}, more);
			expect(errorOf(result).message).toBe('Item 1, Update Fields: no field to change was added');
		}
		expect(await t.routes()).toEqual([]);
	});
});

describe('Post → Update: Options → Current Publish Date', () => {
	/** Five years ahead: the sixth window of the search (this year, the year before, then ahead). */
	const IN_FIVE_YEARS = new Date(Date.now() + 5 * 365 * 24 * 3600_000).toISOString();

	const lookUps = async () => (await t.routes()).filter((route) => route === 'GET /posts').length;

	it('finds the post in one GET /posts instead of window by window (6 → 1 here)', async () => {
		const postId = await created(t, { date: IN_FIVE_YEARS });
		await t.sandbox.control.clearRequests();
		expect((await update(postId, { content: 'Found by search' }, NONE)).error).toBeUndefined();
		const searched = await lookUps();

		await t.sandbox.control.clearRequests();
		const result = await update(
			postId,
			{ content: 'Found on its day' },
			{ ...NONE, options: { currentDate: IN_FIVE_YEARS } },
		);

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].changes).toEqual({
			text: { before: 'Found by search', after: 'Found on its day' },
			media: { before: 'not shown by the service', after: [] },
			followUpParts: { before: 'not shown by the service', after: [] },
		});
		expect([searched, await lookUps()]).toEqual([6, 1]);
		const [asked] = await t.requests('GET', '/posts');
		expect(asked.query).toMatchObject({
			startDate: new Date(Date.parse(IN_FIVE_YEARS) - 86_400_000).toISOString(),
			endDate: new Date(Date.parse(IN_FIVE_YEARS) + 86_400_000).toISOString(),
		});
	});

	it('searches as without it when the post is not on that day', async () => {
		const postId = await created(t, { date: IN_FIVE_YEARS });
		await t.sandbox.control.clearRequests();

		const result = await update(
			postId,
			{ content: 'Found anyway' },
			{ ...NONE, options: { currentDate: IN_2030 } },
		);

		expect(result.error).toBeUndefined();
		expect(await lookUps()).toBe(1 + 6);
		expect(await writes()).toEqual(['POST /posts']);
	});

	it('refuses a value that is not a date, before any request', async () => {
		const result = await update(
			'any-id',
			{ content: 'Hi' },
			{ ...NONE, options: { currentDate: 'last week' } },
		);

		const error = errorOf(result);
		expect(error.message).toMatch(/^Item 1, Options → Current Publish Date: "last week" /);
		expect(error.description).toContain(
			"give the post's publishDate as Post → Get Many outputs it",
		);
		expect(await t.routes()).toEqual([]);
	});
});

describe('Post → Update: Options → Check Only', () => {
	const CHECK_ONLY = { checkOnly: true };

	/** What a write would change: the sandbox's posts, as it stores them. */
	const storedPosts = async () => (await t.sandbox.control.org()).posts;

	it('reports what would be sent, the length against the limit and the problems; 0 writes', async () => {
		const postId = await created(t, { channel: x, settings: { who_can_reply_post: 'everyone' } });
		const before = await storedPosts();
		await t.sandbox.control.clearRequests();

		const result = await update(
			postId,
			{ content: 'y'.repeat(300), date: MOVED },
			{ ...NONE, options: CHECK_ONLY },
		);

		expect(result.error).toBeUndefined();
		const [report] = jsonOf(result);
		expect(report).toMatchObject({
			checkOnly: true,
			ok: false,
			postId,
			channelId: x,
			platform: 'x',
			sentAs: 'schedule',
			sentTo: 'POST /posts',
			type: 'schedule',
			date: MOVED,
			parts: [{ part: 1, length: 300, maxLength: 280 }],
			warnings: [],
			changes: {
				text: { before: 'Spring sale starts Monday', after: 'y'.repeat(300) },
				date: { before: IN_2030, after: MOVED },
			},
			request: {
				posts: [{ value: [{ id: postId }], settings: { who_can_reply_post: 'everyone' } }],
			},
		});
		expect(report.problems).toEqual([
			expect.stringMatching(
				/^Item 1, channel 1 ".+" \(X\), part 1 \(the post\), Text: .*300.*280\. To fix: /,
			),
		]);
		expect(await writes()).toEqual([]);
		expect(await storedPosts()).toEqual(before);
	});

	it('says ok with what would change, and settings alone as PUT /posts/:id/settings', async () => {
		const postId = await created(t, { channel: x, settings: { who_can_reply_post: 'everyone' } });
		const before = await storedPosts();
		await t.sandbox.control.clearRequests();

		const result = await update(
			postId,
			{ settingsJson: '{"who_can_reply_post": "following"}' },
			{ options: CHECK_ONLY },
		);

		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				ok: true,
				problems: [],
				sentAs: 'settings',
				sentTo: `PUT /posts/${postId}/settings`,
				type: null,
				request: { settings: { who_can_reply_post: 'following' } },
				changes: { 'settings.who_can_reply_post': { before: 'everyone', after: 'following' } },
			}),
		]);
		expect(await writes()).toEqual([]);
		expect(await storedPosts()).toEqual(before);
	});

	it('reports a post it cannot change, and a choice not made, in one item instead of an error', async () => {
		const postId = await created(t, { type: 'now' });
		await t.sandbox.control.clearRequests();

		const result = await update(postId, { date: MOVED }, { options: CHECK_ONLY });

		expect(result.error).toBeUndefined();
		const [report] = jsonOf(result);
		expect(report).toMatchObject({ checkOnly: true, ok: false, postId, sentTo: null });
		expect(report.problems).toEqual([
			expect.stringMatching(/^Item 1, Media and Follow-Up Parts: is Not Said, .+ To fix: choose /),
			expect.stringMatching(new RegExp(`^Item 1, Post ID: post ${postId} is already published`)),
		]);
		expect(await writes()).toEqual([]);
	});
});

describe('Post → Update: Follow-Up Parts with Delay (Minutes) and media by URL, as in Create', () => {
	let files: Awaited<ReturnType<typeof serveFilesOverHttps>>;
	beforeAll(async () => {
		files = await serveFilesOverHttps({
			'/cover.png': sends(png(), 'image/png'),
			'/gone.png': (_req, res) => res.writeHead(404).end('not found'),
		});
	});
	afterAll(async () => await files?.close());
	beforeEach(async () => {
		// The sandbox fetches from this machine's self-signed server only when told; the node too.
		await t.sandbox.control.settings({ allowLoopbackUploadUrls: true, trustedUploadCa: files.ca });
	});
	const LOCAL = { allowPrivateAddress: true };

	/** Replace With These and one follow-up part. */
	const withFollowUp = (followUp: INodeParameters, options: INodeParameters = LOCAL) => ({
		mediaAndFollowUps: 'replace',
		followUps: { part: [{ content: 'The reply', ...followUp }] },
		options,
	});

	it('uploads the URL once after the checks, then sends the part with its delay and the uploaded path', async () => {
		const postId = await created(t);
		await t.sandbox.control.clearRequests();
		const url = files.url('/cover.png');

		const result = await update(
			postId,
			{},
			withFollowUp({ delay: 30, media: { item: [{ source: 'url', url, alt: 'A loaf' }] } }),
		);

		expect(result.error).toBeUndefined();
		expect(await writes()).toEqual(['POST /upload-from-url', 'POST /posts']);
		const [sent] = await t.requests('POST', '/posts');
		const [, reply] = (sent.body as { posts: Array<{ value: Array<Record<string, unknown>> }> })
			.posts[0].value;
		expect(reply).toMatchObject({
			content: 'The reply',
			delay: 30,
			image: [
				{
					id: expect.any(String),
					path: expect.stringMatching(new RegExp(`^${t.sandbox.origin}/uploads/.*\\.png$`)),
					alt: 'A loaf',
				},
			],
		});
		const after = (await t.sandbox.control.storedPost(postId))!;
		expect(after.parts.map((part) => [part.content, part.delay ?? 0])).toEqual([
			['Spring sale starts Monday', 0],
			['The reply', 30],
		]);
	});

	it("changes no post of the run when one item's URL cannot be fetched (all or nothing)", async () => {
		const [first, second] = [await created(t), await created(t)];
		await t.sandbox.control.clearRequests();

		const result = await t.run(
			{
				resource: 'post',
				operation: 'update',
				postId: '={{ $json.postId }}',
				updateFields: {},
				...withFollowUp({ media: { item: [{ source: 'url', url: '={{ $json.url }}' }] } }),
			},
			{
				items: [
					{ json: { postId: first, url: files.url('/cover.png') } },
					{ json: { postId: second, url: files.url('/gone.png') } },
				],
			},
		);

		expect(errorOf(result).message).toMatch(/^Item 2, .*media 1 → URL: /);
		// Update changes posts, it creates none: its words say what did not happen (seen on the real
		// backend, where they said "No post was created").
		expect(errorOf(result).description).toContain(
			'\nNo post was changed for any item of this run: the node sends all the items of a write ' +
				"run or none. The files uploaded for the run's items before this failure stay in the " +
				'media library',
		);
		expect(errorOf(result).description).not.toContain('created');
		expect((await writes()).filter((route) => route === 'POST /posts')).toEqual([]);
	});

	it('says the post was not changed when its media URL cannot be fetched', async () => {
		const postId = await created(t);
		await t.sandbox.control.clearRequests();

		const result = await update(
			postId,
			{},
			withFollowUp({ media: { item: [{ source: 'url', url: files.url('/gone.png') }] } }),
		);

		const error = errorOf(result);
		expect(error.message).toMatch(/^Item 1, .*media 1 → URL: the service could not upload /);
		expect(error.description).toContain(
			'\nThe post was not changed: the media URLs named could not be uploaded.',
		);
		expect(error.description).not.toContain('created');
		expect((await writes()).filter((route) => route === 'POST /posts')).toEqual([]);
	});

	it("refuses a negative delay in Create's words, before any request that writes", async () => {
		const postId = await created(t);
		await t.sandbox.control.clearRequests();

		const result = await update(postId, {}, withFollowUp({ delay: -5 }));

		const error = errorOf(result);
		expect(error.message).toMatch(
			/^Item 1, channel 1 ".+" \(Mastodon\), part 2 \(follow-up 1\), Delay \(Minutes\): -5 is below 0$/,
		);
		expect(error.description).toMatch(/^To fix: .* 0 to 43200 /);
		expect(await writes()).toEqual([]);
	});

	it('refuses a private address without Options → Allow Private Address, before any request that writes', async () => {
		const postId = await created(t);
		await t.sandbox.control.clearRequests();

		const result = await update(
			postId,
			{},
			withFollowUp({ media: { item: [{ source: 'url', url: 'https://127.0.0.1/x.png' }] } }, {}),
		);

		const error = errorOf(result);
		expect(error.message).toMatch(
			/^Item 1, channel 1 ".+" \(Mastodon\), part 2 \(follow-up 1\), media 1 → URL: points to a loopback address \(127\.0\.0\.1\), which the service does not fetch from$/,
		);
		expect(error.description).toContain('Options → Allow Private Address');
		expect(await writes()).toEqual([]);
	});
});

describe('Post → Update on a service without edit (the spec profile)', () => {
	const spec = useSandbox();

	it('says so when settings alone meet no PUT /posts/:id/settings', async () => {
		const postId = await created(spec, {
			channel: x,
			settings: { who_can_reply_post: 'everyone' },
		});

		const result = await spec.run({
			resource: 'post',
			operation: 'update',
			postId,
			updateFields: { settingsJson: '{"who_can_reply_post": "following"}' },
		});

		expect(errorOf(result).message).toBe(
			'The service has no PUT /posts/:id/settings: it has no edit of posts',
		);
	});

	it('says so, with the new post to delete, when it answers an edit with a new post', async () => {
		const postId = await created(spec);

		const result = await spec.run({
			resource: 'post',
			operation: 'update',
			postId,
			updateFields: { content: 'Edited' },
			mediaAndFollowUps: 'none',
		});

		const error = errorOf(result);
		expect(error.message).toMatch(
			new RegExp(`^The service made a new post \\(".+"\\) instead of changing post ${postId}$`),
		);
		expect(error.description).toContain("the API's contract describes it, which has no edit");
		expect(error.description).toContain('Post → Delete');
	});
});

describe('Post → Update on a service with one group per request and no settings in GET /posts', () => {
	// Edits in place and PUT /posts/:id/settings as the service does, but the contract's group per request and its
	// GET /posts without settings: an edit that names the group deletes the request's other posts.
	const shared = useSandbox({ productionQuirks: { editInPlace: true, extraRoutes: true } });
	const { linkedin } = SEED_IDS.channels;

	/** One request on X and LinkedIn, as Post → Create on two channels sends it; the two ids. */
	async function onXAndLinkedin() {
		const res = await shared.api().post('/posts', {
			type: 'schedule',
			date: IN_2030,
			shortLink: false,
			tags: [],
			posts: [
				{
					integration: { id: x },
					value: [{ content: 'Spring sale on X', image: [] }],
					settings: { who_can_reply_post: 'everyone' },
				},
				{
					integration: { id: linkedin },
					value: [{ content: 'Spring sale on LinkedIn', image: [] }],
				},
			],
		});
		expect(res.status).toBe(201);
		const [onX, onLinkedin] = (res.data as Array<{ postId: string }>).map((p) => p.postId);
		return { onX, onLinkedin };
	}

	const sharedWrites = async () =>
		(await shared.routes()).filter((route) => !route.startsWith('GET '));

	it('refuses a reschedule that would delete the other post of its group, and names that post', async () => {
		const { onX, onLinkedin } = await onXAndLinkedin();
		const before = (await shared.sandbox.control.org()).posts;
		await shared.sandbox.control.clearRequests();

		const result = await shared.run({
			resource: 'post',
			operation: 'update',
			postId: onX,
			updateFields: { date: MOVED },
			...NONE,
		});

		const error = errorOf(result);
		expect(error.message).toBe(
			`Item 1, Post ID: post ${onX} shares its group with another post: "Sandbox Studio ` +
				`LinkedIn" (LinkedIn) post ${onLinkedin}; this service deletes the posts of the group ` +
				'that an edit does not send, so a new text, date, media or follow-up parts would delete it',
		);
		expect(error.description).toContain(
			'Update Fields → Settings (JSON) without Text or Publish At',
		);
		expect(await sharedWrites()).toEqual([]);
		expect((await shared.sandbox.control.org()).posts).toEqual(before);
	});

	it('says so in Check Only too, and changes settings alone, which touch no other post', async () => {
		const { onX, onLinkedin } = await onXAndLinkedin();
		const linkedinBefore = await shared.sandbox.control.storedPost(onLinkedin);

		const checked = await shared.run({
			resource: 'post',
			operation: 'update',
			postId: onX,
			updateFields: { content: 'Spring sale, on X' },
			...NONE,
			options: { checkOnly: true },
		});
		expect(jsonOf(checked)[0]).toMatchObject({ ok: false });
		expect(jsonOf(checked)[0].problems).toEqual([
			expect.stringContaining(`shares its group with another post: "Sandbox Studio LinkedIn"`),
		]);

		const result = await shared.run({
			resource: 'post',
			operation: 'update',
			postId: onX,
			updateFields: { settingsJson: '{"who_can_reply_post": "following"}' },
		});
		expect(result.error).toBeUndefined();
		// GET /posts did not list the settings: what they were is not known.
		expect(jsonOf(result)[0].changes).toEqual({
			'settings.who_can_reply_post': { before: 'not shown by the service', after: 'following' },
		});
		expect(await shared.sandbox.control.storedPost(onLinkedin)).toEqual(linkedinBefore);
	});

	it('does not call a setting it cannot read missing: a reschedule is sent without settings, and says so', async () => {
		const res = await shared.api().post('/posts', {
			type: 'schedule',
			date: IN_2030,
			shortLink: false,
			tags: [],
			posts: [
				{
					integration: { id: mastodon },
					value: [{ content: 'Spring sale on Mastodon', image: [] }],
					settings: { visibility: 'unlisted' },
				},
			],
		});
		const [{ postId }] = res.data as Array<{ postId: string }>;
		const onX = (await onXAndLinkedin()).onX;
		await shared.sandbox.control.clearRequests();

		const moved = await shared.run({
			resource: 'post',
			operation: 'update',
			postId,
			updateFields: { date: MOVED },
			...NONE,
		});
		expect(moved.error).toBeUndefined();
		const [sent] = await shared.requests('POST', '/posts');
		expect((sent.body as { posts: object[] }).posts[0]).not.toHaveProperty('settings');
		expect(jsonOf(moved)[0].warnings).toEqual([
			"The service does not list this post's settings (GET /posts), so the edit carries only " +
				'those given in Update Fields → Settings (JSON) (none): a service that replaces a ' +
				"post's settings with those sent keeps no other; give them there to keep them.",
		]);

		// Settings given are sent alone (the others are not known), and only their own values are judged.
		const checked = await shared.run({
			resource: 'post',
			operation: 'update',
			postId: onX,
			updateFields: { date: MOVED, settingsJson: '{"community": ""}' },
			...NONE,
			options: { checkOnly: true },
		});
		const [report] = jsonOf(checked);
		expect(report.problems).toEqual([expect.stringContaining('shares its group')]);
		expect(report.request).toMatchObject({ posts: [{ settings: { community: '' } }] });
	});
});

describe('Post → Update of several items', () => {
	it('sends the edits one at a time in item order and stops at a failure, saying what was changed', async () => {
		const ids = [
			await created(t, { contents: ['First'] }),
			await created(t, { contents: ['Second'] }),
			await created(t, { contents: ['Third'] }),
		];
		await t.sandbox.control.clearRequests();
		await t.sandbox.control.addFault({ method: 'POST', path: '/posts', fault: 'error500' });

		const result = await t.run(
			{
				resource: 'post',
				operation: 'update',
				postId: '={{ $json.postId }}',
				updateFields: { content: '={{ $json.text }}' },
				...NONE,
			},
			{ items: ids.map((postId, i) => ({ json: { postId, text: `Changed ${i + 1}` } })) },
		);

		expect(await writes()).toEqual(['POST /posts']);
		const { description } = errorOf(result);
		expect(description).toContain('Nothing was sent before it.');
		expect(description).toContain('Not sent: items 2, 3.');
		expect(description).toContain(
			'Running the same items again sends the same changes again: a post already changed is changed to the same text and date.',
		);
	});
});
