/**
 * Contract of POST /upload (spec 4.7, 2.2, 8; service-notes for the accepted types), over real HTTP.
 * Files are made in code by test/fixtures/media.ts.
 */
import axios, { type AxiosInstance } from 'axios';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { isStoragePath } from '../../sandbox/media';
import * as media from '../fixtures/media';

const MB = 1024 * 1024;

let sandbox: RunningSandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sandbox = await startSandbox({
		// These tests make more requests than one window allows; the limit itself is tested in media-library.
		rateLimits: { 'POST /upload': { limit: 1000, windowSeconds: 300 } },
	});
	api = axios.create({
		baseURL: sandbox.baseUrl,
		headers: { Authorization: sandbox.apiKey },
		validateStatus: () => true,
		maxBodyLength: Infinity,
		maxContentLength: Infinity,
	});
});
afterAll(async () => await sandbox.close());

function form(bytes: Buffer, filename: string, field = 'file'): FormData {
	const body = new FormData();
	body.append(field, new Blob([new Uint8Array(bytes)]), filename);
	return body;
}

const upload = (bytes: Buffer, filename: string) => api.post('/upload', form(bytes, filename));

describe('POST /upload accepts the types the service takes, decided by the bytes', () => {
	it.each([
		['png', media.png(), 'photo.png', 'image'],
		['jpg', media.jpeg(), 'photo.jpg', 'image'],
		['gif', media.gif(), 'anim.gif', 'image'],
		['webp', media.webp(), 'pic.webp', 'image'],
		['avif', media.avif(), 'pic.avif', 'image'],
		['bmp', media.bmp(), 'pic.bmp', 'image'],
		['tif', media.tiff(), 'scan.tiff', 'image'],
		['mp4', media.mp4(), 'clip.mp4', 'video'],
	])('%s → 201 media item', async (ext, bytes, filename, type) => {
		const res = await upload(bytes, filename);
		expect(res.status).toBe(201);
		expect(Object.keys(res.data).sort()).toEqual(['createdAt', 'id', 'name', 'path', 'type']);
		expect(res.data.id).toMatch(
			/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
		);
		expect(res.data.type).toBe(type);
		// A random name with the extension of the real type; the uploader's name is not kept in it.
		expect(res.data.name).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
		expect(res.data.path.endsWith(`/${res.data.name}`)).toBe(true);
		expect(new Date(res.data.createdAt).toISOString()).toBe(res.data.createdAt);
	});

	it('serves the stored file back at its path, byte for byte, without auth', async () => {
		const bytes = media.png();
		const { data: item } = await upload(bytes, 'back.png');
		const file = await axios.get(item.path, { responseType: 'arraybuffer' });
		expect(file.status).toBe(200);
		expect(file.headers['content-type']).toBe('image/png');
		expect(Buffer.from(file.data).equals(bytes)).toBe(true);
	});

	it('serves a big (disk-stored) file back whole', async () => {
		const bytes = media.padded(media.mp4(), 3 * MB + 17);
		const { data: item } = await upload(bytes, 'long.mp4');
		const file = await axios.get(item.path, { responseType: 'arraybuffer' });
		expect(file.headers['content-type']).toBe('video/mp4');
		expect(Buffer.from(file.data).equals(bytes)).toBe(true);
	});

	it('a PNG named .txt is accepted, and stored as .png', async () => {
		const res = await upload(media.png(), 'notes.txt');
		expect(res.status).toBe(201);
		expect(res.data.name).toMatch(/\.png$/);
	});

	it('a text file named .png is refused: 400 {msg: "Unsupported file type"}', async () => {
		const res = await upload(media.text(), 'fake.png');
		expect(res.status).toBe(400);
		expect(res.data).toEqual({ msg: 'Unsupported file type' });
	});

	it.each([
		['QuickTime video', media.mov(), 'clip.mov'],
		['empty file', Buffer.alloc(0), 'empty.png'],
		['truncated TIFF header', media.tiff().subarray(0, 10), 'scan.tif'],
	])('%s is refused as unsupported', async (_what, bytes, filename) => {
		const res = await upload(bytes, filename);
		expect(res.status).toBe(400);
		expect(res.data).toEqual({ msg: 'Unsupported file type' });
	});

	it('every issued path counts as inside storage for POST /posts; other addresses do not', async () => {
		const { data: item } = await upload(media.jpeg(), 'in.jpg');
		const storage = `${sandbox.origin}/uploads`;
		expect(isStoragePath(item.path, storage)).toBe(true);
		expect(isStoragePath('https://elsewhere.example/uploads/a.png', storage)).toBe(false);
		expect(isStoragePath(`${sandbox.origin}/api/public/v1/media`, storage)).toBe(false);
		expect(isStoragePath(`${storage}/../api/x.png`, storage)).toBe(false);
		expect(isStoragePath(`${storage}/`, storage)).toBe(false);
		expect(isStoragePath('not a url', storage)).toBe(false);
	});
});

