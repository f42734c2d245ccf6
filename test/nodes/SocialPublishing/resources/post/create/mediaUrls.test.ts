/**
 * Post → Create with media given by URL (mediaUrls.ts): each address judged before any request, uploaded once per
 * run through POST /upload-from-url after the checks, and the post created with the uploaded path; an address that
 * fails stops the whole run before any post is created.
 */
import { mp4, png, sends } from '../../../../../fixtures/media';
import { serveFilesOverHttps } from '../../../../../helpers/httpsFileServer';
import { channel, createParams, jsonParams, parts } from '../../../createParameters';
import { byId, errorOf, jsonOf, useSandbox } from '../../../support';

const t = useSandbox();

type SentBody = { posts: Array<{ value: Array<{ image: Array<Record<string, unknown>> }> }> };

describe('Post → Create: media by URL', () => {
	let files: Awaited<ReturnType<typeof serveFilesOverHttps>>;
	const asked: string[] = [];
	beforeAll(async () => {
		files = await serveFilesOverHttps({
			'/cover.png': (req, res) => {
				asked.push(req.url ?? '');
				sends(png(), 'image/png')(req, res);
			},
			'/clip.mp4': sends(mp4(), 'video/mp4'),
			'/gone.png': (req, res) => {
				asked.push(req.url ?? '');
				res.writeHead(404).end('not found');
			},
		});
	});
	afterAll(async () => await files?.close());
	beforeEach(async () => {
		asked.length = 0;
		// The sandbox fetches from this machine's self-signed server only when told; the node too (Allow Private Address).
		await t.sandbox.control.settings({ allowLoopbackUploadUrls: true, trustedUploadCa: files.ca });
	});
	const LOCAL = { allowPrivateAddress: true };

	it('uploads each address once per run, then creates the posts with the uploaded path and alt text', async () => {
		const { mastodon, bluesky } = t.sandbox.seed.channels;
		const url = files.url('/cover.png');
		const result = await t.run(
			createParams({
				parts: parts({ content: 'Fresh bread', media: [{ url, alt: 'A loaf' }] }),
				channels: [channel({ channel: byId(mastodon.id) }), channel({ channel: byId(bluesky.id) })],
				options: LOCAL,
			}),
			{ items: [{ json: {} }, { json: {} }] },
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(4);
		const routes = await t.routes();
		expect(routes.filter((route) => route === 'POST /upload-from-url')).toHaveLength(1);
		expect(routes.filter((route) => route === 'POST /posts')).toHaveLength(2);
		// Uploaded before any post.
		expect(routes.indexOf('POST /upload-from-url')).toBeLessThan(routes.indexOf('POST /posts'));
		expect(asked).toEqual(['/cover.png']);
		const [upload] = await t.requests('POST', '/upload-from-url');
		expect(upload.body).toEqual({ url });
		const images = (await t.requests('POST', '/posts')).flatMap((request) =>
			(request.body as SentBody).posts.map((post) => post.value[0].image),
		);
		expect(images).toHaveLength(4);
		for (const image of images)
			expect(image).toEqual([
				{
					id: expect.any(String),
					path: expect.stringMatching(new RegExp(`^${t.sandbox.origin}/uploads/.*\\.png$`)),
					alt: 'A loaf',
				},
			]);
	});

	it('takes {"url", "alt"} in a part\'s image list in JSON mode', async () => {
		const { mastodon } = t.sandbox.seed.channels;
		const result = await t.run(
			jsonParams(
				{
					type: 'schedule',
					date: '2030-01-15T10:00:00Z',
					shortLink: false,
					tags: [],
					posts: [
						{
							integration: { id: mastodon.id },
							value: [{ content: 'A clip', image: [{ url: files.url('/clip.mp4'), alt: 'Clip' }] }],
							settings: {},
						},
					],
				},
				LOCAL,
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await t.requests('POST', '/posts');
		expect((sent.body as SentBody).posts[0].value[0].image).toEqual([
			{ id: expect.any(String), path: expect.stringMatching(/\.mp4$/), alt: 'Clip' },
		]);
	});

	it('an address the service cannot fetch fails the run before any post is created, naming it', async () => {
		const { mastodon } = t.sandbox.seed.channels;
		const good = files.url('/cover.png');
		const gone = files.url('/gone.png');
		const result = await t.run(
			{
				...createParams({
					channels: [
						channel({
							channel: byId(mastodon.id),
							platform: 'mastodon',
							parts: parts({ content: 'Hello', media: [{ url: '={{ $json.url }}' }] }),
						}),
					],
					options: LOCAL,
				}),
			},
			{ items: [{ json: { url: good } }, { json: { url: gone } }] },
		);
		const error = errorOf(result);
		// Where (item 2, its channel, part and media item), the address, and the service's own words.
		expect(error.message).toMatch(
			new RegExp(
				`^Item 2, channel 1 "${mastodon.name}" \\(Mastodon\\), part 1 \\(the post\\), media 1 → URL: .*"${gone.replace(/[.?]/g, '\\$&')}".*: Failed to fetch URL$`,
			),
		);
		expect(error.description).toContain('No post was created for this item');
		// Item 1's address was uploaded before item 2's failed: said, not hidden.
		expect(error.description).toContain(
			'No post was created for any item of this run: the node sends all the items of a write run ' +
				"or none. The files uploaded for the run's items before this failure stay in the media " +
				'library (Media → Get Many lists them)',
		);
		expect(error.description).not.toContain('Nothing was sent');
		expect(await t.requests('POST', '/posts')).toHaveLength(0);
	});

	it('uploads nothing while another item of the run fails its checks', async () => {
		const { mastodon } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				channels: [
					channel({
						channel: byId(mastodon.id),
						platform: 'mastodon',
						parts: parts({
							content: '={{ $json.text }}',
							media: [{ url: files.url('/cover.png') }],
						}),
					}),
				],
				options: LOCAL,
			}),
			{ items: [{ json: { text: 'Fresh bread' } }, { json: { text: 'a'.repeat(600) } }] },
		);
		const error = errorOf(result);
		expect(error.message).toMatch(/^Item 2, channel 1 .*Mastodon.*, Text: .* 500/);
		expect(error.description).toContain('Nothing was sent for any item of this run');
		expect(await t.routes()).not.toContain('POST /upload-from-url');
		expect(asked).toEqual([]);
	});

	it("judges the media by the file's ending with the platform's rules before uploading anything", async () => {
		const { x } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({
					content: 'Two clips',
					media: [{ url: files.url('/clip.mp4') }, { url: 'https://cdn.example.com/b.mp4' }],
				}),
				channels: [
					channel({
						channel: byId(x.id),
						platform: 'x',
						settings: { x_who_can_reply_post: 'everyone' },
					}),
				],
				options: LOCAL,
			}),
		);
		expect(errorOf(result).message).toContain(
			'Media: You can only upload one video or GIF per post, with no other media',
		);
		expect(await t.routes()).toEqual([]);
	});

	describe('addresses refused before any request', () => {
		const refused = (url: unknown, options: Record<string, unknown> = {}) =>
			createParams({
				parts: parts({ content: 'Hello', media: [{ url }] }),
				channels: [
					channel({ channel: byId(t.sandbox.seed.channels.mastodon.id), platform: 'mastodon' }),
				],
				options,
			});
		const where = 'Item 1, Parts → part 1 (the post), media 1 → URL: ';

		it.each([
			[
				'https://cdn.example.com/picture',
				'"https://cdn.example.com/picture" does not end in .png, .jpg, .jpeg, .webp, .gif or .mp4',
			],
			[
				'https://cdn.example.com/picture.PNG',
				'"https://cdn.example.com/picture.PNG" ends in upper case; the service takes the endings in lower case only',
			],
			[
				'https://cdn.example.com/picture.png#top',
				'"https://cdn.example.com/picture.png#top" has a "#" part after the file name',
			],
			[
				'https://cdn.example.com/picture.pdf?x=.png',
				'"https://cdn.example.com/picture.pdf?x=.png" does not end in',
			],
			['http://cdn.example.com/a.png', 'must use https: "http://cdn.example.com/a.png"'],
			[
				'https://10.1.2.3/a.jpg',
				'points to a private network address (10.1.2.3), which the service does not fetch from',
			],
			['https://localhost/a.png', 'points to a name of this machine (localhost)'],
			['https://169.254.169.254/a.jpg', 'points to a link-local address'],
			// The service's own check lets this through to its fetch (docs/real-backend.md).
			['https://[::ffff:127.0.0.1]/x.png', 'points to a loopback address ([::ffff:7f00:1])'],
			['https://0x7f.1/x.png', 'points to a loopback address (127.0.0.1)'],
			['', 'is empty'],
			['not a url.png', 'is not a web address: "not a url.png"'],
		])('%p', async (url, words) => {
			const result = await t.run(refused(url));
			expect(errorOf(result).message).toContain(`${where}${words}`);
			expect(await t.requests()).toHaveLength(0);
		});

		it('a private address is refused even with the option on when it has no file ending', async () => {
			const result = await t.run(refused('https://127.0.0.1/picture', LOCAL));
			expect(errorOf(result).message).toContain(
				`${where}"https://127.0.0.1/picture" does not end in`,
			);
			expect(await t.requests()).toHaveLength(0);
		});

		it('in JSON mode, "url" beside "id" or "path"', async () => {
			const result = await t.run(
				jsonParams({
					type: 'schedule',
					date: '2030-01-15T10:00:00Z',
					shortLink: false,
					tags: [],
					posts: [
						{
							integration: { id: t.sandbox.seed.channels.mastodon.id },
							value: [
								{
									content: 'Hi',
									image: [{ url: 'https://cdn.example.com/a.png', path: 'https://x/b.png' }],
								},
							],
						},
					],
				}),
			);
			expect(errorOf(result).message).toContain(
				'part 1 (the post), media 1 → URL: has "url" and also "id" or "path"',
			);
			expect(await t.requests('POST', '/upload-from-url')).toHaveLength(0);
			expect(await t.requests('POST', '/posts')).toHaveLength(0);
		});
	});
});
