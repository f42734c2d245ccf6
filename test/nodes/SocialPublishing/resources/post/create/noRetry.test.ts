/**
 * POST /posts is never sent twice for one item: after a 5xx, a dropped connection or a timeout the
 * service may have created the posts, so the node reports the failure instead of sending again.
 * Only a 429 (refused before any processing) is waited for and sent again.
 */
import type { INodeParameters } from 'n8n-workflow';
import { channel, createParams, parts } from '../../../createParameters';
import { byId, errorText, useSandbox } from '../../../support';

// Request Options left to the node's defaults unless a test sets them.
const t = useSandbox({
	clock: { mode: 'manual', now: '2026-03-01T08:00:00.000Z' },
	requestOptions: null,
});

function telegramPost(requestOptions: INodeParameters = {}): INodeParameters {
	return {
		...createParams({
			parts: parts({ content: 'Only once' }),
			channels: [channel({ channel: byId(t.sandbox.seed.channels.telegram.id) })],
		}),
		requestOptions,
	};
}

async function postsSent(): Promise<number> {
	return (await t.routes()).filter((route) => route === 'POST /posts').length;
}

/** POST /posts counted once the sandbox has logged `expected` (up to 1 s): it logs a request the client gave up on when it sees the socket close. */
async function postsSentSettled(expected: number): Promise<number> {
	return (await t.settledRequests(expected, 'POST', '/posts')).length;
}

async function postsStored(): Promise<number> {
	const res = await t.api().get('/posts', {
		params: { startDate: '2030-01-01T00:00:00Z', endDate: '2030-12-31T00:00:00Z' },
	});
	return (res.data.posts as unknown[]).length;
}

describe('Post → Create never sends POST /posts twice for one item', () => {
	it('after a 500 answer: one attempt, an error', async () => {
		await t.sandbox.control.addFault({ method: 'POST', path: '/posts', fault: 'error500' });
		const result = await t.run(telegramPost());
		expect(result.error).toBeDefined();
		expect(errorText(result)).toMatch(/500/);
		expect(await postsSent()).toBe(1);
	});

	it('after a dropped connection: one attempt, an error', async () => {
		await t.sandbox.control.addFault({ method: 'POST', path: '/posts', fault: 'drop' });
		const result = await t.run(telegramPost());
		expect(result.error).toBeDefined();
		expect(await postsSent()).toBe(1);
	});

	it('after a timeout: one attempt, an error within the timeout saying the post may exist', async () => {
		await t.sandbox.control.addFault({
			method: 'POST',
			path: '/posts',
			fault: 'slow',
			delayMs: 10_000,
			times: 3,
		});
		const started = Date.now();
		const result = await t.run(telegramPost({ timeout: 500, maxRetries: 3 }));
		const elapsed = Date.now() - started;
		expect(errorText(result)).toMatch(/ 0\.5 s on POST \/posts\n/);
		expect(errorText(result)).toContain('The post may have been created');
		expect(errorText(result)).toContain('Post → Get Many');
		expect(elapsed).toBeLessThan(3_000);
		expect(await postsSentSettled(2)).toBe(1);
	});

	it('after a 429: waits Retry-After, sends again, and creates the post once', async () => {
		await t.sandbox.control.addFault({
			method: 'POST',
			path: '/posts',
			fault: 'rateLimit',
			retryAfter: 1,
		});
		const result = await t.run(telegramPost());
		expect(errorText(result)).toBe('');
		expect(result.items).toHaveLength(1);
		expect(await postsSent()).toBe(2);
		expect(await postsStored()).toBe(1);
	});

	it('after a 429 asking for longer than the allowed wait: one attempt, an error saying when to retry', async () => {
		await t.sandbox.control.addFault({
			method: 'POST',
			path: '/posts',
			fault: 'rateLimit',
			retryAfter: 3600,
		});
		const result = await t.run(telegramPost());
		expect(result.error).toBeDefined();
		expect(errorText(result)).toMatch(/3600|hour|60 min/i);
		expect(await postsSent()).toBe(1);
	});

	it('while the reads before it (next free slot) are retried after a 500', async () => {
		const { telegram } = t.sandbox.seed.channels;
		await t.sandbox.control.addFault({ method: 'GET', path: '/find-slot/:id', fault: 'error500' });
		const result = await t.run({
			...createParams({
				nextSlot: true,
				parts: parts({ content: 'Slot' }),
				channels: [channel({ channel: byId(telegram.id) })],
			}),
			requestOptions: { retryDelay: 10 },
		});
		expect(errorText(result)).toBe('');
		expect(await t.routes()).toEqual([
			'GET /integrations',
			'GET /posts',
			`GET /find-slot/${telegram.id}`,
			`GET /find-slot/${telegram.id}`,
			'POST /posts',
		]);
	});
});
