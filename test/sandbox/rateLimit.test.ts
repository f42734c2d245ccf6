/** Section 8: rate limits per endpoint and organisation, with their headers and the 429. */
import { postBody, useTestSandbox } from './support';
import { sleep } from 'n8n-workflow';

const t = useTestSandbox({
	rateLimits: {
		'POST /posts': { limit: 3, windowSeconds: 2 },
		'GET /analytics/:id': { limit: 2, windowSeconds: 60 },
	},
});

it('sends X-RateLimit headers on each answer, counts 400s, and answers 429 with Retry-After', async () => {
	const ok = postBody(t.sb.seed.channels.telegram.id);
	const first = await t.api.post('/posts', ok);
	expect(first.status).toBe(201);
	expect(first.headers['x-ratelimit-limit']).toBe('3');
	expect(first.headers['x-ratelimit-remaining']).toBe('2');
	expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);

	const invalid = await t.api.post('/posts', { ...ok, type: 'publish' });
	expect(invalid.status).toBe(400);
	expect(invalid.headers['x-ratelimit-remaining']).toBe('1');
	await t.api.post('/posts', ok);

	const limited = await t.api.post('/posts', ok);
	expect(limited.status).toBe(429);
	expect(limited.data).toEqual({
		statusCode: 429,
		message: 'ThrottlerException: Too Many Requests',
	});
	expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
	expect(limited.headers['x-ratelimit-remaining']).toBe('0');
	expect((await t.sb.control.org()).posts).toBe(2);

	// The window restarts.
	await sleep(Number(limited.headers['retry-after']) * 1000 + 50);
	expect((await t.api.post('/posts', ok)).status).toBe(201);
});

it('keeps one counter per endpoint, shared by all keys and tokens of the organisation', async () => {
	const { x } = t.sb.seed.channels;
	expect((await t.api.get(`/analytics/${x.id}`)).status).toBe(200);
	expect((await t.as(t.sb.seed.keys.oauth.valid).get(`/analytics/${x.id}`)).status).toBe(200);
	expect((await t.api.get(`/analytics/${x.id}`)).status).toBe(429);
	// Another endpoint has its own counter.
	const post = await t.api.get(`/analytics/post/00000000-0000-4000-8000-000000000000`);
	expect(post.status).toBe(404);
	expect(post.headers['x-ratelimit-limit']).toBe('60');
});

it('sends no rate-limit headers on endpoints without a limit', async () => {
	const res = await t.api.get('/integrations');
	expect(res.headers['x-ratelimit-limit']).toBeUndefined();
});

it('sends the headers on each limited endpoint', async () => {
	const { discord } = t.sb.seed.channels;
	const answers = await Promise.all([
		t.api.post(`/integration-trigger/${discord.id}`, { methodName: 'channels' }),
		t.api.get('/posts/00000000-0000-4000-8000-000000000000/missing'),
		t.api.get('/social/linkedin'),
	]);
	expect(
		answers.map((a) => [a.headers['x-ratelimit-limit'], a.headers['x-ratelimit-remaining']]),
	).toEqual([
		['30', '29'],
		['30', '29'],
		['60', '59'],
	]);
});
