/** Section 3 (states) and 4.3 (posts): creation, listing, status changes, deletes, publishing simulation. */
import { postBody, T0, useTestSandbox, X_SETTINGS } from './support';

const t = useTestSandbox();

const RANGE = { startDate: '2026-03-01T00:00:00Z', endDate: '2026-03-31T00:00:00Z' };
interface ListedPost {
	id: string;
	content: string;
	publishDate: string;
	state: string;
	group: string;
	tags: unknown[];
	intervalInDays: number | null;
	releaseId: string | null;
	releaseURL: string | null;
	integration: { id: string };
}
const listPosts = async (params: Record<string, string> = RANGE): Promise<ListedPost[]> =>
	(await t.api.get('/posts', { params })).data.posts;

async function create(
	channel: string,
	overrides: Record<string, unknown> = {},
	settings?: unknown,
): Promise<string> {
	const res = await t.api.post('/posts', postBody(channel, overrides, settings));
	expect(res.status).toBe(201);
	return res.data[0].postId as string;
}

describe('creating posts', () => {
	it('answers one {postId, integration} per channel, all in one group, created by the API', async () => {
		const { telegram, threads } = t.sb.seed.channels;
		const res = await t.api.post('/posts', {
			...postBody(telegram.id),
			posts: [
				{ integration: { id: telegram.id }, value: [{ content: 'one', image: [] }] },
				{ integration: { id: threads.id }, value: [{ content: 'two', image: [] }] },
			],
		});
		expect(res.status).toBe(201);
		expect(res.data).toEqual([
			{ postId: expect.any(String), integration: telegram.id },
			{ postId: expect.any(String), integration: threads.id },
		]);
		const posts = await listPosts();
		expect(posts).toHaveLength(2);
		expect(posts[0].group).toBe(posts[1].group);
		expect(posts[0]).toEqual({
			id: res.data[0].postId,
			content: 'one',
			publishDate: '2026-03-02T10:00:00.000Z',
			releaseURL: null,
			releaseId: null,
			state: 'QUEUE',
			error: null,
			intervalInDays: null,
			group: posts[0].group,
			creationMethod: 'API',
			tags: [],
			integration: {
				id: telegram.id,
				providerIdentifier: 'telegram',
				name: telegram.name,
				picture: expect.stringMatching(/^https:/),
			},
		});
	});

	it('makes a draft DRAFT and a schedule QUEUE', async () => {
		const draft = await create(t.sb.seed.channels.telegram.id, { type: 'draft' });
		const queued = await create(t.sb.seed.channels.telegram.id);
		const states = Object.fromEntries((await listPosts()).map((p) => [p.id, p.state]));
		expect(states).toEqual({ [draft]: 'DRAFT', [queued]: 'QUEUE' });
	});

	it('attaches only tags whose label names an existing tag', async () => {
		await create(t.sb.seed.channels.telegram.id, {
			tags: [
				{ value: 'a', label: 'Launch' },
				{ value: 'b', label: 'Nope' },
			],
		});
		const [post] = await listPosts();
		expect(post.tags).toEqual([{ value: t.sb.seed.tags[0].id, label: 'Launch' }]);
	});

	it('removes HTML tags outside the kept list and keeps their text', async () => {
		const body = postBody(t.sb.seed.channels.telegram.id);
		body.posts[0].value[0].content =
			'<p>Hi <em>there</em> <strong>you</strong><script>alert(1)</script></p>';
		expect((await t.api.post('/posts', body)).status).toBe(201);
		expect((await listPosts())[0].content).toBe('<p>Hi there <strong>you</strong></p>');
	});

	it('shortens links when shortLink is true, and the short link redirects', async () => {
		const body = postBody(t.sb.seed.channels.telegram.id, { shortLink: true });
		body.posts[0].value[0].content = 'Read https://example.com/a/long/article?x=1 now';
		await t.api.post('/posts', body);
		const { content } = (await listPosts())[0];
		const short = /(http:\/\/\S+\/l\/\S+)/.exec(content)?.[1];
		expect(short).toBeDefined();
		const res = await t.as().get(short!, { maxRedirects: 0 });
		expect(res.status).toBe(302);
		expect(res.headers.location).toBe('https://example.com/a/long/article?x=1');
	});
});

