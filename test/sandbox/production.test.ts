/**
 * The production profile (sandbox/production.ts): each departure of service-notes "Where production departs
 * from the spec", over real HTTP. The spec profile itself is covered by the other files of this folder.
 */
import axios from 'axios';
import { sleep } from 'n8n-workflow';
import { SEED_IDS, startSandbox } from '../../sandbox';
import { png } from '../fixtures/media';
import { postBody, T0, useTestSandbox, X_SETTINGS } from './support';

const UNKNOWN = '0f000000-0000-4000-8000-00000000dead';
const MARCH = { startDate: '2026-03-01T00:00:00Z', endDate: '2026-03-31T23:59:59Z' };

// Every departure is on in the production profile.
const t = useTestSandbox({
	profile: 'production',
	rateLimits: { 'POST /posts': { limit: 3, windowSeconds: 3600 } },
});

const create = async (body: unknown) => {
	const res = await t.api.post('/posts', body);
	expect(res.status).toBe(201);
	return res.data as Array<{ postId: string; integration: string }>;
};
const listPosts = async () =>
	(await t.api.get('/posts', { params: MARCH })).data.posts as Array<Record<string, unknown>>;

describe('GET /posts', () => {
	it("has no tags route; tags come nested in posts as {tag: <the tag's record>}", async () => {
		expect((await t.api.get('/tags')).status).toBe(404);
		await create(
			postBody(t.sb.seed.channels.telegram.id, { tags: [{ value: 'anything', label: 'Launch' }] }),
		);
		const [post] = await listPosts();
		const launch = t.sb.seed.tags.find((tag) => tag.name === 'Launch')!;
		const record = {
			orgId: t.sb.seed.orgId,
			deletedAt: null,
			createdAt: expect.any(String),
			updatedAt: expect.any(String),
		};
		expect(post.tags).toEqual([
			{ tag: { id: launch.id, name: 'Launch', color: launch.color, ...record } },
		]);
	});

	it('shows settings as a JSON string and no image field', async () => {
		await create(
			postBody(
				t.sb.seed.channels.x.id,
				{},
				{ who_can_reply_post: 'following', made_with_ai: true },
			),
		);
		const [post] = await listPosts();
		expect(typeof post.settings).toBe('string');
		expect(JSON.parse(post.settings as string)).toEqual({
			who_can_reply_post: 'following',
			made_with_ai: true,
			__type: 'x',
		});
		expect(post).not.toHaveProperty('image');
		// A post without settings shows the platform alone, still as a string.
		await create(postBody(t.sb.seed.channels.telegram.id));
		const telegram = (await listPosts()).find(
			(p) => (p.integration as { id: string }).id === t.sb.seed.channels.telegram.id,
		)!;
		expect(telegram.settings).toBe('{"__type":"telegram"}');
	});

	it("keeps settings it does not know, and sets __type to the channel's platform whatever it said", async () => {
		await create(
			postBody(
				t.sb.seed.channels.x.id,
				{},
				{ __type: 'linkedin', who_can_reply_post: 'everyone', brand_new_setting: 1 },
			),
		);
		const [post] = await listPosts();
		expect(JSON.parse(post.settings as string)).toEqual({
			__type: 'x',
			who_can_reply_post: 'everyone',
			brand_new_setting: 1,
		});
	});

	it('adds actualDate (the first date) to each repetition of a repeating post, and only to those', async () => {
		await create(postBody(t.sb.seed.channels.telegram.id, { inter: 7 }));
		await create(postBody(t.sb.seed.channels.threads.id, { date: '2026-03-03T10:00:00Z' }));
		const posts = await listPosts();
		const repeats = posts.filter((p) => p.intervalInDays === 7);
		expect(repeats.map((p) => p.publishDate)).toEqual([
			'2026-03-02T10:00:00.000Z',
			'2026-03-09T10:00:00.000Z',
			'2026-03-16T10:00:00.000Z',
			'2026-03-23T10:00:00.000Z',
			'2026-03-30T10:00:00.000Z',
		]);
		for (const p of repeats) expect(p.actualDate).toBe('2026-03-02T10:00:00.000Z');
		expect(posts.find((p) => p.intervalInDays === null)).not.toHaveProperty('actualDate');
	});
});

