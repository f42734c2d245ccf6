import { byId, createPosts, daysFromNow, errorOf, FAST, jsonOf, UNKNOWN_ID, useSandbox } from '../support';

describe('Social Publishing → Slot, Analytics, Notification', () => {
	const t = useSandbox();
	const channels = () => t.sandbox.seed.channels;

	describe('Slot → Find Next Free', () => {
		it('answers the first free posting time, as given and as ISO 8601 UTC', async () => {
			const result = await t.run({ resource: 'slot', operation: 'findNextFree', channel: byId(channels().x.id) });
			const [slot] = jsonOf(result);
			expect(slot.channelId).toBe(channels().x.id);
			expect(slot.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00$/);
			expect(slot.dateUtc).toBe(new Date(`${String(slot.date)}Z`).toISOString());
			expect(Date.parse(String(slot.dateUtc))).toBeGreaterThan(Date.now());
		});

		it('a channel without posting times has no free slot, and says what to set', async () => {
			const result = await t.run({ resource: 'slot', operation: 'findNextFree', channel: byId(channels().bluesky.id) });
			const error = errorOf(result);
			expect(error.message).toBe(`No free posting slot for channel ${channels().bluesky.id}`);
			expect(error.description).toContain('posting times');
		});

		it('an unknown channel answered 500 is "not found, or the service failed", after the read is retried', async () => {
			await t.sandbox.control.addFault({ method: 'GET', path: '/find-slot/:id', fault: 'error500', times: 2 });
			const result = await t.run({ resource: 'slot', operation: 'findNextFree', channel: byId(UNKNOWN_ID) });
			expect(errorOf(result).message).toBe(`Channel ${UNKNOWN_ID} was not found, or the service failed (HTTP 500) (tried 2 times)`);
		});
	});

	describe('Analytics', () => {
		it('Get Channel Analytics outputs one item per series, over the days asked for', async () => {
			const result = await t.run({ resource: 'analytics', operation: 'getChannel', channel: byId(channels().x.id), days: 3 });
			const series = jsonOf(result);
			expect(series.length).toBeGreaterThan(0);
			for (const s of series) {
				expect(s).toEqual({ label: expect.any(String), data: expect.any(Array), percentageChange: expect.any(Number) });
				expect((s.data as unknown[]).length).toBe(3);
			}
			expect((await t.requests('GET', `/analytics/${channels().x.id}`))[0].query).toEqual({ date: '3' });
		});

		it('Get Channel Analytics of an unknown channel: 404 and production\'s 500 are both explained with the ID', async () => {
			expect(errorOf(await t.run({ resource: 'analytics', operation: 'getChannel', channel: byId(UNKNOWN_ID) })).message).toBe(
				`Channel ${UNKNOWN_ID} was not found`,
			);
			await t.sandbox.control.addFault({ method: 'GET', path: '/analytics/:id', fault: 'error500', times: 2 });
			const result = await t.run({ resource: 'analytics', operation: 'getChannel', channel: byId(UNKNOWN_ID) });
			expect(errorOf(result).message).toBe(`Channel ${UNKNOWN_ID} was not found, or the service failed (HTTP 500) (tried 2 times)`);
		});

		it('Get Post Analytics of a published post gives series; of an unpublished one, no items', async () => {
			const [published] = await createPosts(t, { type: 'now', date: daysFromNow(0), channels: [channels().threads.id] });
			const [queued] = await createPosts(t, { date: daysFromNow(2), channels: [channels().threads.id] });
			expect(jsonOf(await t.run({ resource: 'analytics', operation: 'getPost', postId: published.postId })).length).toBeGreaterThan(0);
			expect((await t.run({ resource: 'analytics', operation: 'getPost', postId: queued.postId })).items).toEqual([]);
		});

		it('Get Post Analytics explains {missing: true} instead of passing it on', async () => {
			await t.sandbox.control.patchChannel(channels().threads.id, { publishOutcome: 'missingReleaseId' });
			const [post] = await createPosts(t, { type: 'now', date: daysFromNow(0), channels: [channels().threads.id] });
			const result = await t.run({ resource: 'analytics', operation: 'getPost', postId: post.postId });
			const error = errorOf(result);
			expect(error.message).toBe(`Post ${post.postId} has no analytics yet: its platform did not report the published item's ID`);
			expect(error.description).toContain('Post → Set Release ID');
		});
	});

	describe('Notification → Get Many', () => {
		it('Return All reads every page (100 a page, from page 0)', async () => {
			await t.sandbox.control.addNotifications({ count: 230 });
			const result = await t.run({ resource: 'notification', operation: 'getMany', returnAll: true });
			const items = jsonOf(result);
			expect(items).toHaveLength(230);
			expect(new Set(items.map((n) => n.id)).size).toBe(230);
			expect((await t.requests('GET', '/notifications')).map((r) => r.query.page)).toEqual(['0', '1', '2']);
		});

		it('Limit stops reading once it has enough, newest first', async () => {
			await t.sandbox.control.addNotifications({ count: 230 });
			const items = jsonOf(await t.run({ resource: 'notification', operation: 'getMany', returnAll: false, limit: 120 }));
			expect(items).toHaveLength(120);
			expect(items[0].content).toBe('Sandbox notification #230');
			expect(await t.requests('GET', '/notifications')).toHaveLength(2);
		});

		it('a 429 on a later page is waited for within the cap', async () => {
			await t.sandbox.control.addNotifications({ count: 150 });
			await t.sandbox.control.addFault({ method: 'GET', path: '/notifications', fault: 'rateLimit', retryAfter: 1, times: 1 });
			const result = await t.run({ resource: 'notification', operation: 'getMany', returnAll: true, requestOptions: { ...FAST, maxRateLimitWait: 3 } });
			expect(result.items).toHaveLength(150);
		});
	});
});
