/**
 * Contract of GET /media (spec 4.7, 8: newest first, 18 a page from 1, `search` on originalName) and of the rate
 * limits of the two upload routes (spec 8: 30 per 5 minutes each, X-RateLimit headers, 429 with Retry-After).
 */
import axios, { type AxiosInstance } from 'axios';
import { sleep } from 'n8n-workflow';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import * as media from '../fixtures/media';

function client(sandbox: RunningSandbox): AxiosInstance {
	return axios.create({
		baseURL: sandbox.baseUrl,
		headers: { Authorization: sandbox.apiKey },
		validateStatus: () => true,
	});
}

function upload(api: AxiosInstance, filename: string, bytes = media.png()) {
	const body = new FormData();
	body.append('file', new Blob([new Uint8Array(bytes)]), filename);
	return api.post('/upload', body);
}

interface Entry {
	id: string;
	name: string;
	originalName: string;
	path: string;
	createdAt: string;
}

describe('GET /media', () => {
	let sandbox: RunningSandbox;
	let api: AxiosInstance;
	/** Uploaded ids, oldest first. */
	const uploaded: string[] = [];
	const nameOf = (i: number) => (i % 3 === 0 ? `Beach-${i}.png` : `office-${i}.png`);

	beforeAll(async () => {
		sandbox = await startSandbox({
			control: true,
			clock: { mode: 'manual', now: '2026-03-01T10:00:00.000Z' },
			rateLimits: { 'POST /upload': { limit: 1000, windowSeconds: 300 } },
		});
		api = client(sandbox);
		for (let i = 1; i <= 38; i++) {
			const res = await upload(api, nameOf(i));
			expect(res.status).toBe(201);
			uploaded.push(res.data.id);
			await sandbox.control.advance(60);
		}
	});
	afterAll(async () => await sandbox.close());

	it('an empty library has no pages', async () => {
		const empty = await startSandbox();
		const res = await client(empty).get('/media');
		await empty.close();
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ pages: 0, results: [] });
	});

	it('first page: 18 newest first, with the five fields', async () => {
		const res = await api.get('/media');
		expect(res.status).toBe(200);
		expect(res.data.pages).toBe(3);
		const results: Entry[] = res.data.results;
		expect(results).toHaveLength(18);
		expect(results[0].id).toBe(uploaded[37]);
		expect(results[0]).toEqual({
			id: uploaded[37],
			name: expect.stringMatching(/^[0-9a-f]{32}\.png$/),
			originalName: 'office-38.png',
			path: expect.stringContaining(`${sandbox.origin}/uploads/2026/03/01/`),
			createdAt: '2026-03-01T10:37:00.000Z',
		});
		for (let i = 1; i < results.length; i++)
			expect(results[i - 1].createdAt > results[i].createdAt).toBe(true);
	});

	it('pages 1 to 3 hold every item once, in order; past the end is empty', async () => {
		const pages = await Promise.all(
			[1, 2, 3, 4].map((page) => api.get('/media', { params: { page } })),
		);
		expect(pages.map((p) => p.data.results.length)).toEqual([18, 18, 2, 0]);
		expect(pages.map((p) => p.data.pages)).toEqual([3, 3, 3, 3]);
		const ids = pages.flatMap((p) => p.data.results.map((r: Entry) => r.id));
		expect(ids).toEqual([...uploaded].reverse());
	});

	it('search matches part of originalName, ignoring case', async () => {
		const res = await api.get('/media', { params: { search: 'beach' } });
		const names = res.data.results.map((r: Entry) => r.originalName);
		expect(res.data.pages).toBe(1);
		expect(names).toHaveLength(12);
		expect(names.every((n: string) => n.startsWith('Beach-'))).toBe(true);
		const narrower = await api.get('/media', { params: { search: 'BEACH-3' } });
		expect(narrower.data.results.map((r: Entry) => r.originalName)).toEqual([
			'Beach-36.png',
			'Beach-33.png',
			'Beach-30.png',
			'Beach-3.png',
		]);
	});

	it('search pages its own matches', async () => {
		const page2 = await api.get('/media', { params: { search: 'office', page: 2 } });
		expect(page2.data.pages).toBe(2);
		expect(page2.data.results).toHaveLength(26 - 18);
		expect(page2.data.results.at(-1).originalName).toBe('office-1.png');
	});

	it('search without a match: no pages', async () => {
		const res = await api.get('/media', { params: { search: 'no such file' } });
		expect(res.data).toEqual({ pages: 0, results: [] });
	});

	it('uploads at the same instant: the later one first', async () => {
		const first = await upload(api, 'same-time-a.png');
		const second = await upload(api, 'same-time-b.png');
		const res = await api.get('/media', { params: { search: 'same-time' } });
		expect(res.data.results.map((r: Entry) => r.id)).toEqual([second.data.id, first.data.id]);
	});

	it.each(['0', '-1', 'abc', '1.5'])('page=%s → 400 naming the field', async (page) => {
		const res = await api.get('/media', { params: { page } });
		expect(res.status).toBe(400);
		expect(res.data).toEqual({
			statusCode: 400,
			message: ['page must be an integer number of 1 or more'],
			error: 'Bad Request',
		});
	});

	it('needs the API key like every route', async () => {
		const res = await axios.get(`${sandbox.baseUrl}/media`, { validateStatus: () => true });
		expect(res.status).toBe(401);
		expect(res.data).toEqual({ msg: 'No API Key found' });
	});
});

