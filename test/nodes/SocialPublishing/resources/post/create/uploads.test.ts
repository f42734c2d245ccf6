/** Post → Create with media given as binary fields of the input item (uploads.ts): uploaded once, after the checks. */
import { avif, mp4, png } from '../../../../../fixtures/media';
import { channel, createParams, parts } from '../../../createParameters';
import { byId, errorText, useSandbox } from '../../../support';

// Request Options left to the node's defaults.
const t = useSandbox({
	clock: { mode: 'manual', now: '2026-03-01T08:00:00.000Z' },
	requestOptions: null,
});

describe('Post → Create: media from a binary field', () => {
	const withFiles = (files: Record<string, Buffer>) => [
		{
			json: {},
			binary: Object.fromEntries(
				Object.entries(files).map(([field, bytes]) => [
					field,
					{
						data: bytes.toString('base64'),
						mimeType: 'application/octet-stream',
						fileName: `${field}.bin`,
					},
				]),
			),
		},
	];

	it('uploads the file once, after the checks, and posts it with its alt text', async () => {
		const { mastodon, bluesky } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({
					content: 'Fresh from the oven',
					media: [{ binaryProperty: 'photo', alt: 'A loaf of bread' }],
				}),
				channels: [channel({ channel: byId(mastodon.id) }), channel({ channel: byId(bluesky.id) })],
			}),
			{ items: withFiles({ photo: png() }) },
		);
		expect(errorText(result)).toBe('');
		expect(await t.routes()).toEqual([
			'GET /integrations',
			'GET /posts',
			'POST /upload',
			'POST /posts',
		]);
		const uploaded = (await t.sandbox.control.requests()).find((r) => r.path === '/upload');
		expect(uploaded?.status).toBe(201);
		const [body] = (await t.requests('POST', '/posts')).map(
			(r) => r.body as { posts: Array<{ value: Array<{ image: unknown }> }> },
		);
		const [first, second] = body.posts.map((post) => post.value[0].image);
		expect(first).toEqual([
			{
				id: expect.any(String),
				path: expect.stringMatching(/^http.*\.png$/),
				alt: 'A loaf of bread',
			},
		]);
		expect(second).toEqual(first);
	});

	it("creates no post of the run when one item's upload fails, and says the uploaded files stay", async () => {
		const { mastodon } = t.sandbox.seed.channels;
		await t.sandbox.control.addFault({ method: 'POST', path: '/upload', fault: 'error500' });
		const [item] = withFiles({ photo: png() });
		const result = await t.run(
			createParams({
				parts: parts({ content: 'Fresh from the oven', media: [{ binaryProperty: 'photo' }] }),
				channels: [channel({ channel: byId(mastodon.id) })],
			}),
			{ items: [item, { ...item, json: { second: true } }] },
		);
		expect(errorText(result)).toContain(
			"The files uploaded for the run's items before this failure stay in the media library",
		);
		const routes = await t.routes();
		expect(routes.filter((route) => route === 'POST /upload')).toHaveLength(2);
		expect(routes).not.toContain('POST /posts');
	});

	it('judges the real kind of the file before uploading anything', async () => {
		const { x } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({
					content: 'Two clips',
					media: [{ binaryProperty: 'a' }, { binaryProperty: 'b' }],
				}),
				channels: [
					channel({
						channel: byId(x.id),
						platform: 'x',
						settings: { x_who_can_reply_post: 'everyone' },
					}),
				],
			}),
			{ items: withFiles({ a: mp4(), b: mp4() }) },
		);
		expect(result.error?.message).toContain(
			'Media: You can only upload one video or GIF per post, with no other media',
		);
		expect(await t.routes()).toEqual([]);
	});

	it('refuses a missing field or a file posts cannot use, naming it, before any request', async () => {
		const { telegram } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({
					content: 'Files',
					media: [{ binaryProperty: 'picture' }, { binaryProperty: 'photo' }],
				}),
				channels: [channel({ channel: byId(telegram.id), platform: 'telegram' })],
			}),
			{ items: withFiles({ photo: avif() }) },
		);
		const text = errorText(result);
		expect(text).toContain(
			'media 1 → Binary Field: the item has no binary field "picture". To fix: set Binary Field to one of the item\'s binary fields: photo.',
		);
		expect(text).toContain(
			'media 2 → Binary Field: the file "photo.bin" is image/avif, which the service stores but posts cannot use',
		);
		expect(await t.routes()).toEqual([]);
	});
});
