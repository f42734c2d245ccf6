/** Post → Create refuses a bad post before sending (check.ts): what the error names and how it says to fix it. */
import { channel, createParams, jsonParams, parts } from '../../../createParameters';
import { byId, errorText, fromList, useSandbox, withoutItemMark } from '../../../support';

// Request Options left to the node's defaults.
const t = useSandbox({
	clock: { mode: 'manual', now: '2026-03-01T08:00:00.000Z' },
	requestOptions: null,
});

describe('Post → Create: refusing before sending', () => {
	it('says a channel ID left empty in JSON mode is empty, before any request', async () => {
		const result = await t.run(
			jsonParams({
				type: 'draft',
				date: '2030-01-01T10:00:00Z',
				shortLink: false,
				tags: [],
				posts: [
					{ integration: { id: '' }, value: [{ content: 'Hello', image: [] }], settings: {} },
				],
			}),
		);
		expect(errorText(result)).toMatch(
			/^Item 1, channel 1 \(no ID, platform unknown\), Channel: the channel ID is empty/,
		);
		expect(errorText(result)).not.toMatch(/id {2}in|undefined/);
		expect(await t.routes()).not.toContain('POST /posts');
	});

	it('names the item, the channel (name and platform), the part and the field, and says how to fix it', async () => {
		const { x } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				channels: [
					channel({
						channel: fromList(x.id, x.name),
						platform: 'x',
						settings: { x_who_can_reply_post: 'everyone' },
						parts: parts({ content: 'Fine' }, { content: 'a'.repeat(4001) }),
					}),
				],
			}),
			{ items: [{}, {}] },
		);
		// Where (item, channel, part, field) and the figures (written vs allowed).
		expect(result.error?.message).toMatch(
			new RegExp(
				`^Item 1, channel 1 "${x.name}" \\(X\\), part 2 \\(follow-up 1\\), Text: .*4001.*280$`,
			),
		);
		const description = result.error?.description ?? '';
		// The fix with X's own counting, what the service would have said, then (both items are bad:
		// n8n shows the first bad item's own error) the run's word that nothing was sent.
		expect(description).toMatch(/^To fix: .*280 characters .*as X counts/);
		expect(description).toContain('"post is too long, please fix it"');
		expect(description).toMatch(/\n\nNothing was sent for any item of this run: .*item 2/);
		expect(await t.routes()).toEqual([]);
	});

	it('names a missing required setting and where to fill it in', async () => {
		const { youtube } = t.sandbox.seed.channels;
		const video = { id: 'v1', path: `${t.sandbox.origin}/uploads/clip.mp4` };
		const result = await t.run(
			createParams({
				type: 'draft',
				channels: [
					channel({
						channel: byId(youtube.id),
						platform: 'youtube',
						settings: { youtube_type: 'unlisted' },
						parts: parts({ content: 'x', media: [video] }),
					}),
				],
			}),
		);
		expect(result.error?.message).toMatch(
			new RegExp(`^Item 1, channel 1 ${youtube.id} \\(YouTube\\), setting "Title": `),
		);
		// The fix names the label and the platform; the details keep the service's own field path.
		expect(result.error?.description).toMatch(/^To fix: .*"Title" .*YouTube settings/);
		expect(result.error?.description).toContain('posts.0.settings.title');
		expect(await t.routes()).toEqual([]);
	});

	it('lets a draft be too long and carry any media, but not skip its settings', async () => {
		const { x } = t.sandbox.seed.channels;
		const long = parts({ content: 'a'.repeat(400) });
		const ok = await t.run(
			createParams({
				type: 'draft',
				channels: [
					channel({
						channel: byId(x.id),
						platform: 'x',
						settings: { x_who_can_reply_post: 'everyone' },
						parts: long,
					}),
				],
			}),
		);
		expect(errorText(ok)).toBe('');
		const refused = await t.run(
			createParams({
				type: 'draft',
				channels: [channel({ channel: byId(x.id), settingsJson: {}, parts: long })],
			}),
		);
		expect(errorText(refused)).toContain(
			'posts.0.settings.who_can_reply_post should not be null or undefined',
		);
		expect(errorText(refused)).toContain(
			'add "who_can_reply_post" (one of: everyone, following, mentionedUsers, subscribers, verified)',
		);
	});

	it("refuses a platform that is not the channel's own", async () => {
		const { mastodon } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: 'Hi' }),
				channels: [
					channel({
						channel: byId(mastodon.id),
						platform: 'x',
						settings: { x_who_can_reply_post: 'everyone' },
					}),
				],
			}),
		);
		expect(errorText(result)).toContain('Platform is set to X, but the channel is on Mastodon');
		expect((await t.routes()).filter((r) => r === 'POST /posts')).toEqual([]);
	});

	it('sends HTML the service will strip, and says which tags it removes', async () => {
		const { telegram } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts(
					{ content: '<p>Hi <strong>there</strong></p>' },
					{ content: 'See <div>this</div> and <em>that</em>' },
				),
				channels: [channel({ channel: byId(telegram.id), platform: 'telegram' })],
			}),
		);
		expect(errorText(result)).toBe('');
		expect(result.items[0].json.warnings).toEqual([
			'part 2 (follow-up 1): the service removes <div>, <em> and keeps their text (it keeps only p, br, strong, u, a, ul, li, h1, h2, h3, span)',
		]);
		expect(await t.routes()).toContain('POST /posts');
	});

	it('refuses a part whose text is empty once the service strips its HTML, when it has no media', async () => {
		const { telegram } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: '<div> </div>' }),
				channels: [channel({ channel: byId(telegram.id), platform: 'telegram' })],
			}),
		);
		expect(result.error?.message).toContain('Parts → part 1 (the post), the part: ');
		expect(await t.routes()).toEqual([]);
	});

	it("accepts settings as the service's own clients send them: __type, and keys it does not know (with a warning)", async () => {
		const { x } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: 'Hi' }),
				channels: [
					channel({
						channel: byId(x.id),
						settingsJson: {
							__type: 'x',
							who_can_reply_post: 'everyone',
							who_can_reply: 'everyone',
						},
					}),
				],
			}),
		);
		expect(errorText(result)).toBe('');
		expect(result.items[0].json.warnings).toEqual([
			'setting "who_can_reply" is not one X is known to have (did you mean "who_can_reply_post"?); it was sent as given and the service keeps it',
		]);
		const sent = withoutItemMark(
			(await t.sandbox.control.requests()).find((r) => r.method === 'POST' && r.path === '/posts')
				?.body as { posts: Array<{ settings: unknown }> },
		);
		expect(sent.posts[0].settings).toEqual({
			__type: 'x',
			who_can_reply_post: 'everyone',
			who_can_reply: 'everyone',
		});
	});

	it('says to pick the platform when a looked-up channel needs settings', async () => {
		const { x } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: 'Hi' }),
				channels: [channel({ channel: byId(x.id) })],
			}),
		);
		expect(result.error?.message).toBe(
			`Item 1, channel 1 "${x.name}" (X), setting "Who Can Reply": is missing`,
		);
		expect(result.error?.description).toContain(
			'To fix: set Platform to X to fill in its settings, or give them as JSON (Settings: Using JSON).',
		);
		expect(await t.routes()).toEqual(['GET /integrations']);
	});

	it('refuses settings JSON that does not parse', async () => {
		const { x } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: 'Hi' }),
				channels: [
					channel({ channel: byId(x.id), platform: 'x', settingsJson: '{who: everyone}' }),
				],
			}),
		);
		expect(errorText(result)).toContain('Settings (JSON): not valid JSON (');
		expect(await t.routes()).toEqual([]);
	});

	it('refuses a request over the 100 kB the service takes as a body', async () => {
		const { telegram } = t.sandbox.seed.channels;
		const manyParts = Array.from({ length: 30 }, (_, index) => ({
			content: `${index + 1}/ ${'t'.repeat(4000)}`,
		}));
		const result = await t.run(
			createParams({
				parts: parts(...manyParts),
				channels: [channel({ channel: byId(telegram.id), platform: 'telegram' })],
			}),
		);
		expect(result.error?.message).toMatch(
			/^Item 1, the request: the request body is 11\d kB; the service refuses bodies over 100 kB$/,
		);
		expect(result.error?.description).toMatch(/^To fix: split the channels/);
		expect(await t.routes()).toEqual([]);
	});

	it('lists every problem of an item in the description', async () => {
		const { bluesky } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: 'b'.repeat(301) }, { content: '' }),
				channels: [channel({ channel: byId(bluesky.id), platform: 'bluesky' })],
				options: { repeatEvery: 0 },
			}),
		);
		const text = errorText(result);
		// The message (n8n's toast) names each of them, not only the first.
		expect(result.error?.message).toMatch(/^Item 1 has 3 problems: \(1\) .*; \(2\) .*; \(3\) /);
		for (const what of [
			/Parts → part 1 \(the post\), Text: .*301.*Bluesky.*300/,
			/Parts → part 2 \(follow-up 1\), the part: /,
			/Options → Repeat Every \(Days\): .*1.*; it is 0/,
		])
			expect(result.error?.message).toMatch(what);
		// The description lists each with its fix.
		expect(text).toMatch(/\d\. Item 1, .*Parts → part 2 \(follow-up 1\), the part: .*\. To fix:/);
		expect(text).toMatch(/\d\. Item 1, Options → Repeat Every \(Days\): .*\. To fix:/);
		expect(text).toMatch(/\d\. Item 1, .*Parts → part 1 \(the post\), Text: .*\. To fix:/);
		// Each problem once: the first is the message and the first numbered line of the description, nothing repeats it.
		expect(
			result.error?.description
				?.split('\n')
				.filter((line) => line.includes('the text is 301 characters')),
		).toHaveLength(1);
	});

	it("with local checks skipped, sends the post once and reports the service's refusal", async () => {
		const { bluesky } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: 'b'.repeat(301) }),
				channels: [channel({ channel: byId(bluesky.id), platform: 'bluesky' })],
				options: { skipChecks: true },
			}),
		);
		expect(result.error).toBeDefined();
		expect(errorText(result)).toContain('post is too long');
		expect(await t.routes()).toEqual(['GET /integrations', 'GET /posts', 'POST /posts']);
	});
});