it('has no GET /media (404 as for any unknown route); uploads still exist, multipart untouched by the JSON limit', async () => {
	const res = await t.api.get('/media');
	expect(res.status).toBe(404);
	expect(res.data).toEqual({
		statusCode: 404,
		message: 'Cannot GET /api/public/v1/media',
		error: 'Not Found',
	});
	expect((await t.api.post('/upload-from-url', { url: 'ftp://example.com/a.png' })).status).toBe(
		400,
	);
	// A 300 kB PNG (padding after the image end) is over the 100 kB JSON limit but goes through /upload.
	const body = new FormData();
	body.append(
		'file',
		new Blob([Buffer.concat([png(), Buffer.alloc(300 * 1024)])], { type: 'image/png' }),
		'big.png',
	);
	const uploaded = await t.api.post('/upload', body);
	expect(uploaded.status).toBe(201);
	// Production answers the stored record (no type, no date, no original name).
	expect(uploaded.data).toEqual({
		id: expect.any(String),
		name: expect.any(String),
		originalName: null,
		path: expect.stringMatching(/\.png$/),
		thumbnail: null,
		alt: null,
	});
});

describe('rate limits', () => {
	it('limits POST /posts only; 400s count; the 429 has Retry-After 3600 and no X-RateLimit headers', async () => {
		const ok = postBody(t.sb.seed.channels.telegram.id);
		const first = await t.api.post('/posts', ok);
		expect(first.status).toBe(201);
		expect(first.headers['x-ratelimit-remaining']).toBe('2');
		expect((await t.api.post('/posts', { ...ok, posts: [] })).status).toBe(400);
		expect((await t.api.post('/posts', ok)).status).toBe(201);

		const limited = await t.api.post('/posts', ok);
		expect(limited.status).toBe(429);
		expect(limited.data).toEqual({
			statusCode: 429,
			message: 'ThrottlerException: Too Many Requests',
		});
		expect(limited.headers['retry-after']).toBe('3600');
		expect(Object.keys(limited.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
		expect((await t.sb.control.org()).posts).toBe(2);
	});

	it('defaults to 90 POST /posts an hour and leaves the spec-limited GET routes unlimited', async () => {
		const sb = await startSandbox({
			profile: 'production',
			rateLimits: { 'GET /analytics/:id': { limit: 1, windowSeconds: 300 } },
		});
		try {
			const api = axios.create({
				baseURL: sb.baseUrl,
				headers: { Authorization: sb.apiKey },
				validateStatus: () => true,
			});
			const posted = await api.post(
				'/posts',
				postBody(sb.seed.channels.telegram.id, { type: 'draft' }),
			);
			expect(posted.headers['x-ratelimit-limit']).toBe('90');
			for (let i = 0; i < 3; i++) {
				const analytics = await api.get(`/analytics/${sb.seed.channels.x.id}`);
				expect(analytics.status).toBe(200);
				expect(analytics.headers['x-ratelimit-limit']).toBeUndefined();
			}
		} finally {
			await sb.close();
		}
	});
});

describe('unknown ids', () => {
	it.each([
		['PUT', `/posts/${UNKNOWN}/release-id`, { releaseId: 'x' }],
		['DELETE', `/posts/${UNKNOWN}`, undefined],
		['DELETE', `/integrations/${UNKNOWN}`, undefined],
		['GET', `/analytics/${UNKNOWN}`, undefined],
	])('%s %s answers 500 Internal server error', async (method, url, data) => {
		const res = await t.api.request({ method, url, data });
		expect(res.status).toBe(500);
		expect(res.data).toEqual({ statusCode: 500, message: 'Internal server error' });
	});

	it('still answers known ids as the spec does', async () => {
		expect((await t.api.get(`/analytics/${t.sb.seed.channels.x.id}`)).status).toBe(200);
		const [{ postId }] = await create(postBody(t.sb.seed.channels.telegram.id));
		// Not waiting for an id: the spec's 404.
		expect((await t.api.put(`/posts/${postId}/release-id`, { releaseId: 'x' })).status).toBe(404);
	});

	it('PUT /posts/:id/status for an unknown post answers 400 Post not found', async () => {
		const res = await t.api.put(`/posts/${UNKNOWN}/status`, { status: 'draft' });
		expect(res.status).toBe(400);
		expect(res.data).toEqual({ statusCode: 400, message: 'Post not found', error: 'Bad Request' });
		// A bad body is refused for what it is first.
		const invalid = await t.api.put(`/posts/${UNKNOWN}/status`, { status: 'gone' });
		expect(invalid.data.message).toEqual([
			'status must be one of the following values: draft, schedule',
		]);
		const [{ postId }] = await create(postBody(t.sb.seed.channels.telegram.id));
		expect((await t.api.put(`/posts/${postId}/status`, { status: 'draft' })).data).toEqual({
			id: postId,
			state: 'DRAFT',
		});
	});
});

describe('GET /find-slot/:id', () => {
	it.each(['unknown', 'disabled'])(
		'never answers for a %s channel: the client has to give up',
		async (kind) => {
			const id = kind === 'unknown' ? UNKNOWN : t.sb.seed.channels.linkedinDisabled.id;
			const started = Date.now();
			const error = await t.api.get(`/find-slot/${id}`, { timeout: 300 }).then(
				() => undefined,
				(e: { code?: string }) => e,
			);
			expect(error?.code).toBe('ECONNABORTED');
			expect(Date.now() - started).toBeGreaterThanOrEqual(290);
			// The sandbox logs it as answered with nothing (status 0) once the client hangs up.
			await sleep(50);
			const logged = (await t.sb.control.requests()).find((r) => r.path === `/find-slot/${id}`);
			expect(logged?.status).toBe(0);
		},
	);

	it('answers an enabled channel as the spec does', async () => {
		const res = await t.api.get(`/find-slot/${t.sb.seed.channels.x.id}`);
		expect(res.data).toEqual({ date: '2026-03-01T09:00:00' });
	});

	it('holds the socket until the sandbox closes', async () => {
		const sb = await startSandbox({ profile: 'production' });
		const pending = axios
			.get(`${sb.baseUrl}/find-slot/${UNKNOWN}`, { headers: { Authorization: sb.apiKey } })
			.then(
				() => 'answered',
				(e: Error) => e.message,
			);
		await sleep(200);
		await sb.close();
		expect(await pending).toMatch(/socket hang up|ECONNRESET/);
	});
});

describe('deletes', () => {
	const twoChannelPost = () =>
		postBody(t.sb.seed.channels.telegram.id, {
			posts: [
				{
					integration: { id: t.sb.seed.channels.telegram.id },
					value: [{ content: 'One', image: [] }],
				},
				{
					integration: { id: t.sb.seed.channels.x.id },
					value: [{ content: 'Two', image: [] }],
					settings: X_SETTINGS,
				},
			],
		});

	it("DELETE /posts/:id deletes its group (one channel's post and its parts) and answers {error: true}", async () => {
		const [first] = await create(twoChannelPost());
		await create(postBody(t.sb.seed.channels.threads.id));
		const res = await t.api.delete(`/posts/${first.postId}`);
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ error: true });
		const { x, threads } = t.sb.seed.channels;
		expect((await listPosts()).map((p) => (p.integration as { id: string }).id)).toEqual([
			x.id,
			threads.id,
		]);
	});

	it('DELETE /posts/:id of a post already deleted answers 500, and GET /posts no longer lists it', async () => {
		const [post] = await create(postBody(t.sb.seed.channels.telegram.id));
		expect((await t.api.delete(`/posts/${post.postId}`)).data).toEqual({ error: true });
		const again = await t.api.delete(`/posts/${post.postId}`);
		expect(again.status).toBe(500);
		expect(again.data).toEqual({ statusCode: 500, message: 'Internal server error' });
		expect(await listPosts()).toEqual([]);
	});

	it('DELETE /posts/group/:group answers {error: true} whether or not anything matched', async () => {
		await create(twoChannelPost());
		const [{ group }, other] = (await listPosts()) as Array<{ group: string }>;
		// One group per channel: the other channel's post stays.
		expect(other.group).not.toBe(group);
		expect((await t.api.delete(`/posts/group/${group}`)).data).toEqual({ error: true });
		expect((await listPosts()).map((p) => (p.integration as { id: string }).id)).toEqual([
			t.sb.seed.channels.x.id,
		]);
		const nothing = await t.api.delete(`/posts/group/${UNKNOWN}`);
		expect(nothing.status).toBe(200);
		expect(nothing.data).toEqual({ error: true });
	});

	it('DELETE /integrations/:id answers the full channel record, tokens included, and deletes its posts', async () => {
		const { telegram } = t.sb.seed.channels;
		await create(postBody(telegram.id));
		const res = await t.api.delete(`/integrations/${telegram.id}`);
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({
			id: telegram.id,
			name: telegram.name,
			providerIdentifier: 'telegram',
			organizationId: t.sb.seed.orgId,
			token: t.sb.seed.channelTokens!.telegram.token,
			refreshToken: t.sb.seed.channelTokens!.telegram.refreshToken,
			deletedAt: T0,
		});
		expect(t.sb.seed.channelTokens!.telegram).toEqual({
			token: `sandbox-channel-token-${telegram.id}`,
			refreshToken: `sandbox-channel-refresh-token-${telegram.id}`,
		});
		expect((await t.api.get('/integrations')).data.map((c: { id: string }) => c.id)).not.toContain(
			telegram.id,
		);
		expect(await listPosts()).toEqual([]);
	});
});