describe('rate limits of the upload routes', () => {
	let sandbox: RunningSandbox;
	let api: AxiosInstance;

	beforeAll(async () => {
		sandbox = await startSandbox();
		api = client(sandbox);
	});
	afterAll(async () => await sandbox.close());

	it('POST /upload: 30 per 5 minutes with X-RateLimit headers on each answer, then 429 with Retry-After', async () => {
		for (let i = 1; i <= 30; i++) {
			const res = await upload(api, `n-${i}.png`);
			expect(res.status).toBe(201);
			expect(res.headers['x-ratelimit-limit']).toBe('30');
			expect(res.headers['x-ratelimit-remaining']).toBe(String(30 - i));
			const reset = Number(res.headers['x-ratelimit-reset']);
			expect(reset).toBeGreaterThan(0);
			expect(reset).toBeLessThanOrEqual(300);
		}
		const over = await upload(api, 'one-too-many.png');
		expect(over.status).toBe(429);
		expect(over.data).toEqual({
			statusCode: 429,
			message: 'ThrottlerException: Too Many Requests',
		});
		const retryAfter = Number(over.headers['retry-after']);
		expect(retryAfter).toBeGreaterThan(0);
		expect(retryAfter).toBeLessThanOrEqual(300);
		// The refused upload was not stored.
		const library = await api.get('/media', { params: { search: 'one-too-many' } });
		expect(library.data.results).toEqual([]);
	});

	it('POST /upload-from-url has its own counter: refused addresses count too', async () => {
		for (let i = 1; i <= 30; i++) {
			const res = await api.post('/upload-from-url', { url: 'https://10.0.0.1/a.png' });
			expect(res.status).toBe(400);
			expect(res.headers['x-ratelimit-remaining']).toBe(String(30 - i));
		}
		const over = await api.post('/upload-from-url', { url: 'https://10.0.0.1/a.png' });
		expect(over.status).toBe(429);
		expect(over.headers['retry-after']).toBeDefined();
	});

	it('GET /media is not rate-limited', async () => {
		const res = await api.get('/media');
		expect(res.status).toBe(200);
		expect(res.headers['x-ratelimit-limit']).toBeUndefined();
	});

	it('a window runs out and the count starts again (window shortened to 1 s)', async () => {
		const quick = await startSandbox({
			rateLimits: { 'POST /upload': { limit: 2, windowSeconds: 1 } },
		});
		const quickApi = client(quick);
		try {
			expect((await upload(quickApi, 'a.png')).status).toBe(201);
			expect((await upload(quickApi, 'b.png')).status).toBe(201);
			expect((await upload(quickApi, 'c.png')).status).toBe(429);
			await sleep(1100);
			const again = await upload(quickApi, 'd.png');
			expect(again.status).toBe(201);
			expect(again.headers['x-ratelimit-remaining']).toBe('1');
		} finally {
			await quick.close();
		}
	});
});
