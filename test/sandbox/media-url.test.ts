/**
 * Contract of POST /upload-from-url (spec 4.7, 8; service-notes for the address rules and messages), over real
 * HTTP. Files are served from this machine, which the sandbox accepts only with the tests' loopback allowance on.
 */
import axios, { type AxiosInstance } from 'axios';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import * as media from '../fixtures/media';
import { serveFilesOverHttps } from '../helpers/httpsFileServer';

const MB = 1024 * 1024;
const BAD_ENDING = 'File must have a valid extension: .png, .jpg, .jpeg, .gif, .webp, or .mp4';
const NOT_PUBLIC = 'URL must be a public HTTPS URL and cannot point to internal network addresses';
const validation = (...message: string[]) => ({ statusCode: 400, message, error: 'Bad Request' });

let sandbox: RunningSandbox;
let api: AxiosInstance;
let files: Awaited<ReturnType<typeof media.serveFiles>>;
const photo = media.png();

beforeAll(async () => {
	sandbox = await startSandbox({
		control: true,
		// These tests make more requests than one window allows; the limit itself is tested in media-library.
		rateLimits: { 'POST /upload-from-url': { limit: 1000, windowSeconds: 300 } },
	});
	api = axios.create({
		baseURL: sandbox.baseUrl,
		headers: { Authorization: sandbox.apiKey },
		validateStatus: () => true,
	});
	files = await media.serveFiles({
		'/img/photo.png': media.sends(photo, 'image/png'),
		'/img/clip.mp4': media.sends(media.mp4(), 'video/mp4'),
		'/img/fake.png': media.sends(media.text(), 'image/png'),
		'/img/broken.png': (_req, res) => void res.writeHead(500).end('upstream failure'),
		'/img/moved.png': (_req, res) => void res.writeHead(302, { Location: '/img/photo.png' }).end(),
		'/img/to-internal.png': (_req, res) =>
			void res.writeHead(302, { Location: 'http://10.0.0.7/x.png' }).end(),
		'/img/cut.png': (_req, res) => {
			res.writeHead(200, { 'Content-Length': 5000 });
			res.write(media.padded(photo, 1000), () => res.destroy());
		},
		'/img/declared-huge.mp4': (_req, res) => {
			res.writeHead(200, { 'Content-Length': 100 * MB + 1 });
			res.write(media.mp4());
		},
		'/img/streamed-huge.mp4': (_req, res) => {
			// No Content-Length: the size is only known by counting. Writes until the sandbox stops reading.
			res.writeHead(200, { 'Content-Type': 'video/mp4' });
			res.write(media.mp4());
			const chunk = Buffer.alloc(MB);
			let sent = 0;
			const more = () => {
				while (sent < 101 * MB && !res.destroyed) {
					sent += chunk.length;
					if (!res.write(chunk)) return void res.once('drain', more);
				}
				res.end();
			};
			more();
		},
		'/img/never-answers.png': () => undefined,
		'/img/stalls.png': (_req, res) => {
			res.writeHead(200, { 'Content-Length': 10_000 });
			res.write(photo);
		},
	});
	await sandbox.control.settings({ allowLoopbackUploadUrls: true });
});
afterAll(async () => {
	await files.close();
	await sandbox.close();
});

const fromUrl = (url: unknown) => api.post('/upload-from-url', { url });

describe('POST /upload-from-url stores the file behind a link', () => {
	it('an image from this machine (loopback allowance on) → 201 media item, file served back', async () => {
		const res = await fromUrl(files.url('/img/photo.png'));
		expect(res.status).toBe(201);
		expect(Object.keys(res.data).sort()).toEqual(['createdAt', 'id', 'name', 'path', 'type']);
		expect(res.data.type).toBe('image');
		expect(res.data.name).toMatch(/^[0-9a-f]{32}\.png$/);
		const stored = await axios.get(res.data.path, { responseType: 'arraybuffer' });
		expect(Buffer.from(stored.data).equals(photo)).toBe(true);
	});

	it('keeps the last part of the address as originalName; the query is not part of the ending', async () => {
		const res = await fromUrl(`${files.url('/img/clip.mp4')}?download=1`);
		expect(res.status).toBe(201);
		expect(res.data.type).toBe('video');
		const library = await api.get('/media');
		const entry = library.data.results.find((r: { id: string }) => r.id === res.data.id);
		expect(entry.originalName).toBe('clip.mp4');
	});

	it('follows a redirect on this machine', async () => {
		const res = await fromUrl(files.url('/img/moved.png'));
		expect(res.status).toBe(201);
	});
});