describe('POST /posts is loose', () => {
	it('coerces settings sent as strings ("false" becomes true) instead of refusing them', async () => {
		const body = postBody(
			t.sb.seed.channels.x.id,
			{},
			{ ...X_SETTINGS, made_with_ai: 'false', paid_partnership: '' },
		);
		await create(body);
		const [post] = await listPosts();
		expect(JSON.parse(post.settings as string)).toEqual({
			...X_SETTINGS,
			made_with_ai: true,
			paid_partnership: false,
			__type: 'x',
		});
		// The request log keeps what the client really sent.
		const logged = (await t.sb.control.requests()).find(
			(r) => r.method === 'POST' && r.path === '/posts',
		);
		expect(logged?.body).toEqual(body);
	});

	it('schedules a post whose type is unknown', async () => {
		const [{ postId }] = await create(
			postBody(t.sb.seed.channels.telegram.id, { type: 'publish' }),
		);
		const [post] = await listPosts();
		expect(post).toMatchObject({ id: postId, state: 'QUEUE' });
	});

	it('answers 413 to a JSON body over 100 kB', async () => {
		const big = postBody(t.sb.seed.channels.telegram.id);
		big.posts[0].value[0].content = 'x'.repeat(101 * 1024);
		const res = await t.api.post('/posts', big);
		expect(res.status).toBe(413);
		expect(res.data).toEqual({ statusCode: 413, message: 'request entity too large' });
		// Just under the limit the body is read and checked (here: too long for telegram).
		big.posts[0].value[0].content = 'x'.repeat(90 * 1024);
		expect((await t.api.post('/posts', big)).status).toBe(400);
	});
});