describe('POST /upload refuses what it cannot take', () => {
	it('no `file` field → 400 naming the field', async () => {
		const res = await api.post('/upload', form(media.png(), 'photo.png', 'image'));
		expect(res.status).toBe(400);
		expect(res.data.msg).toContain('"file"');
	});

	it('a body that is not multipart → 400', async () => {
		const res = await api.post('/upload', { file: 'photo.png' });
		expect(res.status).toBe(400);
		expect(res.data.msg).toContain('multipart/form-data');
	});

	it('an image of exactly 10 MB is accepted', async () => {
		const res = await upload(media.padded(media.png(), 10 * MB), 'exact.png');
		expect(res.status).toBe(201);
	});

	it('an image one byte over 10 MB is refused with the size in the message', async () => {
		const res = await upload(media.padded(media.jpeg(), 10 * MB + 1), 'huge.jpg');
		expect(res.status).toBe(400);
		expect(res.data).toEqual({
			msg: 'File size exceeds the maximum allowed size of 10485760 bytes.',
		});
	});

	it('a video over 10 MB is accepted (the 10 MB limit is for images)', async () => {
		const res = await upload(media.padded(media.mp4(), 12 * MB), 'long.mp4');
		expect(res.status).toBe(201);
		expect(res.data.type).toBe('video');
	});

	it('a request declaring more than 50 MB → 413 at once, before the body is read', async () => {
		const body = media.streamedUpload(media.mp4(), 50 * MB + 1, 'big.mp4');
		const started = Date.now();
		const res = await api.post('/upload', body.stream, {
			headers: { 'Content-Type': body.contentType, 'Content-Length': String(body.length) },
		});
		expect(res.status).toBe(413);
		expect(res.data).toEqual({ statusCode: 413, message: 'request entity too large' });
		expect(Date.now() - started).toBeLessThan(20_000);
	});

	it('a streamed request (no Content-Length) passing 50 MB → 413, counted while it arrives', async () => {
		const body = media.streamedUpload(media.mp4(), 50 * MB + 1, 'big.mp4');
		const res = await api.post('/upload', body.stream, {
			headers: { 'Content-Type': body.contentType },
		});
		expect(res.status).toBe(413);
		expect(res.data).toEqual({ statusCode: 413, message: 'request entity too large' });
	});

	it('a streamed video just under 50 MB in all is accepted', async () => {
		const body = media.streamedUpload(media.mp4(), 49 * MB, 'fits.mp4');
		const res = await api.post('/upload', body.stream, {
			headers: { 'Content-Type': body.contentType },
		});
		expect(res.status).toBe(201);
		expect(res.data.type).toBe('video');
	});
});

describe('POST /posts takes the paths the upload routes issue, and only those', () => {
	const post = (path: string) =>
		api.post('/posts', {
			type: 'draft',
			date: '2030-01-01T10:00:00.000Z',
			shortLink: false,
			tags: [],
			posts: [
				{
					integration: { id: sandbox.seed.channels.threads.id },
					value: [{ content: 'With a picture', image: [{ id: 'media-1', path }] }],
				},
			],
		});

	it('an uploaded file can be used in a post', async () => {
		const { data: item } = await upload(media.png(), 'for-post.png');
		const res = await post(item.path);
		expect(res.status).toBe(201);
	});

	it('a file elsewhere is refused with 400 naming the field', async () => {
		const res = await post('https://elsewhere.example/uploads/photo.png');
		expect(res.status).toBe(400);
		expect(JSON.stringify(res.data)).toContain('posts.0.value.0.image.0.path');
	});
});
