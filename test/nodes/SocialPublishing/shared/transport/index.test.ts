import { credentialReads } from '../../../../helpers/engine';
import { byId, errorOf, FAST, jsonOf, useSandbox } from '../../support';

/** The policy every operation gets from the one transport hook: retries, timeouts, 429 waits. */
describe('Social Publishing → transport', () => {
	const t = useSandbox();
	const x = () => t.sandbox.seed.channels.x.id;

	it('a GET answered 500 once is retried and succeeds', async () => {
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/integrations',
			fault: 'error500',
			times: 1,
		});
		const result = await t.run({ resource: 'channel', operation: 'getMany' });
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		const attempts = await t.requests('GET', '/integrations');
		expect(attempts.map((r) => r.status)).toEqual([500, 200]);
	});

	it('a GET that keeps failing with 500 is tried 1 + retries times, then reported', async () => {
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/integrations',
			fault: 'error500',
			times: 5,
		});
		const result = await t.run({
			resource: 'channel',
			operation: 'getMany',
			requestOptions: { ...FAST, maxRetries: 2 },
		});
		const error = errorOf(result);
		expect(error.message).toMatch(/GET \/integrations \(HTTP 500\) \(tried 3 times\)$/);
		expect(error.httpCode).toBe('500');
		expect(await t.requests('GET', '/integrations')).toHaveLength(3);
	});

	it('a dropped connection on a GET is retried', async () => {
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/notifications',
			fault: 'drop',
			times: 1,
		});
		const result = await t.run({ resource: 'notification', operation: 'getMany', returnAll: true });
		expect(result.error).toBeUndefined();
		expect((await t.requests('GET', '/notifications')).map((r) => r.status)).toEqual([0, 200]);
	});

	it('a connection dropped on every attempt says so', async () => {
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/notifications',
			fault: 'drop',
			times: 5,
		});
		const result = await t.run({ resource: 'notification', operation: 'getMany', returnAll: true });
		expect(errorOf(result).message).toMatch(/ GET \/notifications \(tried 2 times\)$/);
	});

	it('find-slot that never answers (production, bad channel) ends at the first timeout, not retried, with a clear error', async () => {
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/find-slot/:id',
			fault: 'slow',
			delayMs: 10_000,
			times: 5,
		});
		const started = Date.now();
		const result = await t.run({
			resource: 'slot',
			operation: 'findNextFree',
			channel: byId(x()),
			requestOptions: { ...FAST, timeout: 300, maxRetries: 1 },
		});
		const error = errorOf(result);
		// The route's own wording (findNextFree.ts), with the time waited and the channel.
		expect(error.message).toContain(`0.3 s for the free slot of channel ${x()}:`);
		expect(error.description).toContain('Channel → Get Many');
		expect(Date.now() - started).toBeLessThan(2_000);
		// Waits up to 1 s for a second attempt that must not come.
		expect(await t.settledRequests(2, 'GET', `/find-slot/${x()}`)).toHaveLength(1);
	});

	it('find-slot answered 500 is still retried like any read', async () => {
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/find-slot/:id',
			fault: 'error500',
			times: 1,
		});
		const result = await t.run({ resource: 'slot', operation: 'findNextFree', channel: byId(x()) });
		expect(result.error).toBeUndefined();
		expect((await t.requests('GET', `/find-slot/${x()}`)).map((r) => r.status)).toEqual([500, 200]);
	});

	it('a POST is never re-sent after a 500 or a dropped connection', async () => {
		const discord = t.sandbox.seed.channels.discord.id;
		await t.sandbox.control.addFault({
			method: 'POST',
			path: '/integration-trigger/:id',
			fault: 'error500',
			times: 3,
		});
		const failed = await t.run({
			resource: 'channel',
			operation: 'runTool',
			channel: byId(discord),
			tool: 'channels',
			requestOptions: { ...FAST, maxRetries: 3 },
		});
		expect(errorOf(failed).message).toMatch(new RegExp(`^Channel ${discord} .*\\(HTTP 500\\)$`));
		expect(await t.requests('POST')).toHaveLength(1);

		await t.sandbox.control.reset();
		await t.sandbox.control.addFault({
			method: 'POST',
			path: '/integration-trigger/:id',
			fault: 'drop',
			times: 3,
		});
		const dropped = await t.run({
			resource: 'channel',
			operation: 'runTool',
			channel: byId(discord),
			tool: 'channels',
			requestOptions: { ...FAST, maxRetries: 3 },
		});
		expect(errorOf(dropped).message).toMatch(/closed .* POST /);
		expect(await t.requests('POST')).toHaveLength(1);
	});

	it('a POST without an answer (Run Tool) ends at the timeout, sent once', async () => {
		const discord = t.sandbox.seed.channels.discord.id;
		await t.sandbox.control.addFault({
			method: 'POST',
			path: '/integration-trigger/:id',
			fault: 'slow',
			delayMs: 10_000,
			times: 3,
		});
		const started = Date.now();
		const result = await t.run({
			resource: 'channel',
			operation: 'runTool',
			channel: byId(discord),
			tool: 'channels',
			inputMode: 'json',
			inputJson: '{"guild": "main"}',
			requestOptions: { ...FAST, timeout: 400, maxRetries: 3 },
		});
		const elapsed = Date.now() - started;
		expect(errorOf(result).message).toMatch(
			new RegExp(`0\\.4 s on POST /integration-trigger/${discord}$`),
		);
		expect(elapsed).toBeGreaterThanOrEqual(400);
		expect(elapsed).toBeLessThan(2_500);
		expect(await t.settledRequests(2, 'POST')).toHaveLength(1);
	});

	it('a 429 is waited for as Retry-After says (within the cap), then the request goes through', async () => {
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/analytics/:id',
			fault: 'rateLimit',
			retryAfter: 1,
			times: 1,
		});
		const started = Date.now();
		const result = await t.run({
			resource: 'analytics',
			operation: 'getChannel',
			channel: byId(x()),
			requestOptions: { ...FAST, maxRateLimitWait: 5 },
		});
		expect(result.error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
		expect((await t.requests('GET', `/analytics/${x()}`)).map((r) => r.status)).toEqual([429, 200]);
	});

	it('a 429 beyond the cap fails with the time to retry, without waiting', async () => {
		await t.sandbox.control.addFault({
			method: 'POST',
			path: '/upload-from-url',
			fault: 'rateLimit',
			retryAfter: 3600,
			times: 1,
		});
		const started = Date.now();
		const result = await t.run({
			resource: 'media',
			operation: 'uploadFromUrl',
			url: 'https://cdn.example.com/picture.png',
			requestOptions: { ...FAST, maxRateLimitWait: 60 },
		});
		const error = errorOf(result);
		expect(error.message).toMatch(
			/POST \/upload-from-url: .* \d{4}-\d\d-\d\dT[\d:.]+Z \(in 3600 s\)$/,
		);
		expect(error.description).toContain('waits up to 60 s');
		expect(error.httpCode).toBe('429');
		expect(Date.now() - started).toBeLessThan(3000);
		expect(await t.requests('POST')).toHaveLength(1);
	});

	it('X-RateLimit-* figures are added to the output when asked for', async () => {
		const withInfo = await t.run({
			resource: 'analytics',
			operation: 'getChannel',
			channel: byId(x()),
			requestOptions: { ...FAST, includeRateLimitInfo: true },
		});
		const items = jsonOf(withInfo);
		expect(items.length).toBeGreaterThan(0);
		for (const item of items)
			expect(item.rateLimit).toEqual({
				limit: 60,
				remaining: 59,
				resetSeconds: expect.any(Number),
			});

		const without = jsonOf(
			await t.run({ resource: 'analytics', operation: 'getChannel', channel: byId(x()) }),
		);
		expect(without[0]).not.toHaveProperty('rateLimit');

		// A route without limits says so with null rather than leaving the field out.
		const unlimited = jsonOf(
			await t.run({
				resource: 'channel',
				operation: 'checkConnection',
				requestOptions: { ...FAST, includeRateLimitInfo: true },
			}),
		);
		expect(unlimited).toEqual([{ connected: true, rateLimit: null }]);
	});

	it('reads the credential once per run, not once more per item (in n8n each read is a database query and a decryption)', async () => {
		credentialReads.count = 0;
		const items = Array.from({ length: 20 }, (_, n) => ({ n }));
		const result = await t.run({ resource: 'channel', operation: 'checkConnection' }, { items });
		expect(result.items).toHaveLength(20);
		const reads = credentialReads.count;
		// n8n's RoutingNode reads it once per item and once more; the transport's key check adds one read for the run.
		expect(reads).toBeLessThanOrEqual(20 + 2);
	});
});
