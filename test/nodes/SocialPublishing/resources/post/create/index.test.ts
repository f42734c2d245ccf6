/**
 * Post → Create through n8n's engine against the sandbox: what the node sends and outputs, all the items of a
 * run or none. Media from binary fields, the next free slot and refusals have their own files beside this one.
 */
import {
	PLATFORM_IDS,
	type PlatformId,
} from '../../../../../../nodes/SocialPublishing/shared/platforms';
import { mp4, png } from '../../../../../fixtures/media';
import { VALID_SETTINGS } from '../../../../../fixtures/platformCases';
import {
	channel,
	createParams,
	jsonParams,
	parts,
	typedSettingsFor,
	type MediaParam,
} from '../../../createParameters';
import { byId, errorText, fromList, useSandbox, withoutItemMark } from '../../../support';

const T0 = '2026-03-01T08:00:00.000Z';

// Request Options left to the node's defaults.
const t = useSandbox({ clock: { mode: 'manual', now: T0 }, requestOptions: null });

/** Uploads a file through POST /upload, as a Media → Upload node before this one would. */
async function upload(bytes: Buffer, name: string): Promise<MediaParam> {
	const form = new FormData();
	form.append('file', new Blob([new Uint8Array(bytes)]), name);
	const res = await t.api().post('/upload', form);
	expect(res.status).toBe(201);
	return { id: res.data.id, path: res.data.path };
}

interface SentPost {
	integration: { id: string };
	value: Array<{ content: string; image: MediaParam[] }>;
	settings?: Record<string, unknown>;
}

interface SentBody {
	type: string;
	date: string;
	inter?: unknown;
	posts: SentPost[];
}

/** The JSON bodies of the POST /posts requests the sandbox received. */
async function sentBodies(): Promise<SentBody[]> {
	return (await t.sandbox.control.requests())
		.filter((r) => r.method === 'POST' && r.path === '/posts')
		.map((r) => withoutItemMark(r.body as SentBody));
}

interface ListedPost {
	id: string;
	content: string;
	publishDate: string;
	state: string;
	group: string;
	tags: Array<{ value: string; label: string }>;
	intervalInDays: number | null;
	integration: { id: string; providerIdentifier: string };
}

async function listPosts(): Promise<ListedPost[]> {
	const res = await t.api().get('/posts', {
		params: { startDate: '2026-03-01T00:00:00Z', endDate: '2026-03-05T00:00:00Z' },
	});
	expect(res.status).toBe(200);
	return res.data.posts;
}

