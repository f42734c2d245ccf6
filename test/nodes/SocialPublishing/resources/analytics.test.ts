import {
	byId,
	createPosts,
	daysFromNow,
	errorOf,
	jsonOf,
	UNKNOWN_ID,
	useSandbox,
} from '../support';

describe('Social Publishing → Analytics', () => {
	const t = useSandbox();
	const channels = () => t.sandbox.seed.channels;

	it('Get Channel Analytics outputs one item per series, over the days asked for', async () => {
		const result = await t.run({
			resource: 'analytics',
			operation: 'getChannel',
			channel: byId(channels().x.id),
			days: 3,
		});
		const series = jsonOf(result);
		expect(series.length).toBeGreaterThan(0);
		for (const s of series) {
			expect(s).toEqual({
				label: expect.any(String),
				data: expect.any(Array),
				percentageChange: expect.any(Number),
			});
			expect((s.data as unknown[]).length).toBe(3);
		}
		expect((await t.requests('GET', `/analytics/${channels().x.id}`))[0].query).toEqual({
			date: '3',
		});
	});

	it("Get Channel Analytics of an unknown channel: 404 and production's 500 are both explained with the ID", async () => {
		expect(
			errorOf(
				await t.run({ resource: 'analytics', operation: 'getChannel', channel: byId(UNKNOWN_ID) }),
			).message,
		).toBe(`Channel ${UNKNOWN_ID} was not found`);
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/analytics/:id',
			fault: 'error500',
			times: 2,
		});
		const result = await t.run({
			resource: 'analytics',
			operation: 'getChannel',
			channel: byId(UNKNOWN_ID),
		});
		expect(errorOf(result).message).toMatch(
			new RegExp(`^Channel ${UNKNOWN_ID} .*\\(HTTP 500\\) \\(tried 2 times\\)$`),
		);
	});

	it('Get Post Analytics of a published post gives series; of an unpublished one, no items', async () => {
		const [published] = await createPosts(t, {
			type: 'now',
			date: daysFromNow(0),
			channels: [channels().threads.id],
		});
		const [queued] = await createPosts(t, {
			date: daysFromNow(2),
			channels: [channels().threads.id],
		});
		expect(
			jsonOf(await t.run({ resource: 'analytics', operation: 'getPost', postId: published.postId }))
				.length,
		).toBeGreaterThan(0);
		expect(
			(await t.run({ resource: 'analytics', operation: 'getPost', postId: queued.postId })).items,
		).toEqual([]);
	});

	it('Get Post Analytics explains {missing: true} instead of passing it on', async () => {
		await t.sandbox.control.patchChannel(channels().threads.id, {
			publishOutcome: 'missingReleaseId',
		});
		const [post] = await createPosts(t, {
			type: 'now',
			date: daysFromNow(0),
			channels: [channels().threads.id],
		});
		const result = await t.run({
			resource: 'analytics',
			operation: 'getPost',
			postId: post.postId,
		});
		const error = errorOf(result);
		expect(error.message).toBe(
			`Post ${post.postId} has no analytics yet: its platform did not report the published item's ID`,
		);
		expect(error.description).toContain('Post → Set Release ID');
	});
});