describe('extra routes', () => {
	it('GET /groups lists the customers', async () => {
		const { acme, globex } = t.sb.seed.customers;
		expect((await t.api.get('/groups')).data).toEqual([acme, globex]);
	});

	it('PUT /posts/:id/settings merges settings into a scheduled post or draft', async () => {
		const [{ postId }] = await create(postBody(t.sb.seed.channels.x.id, {}, X_SETTINGS));
		const res = await t.api.put(`/posts/${postId}/settings`, { settings: { made_with_ai: true } });
		expect(res.data).toEqual({ postId, publishDate: '2026-03-02T10:00:00' });
		const [post] = await listPosts();
		expect(JSON.parse(post.settings as string)).toEqual({
			...X_SETTINGS,
			__type: 'x',
			made_with_ai: true,
		});

		expect((await t.api.put(`/posts/${UNKNOWN}/settings`, { settings: {} })).status).toBe(404);
		expect((await t.api.put(`/posts/${postId}/settings`, { settings: 'x' })).status).toBe(400);
		await t.sb.control.setNow('2026-03-02T10:00:00Z');
		await t.sb.control.publishDue();
		expect((await t.api.put(`/posts/${postId}/settings`, { settings: {} })).status).toBe(400);
	});
});

describe('switching quirks one by one', () => {
	it('turns single quirks off in production and on over the spec profile', async () => {
		const prod = await startSandbox({
			profile: 'production',
			productionQuirks: { unknownIdsError500: false, deleteAnswersError: false },
		});
		const spec = await startSandbox({ productionQuirks: { noMediaLibrary: true } });
		try {
			const client = (sb: typeof prod) =>
				axios.create({
					baseURL: sb.baseUrl,
					headers: { Authorization: sb.apiKey },
					validateStatus: () => true,
				});
			const deleted = await client(prod).delete(`/posts/${UNKNOWN}`);
			expect([deleted.status, deleted.data]).toEqual([404, { msg: 'Post not found' }]);
			// Other quirks stay on.
			expect((await client(prod).get('/media')).status).toBe(404);
			expect((await client(prod).get('/groups')).status).toBe(200);
			const telegram = prod.seed.channels.telegram.id;
			expect(
				(await client(prod).post('/posts', postBody(telegram, { type: 'publish' }))).status,
			).toBe(201);

			expect((await client(spec).get('/media')).status).toBe(404);
			expect((await client(spec).get('/groups')).status).toBe(404);
			expect((await client(spec).put(`/posts/${UNKNOWN}/status`, { status: 'draft' })).status).toBe(
				404,
			);
			expect(spec.seed.channelTokens).toBeDefined();
			// Without the coercion and type quirks, the spec's refusals come back.
			const x = spec.seed.channels.x.id;
			const coerced = await client(spec).post(
				'/posts',
				postBody(x, {}, { ...X_SETTINGS, made_with_ai: 'false' }),
			);
			expect(coerced.status).toBe(400);
			expect(
				(await client(spec).post('/posts', postBody(x, { type: 'publish' }, X_SETTINGS))).status,
			).toBe(400);
		} finally {
			await Promise.all([prod.close(), spec.close()]);
		}
	});

	it('with groupPerChannel, settingsTypeStored and tagsFullRecord switched off: one group per request, settings without __type, short tags', async () => {
		const sb = await startSandbox({
			profile: 'production',
			productionQuirks: {
				groupPerChannel: false,
				settingsTypeStored: false,
				tagsFullRecord: false,
			},
		});
		try {
			const api = axios.create({
				baseURL: sb.baseUrl,
				headers: { Authorization: sb.apiKey },
				validateStatus: () => true,
			});
			const { telegram, x } = sb.seed.channels;
			const body = postBody(telegram.id, {
				tags: [{ value: 'v', label: 'Launch' }],
				posts: [
					postBody(telegram.id).posts[0],
					{ integration: { id: x.id }, value: [{ content: 'x', image: [] }], settings: X_SETTINGS },
				],
			});
			expect((await api.post('/posts', body)).status).toBe(201);
			const posts = (await api.get('/posts', { params: MARCH })).data.posts as Array<{
				group: string;
				settings: string;
				tags: unknown[];
			}>;
			expect(posts[0].group).toBe(posts[1].group);
			expect(posts.map((p) => p.settings)).toEqual(['{}', JSON.stringify(X_SETTINGS)]);
			expect(Object.keys((posts[0].tags[0] as { tag: object }).tag)).toEqual([
				'id',
				'name',
				'color',
			]);
		} finally {
			await sb.close();
		}
	});

	it('leaves the spec profile without any quirk or token list', async () => {
		const spec = await startSandbox();
		try {
			expect(spec.seed.channelTokens).toBeUndefined();
			const res = await axios.get(`${spec.baseUrl}/media`, {
				headers: { Authorization: spec.apiKey },
			});
			expect(res.data).toEqual({ pages: 0, results: [] });
		} finally {
			await spec.close();
		}
	});

	it('refuses an unknown quirk or profile by name', async () => {
		await expect(
			startSandbox({ productionQuirks: { noSuchQuirk: true } as never }),
		).rejects.toThrow(/unknown production quirk "noSuchQuirk"/);
		await expect(startSandbox({ profile: 'staging' as never })).rejects.toThrow(
			/profile must be "spec" or "production"/,
		);
	});
});

