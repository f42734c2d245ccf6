/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped */
/** The control routes: fault injection, request log, clock, real-clock publishing, seed file, and their absence by default. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axios from 'axios';
import { sleep } from 'n8n-workflow';
import { startSandbox } from '../../sandbox';
import { postBody, useTestSandbox } from './support';

const t = useTestSandbox();

describe('fault injection', () => {
	it('answers 500 the given number of times on a route pattern, then behaves', async () => {
		await t.sb.control.addFault({
			method: 'DELETE',
			path: '/posts/:id',
			fault: 'error500',
			times: 2,
		});
		const url = '/posts/00000000-0000-4000-8000-000000000000';
		for (let i = 0; i < 2; i++) {
			const res = await t.api.delete(url);
			expect(res.status).toBe(500);
			expect(res.data).toEqual({ statusCode: 500, message: 'Internal server error' });
		}
		expect((await t.api.delete(url)).status).toBe(404);
	});

	it('lets the first `skip` requests through: a run whose first post is created and whose second fails', async () => {
		await t.sb.control.addFault({ method: 'POST', path: '/posts', fault: 'error500', skip: 1 });
		const channel = t.sb.seed.channels.telegram.id;
		const statuses: number[] = [];
		for (let i = 0; i < 3; i++)
			statuses.push((await t.api.post('/posts', postBody(channel))).status);
		expect(statuses).toEqual([201, 500, 201]);
		expect((await t.sb.control.org()).posts).toBe(2);
		expect(
			(await t.sb.control.requests())
				.filter((r) => r.path === '/posts')
				.map((r) => r.fault ?? null),
		).toEqual([null, 'error500', null]);
	});

	it('answers 429 with the chosen Retry-After', async () => {
		await t.sb.control.addFault({
			method: 'GET',
			path: '/integrations',
			fault: 'rateLimit',
			retryAfter: 7,
		});
		const res = await t.api.get('/integrations');
		expect(res.status).toBe(429);
		expect(res.headers['retry-after']).toBe('7');
	});

	it('drops the connection without an answer', async () => {
		await t.sb.control.addFault({ method: 'POST', path: '/posts', fault: 'drop' });
		await expect(
			t.api.post('/posts', postBody(t.sb.seed.channels.telegram.id)),
		).rejects.toMatchObject({ code: 'ECONNRESET' });
		expect((await t.sb.control.org()).posts).toBe(0);
		const [logged] = (await t.sb.control.requests()).slice(-1);
		expect(logged).toMatchObject({ method: 'POST', path: '/posts', status: 0, fault: 'drop' });
	});

	it('answers slowly, then normally', async () => {
		await t.sb.control.addFault({
			method: 'GET',
			path: '/is-connected',
			fault: 'slow',
			delayMs: 300,
		});
		const started = Date.now();
		const res = await t.api.get('/is-connected');
		expect(res.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
	});

	it('refuses an unknown fault kind', async () => {
		await expect(
			t.sb.control.addFault({ method: 'GET', path: '/x', fault: 'explode' as never }),
		).rejects.toMatchObject({
			response: { status: 400 },
		});
	});
});

describe('request log', () => {
	it('records seq, method, path, query, status, auth kind and body size', async () => {
		await t.sb.control.clearRequests();
		await t.api.get('/posts', { params: { startDate: '2026-03-01', endDate: '2026-03-02' } });
		const body = postBody(t.sb.seed.channels.telegram.id);
		await t.api.post('/posts', body);
		const log = await t.sb.control.requests();
		expect(log).toHaveLength(2);
		expect(log[0]).toMatchObject({
			method: 'GET',
			path: '/posts',
			query: { startDate: '2026-03-01', endDate: '2026-03-02' },
			status: 200,
			auth: 'bare',
		});
		expect(log[1]).toMatchObject({
			method: 'POST',
			path: '/posts',
			status: 201,
			bodySize: JSON.stringify(body).length,
			body,
		});
		expect(log[1].seq).toBeGreaterThan(log[0].seq);
	});
});

describe('clock', () => {
	it('moves by seconds or to a date', async () => {
		expect(await t.sb.control.now()).toBe('2026-03-01T08:00:00.000Z');
		expect(await t.sb.control.advance(3600)).toBe('2026-03-01T09:00:00.000Z');
		expect(await t.sb.control.setNow('2026-06-01T00:00:00Z')).toBe('2026-06-01T00:00:00.000Z');
	});
});

describe('starting options', () => {
	it('has no control routes unless asked for', async () => {
		const plain = await startSandbox();
		try {
			const res = await axios.get(`${plain.origin}/_sandbox/requests`, {
				validateStatus: () => true,
			});
			expect(res.headers['content-type']).toMatch(/text\/html/);
		} finally {
			await plain.close();
		}
	});

	it('publishes due posts by itself with a real clock', async () => {
		const real = await startSandbox({ control: true });
		try {
			const api = axios.create({ baseURL: real.baseUrl, headers: { Authorization: real.apiKey } });
			const soon = new Date(Date.now() + 500).toISOString();
			await api.post('/posts', postBody(real.seed.channels.telegram.id, { date: soon }));
			await sleep(2000);
			const day = {
				startDate: new Date(Date.now() - 86_400_000).toISOString(),
				endDate: new Date(Date.now() + 86_400_000).toISOString(),
			};
			const { posts } = (await api.get('/posts', { params: day })).data;
			expect(posts.map((p: { state: string }) => p.state)).toEqual(['PUBLISHED']);
		} finally {
			await real.close();
		}
	});

	it('takes organisations and options from a JSON seed file', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'sandbox-seed-'));
		const file = join(dir, 'seed.json');
		writeFileSync(
			file,
			JSON.stringify({
				options: { rateLimits: { 'GET /social/:platform': { limit: 1, windowSeconds: 60 } } },
				orgs: [
					{
						id: 'org-1',
						name: 'From file',
						plan: 'Pro',
						apiKey: 'file-key',
						channels: [
							{
								id: 'ch-1',
								handle: 'main',
								name: 'Only channel',
								platform: 'threads',
								picture: 'https://p.example/a.png',
								profile: 'me',
								disabled: false,
							},
						],
					},
				],
			}),
		);
		const fromFile = await startSandbox({ seedFile: file });
		try {
			expect(fromFile.apiKey).toBe('file-key');
			expect(fromFile.seed.channels.main).toEqual({
				id: 'ch-1',
				name: 'Only channel',
				platform: 'threads',
				disabled: false,
			});
			const api = axios.create({
				baseURL: fromFile.baseUrl,
				headers: { Authorization: 'file-key' },
				validateStatus: () => true,
			});
			expect((await api.get('/integrations')).data).toHaveLength(1);
			expect((await api.get('/social/threads')).headers['x-ratelimit-limit']).toBe('1');
		} finally {
			await fromFile.close();
		}
	});
});
