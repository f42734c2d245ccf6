/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped */
import { Readable } from 'node:stream';
import axios from 'axios';
import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';

import { mp4, png, sends, text } from '../../../fixtures/media';
import { storeBinary } from '../../../helpers/binaryData';
import { serveFilesOverHttps } from '../../../helpers/httpsFileServer';
import { errorOf, FAST, jsonOf, useSandbox } from '../support';

const MB = 1024 * 1024;

/** A file of `size` bytes starting with `head`, produced 1 MB at a time (never whole in memory). */
function generated(head: Buffer, size: number): Readable {
	const filler = Buffer.alloc(MB);
	return Readable.from(
		(function* () {
			yield head;
			let left = size - head.length;
			while (left > 0) {
				const n = Math.min(left, MB);
				yield n === MB ? filler : filler.subarray(0, n);
				left -= n;
			}
		})(),
	);
}

/** An item whose binary is kept in memory (n8n's "default" mode): base64 in the item. */
function inMemory(
	content: Buffer,
	fileName: string,
	mimeType: string,
	property = 'data',
): INodeExecutionData {
	const binary: IBinaryData = {
		data: content.toString('base64'),
		fileName,
		mimeType,
		fileSize: `${content.length} B`,
	};
	return { json: { name: fileName }, binary: { [property]: binary } };
}

async function onDisk(
	content: Buffer | Readable,
	fileName: string,
	mimeType: string,
): Promise<INodeExecutionData> {
	return {
		json: { name: fileName },
		binary: { data: await storeBinary(content, { fileName, mimeType }) },
	};
}