/**
 * Departures found by running the same requests against the real backend (gitroomhq/postiz-app at 74b01ad, run from
 * source on loopback, 2026-11-23); each answer below is the one the real backend gave.
 */
describe('as the real backend answers (checked by hand against it)', () => {
	const { telegram, x, discord, bluesky } = SEED_IDS.channels;
	const ids = (posts: Array<Record<string, unknown>>) => posts.map((p) => p.id);

	it('POST /posts schedules a post whose type is missing or not a string', async () => {
		const noType: Record<string, unknown> = postBody(telegram);
		delete noType.type;
		await create(noType);
		await create(postBody(telegram, { type: 5 }));
		expect((await listPosts()).map((p) => p.state)).toEqual(['QUEUE', 'QUEUE']);
	});

	it('POST /posts converts shortLink and inter given as text; inter 0 is no repeat', async () => {
		await create(postBody(telegram, { shortLink: 'false', inter: '7' }));
		expect((await listPosts()).map((p) => p.intervalInDays)).toEqual([7, 7, 7, 7, 7]);
		await t.sb.control.reset();
		await create(postBody(telegram, { inter: 0 }));
		expect((await listPosts()).map((p) => p.intervalInDays)).toEqual([null]);
	});

	it('POST /posts with a channel the organisation does not have: 400 before any other check, nothing created', async () => {
		const body = postBody(telegram, {
			posts: [
				postBody(telegram).posts[0],
				{ integration: { id: 'no-such-channel' }, value: [{ content: '', image: [] }] },
			],
		});
		const res = await t.api.post('/posts', body);
		expect([res.status, res.data]).toEqual([
			400,
			{
				statusCode: 400,
				message: 'Integration with id no-such-channel not found',
				error: 'Bad Request',
			},
		]);
		expect(await listPosts()).toEqual([]);
	});

	it('POST /posts cleans the HTML before checking it: attributes and unsafe links go, a part left empty is refused', async () => {
		const content =
			'<p><a href="javascript:alert(1)" onclick="x()">l</a> <span class="c" style="color:red">s</span> <a href="https://e.com" target="_blank">ok</a><script>alert(1)</script></p>';
		await create(
			postBody(telegram, {
				posts: [{ integration: { id: telegram }, value: [{ content, image: [] }] }],
			}),
		);
		expect((await listPosts())[0].content).toBe(
			'<p><a>l</a> <span class="c">s</span> <a href="https://e.com" target="_blank">ok</a></p>',
		);
		const empty = await t.api.post(
			'/posts',
			postBody(telegram, {
				posts: [
					{ integration: { id: telegram }, value: [{ content: '<script>x</script>', image: [] }] },
				],
			}),
		);
		expect(empty.status).toBe(400);
		expect(empty.data.message).toEqual([expect.stringContaining('posts.0.value.0')]);
	});

	it('POST /posts stores a discord channel id without looking it up on the server', async () => {
		await create(postBody(discord, {}, { channel: '999' }));
		expect(JSON.parse((await listPosts())[0].settings as string)).toEqual({
			channel: '999',
			__type: 'discord',
		});
	});

	it('GET /posts has no error field, does not cut a long range, and repeats a post from its first date on', async () => {
		await create(postBody(telegram, { date: '2026-03-02T10:00:00Z', inter: 7 }));
		await create(postBody(x, { date: '2027-02-01T10:00:00Z' }, X_SETTINGS));
		const res = await t.api.get('/posts', {
			params: { startDate: '2026-03-10T00:00:00Z', endDate: '2027-03-01T00:00:00Z' },
		});
		const posts = res.data.posts as Array<Record<string, unknown>>;
		for (const p of posts) expect(p).not.toHaveProperty('error');
		// 2026-03-02 and 2026-03-09 are before the start and still listed; the x post is 337 days after it.
		const repeats = posts.filter((p) => p.intervalInDays === 7).map((p) => p.publishDate);
		expect(repeats.slice(0, 3)).toEqual([
			'2026-03-02T10:00:00.000Z',
			'2026-03-09T10:00:00.000Z',
			'2026-03-16T10:00:00.000Z',
		]);
		expect(posts.some((p) => p.publishDate === '2027-02-01T10:00:00.000Z')).toBe(true);
	});

	it('GET /find-slot/:id never answers for a channel without posting times either', async () => {
		const error = await t.api.get(`/find-slot/${bluesky}`, { timeout: 300 }).then(
			() => undefined,
			(e: { code?: string }) => e,
		);
		expect(error?.code).toBe('ECONNABORTED');
	});

	it("POST /posts stores __type in every post's settings: in place when sent, last when not, alone without settings", async () => {
		await create(
			postBody(telegram, {
				posts: [{ integration: { id: telegram }, value: [{ content: 'a', image: [] }] }],
			}),
		);
		await create(postBody(x, { date: '2026-03-02T11:00:00Z' }, X_SETTINGS));
		await create(
			postBody(x, { date: '2026-03-02T12:00:00Z' }, { __type: 'linkedin', ...X_SETTINGS }),
		);
		expect((await listPosts()).map((p) => p.settings)).toEqual([
			'{"__type":"telegram"}',
			'{"who_can_reply_post":"everyone","__type":"x"}',
			'{"__type":"x","who_can_reply_post":"everyone"}',
		]);
	});

	it('GET /posts/:id/missing for an unknown post answers []', async () => {
		const res = await t.api.get(`/posts/${UNKNOWN}/missing`);
		expect([res.status, res.data]).toEqual([200, []]);
	});

	it('PUT /posts/:id/status moves a published post without republish, and reads nothing but status', async () => {
		const [{ postId }] = await create(postBody(telegram));
		await t.sb.control.setNow('2026-03-02T10:00:00Z');
		await t.sb.control.publishDue();
		const scheduled = await t.api.put(`/posts/${postId}/status`, { status: 'schedule' });
		expect([scheduled.status, scheduled.data]).toEqual([200, { id: postId, state: 'QUEUE' }]);
		expect(
			(await t.api.put(`/posts/${postId}/status`, { status: 'draft', republish: 'yes' })).data,
		).toEqual({ id: postId, state: 'DRAFT' });
		const missing = await t.api.put(`/posts/${postId}/status`, {});
		expect([missing.status, missing.data.message]).toEqual([
			400,
			['status must be one of the following values: draft, schedule'],
		]);
	});

	it("GET /integrations?group= keeps one customer's channels", async () => {
		const { acme } = t.sb.seed.customers;
		const res = await t.api.get('/integrations', { params: { group: acme.id } });
		expect(res.data.map((c: { customer?: { id: string } }) => c.customer?.id)).toEqual([
			acme.id,
			acme.id,
		]);
		expect((await t.api.get('/integrations', { params: { group: UNKNOWN } })).data).toEqual([]);
		expect(ids((await t.api.get('/integrations')).data).length).toBe(13);
	});

	it('PUT /posts/:id/settings checks the merged settings against the platform; an unknown post is a Nest 404', async () => {
		const [{ postId }] = await create(postBody(x, {}, X_SETTINGS));
		const bad = await t.api.put(`/posts/${postId}/settings`, {
			settings: { who_can_reply_post: 'nobody' },
		});
		expect([bad.status, bad.data]).toEqual([
			400,
			{
				statusCode: 400,
				message:
					'Sandbox Studio X: who_can_reply_post must be one of the following values: everyone, following, mentionedUsers, subscribers, verified',
				error: 'Bad Request',
			},
		]);
		expect(JSON.parse((await listPosts())[0].settings as string)).toEqual({
			...X_SETTINGS,
			__type: 'x',
		});
		const unknown = await t.api.put(`/posts/${UNKNOWN}/settings`, { settings: {} });
		expect([unknown.status, unknown.data]).toEqual([
			404,
			{ statusCode: 404, message: 'Post not found', error: 'Not Found' },
		]);
	});
});

