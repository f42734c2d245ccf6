import { FAST, jsonOf, useSandbox } from '../support';

describe('Social Publishing → Notification → Get Many', () => {
	const t = useSandbox();

	it('Return All reads every page (100 a page, from page 0)', async () => {
		await t.sandbox.control.addNotifications({ count: 230 });
		const result = await t.run({ resource: 'notification', operation: 'getMany', returnAll: true });
		const items = jsonOf(result);
		expect(items).toHaveLength(230);
		expect(new Set(items.map((n) => n.id)).size).toBe(230);
		expect((await t.requests('GET', '/notifications')).map((r) => r.query.page)).toEqual([
			'0',
			'1',
			'2',
		]);
	});

	it('Limit stops reading once it has enough, newest first', async () => {
		await t.sandbox.control.addNotifications({ count: 230 });
		const items = jsonOf(
			await t.run({ resource: 'notification', operation: 'getMany', returnAll: false, limit: 120 }),
		);
		expect(items).toHaveLength(120);
		expect(items[0].content).toBe('Sandbox notification #230');
		expect(await t.requests('GET', '/notifications')).toHaveLength(2);
	});

	it('a 429 on a later page is waited for within the cap', async () => {
		await t.sandbox.control.addNotifications({ count: 150 });
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/notifications',
			fault: 'rateLimit',
			retryAfter: 1,
			times: 1,
		});
		const result = await t.run({
			resource: 'notification',
			operation: 'getMany',
			returnAll: true,
			requestOptions: { ...FAST, maxRateLimitWait: 3 },
		});
		expect(result.items).toHaveLength(150);
	});
});