describe('Social Publishing → Media', () => {
	const t = useSandbox();

	describe('Upload', () => {
		it('uploads a binary kept in memory and outputs the media item', async () => {
			const result = await t.run(
				{ resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
				{ items: [inMemory(png(), 'logo.png', 'image/png')] },
			);
			const [media] = jsonOf(result);
			expect(media).toEqual({
				id: expect.any(String),
				name: expect.stringMatching(/\.png$/),
				path: expect.stringContaining('/uploads/'),
				type: 'image',
				createdAt: expect.any(String),
			});
			const library = jsonOf(
				await t.run({ resource: 'media', operation: 'getMany', returnAll: true }),
			);
			expect(library).toEqual([
				expect.objectContaining({ id: media.id, originalName: 'logo.png' }),
			]);
		});

		it('uploads a binary n8n keeps on disk, streamed, with the file name given in the options', async () => {
			const item = await onDisk(png(), 'on-disk.png', 'image/png');
			const result = await t.run(
				{
					resource: 'media',
					operation: 'upload',
					binaryPropertyName: 'data',
					options: { fileName: 'renamed.png' },
				},
				{ items: [item] },
			);
			expect(jsonOf(result)[0].type).toBe('image');
			const library = jsonOf(
				await t.run({ resource: 'media', operation: 'getMany', returnAll: true }),
			);
			expect(library[0].originalName).toBe('renamed.png');
		});

		it('uploads a 50 MB video from disk', async () => {
			const size = 50_000_000;
			const item = await onDisk(generated(mp4(), size), 'big.mp4', 'video/mp4');
			const result = await t.run(
				{
					resource: 'media',
					operation: 'upload',
					binaryPropertyName: 'data',
					requestOptions: { ...FAST, timeout: 20_000 },
				},
				{ items: [item] },
			);
			expect(result.error).toBeUndefined();
			expect(jsonOf(result)[0]).toMatchObject({
				type: 'video',
				name: expect.stringMatching(/\.mp4$/),
			});
			const [request] = await t.requests('POST', '/upload');
			expect(request.status).toBe(201);
			expect(request.bodySize).toBeGreaterThan(size);
			expect(request.bodySize).toBeLessThan(size + 1024);
		}, 60_000);

		it('refuses a file over 50 MB before sending, pointing to Upload From URL', async () => {
			const item = await onDisk(generated(mp4(), 51 * MB), 'huge.mp4', 'video/mp4');
			const result = await t.run(
				{ resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
				{ items: [item] },
			);
			const error = errorOf(result);
			expect(error.message).toBe('The file "huge.mp4" is 51 MB; an upload may be at most 50 MB');
			expect(error.description).toContain('Upload From URL');
			expect(await t.requests()).toHaveLength(0);
		}, 30_000);

		it('refuses an image over 10 MB before sending', async () => {
			const item = await onDisk(generated(png(), 11 * MB), 'photo.png', 'image/png');
			const result = await t.run(
				{ resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
				{ items: [item] },
			);
			expect(errorOf(result).message).toBe(
				'The image "photo.png" is 11 MB; the service takes images up to 10 MB',
			);
			expect(await t.requests()).toHaveLength(0);
		});

		it('refuses a file that is not an accepted type, whatever its name, before sending', async () => {
			const result = await t.run(
				{ resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
				{ items: [inMemory(text(), 'picture.png', 'image/png')] },
			);
			const error = errorOf(result);
			expect(error.message).toBe(
				'The file "picture.png" is not a type the service accepts (n8n saw image/png)',
			);
			expect(error.description).toContain('JPEG, PNG, GIF, WEBP, AVIF, BMP, TIFF or MP4');
			expect(await t.requests()).toHaveLength(0);
		});

		it('names the binary properties an item has when the one asked for is absent', async () => {
			const result = await t.run(
				{ resource: 'media', operation: 'upload', binaryPropertyName: 'file' },
				{ items: [inMemory(png(), 'a.png', 'image/png', 'image')] },
			);
			const error = errorOf(result);
			expect(error.message).toBe('Item 1 has no binary property "file"');
			expect(error.description).toContain('image');
		});

		it('a 429 on upload is waited for and the file is sent again in full', async () => {
			await t.sandbox.control.addFault({
				method: 'POST',
				path: '/upload',
				fault: 'rateLimit',
				retryAfter: 1,
			});
			const item = await onDisk(png(), 'again.png', 'image/png');
			const result = await t.run(
				{
					resource: 'media',
					operation: 'upload',
					binaryPropertyName: 'data',
					requestOptions: { ...FAST, maxRateLimitWait: 2 },
				},
				{ items: [item] },
			);
			expect(result.error).toBeUndefined();
			expect((await t.requests('POST', '/upload')).map((r) => r.status)).toEqual([429, 201]);
		});

		it('an upload answered 500 is not sent again, and Continue On Fail keeps the other items', async () => {
			await t.sandbox.control.addFault({ method: 'POST', path: '/upload', fault: 'error500' });
			const result = await t.run(
				{
					resource: 'media',
					operation: 'upload',
					binaryPropertyName: 'data',
					requestOptions: { ...FAST, maxRetries: 3 },
				},
				{
					continueOnFail: true,
					items: [
						inMemory(png(), 'one.png', 'image/png'),
						inMemory(text(), 'two.png', 'image/png'),
					],
				},
			);
			expect(result.items).toHaveLength(2);
			expect(result.items[0].error?.message).toMatch(/POST \/upload \(HTTP 500\)$/);
			expect(result.items[1].error?.message).toContain('is not a type the service accepts');
			expect(await t.requests('POST', '/upload')).toHaveLength(1);
		});
	});

	describe('Upload From URL', () => {
		it('checks the address before sending: https only, an allowed ending', async () => {
			const http = await t.run({
				resource: 'media',
				operation: 'uploadFromUrl',
				url: 'http://cdn.example.com/a.png',
			});
			expect(errorOf(http).message).toBe('"URL" must use https: "http://cdn.example.com/a.png"');
			const ending = await t.run({
				resource: 'media',
				operation: 'uploadFromUrl',
				url: 'https://cdn.example.com/a.pdf?x=.png',
			});
			expect(errorOf(ending).message).toBe(
				'"URL" must end in one of .png, .jpg, .jpeg, .webp, .gif, .mp4',
			);
			expect(await t.requests()).toHaveLength(0);
		});

		it('refuses an ending in upper case or followed by a "#" part before sending, as Create does (the service takes neither)', async () => {
			const upper = await t.run({
				resource: 'media',
				operation: 'uploadFromUrl',
				url: 'https://cdn.example.com/photo.PNG',
			});
			expect(errorOf(upper).message).toMatch(
				/^"URL": "https:\/\/cdn\.example\.com\/photo\.PNG" .*upper case/,
			);
			const fragment = await t.run({
				resource: 'media',
				operation: 'uploadFromUrl',
				url: 'https://cdn.example.com/photo.png#large',
			});
			expect(errorOf(fragment).message).toMatch(
				/^"URL": "https:\/\/cdn\.example\.com\/photo\.png#large" .*"#"/,
			);
			expect(errorOf(fragment).description).toContain('in lower case');
			expect(await t.requests()).toHaveLength(0);
		});

		it("sends a good address and reports the service's refusal in its own words", async () => {
			const result = await t.run({
				resource: 'media',
				operation: 'uploadFromUrl',
				url: 'https://127.0.0.1/picture.png',
				options: { allowPrivateAddress: true },
			});
			const error = errorOf(result);
			// The service's own words, passed on.
			expect(error.message).toMatch(
				/: URL must be a public HTTPS URL and cannot point to internal network addresses$/,
			);
			const [sent] = await t.requests('POST', '/upload-from-url');
			expect(sent.body).toEqual({ url: 'https://127.0.0.1/picture.png' });
		});

		describe('from an https server on this machine, whose self-signed certificate the sandbox is told to trust', () => {
			const cover = png();
			const asked: string[] = [];
			let files: Awaited<ReturnType<typeof serveFilesOverHttps>>;
			beforeAll(async () => {
				files = await serveFilesOverHttps({
					'/cover.png': sends(cover, 'image/png'),
					'/gone.png': (req, res) => {
						asked.push(req.url ?? '');
						res.writeHead(404).end('not found');
					},
				});
			});
			afterAll(async () => await files?.close());
			// Each test's reset clears the settings; production refuses this machine and trusts only public roots.
			beforeEach(
				async () =>
					await t.sandbox.control.settings({
						allowLoopbackUploadUrls: true,
						trustedUploadCa: files.ca,
					}),
			);

			it('uploads the file behind the link: the media item, its bytes served back, in the library as cover.png', async () => {
				const url = files.url('/cover.png');
				const result = await t.run({
					resource: 'media',
					operation: 'uploadFromUrl',
					url,
					options: { allowPrivateAddress: true },
				});
				expect(result.error).toBeUndefined();
				const [media] = jsonOf(result);
				expect(media).toEqual({
					id: expect.any(String),
					name: expect.stringMatching(/^[0-9a-f]{32}\.png$/),
					path: expect.stringMatching(/\/uploads\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.png$/),
					type: 'image',
					createdAt: expect.any(String),
				});
				// Under the sandbox's storage ({cdn_url}), where POST /posts accepts media from.
				expect(String(media.path).startsWith(`${t.sandbox.origin}/uploads/`)).toBe(true);
				const stored = await axios.get<ArrayBuffer>(media.path as string, {
					responseType: 'arraybuffer',
				});
				expect(Buffer.from(stored.data).equals(cover)).toBe(true);
				const library = jsonOf(
					await t.run({ resource: 'media', operation: 'getMany', returnAll: true }),
				);
				expect(library).toEqual([
					expect.objectContaining({ id: media.id, originalName: 'cover.png', path: media.path }),
				]);
				const [sent] = await t.requests('POST', '/upload-from-url');
				expect(sent.body).toEqual({ url });
			});

			it('a link the server answers 404: the service could not fetch it, and nothing is added', async () => {
				const result = await t.run({
					resource: 'media',
					operation: 'uploadFromUrl',
					url: files.url('/gone.png'),
					options: { allowPrivateAddress: true },
				});
				expect(errorOf(result).message).toMatch(/: Failed to fetch URL$/);
				// The TLS handshake succeeded and the server itself said 404.
				expect(asked).toEqual(['/gone.png']);
				expect(
					jsonOf(await t.run({ resource: 'media', operation: 'getMany', returnAll: true })),
				).toEqual([]);
			});
		});
	});

	describe('Get Many', () => {
		beforeEach(async () => {
			const items = Array.from({ length: 20 }, (_, i) =>
				inMemory(png(), `file-${String(i).padStart(2, '0')}.png`, 'image/png'),
			);
			const uploaded = await t.run(
				{ resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
				{ items },
			);
			expect(uploaded.items).toHaveLength(20);
			await t.sandbox.control.clearRequests();
		});

		it('Return All reads every page (18 a page, from page 1)', async () => {
			const media = jsonOf(
				await t.run({ resource: 'media', operation: 'getMany', returnAll: true }),
			);
			expect(media).toHaveLength(20);
			expect((await t.requests('GET', '/media')).map((r) => r.query.page)).toEqual(['1', '2']);
		});

		it('Limit and Search', async () => {
			expect(
				jsonOf(
					await t.run({ resource: 'media', operation: 'getMany', returnAll: false, limit: 5 }),
				),
			).toHaveLength(5);
			expect(await t.requests('GET', '/media')).toHaveLength(1);
			const found = jsonOf(
				await t.run({ resource: 'media', operation: 'getMany', returnAll: true, search: 'file-1' }),
			);
			expect(found.map((m) => m.originalName).sort()).toEqual(
				Array.from({ length: 10 }, (_, i) => `file-1${i}.png`),
			);
		});
	});
});