describe('Post → Create: sending', () => {
	it('creates one post on one channel and outputs its id, channel name and platform', async () => {
		const { telegram } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: 'Hello from n8n' }),
				channels: [channel({ channel: byId(telegram.id) })],
			}),
		);
		expect(errorText(result)).toBe('');
		expect(result.items.map((i) => i.json)).toEqual([
			{
				postId: expect.any(String),
				channel: { id: telegram.id, name: telegram.name, platform: 'telegram' },
				state: 'QUEUE',
				date: '2030-01-15T10:00:00.000Z',
				releaseURL: null,
				alreadySent: false,
				integration: telegram.id,
				channelName: telegram.name,
				platform: 'telegram',
			},
		]);
		expect(await t.routes()).toEqual(['GET /integrations', 'GET /posts', 'POST /posts']);
		expect(await sentBodies()).toEqual([
			{
				type: 'schedule',
				date: '2030-01-15T10:00:00.000Z',
				shortLink: false,
				tags: [],
				posts: [
					{ integration: { id: telegram.id }, value: [{ content: 'Hello from n8n', image: [] }] },
				],
			},
		]);
	});

	it('a post made of every feature round-trips through GET /posts', async () => {
		const { x, mastodon, linkedin } = t.sandbox.seed.channels;
		// Mastodon's only posting time is 18:00, later than the others' 09:00: the rule takes the latest.
		await t.sandbox.control.patchChannel(mastodon.id, { postingTimes: [18 * 60] });
		const photo = await upload(png(), 'photo.png');
		const result = await t.run(
			createParams({
				nextSlot: true,
				channels: [
					channel({
						channel: fromList(x.id, x.name),
						platform: 'x',
						settings: { x_who_can_reply_post: 'following', xOptions: { made_with_ai: true } },
						parts: parts(
							{
								content: 'Launch day 🚀 https://example.com/launch',
								media: [{ ...photo, alt: 'The new logo' }],
							},
							{ content: 'Thread part 2: what changed' },
							{ content: 'Thread part 3: thanks!' },
						),
					}),
					channel({
						channel: byId(mastodon.id),
						platform: 'mastodon',
						settings: { mastodonOptions: { visibility: 'unlisted' } },
						parts: parts(
							{ content: 'Launch day on Mastodon', media: [{ ...photo, alt: 'The new logo' }] },
							{ content: 'More soon' },
						),
					}),
					channel({
						channel: byId(linkedin.id),
						settingsJson: { carousel_name: 'Launch' },
						parts: parts({ content: 'Launch day on LinkedIn' }),
					}),
				],
				options: { tags: ['Launch'], repeatEvery: 7, shortLink: false },
			}),
		);
		expect(errorText(result)).toBe('');
		const slot = '2026-03-01T18:00:00.000Z';
		expect(result.items.map((i) => i.json)).toEqual([
			{
				postId: expect.any(String),
				channel: { id: x.id, name: x.name, platform: 'x' },
				state: 'QUEUE',
				date: slot,
				releaseURL: null,
				alreadySent: false,
				integration: x.id,
				channelName: x.name,
				platform: 'x',
			},
			{
				postId: expect.any(String),
				channel: { id: mastodon.id, name: mastodon.name, platform: 'mastodon' },
				state: 'QUEUE',
				date: slot,
				releaseURL: null,
				alreadySent: false,
				integration: mastodon.id,
				channelName: mastodon.name,
				platform: 'mastodon',
			},
			{
				postId: expect.any(String),
				channel: { id: linkedin.id, name: linkedin.name, platform: 'linkedin' },
				state: 'QUEUE',
				date: slot,
				releaseURL: null,
				alreadySent: false,
				integration: linkedin.id,
				channelName: linkedin.name,
				platform: 'linkedin',
			},
		]);
		expect(await t.routes()).toEqual([
			'POST /upload',
			'GET /integrations',
			'GET /posts',
			`GET /find-slot/${x.id}`,
			`GET /find-slot/${mastodon.id}`,
			`GET /find-slot/${linkedin.id}`,
			'POST /posts',
		]);

		const [body] = await sentBodies();
		expect(body.posts[0].value[0].image).toEqual([{ ...photo, alt: 'The new logo' }]);
		expect(body.posts[0].settings).toEqual({ who_can_reply_post: 'following', made_with_ai: true });
		expect(body.posts[1].settings).toEqual({ visibility: 'unlisted' });
		expect(body.inter).toBe(7);

		const listed = await listPosts();
		const byChannel = (id: string) => listed.filter((p) => p.integration.id === id);
		expect(listed).toHaveLength(3);
		for (const item of result.items) {
			const [post] = byChannel(item.json.integration as string);
			expect(post).toMatchObject({
				id: item.json.postId,
				publishDate: slot,
				state: 'QUEUE',
				intervalInDays: 7,
				tags: [{ value: expect.any(String), label: 'Launch' }],
			});
		}
		expect(byChannel(x.id)[0].content).toBe('Launch day 🚀 https://example.com/launch');
		expect(new Set(listed.map((p) => p.group)).size).toBe(1);
	});

	it.each([
		['draft', 'DRAFT'],
		['schedule', 'QUEUE'],
	] as const)(
		'a %s post: its state and link are those GET /posts lists for it, at no extra request',
		async (type, state) => {
			const { telegram } = t.sandbox.seed.channels;
			const result = await t.run(
				createParams({
					type,
					parts: parts({ content: `A ${type}` }),
					channels: [channel({ channel: byId(telegram.id) })],
				}),
			);
			expect(errorText(result)).toBe('');
			// The node's own requests: the channel list and Skip Posts Already Created's look-up.
			expect(await t.routes()).toEqual(['GET /integrations', 'GET /posts', 'POST /posts']);
			const [out] = result.items.map((i) => i.json);
			const listing = await t.api().get('/posts', {
				params: { startDate: '2030-01-15T00:00:00Z', endDate: '2030-01-16T00:00:00Z' },
			});
			const [listed] = (listing.data.posts as ListedPost[]).filter((p) => p.id === out.postId);
			expect([out.state, out.releaseURL]).toEqual([state, null]);
			expect(listed).toMatchObject({ state, releaseURL: null });
		},
	);

	it('a Now post is output as the service creates it, QUEUE, before it is published', async () => {
		const { telegram } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				type: 'now',
				parts: parts({ content: 'Right now' }),
				channels: [channel({ channel: byId(telegram.id) })],
			}),
		);
		expect(errorText(result)).toBe('');
		expect(result.items[0].json).toMatchObject({ state: 'QUEUE', releaseURL: null });
	});

	it('fills the typed settings of all 11 platforms, sending booleans as JSON booleans', async () => {
		const video = await upload(mp4(), 'clip.mp4');
		const photo = await upload(png(), 'photo.png');
		const firstPartMedia: Partial<Record<PlatformId, MediaParam[]>> = {
			instagram: [photo],
			tiktok: [video],
			youtube: [video],
		};
		const entries = PLATFORM_IDS.map((platform) =>
			channel({
				channel: byId(t.sandbox.seed.channels[platform].id),
				platform,
				settings: typedSettingsFor(platform, VALID_SETTINGS[platform])!,
				parts: parts({ content: `On ${platform}`, media: firstPartMedia[platform] }),
			}),
		);
		const result = await t.run(createParams({ channels: entries }));
		expect(errorText(result)).toBe('');
		expect(result.items.map((i) => i.json.platform)).toEqual(PLATFORM_IDS);
		const [body] = await sentBodies();
		PLATFORM_IDS.forEach((platform, index) => {
			const expected = VALID_SETTINGS[platform];
			// Each post gets its settings (none for threads, bluesky, telegram), besides the mark.
			expect(body.posts[index].settings ?? {}).toEqual(expected ?? {});
		});
		expect(typeof body.posts[PLATFORM_IDS.indexOf('tiktok')].settings?.duet).toBe('boolean');
	});

	it('turns "false" and "7" from expressions into a JSON boolean and number', async () => {
		const { tiktok } = t.sandbox.seed.channels;
		const video = await upload(mp4(), 'clip.mp4');
		const settings = {
			...typedSettingsFor('tiktok', VALID_SETTINGS.tiktok)!,
			tiktok_duet: '={{ "false" }}',
			tiktok_comment: '={{ "true" }}',
		};
		const result = await t.run(
			createParams({
				channels: [
					channel({
						channel: byId(tiktok.id),
						platform: 'tiktok',
						settings,
						parts: parts({ content: 'Clip', media: [video] }),
					}),
				],
				options: { repeatEvery: '={{ "7" }}' },
			}),
		);
		expect(errorText(result)).toBe('');
		const [body] = await sentBodies();
		expect(body.posts[0].settings?.duet).toBe(false);
		expect(body.posts[0].settings?.comment).toBe(true);
		expect(body.inter).toBe(7);
	});

	it('looks the platform up from the channel and takes its settings as JSON', async () => {
		const { x } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: 'Settings as JSON' }),
				channels: [
					channel({ channel: byId(x.id), settingsJson: '{"who_can_reply_post": "verified"}' }),
				],
			}),
		);
		expect(errorText(result)).toBe('');
		expect(result.items[0].json).toMatchObject({ platform: 'x', channelName: x.name });
		expect((await sentBodies())[0].posts[0].settings).toEqual({ who_can_reply_post: 'verified' });
	});

	it('sends the same parts to many channels', async () => {
		const { telegram, threads, bluesky, discord } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: 'Same everywhere' }, { content: 'And a follow-up' }),
				channels: [
					channel({ channel: byId(telegram.id) }),
					channel({ channel: byId(threads.id) }),
					channel({ channel: byId(bluesky.id) }),
					channel({
						channel: byId(discord.id),
						platform: 'discord',
						settings: { discord_channel: '1180000000000000002' },
					}),
				],
			}),
		);
		expect(errorText(result)).toBe('');
		expect(result.items.map((i) => i.json.channelName)).toEqual([
			telegram.name,
			threads.name,
			bluesky.name,
			discord.name,
		]);
		const [body] = await sentBodies();
		for (const post of body.posts)
			expect(post.value.map((p) => p.content)).toEqual(['Same everywhere', 'And a follow-up']);
	});

	it('sends one request per input item and pairs each output with its item', async () => {
		const { telegram } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: '={{ $json.text }}' }),
				channels: [channel({ channel: byId(telegram.id) })],
			}),
			{ items: [{ text: 'first' }, { text: 'second' }] },
		);
		expect(errorText(result)).toBe('');
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect((await sentBodies()).map((b) => b.posts[0].value[0].content).sort()).toEqual([
			'first',
			'second',
		]);
		expect((await t.routes()).filter((r) => r === 'GET /integrations')).toHaveLength(1);
	});

	it('takes the channel ID from an expression', async () => {
		const { threads } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: 'Hi' }),
				channels: [channel({ channel: byId('={{ $json.channelId }}') })],
			}),
			{ items: [{ channelId: threads.id }] },
		);
		expect(errorText(result)).toBe('');
		expect(result.items[0].json).toMatchObject({
			integration: threads.id,
			channelName: threads.name,
			platform: 'threads',
		});
	});

	it('refuses a blank or malformed channel ID in the Channels list before any request, and trims a padded one', async () => {
		const { threads } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: 'Hi' }),
				channels: [channel({ channel: byId('  ') }), channel({ channel: byId('abc def') })],
			}),
		);
		expect(errorText(result)).toMatch(/channel 1 .*, Channel: /);
		expect(errorText(result)).toMatch(/channel 2 .*, Channel: "abc def" /);
		expect(await t.routes()).toEqual([]);

		const padded = await t.run(
			createParams({
				parts: parts({ content: 'Hi' }),
				channels: [channel({ channel: byId(` ${threads.id} `) })],
			}),
		);
		expect(errorText(padded)).toBe('');
		expect(padded.items[0].json).toMatchObject({ integration: threads.id });
	});

	it("reads a date without offset in the workflow's time zone", async () => {
		const { telegram } = t.sandbox.seed.channels;
		// Test workflows run in n8n's default zone, America/New_York: 10:00 in January is 15:00 UTC.
		const result = await t.run(
			createParams({
				date: '2030-01-15T10:00:00',
				parts: parts({ content: 'Hi' }),
				channels: [channel({ channel: byId(telegram.id) })],
			}),
		);
		expect(errorText(result)).toBe('');
		expect((await sentBodies())[0].date).toBe('2030-01-15T15:00:00.000Z');
	});

	it('sends a whole request given as JSON', async () => {
		const { telegram, x } = t.sandbox.seed.channels;
		const body = {
			type: 'draft',
			date: '2030-02-01T09:00:00Z',
			shortLink: true,
			tags: [{ value: 'Promo', label: 'Promo' }],
			posts: [
				{ integration: { id: telegram.id }, value: [{ content: 'JSON one', image: [] }] },
				{
					integration: { id: x.id },
					value: [{ content: 'JSON two', image: [] }],
					settings: { who_can_reply_post: 'everyone' },
				},
			],
		};
		const result = await t.run(jsonParams(body));
		expect(errorText(result)).toBe('');
		expect(result.items.map((i) => [i.json.integration, i.json.platform])).toEqual([
			[telegram.id, 'telegram'],
			[x.id, 'x'],
		]);
		expect(await sentBodies()).toEqual([body]);
	});

	it('sends to a channel on a platform the rules table does not know (the service has more), and says it was not checked', async () => {
		const { linkedin } = t.sandbox.seed.channels;
		await t.sandbox.control.patchChannel(linkedin.id, { platform: 'linkedin-page' });
		// 4000 characters and a setting LinkedIn does not have: the node leaves them to the service.
		const body = {
			type: 'schedule',
			date: '2030-02-01T09:00:00Z',
			shortLink: false,
			tags: [],
			posts: [
				{
					integration: { id: linkedin.id },
					value: [{ content: 'a'.repeat(4000), image: [] }],
					settings: { page_tone: 'formal' },
				},
			],
		};
		const result = await t.run(jsonParams(body));
		expect(errorText(result)).toBe('');
		expect(result.items.map((i) => i.json)).toEqual([
			expect.objectContaining({
				integration: linkedin.id,
				platform: 'linkedin-page',
				warnings: [
					expect.stringMatching(
						/is on "linkedin-page", a platform this node has no rules for: its length, media and settings were not checked/,
					),
				],
			}),
		]);
		expect(await sentBodies()).toEqual([body]);
	});
});