/** Follow-up delays and the settings route's edges, as the real backend answered them (2026-11-24). */
describe('follow-up delays and PUT /posts/:id/settings (checked by hand against the real backend)', () => {
	const { telegram, x } = SEED_IDS.channels;
	const withDelay = (delay: unknown) =>
		postBody(telegram, {
			posts: [
				{
					integration: { id: telegram },
					value: [
						{ content: 'first', image: [] },
						{ content: 'second', image: [], delay },
					],
				},
			],
		});
	const storedDelay = async (delay: unknown) => {
		await t.sb.control.reset(); // this file allows 3 POST /posts an hour
		const [{ postId }] = await create(withDelay(delay));
		return (await t.sb.control.storedPost(postId))!.parts[1].delay;
	};

	it('stores a delay converted as the service converts it: a number in text, true as 1, whole minutes', async () => {
		const sent = [5, -5, 2.5, '7', true, '', 1e9];
		const kept = [];
		for (const delay of sent) kept.push(await storedDelay(delay));
		expect(kept).toEqual([5, -5, 2, 7, 1, 0, 1e9]);
		expect(await storedDelay(null)).toBeUndefined();
	});

	it('refuses a delay that is no number, and answers 500 beyond a 32-bit integer', async () => {
		for (const delay of ['abc', []]) {
			const res = await t.api.post('/posts', withDelay(delay));
			expect([res.status, res.data.message]).toEqual([
				400,
				['posts.0.value.1.delay must be a number conforming to the specified constraints'],
			]);
		}
		const over = await t.api.post('/posts', withDelay(3_000_000_000));
		expect([over.status, over.data]).toEqual([
			500,
			{ statusCode: 500, message: 'Internal server error' },
		]);
	});

	it('keeps no delay in the spec profile (the contract has none)', async () => {
		const spec = await startSandbox({ control: true });
		try {
			const res = await axios.post(`${spec.baseUrl}/posts`, withDelay(5), {
				headers: { Authorization: spec.apiKey },
			});
			expect(res.status).toBe(201);
			const post = await spec.control.storedPost(res.data[0].postId);
			expect(post!.parts[1]).not.toHaveProperty('delay');
		} finally {
			await spec.close();
		}
	});

	it("PUT /posts/:id/settings: a follow-up part's id is refused; a draft's merged settings are not checked", async () => {
		const [{ postId }] = await create(withDelay(3));
		const followUp = (await t.sb.control.storedPost(postId))!.parts[1].id;
		const res = await t.api.put(`/posts/${followUp}/settings`, { settings: { a: 1 } });
		expect([res.status, res.data.message]).toEqual([
			400,
			'This id belongs to a comment, pass the id of the main post',
		]);

		const [{ postId: draft }] = await create(postBody(x, { type: 'draft' }, X_SETTINGS));
		const merged = await t.api.put(`/posts/${draft}/settings`, {
			settings: { who_can_reply_post: 'nobody' },
		});
		expect([merged.status, merged.data]).toEqual([
			200,
			{ postId: draft, publishDate: '2026-03-02T10:00:00' },
		]);
	});
});