describe('POST /upload-from-url validates the address: 400 with a list of messages', () => {
	it('missing url', async () => {
		const res = await api.post('/upload-from-url', {});
		expect(res.status).toBe(400);
		expect(res.data).toEqual(validation('url should not be null or undefined'));
	});

	it('url that is not a string', async () => {
		const res = await fromUrl(42);
		expect(res.data).toEqual(validation('url must be a string'));
	});

	it.each([
		'https://93.184.215.14/report.pdf',
		'https://93.184.215.14/photo.png/',
		'https://93.184.215.14/photo.PNG',
	])('ending not allowed: %s', async (url) => {
		const res = await fromUrl(url);
		expect(res.status).toBe(400);
		expect(res.data).toEqual(validation(BAD_ENDING));
	});

	it.each([
		'http://93.184.215.14/photo.png',
		'https://10.0.0.5/photo.png',
		'https://192.168.1.20/photo.png',
		'https://169.254.169.254/latest.png',
		'https://198.18.0.5/launch.png',
		'https://[fd00::1]/photo.png',
		'not a url.png',
	])('not public https: %s', async (url) => {
		const res = await fromUrl(url);
		expect(res.status).toBe(400);
		expect(res.data).toEqual(validation(NOT_PUBLIC));
	});

	it('both rules broken: both messages', async () => {
		const res = await fromUrl('ftp://10.0.0.5/notes.txt');
		expect(res.data).toEqual(validation(BAD_ENDING, NOT_PUBLIC));
	});

	it('the loopback allowance opens this machine only, never the private network', async () => {
		const res = await fromUrl('http://10.1.2.3/photo.png');
		expect(res.data).toEqual(validation(NOT_PUBLIC));
	});

	describe('with the loopback allowance off (as in production)', () => {
		beforeAll(async () => await sandbox.control.settings({ allowLoopbackUploadUrls: false }));
		afterAll(async () => await sandbox.control.settings({ allowLoopbackUploadUrls: true }));

		it.each([
			() => files.url('/img/photo.png'),
			() => 'https://127.0.0.1/photo.png',
			() => 'https://localhost/photo.png',
			() => 'https://[::1]/photo.png',
			() => 'https://[::ffff:127.0.0.1]/photo.png',
		])('this machine is internal: case %#', async (address) => {
			const res = await fromUrl(address());
			expect(res.status).toBe(400);
			expect(res.data).toEqual(validation(NOT_PUBLIC));
		});
	});
});

describe('POST /upload-from-url download failures: 400 {msg}', () => {
	it('the server behind the link fails → Failed to fetch URL', async () => {
		const res = await fromUrl(files.url('/img/broken.png'));
		expect(res.status).toBe(400);
		expect(res.data).toEqual({ msg: 'Failed to fetch URL' });
	});

	it.each([
		['not found', () => files.url('/img/missing.png')],
		['connection cut mid-file', () => files.url('/img/cut.png')],
		['nothing listening', () => 'http://127.0.0.1:1/photo.png'],
		['redirect into the private network', () => files.url('/img/to-internal.png')],
	])('%s → Failed to fetch URL', async (_what, address) => {
		const res = await fromUrl(address());
		expect(res.data).toEqual({ msg: 'Failed to fetch URL' });
	});

	it('the bytes are not an accepted type → Unsupported file type. (with the dot)', async () => {
		const res = await fromUrl(files.url('/img/fake.png'));
		expect(res.status).toBe(400);
		expect(res.data).toEqual({ msg: 'Unsupported file type.' });
	});

	it('a declared size over 100 MB is refused without downloading', async () => {
		const started = Date.now();
		const res = await fromUrl(files.url('/img/declared-huge.mp4'));
		expect(res.status).toBe(400);
		expect(res.data).toEqual({ msg: 'The file is larger than 100 MB' });
		expect(Date.now() - started).toBeLessThan(5000);
	});

	it('an undeclared size is counted and refused once past 100 MB', async () => {
		const res = await fromUrl(files.url('/img/streamed-huge.mp4'));
		expect(res.status).toBe(400);
		expect(res.data).toEqual({ msg: 'The file is larger than 100 MB' });
	});

	describe('the download wait (60 s, shortened here to 300 ms)', () => {
		beforeAll(async () => await sandbox.control.settings({ uploadFromUrlTimeoutMs: 300 }));
		afterAll(async () => await sandbox.control.settings({ uploadFromUrlTimeoutMs: 60_000 }));

		it.each([
			['a server that never answers', '/img/never-answers.png'],
			['a file that stops arriving', '/img/stalls.png'],
		])('%s → Failed to fetch URL after the wait', async (_what, path) => {
			const started = Date.now();
			const res = await fromUrl(files.url(path));
			const waited = Date.now() - started;
			expect(res.data).toEqual({ msg: 'Failed to fetch URL' });
			expect(waited).toBeGreaterThanOrEqual(290);
			expect(waited).toBeLessThan(5000);
		});
	});

	it('refused downloads add nothing to the library', async () => {
		const before = (await api.get('/media')).data.results.length;
		await fromUrl(files.url('/img/fake.png'));
		await fromUrl(files.url('/img/broken.png'));
		expect((await api.get('/media')).data.results.length).toBe(before);
	});
});

describe('POST /upload-from-url over https to a self-signed server on this machine', () => {
	let secure: Awaited<ReturnType<typeof serveFilesOverHttps>>;
	beforeAll(async () => {
		secure = await serveFilesOverHttps({ '/img/photo.png': media.sends(photo, 'image/png') });
	});
	afterAll(async () => {
		await sandbox.control.settings({ trustedUploadCa: '' });
		await secure?.close();
	});

	it('is refused by default: only publicly trusted certificates, as in production → Failed to fetch URL', async () => {
		const res = await fromUrl(secure.url('/img/photo.png'));
		expect(res.data).toEqual({ msg: 'Failed to fetch URL' });
	});

	it('is fetched once trustedUploadCa holds its certificate', async () => {
		await sandbox.control.settings({ trustedUploadCa: secure.ca });
		const res = await fromUrl(secure.url('/img/photo.png'));
		expect(res.status).toBe(201);
		const stored = await axios.get(res.data.path, { responseType: 'arraybuffer' });
		expect(Buffer.from(stored.data).equals(photo)).toBe(true);
	});
});