describe('Post → Create in JSON mode, a post copied from Post → Get Many', () => {
	it('is sent, and a part that still carries its id is named in the warnings (some installs update that part)', async () => {
		const { telegram } = t.sandbox.seed.channels;
		const body = {
			type: 'draft',
			date: '2030-02-01T09:00:00Z',
			shortLink: false,
			tags: [],
			posts: [
				{
					integration: { id: telegram.id },
					value: [{ id: 'cmw0old0part', content: 'Copied', image: [] }],
				},
			],
		};
		const result = await t.run(jsonParams(body));
		expect(errorText(result)).toBe('');
		expect(result.items[0].json.warnings).toEqual([
			'part 1 (the post) carries "id": "cmw0old0part"; some installs then update that existing part instead of creating a new one (remove "id" to create a post)',
		]);
		expect(await sentBodies()).toEqual([body]);
	});
});

describe('Post → Create sends all the items of a run or none', () => {
	// A sandbox of its own, on the real clock.
	const t = useSandbox({ requestOptions: null });

	const run = async (texts: string[], continueOnFail = false) =>
		await t.run(
			createParams({
				parts: parts({ content: '={{ $json.text }}' }),
				channels: [
					channel({ channel: byId(t.sandbox.seed.channels.telegram.id), platform: 'telegram' }),
				],
			}),
			{ items: texts.map((text) => ({ text })), continueOnFail },
		);
	const posted = async () => (await t.routes()).filter((route) => route === 'POST /posts').length;

	it('a bad second item: nothing is sent, and the errors name the item that failed', async () => {
		const result = await run(['Fine', '', 'Also fine']);
		expect(result.items).toEqual([]);
		expect(errorText(result)).toMatch(/item [13]: item 2 failed the checks|Item 2, .*, the part: /);
		expect(await posted()).toBe(0);
	});

	it('all valid: every item is sent, once', async () => {
		const result = await run(['One', 'Two', 'Three']);
		expect(errorText(result)).toBe('');
		expect(result.items).toHaveLength(3);
		expect(await posted()).toBe(3);
	});

	it('with Continue On Fail, the valid items are sent and the bad one is an error item', async () => {
		const result = await run(['Fine', '', 'Also fine'], true);
		const errors = result.items.filter((item) => item.json.error);
		expect(errors).toHaveLength(1);
		expect(String(errors[0].json.error)).toMatch(/^Item 2, .*, the part: /);
		expect(result.items.filter((item) => item.json.postId)).toHaveLength(2);
		expect(await posted()).toBe(2);
	});
});