describe('publishing', () => {
	it("writes a failed post's ERROR first and its notification one second later (failureNotifiedAfterState)", async () => {
		const { telegram } = t.sb.seed.channels;
		await t.sb.control.patchChannel(telegram.id, {
			publishOutcome: 'error',
			errorMessage: 'Bot was blocked',
		});
		const [{ postId }] = await create(postBody(telegram.id));
		const notes = async () =>
			((await t.api.get('/notifications')).data.notifications as Array<{ content: string }>).map(
				(n) => n.content,
			);
		await t.sb.control.setNow('2026-03-02T10:00:00Z');
		expect(await t.sb.control.publishDue()).toEqual([postId]);
		expect((await listPosts())[0]).toMatchObject({ id: postId, state: 'ERROR' });
		expect(await notes()).toEqual([]);
		// Not yet: the next tick within the second writes nothing.
		await t.sb.control.advance(0.5);
		await t.sb.control.publishDue();
		expect(await notes()).toEqual([]);
		await t.sb.control.advance(0.5);
		await t.sb.control.publishDue();
		expect(await notes()).toEqual([expect.stringContaining('Bot was blocked')]);
		const [note] = (await t.api.get('/notifications')).data.notifications;
		expect(note.createdAt).toBe('2026-03-02T10:00:01.000Z');
	});

	it('words notifications as the service does, with no link (notificationTexts)', async () => {
		const { telegram, x } = t.sb.seed.channels;
		const texts = async () =>
			(
				(await t.api.get('/notifications')).data.notifications as Array<{
					content: string;
					link: string | null;
				}>
			).map((n) => [n.content, n.link]);
		const [{ postId }] = await create(postBody(x.id, {}, X_SETTINGS));
		await create(postBody(telegram.id));
		await t.sb.control.patchChannel(telegram.id, {
			publishOutcome: 'error',
			errorMessage: 'Bot was blocked',
		});
		await t.sb.control.setNow('2026-03-02T10:00:00Z');
		await t.sb.control.publishDue();
		await t.sb.control.advance(1);
		await t.sb.control.publishDue();
		const url = (await t.sb.control.storedPost(postId))!.releaseURL;
		expect(await texts()).toEqual([
			['An error occurred while posting on telegram: Bot was blocked', null],
			[`Your post has been published on X at ${url}`, null],
		]);

		await t.sb.control.patchChannel(telegram.id, { signInExpired: true });
		await create(postBody(telegram.id, { type: 'now' }));
		expect((await texts())[0]).toEqual([
			`We couldn't post to telegram for ${telegram.name} because you need to reconnect it. Please enable it and try again.`,
			null,
		]);
	});
});
