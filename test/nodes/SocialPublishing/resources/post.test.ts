import {
	dateWindows,
	parseSettings,
} from '../../../../nodes/SocialPublishing/resources/post/getMany';
import {
	createPosts,
	DAY_MS,
	daysFromNow,
	errorOf,
	jsonOf,
	UNKNOWN_ID,
	useSandbox,
} from '../support';

describe('Social Publishing → Post (all but Create)', () => {
	const t = useSandbox();
	const channels = () => t.sandbox.seed.channels;

	describe('Get Many', () => {
		it('without dates lists the posts of the last and next 30 days, one item each', async () => {
			const [soon] = await createPosts(t, {
				date: daysFromNow(3),
				channels: [channels().threads.id],
				content: 'soon',
				tags: ['Launch'],
			});
			const [recent] = await createPosts(t, {
				type: 'draft',
				date: daysFromNow(-10),
				channels: [channels().telegram.id],
				content: 'recent',
			});
			await createPosts(t, {
				type: 'draft',
				date: daysFromNow(-45),
				channels: [channels().telegram.id],
				content: 'too old',
			});

			const posts = jsonOf(await t.run({ resource: 'post', operation: 'getMany' }));
			expect(posts.map((p) => p.id).sort()).toEqual([soon.postId, recent.postId].sort());
			expect(posts.find((p) => p.id === soon.postId)).toMatchObject({
				content: 'soon',
				state: 'QUEUE',
				tags: [{ value: t.sandbox.seed.tags[0].id, label: 'Launch' }],
				integration: { id: channels().threads.id, providerIdentifier: 'threads' },
			});
			const [request] = await t.requests('GET', '/posts');
			const span =
				Date.parse(String(request.query.endDate)) - Date.parse(String(request.query.startDate));
			expect(Math.round(span / DAY_MS)).toBe(60);
		});

		it('reads a range over 370 days as consecutive windows, none over 370 days, without losing or repeating posts', async () => {
			const dates = [-400, -200, 5, 300].map(daysFromNow);
			const created = [];
			for (const date of dates)
				created.push(
					...(await createPosts(t, { type: 'draft', date, channels: [channels().threads.id] })),
				);

			const posts = jsonOf(
				await t.run({
					resource: 'post',
					operation: 'getMany',
					startDate: daysFromNow(-420),
					endDate: daysFromNow(400),
				}),
			);
			expect(posts.map((p) => p.id).sort()).toEqual(created.map((c) => c.postId).sort());

			const windows = (await t.requests('GET', '/posts')).map((r) => [
				Date.parse(String(r.query.startDate)),
				Date.parse(String(r.query.endDate)),
			]);
			expect(windows).toHaveLength(3);
			for (const [start, end] of windows) expect(end - start).toBeLessThanOrEqual(370 * DAY_MS);
			for (let i = 1; i < windows.length; i++) expect(windows[i][0]).toBe(windows[i - 1][1] + 1);
		});

		it('filters by customer through the query', async () => {
			const acme = t.sandbox.seed.customers.acme.id;
			await createPosts(t, {
				type: 'draft',
				date: daysFromNow(2),
				channels: [channels().threads.id],
			});
			const posts = jsonOf(
				await t.run({ resource: 'post', operation: 'getMany', filters: { customer: acme } }),
			);
			expect(posts).toEqual([]);
			expect((await t.requests('GET', '/posts'))[0].query.customer).toBe(acme);
		});

		it('refuses an end before the start, naming both fields, before any request', async () => {
			const result = await t.run({
				resource: 'post',
				operation: 'getMany',
				startDate: daysFromNow(5),
				endDate: daysFromNow(1),
			});
			expect(errorOf(result).message).toBe('"End Date" is before "Start Date"');
			expect(await t.requests()).toHaveLength(0);
		});

		it('reports a failing service after retrying the read', async () => {
			await t.sandbox.control.addFault({
				method: 'GET',
				path: '/posts',
				fault: 'error500',
				times: 5,
			});
			const result = await t.run({ resource: 'post', operation: 'getMany' });
			expect(errorOf(result).message).toMatch(/GET \/posts \(HTTP 500\) \(tried 2 times\)$/);
		});
	});

	describe('Set Status', () => {
		it('moves a post to draft and back to the queue', async () => {
			const [post] = await createPosts(t, {
				date: daysFromNow(3),
				channels: [channels().threads.id],
			});
			const draft = await t.run({
				resource: 'post',
				operation: 'setStatus',
				postId: post.postId,
				status: 'draft',
			});
			expect(jsonOf(draft)).toEqual([{ id: post.postId, state: 'DRAFT' }]);
			const queued = await t.run({
				resource: 'post',
				operation: 'setStatus',
				postId: post.postId,
				status: 'schedule',
			});
			expect(jsonOf(queued)).toEqual([{ id: post.postId, state: 'QUEUE' }]);
			expect((await t.requests('PUT')).map((r) => r.body)).toEqual([
				{ status: 'draft' },
				{ status: 'schedule' },
			]);
		});

		it('republishes a published post only when asked to', async () => {
			const [post] = await createPosts(t, {
				type: 'now',
				date: daysFromNow(0),
				channels: [channels().threads.id],
			});
			const refused = await t.run({
				resource: 'post',
				operation: 'setStatus',
				postId: post.postId,
				status: 'schedule',
			});
			// The service's own words, passed on.
			expect(errorOf(refused).message).toMatch(/: The post is already published/);
			const ok = await t.run({
				resource: 'post',
				operation: 'setStatus',
				postId: post.postId,
				status: 'schedule',
				republish: true,
			});
			expect(jsonOf(ok)).toEqual([{ id: post.postId, state: 'QUEUE' }]);
			expect((await t.requests('PUT')).at(-1)?.body).toEqual({
				status: 'schedule',
				republish: true,
			});
		});

		it('scheduling beyond the monthly allowance explains it, with the billing link', async () => {
			const date = daysFromNow(3);
			const [post] = await createPosts(t, {
				type: 'draft',
				date,
				channels: [channels().threads.id],
			});
			await t.sandbox.control.setPlan('Starter');
			await t.sandbox.control.setUsage(date.slice(0, 7), 400);
			const result = await t.run({
				resource: 'post',
				operation: 'setStatus',
				postId: post.postId,
				status: 'schedule',
			});
			const error = errorOf(result);
			expect(error.httpCode).toBe('402');
			expect(error.message).toMatch(/^The monthly post allowance is used up: /);
			expect(error.description).toContain(`Billing: ${t.sandbox.origin}/billing`);
		});

		it('an unknown post is not found', async () => {
			const result = await t.run({
				resource: 'post',
				operation: 'setStatus',
				postId: UNKNOWN_ID,
				status: 'draft',
			});
			expect(errorOf(result).message).toBe(`Post ${UNKNOWN_ID} was not found`);
		});

		it('Continue On Fail: one output per item, the failed one carrying its error', async () => {
			const [post] = await createPosts(t, {
				date: daysFromNow(3),
				channels: [channels().threads.id],
			});
			const result = await t.run(
				{ resource: 'post', operation: 'setStatus', postId: '={{ $json.id }}', status: 'draft' },
				{ continueOnFail: true, items: [{ id: UNKNOWN_ID }, { id: post.postId }] },
			);
			expect(result.items[0].error?.message).toBe(`Post ${UNKNOWN_ID} was not found`);
			expect(result.items[1].json).toEqual({ id: post.postId, state: 'DRAFT' });
		});
	});

	describe('Delete and Delete Group', () => {
		it('Delete removes one post and outputs {deleted: true, id}', async () => {
			const [a, b] = await createPosts(t, {
				date: daysFromNow(3),
				channels: [channels().threads.id, channels().telegram.id],
			});
			const result = await t.run({ resource: 'post', operation: 'delete', postId: a.postId });
			expect(jsonOf(result)).toEqual([{ deleted: true, id: a.postId }]);
			const left = jsonOf(await t.run({ resource: 'post', operation: 'getMany' })).map((p) => p.id);
			expect(left).toEqual([b.postId]);
		});

		it('Delete of an unknown post: "already deleted, or never existed" on a 404, and on a 500 once GET /posts lists no such post; sent once', async () => {
			const notFound = errorOf(
				await t.run({ resource: 'post', operation: 'delete', postId: UNKNOWN_ID }),
			);
			expect(notFound.message).toBe(`Post ${UNKNOWN_ID} is already deleted, or never existed`);
			expect(notFound.description).toMatch(/^The service has no post \S+ \(HTTP 404\)\. /);
			await t.sandbox.control.addFault({
				method: 'DELETE',
				path: '/posts/:id',
				fault: 'error500',
				times: 3,
			});
			const failed = errorOf(
				await t.run({
					resource: 'post',
					operation: 'delete',
					postId: UNKNOWN_ID,
					requestOptions: { maxRetries: 3, retryDelay: 10 },
				}),
			);
			expect(failed.message).toBe(`Post ${UNKNOWN_ID} is already deleted, or never existed`);
			expect(failed.description).toMatch(
				new RegExp(`^The service answered HTTP 500 to DELETE /posts/${UNKNOWN_ID}, `),
			);
			// A write is not retried: one DELETE per run, then GET /posts only.
			expect(await t.requests('DELETE')).toHaveLength(2);
		});

		it('Delete Group removes every post of the group; an empty group says deleted: false', async () => {
			await createPosts(t, {
				date: daysFromNow(3),
				channels: [channels().threads.id, channels().telegram.id],
			});
			const [listed] = jsonOf(await t.run({ resource: 'post', operation: 'getMany' }));
			const group = String(listed.group);
			expect(jsonOf(await t.run({ resource: 'post', operation: 'deleteGroup', group }))).toEqual([
				{ deleted: true, group },
			]);
			expect(jsonOf(await t.run({ resource: 'post', operation: 'getMany' }))).toEqual([]);
			expect(jsonOf(await t.run({ resource: 'post', operation: 'deleteGroup', group }))).toEqual([
				{ deleted: false, group },
			]);
		});
	});

	describe('Get Missing Items and Set Release ID', () => {
		async function publishedWithoutId() {
			await t.sandbox.control.patchChannel(channels().threads.id, {
				publishOutcome: 'missingReleaseId',
			});
			const [post] = await createPosts(t, {
				type: 'now',
				date: daysFromNow(0),
				channels: [channels().threads.id],
			});
			return post.postId;
		}

		it('lists the candidates, one item each, then sets the release ID picked from them', async () => {
			const postId = await publishedWithoutId();
			const missing = jsonOf(
				await t.run({ resource: 'post', operation: 'getMissingItems', postId }),
			);
			expect(missing).toHaveLength(3);
			for (const item of missing)
				expect(item).toEqual({
					id: expect.any(String),
					url: expect.stringContaining(String(item.id)),
				});

			const set = await t.run({
				resource: 'post',
				operation: 'setReleaseId',
				postId,
				releaseId: String(missing[1].id),
			});
			expect(jsonOf(set)).toEqual([{ id: postId, releaseId: missing[1].id }]);
			const [sent] = await t.requests('PUT', `/posts/${postId}/release-id`);
			expect(sent.body).toEqual({ releaseId: missing[1].id });
		});

		it('a post that is not waiting gives no items, and Set Release ID says it is not waiting', async () => {
			const [post] = await createPosts(t, {
				date: daysFromNow(3),
				channels: [channels().threads.id],
			});
			expect(
				(await t.run({ resource: 'post', operation: 'getMissingItems', postId: post.postId }))
					.items,
			).toEqual([]);
			const result = await t.run({
				resource: 'post',
				operation: 'setReleaseId',
				postId: post.postId,
				releaseId: '123',
			});
			expect(errorOf(result).message).toBe(`Post ${post.postId} is not waiting for a release ID`);
		});

		it('Set Release ID answered 500 (production, unknown id) is "not found, or the service failed"', async () => {
			await t.sandbox.control.addFault({
				method: 'PUT',
				path: '/posts/:id/release-id',
				fault: 'error500',
			});
			const result = await t.run({
				resource: 'post',
				operation: 'setReleaseId',
				postId: UNKNOWN_ID,
				releaseId: '123',
			});
			expect(errorOf(result).message).toMatch(new RegExp(`^Post ${UNKNOWN_ID} .*\\(HTTP 500\\)$`));
		});
	});
});

it('dateWindows splits a range into windows of at most N days that neither overlap nor leave gaps', () => {
	const day = 86_400_000;
	const start = Date.parse('2025-01-01T00:00:00Z');
	const windows = dateWindows(start, start + 800 * day, 370).map(([a, b]) => [
		Date.parse(a),
		Date.parse(b),
	]);
	expect(windows.map(([a, b]) => (b - a) / day)).toEqual([370, 370, 60 - 2 / day]);
	expect(windows[0][0]).toBe(start);
	expect(windows.at(-1)?.[1]).toBe(start + 800 * day);
	for (let i = 1; i < windows.length; i++) expect(windows[i][0]).toBe(windows[i - 1][1] + 1);
	expect(dateWindows(start, start, 370)).toHaveLength(1);
});

it('parseSettings parses a JSON string and leaves other values alone', () => {
	expect(parseSettings({ settings: '{"a":1}' })).toEqual({ settings: { a: 1 } });
	expect(parseSettings({ settings: 'plain' })).toEqual({ settings: 'plain' });
	expect(parseSettings({ settings: { a: 1 } })).toEqual({ settings: { a: 1 } });
});