describe('listing posts', () => {
	it('requires startDate and endDate as ISO dates', async () => {
		const res = await t.api.get('/posts', { params: { startDate: 'soon' } });
		expect(res.status).toBe(400);
		expect(res.data).toEqual({
			statusCode: 400,
			message: [
				'startDate must be a valid ISO 8601 date string',
				'endDate should not be null or undefined',
			],
			error: 'Bad Request',
		});
	});

	it('shows a repeating post once per repetition inside the range', async () => {
		const id = await create(t.sb.seed.channels.telegram.id, { inter: 7 });
		const posts = await listPosts({
			startDate: '2026-03-01T00:00:00Z',
			endDate: '2026-03-31T00:00:00Z',
		});
		expect(posts.map((p) => [p.id, p.publishDate, p.intervalInDays])).toEqual([
			[id, '2026-03-02T10:00:00.000Z', 7],
			[id, '2026-03-09T10:00:00.000Z', 7],
			[id, '2026-03-16T10:00:00.000Z', 7],
			[id, '2026-03-23T10:00:00.000Z', 7],
			[id, '2026-03-30T10:00:00.000Z', 7],
		]);
		const later = await listPosts({
			startDate: '2026-03-20T00:00:00Z',
			endDate: '2026-03-24T00:00:00Z',
		});
		expect(later.map((p) => p.publishDate)).toEqual(['2026-03-23T10:00:00.000Z']);
	});

	it('cuts a range longer than 370 days', async () => {
		await create(t.sb.seed.channels.telegram.id, { date: '2027-03-01T10:00:00Z' }); // 365 days after start
		await create(t.sb.seed.channels.telegram.id, { date: '2027-03-10T10:00:00Z' }); // 374 days after start
		const posts = await listPosts({
			startDate: '2026-03-01T00:00:00Z',
			endDate: '2028-01-01T00:00:00Z',
		});
		expect(posts.map((p) => p.publishDate)).toEqual(['2027-03-01T10:00:00.000Z']);
	});

	it('filters by customer', async () => {
		const { xPremium, instagram, telegram } = t.sb.seed.channels;
		await create(xPremium.id, {}, X_SETTINGS);
		await create(telegram.id);
		const globex = await listPosts({ ...RANGE, customer: xPremium.customer!.id });
		expect(globex.map((p) => p.integration.id)).toEqual([xPremium.id]);
		expect(await listPosts({ ...RANGE, customer: instagram.customer!.id })).toEqual([]);
		expect(await listPosts()).toHaveLength(2);
	});
});

describe('status changes (section 3)', () => {
	it('moves a queued post to draft and back', async () => {
		const id = await create(t.sb.seed.channels.telegram.id);
		const toDraft = await t.api.put(`/posts/${id}/status`, { status: 'draft' });
		expect(toDraft.status).toBe(200);
		expect(toDraft.data).toEqual({ id, state: 'DRAFT' });
		expect((await t.api.put(`/posts/${id}/status`, { status: 'schedule' })).data).toEqual({
			id,
			state: 'QUEUE',
		});
	});

	it('validates the status and answers 404 for an unknown post', async () => {
		const id = await create(t.sb.seed.channels.telegram.id);
		const bad = await t.api.put(`/posts/${id}/status`, { status: 'publish' });
		expect(bad.status).toBe(400);
		expect(bad.data.message).toEqual([
			'status must be one of the following values: draft, schedule',
		]);
		const missing = await t.api.put('/posts/00000000-0000-4000-8000-000000000000/status', {
			status: 'draft',
		});
		expect(missing.status).toBe(404);
		expect(missing.data).toEqual({ msg: 'Post not found' });
	});

	it('refuses to re-status a published post without republish, and requeues it with republish', async () => {
		const id = await create(t.sb.seed.channels.telegram.id, { type: 'now' });
		const refused = await t.api.put(`/posts/${id}/status`, { status: 'schedule' });
		expect(refused.status).toBe(400);
		expect(refused.data).toMatchObject({
			statusCode: 400,
			message: expect.stringContaining('republish'),
		});
		expect((await t.api.put(`/posts/${id}/status`, { status: 'draft' })).status).toBe(400);
		const requeued = await t.api.put(`/posts/${id}/status`, {
			status: 'schedule',
			republish: true,
		});
		expect(requeued.data).toEqual({ id, state: 'QUEUE' });
	});
});

describe('deleting', () => {
	it('deletes one post and leaves the other channels of its request', async () => {
		const { telegram, threads } = t.sb.seed.channels;
		const res = await t.api.post('/posts', {
			...postBody(telegram.id),
			posts: [
				{
					integration: { id: telegram.id },
					value: [
						{ content: 'one', image: [] },
						{ content: 'reply', image: [] },
					],
				},
				{ integration: { id: threads.id }, value: [{ content: 'two', image: [] }] },
			],
		});
		const [first, second] = res.data.map((r: { postId: string }) => r.postId);
		const del = await t.api.delete(`/posts/${first}`);
		expect(del.data).toEqual({ deleted: true, id: first });
		expect((await listPosts()).map((p) => p.id)).toEqual([second]);
		expect((await t.api.delete(`/posts/${first}`)).status).toBe(404);
	});

	it('deletes by group, and says so when nothing matches', async () => {
		await create(t.sb.seed.channels.telegram.id);
		const [post] = await listPosts();
		expect((await t.api.delete(`/posts/group/${post.group}`)).data).toEqual({
			deleted: true,
			id: post.group,
		});
		expect(await listPosts()).toEqual([]);
		expect((await t.api.delete(`/posts/group/${post.group}`)).data).toEqual({
			deleted: false,
			id: null,
		});
	});

	it('deletes a channel with its posts', async () => {
		const { telegram } = t.sb.seed.channels;
		await create(telegram.id);
		expect((await t.api.delete(`/integrations/${telegram.id}`)).data).toEqual({ deleted: true });
		expect(await listPosts()).toEqual([]);
		expect((await t.api.get('/integrations')).data.map((c: { id: string }) => c.id)).not.toContain(
			telegram.id,
		);
		expect((await t.api.delete(`/integrations/${telegram.id}`)).data).toEqual({
			msg: 'Integration not found',
		});
	});
});

