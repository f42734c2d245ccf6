/** Sections 4.4-4.6: find-slot, analytics (series, days, one-hour cache), notifications (paging). */
import { postBody, useTestSandbox } from './support';

const t = useTestSandbox();

describe('GET /find-slot/:id', () => {
	// The clock starts at 2026-03-01 08:00 UTC; seeded posting times are 09:00, 13:00 and 17:30 UTC.
	it('answers the first future posting time as YYYY-MM-DDTHH:mm:00', async () => {
		const res = await t.api.get(`/find-slot/${t.sb.seed.channels.telegram.id}`);
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ date: '2026-03-01T09:00:00' });
	});

	it('skips times that already have a post, and the answer is usable as a post date', async () => {
		const channel = t.sb.seed.channels.telegram.id;
		const first = (await t.api.get(`/find-slot/${channel}`)).data.date;
		expect((await t.api.post('/posts', postBody(channel, { date: first }))).status).toBe(201);
		expect((await t.api.get(`/find-slot/${channel}`)).data).toEqual({
			date: '2026-03-01T13:00:00',
		});
	});

	it('moves on to the next day once today is over', async () => {
		await t.sb.control.setNow('2026-03-01T18:00:00Z');
		expect((await t.api.get(`/find-slot/${t.sb.seed.channels.telegram.id}`)).data).toEqual({
			date: '2026-03-02T09:00:00',
		});
	});

	it('answers 404 for a channel without posting times and for an unknown channel', async () => {
		const none = await t.api.get(`/find-slot/${t.sb.seed.channels.bluesky.id}`);
		expect(none.status).toBe(404);
		expect(none.data).toEqual({ msg: expect.stringContaining('posting times') });
		const unknown = await t.api.get('/find-slot/00000000-0000-4000-8000-000000000000');
		expect(unknown.status).toBe(404);
		expect(unknown.data).toEqual({ msg: 'Integration not found' });
	});
});

describe('GET /analytics/:id', () => {
	it('answers series with one entry per day, 7 days by default', async () => {
		const res = await t.api.get(`/analytics/${t.sb.seed.channels.x.id}`);
		expect(res.status).toBe(200);
		expect(res.data.length).toBeGreaterThan(0);
		for (const series of res.data) {
			expect(series).toEqual({
				label: expect.any(String),
				data: expect.any(Array),
				percentageChange: expect.any(Number),
			});
			expect(series.data).toHaveLength(7);
			expect(series.data[0]).toEqual({ total: expect.any(Number), date: '2026-02-23' });
			expect(series.data[6].date).toBe('2026-03-01');
		}
	});

	it('covers the days asked for with date, and refuses a date that is not a positive integer', async () => {
		const res = await t.api.get(`/analytics/${t.sb.seed.channels.x.id}`, { params: { date: 30 } });
		expect(res.data[0].data).toHaveLength(30);
		const bad = await t.api.get(`/analytics/${t.sb.seed.channels.x.id}`, {
			params: { date: 'week' },
		});
		expect(bad.status).toBe(400);
		expect(bad.data.message).toEqual(['date must be an integer number']);
	});

	it('keeps an answer for an hour', async () => {
		const url = `/analytics/${t.sb.seed.channels.facebook.id}`;
		const first = (await t.api.get(url)).data;
		await t.sb.control.advance(59 * 60);
		expect((await t.api.get(url)).data).toEqual(first);
		await t.sb.control.advance(2 * 60);
		expect((await t.api.get(url)).data).not.toEqual(first);
	});

	it('answers [] for a platform without analytics and 404 for an unknown channel', async () => {
		expect((await t.api.get(`/analytics/${t.sb.seed.channels.discord.id}`)).data).toEqual([]);
		const unknown = await t.api.get('/analytics/00000000-0000-4000-8000-000000000000');
		expect(unknown.status).toBe(404);
		expect(unknown.data).toEqual({ msg: 'Integration not found' });
	});
});

describe('GET /analytics/post/:postId', () => {
	it('answers [] before publication and series after', async () => {
		const created = await t.api.post(
			'/posts',
			postBody(t.sb.seed.channels.x.id, {}, { who_can_reply_post: 'everyone' }),
		);
		const id = created.data[0].postId;
		expect((await t.api.get(`/analytics/post/${id}`)).data).toEqual([]);
		await t.sb.control.setNow('2026-03-02T10:00:00Z');
		await t.sb.control.publishDue();
		const after = await t.api.get(`/analytics/post/${id}`, { params: { date: 3 } });
		expect(after.data.length).toBeGreaterThan(0);
		expect(after.data[0].data).toHaveLength(3);
	});
});

describe('GET /notifications', () => {
	it('pages 100 at a time from page 0, newest first', async () => {
		await t.sb.control.addNotifications({ count: 250, content: 'Bulk' });
		const page0 = (await t.api.get('/notifications')).data;
		expect(page0).toMatchObject({ total: 250, page: 0, limit: 100, hasMore: true });
		expect(page0.notifications).toHaveLength(100);
		expect(page0.notifications[0]).toEqual({
			id: expect.any(String),
			content: 'Bulk #250',
			link: null,
			createdAt: expect.any(String),
		});
		const times = page0.notifications.map((n: { createdAt: string }) => Date.parse(n.createdAt));
		expect([...times].sort((a, b) => b - a)).toEqual(times);
		const page2 = (await t.api.get('/notifications', { params: { page: 2 } })).data;
		expect(page2).toMatchObject({ total: 250, page: 2, limit: 100, hasMore: false });
		expect(page2.notifications.map((n: { content: string }) => n.content).slice(-1)).toEqual([
			'Bulk #1',
		]);
		expect((await t.api.get('/notifications', { params: { page: 3 } })).data.notifications).toEqual(
			[],
		);
	});

	it('keeps a stable newest-first order among notifications of the same time', async () => {
		await t.sb.control.addNotifications({ count: 3, content: 'Same', sameCreatedAt: true });
		const list = (await t.api.get('/notifications')).data.notifications.map(
			(n: { content: string }) => n.content,
		);
		expect(list).toEqual(['Same #3', 'Same #2', 'Same #1']);
	});

	it('refuses a page that is not an integer of 0 or more', async () => {
		for (const page of ['-1', 'one', '1.5']) {
			const res = await t.api.get('/notifications', { params: { page } });
			expect(res.status).toBe(400);
			expect(res.data).toMatchObject({
				statusCode: 400,
				error: 'Bad Request',
				message: expect.arrayContaining([expect.stringContaining('page')]),
			});
		}
	});
});