describe('publishing simulation', () => {
	it('publishes a due post with releaseURL and releaseId, and writes a notification', async () => {
		const id = await create(t.sb.seed.channels.x.id, {}, X_SETTINGS);
		expect(await t.sb.control.publishDue()).toEqual([]);
		await t.sb.control.setNow('2026-03-02T10:00:00Z');
		expect(await t.sb.control.publishDue()).toEqual([id]);
		const [post] = await listPosts();
		expect(post).toMatchObject({
			state: 'PUBLISHED',
			releaseId: expect.stringMatching(/^\d+$/),
			error: null,
		});
		expect(post.releaseURL).toContain(post.releaseId);
		const notes = (await t.api.get('/notifications')).data.notifications;
		expect(notes[0]).toMatchObject({
			content: expect.stringContaining('published'),
			link: post.releaseURL,
		});
	});

	it('publishes a now post at once', async () => {
		const id = await create(t.sb.seed.channels.telegram.id, { type: 'now' });
		const [post] = await listPosts();
		expect(post).toMatchObject({ id, state: 'PUBLISHED', publishDate: T0 });
	});

	it('marks a post ERROR with the error text when the platform refuses it', async () => {
		const { telegram } = t.sb.seed.channels;
		await t.sb.control.patchChannel(telegram.id, {
			publishOutcome: 'error',
			errorMessage: 'Bot was blocked',
		});
		await create(telegram.id, { type: 'now' });
		const [post] = await listPosts();
		expect(post).toMatchObject({ state: 'ERROR', error: 'Bot was blocked', releaseURL: null });
		const notes = (await t.api.get('/notifications')).data.notifications;
		expect(notes[0].content).toContain('Bot was blocked');
	});

	it('fails publication on a disabled channel, and an ERROR post can be queued again', async () => {
		const { linkedinDisabled } = t.sb.seed.channels;
		const id = await create(linkedinDisabled.id, { type: 'now' });
		expect((await listPosts())[0]).toMatchObject({
			id,
			state: 'ERROR',
			error: 'Channel is disabled',
		});
		expect((await t.api.put(`/posts/${id}/status`, { status: 'schedule' })).data).toEqual({
			id,
			state: 'QUEUE',
		});
		expect((await listPosts())[0]).toMatchObject({ state: 'QUEUE', error: null });
	});

	it('lets a post published without an id be fixed through missing and release-id', async () => {
		const { x } = t.sb.seed.channels;
		await t.sb.control.patchChannel(x.id, { publishOutcome: 'missingReleaseId' });
		const id = await create(x.id, { type: 'now' }, X_SETTINGS);
		expect((await t.api.get(`/analytics/post/${id}`)).data).toEqual({ missing: true });
		const missing = await t.api.get(`/posts/${id}/missing`);
		expect(missing.status).toBe(200);
		expect(missing.data).toHaveLength(3);
		expect(missing.data[0]).toEqual({
			id: expect.any(String),
			url: expect.stringMatching(/^https:/),
		});

		const wrong = await t.api.put(`/posts/${id}/release-id`, { releaseId: 'made-up' });
		expect(wrong.status).toBe(400);
		const fixed = await t.api.put(`/posts/${id}/release-id`, { releaseId: missing.data[1].id });
		expect(fixed.data).toEqual({ id, releaseId: missing.data[1].id });
		expect((await listPosts())[0]).toMatchObject({
			releaseId: missing.data[1].id,
			releaseURL: missing.data[1].url,
		});
		expect((await t.api.get(`/posts/${id}/missing`)).data).toEqual([]);
		expect(
			(await t.api.put(`/posts/${id}/release-id`, { releaseId: missing.data[1].id })).status,
		).toBe(404);
		expect(Array.isArray((await t.api.get(`/analytics/post/${id}`)).data)).toBe(true);
	});

	it('answers an empty missing list for a post that is not waiting, 404 for an unknown one', async () => {
		const id = await create(t.sb.seed.channels.telegram.id);
		expect((await t.api.get(`/posts/${id}/missing`)).data).toEqual([]);
		const unknown = await t.api.get('/posts/00000000-0000-4000-8000-000000000000/missing');
		expect(unknown.status).toBe(404);
		expect(unknown.data).toEqual({ msg: 'Post not found' });
	});
});
