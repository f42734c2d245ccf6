import axios from 'axios';

import { byId, createPosts, daysFromNow, errorOf, FAST, jsonOf, UNKNOWN_ID, useSandbox } from './support';

/** The node against the sandbox's production profile: every departure of service-notes switched on. */
describe('Social Publishing against the production profile of the sandbox', () => {
	const t = useSandbox({ profile: 'production' });
	const channels = () => t.sandbox.seed.channels;

	it('find-slot for an unknown channel never answers: the timeout ends it with an explanation', async () => {
		const result = await t.run({ resource: 'slot', operation: 'findNextFree', channel: byId(UNKNOWN_ID), requestOptions: { ...FAST, timeout: 300, maxRetries: 0 } });
		const error = errorOf(result);
		expect(error.message).toBe(`No answer from the service within 0.3 s for the free slot of channel ${UNKNOWN_ID}: the channel may be unknown or disabled`);
		expect(error.description).toContain('Check the channel with Channel → Get Many');
	});

	it('a disabled channel hangs find-slot as well; an enabled one answers', async () => {
		const disabled = await t.run({ resource: 'slot', operation: 'findNextFree', channel: byId(channels().linkedinDisabled.id), requestOptions: { ...FAST, timeout: 300, maxRetries: 0 } });
		expect(errorOf(disabled).message).toContain('No answer from the service within 0.3 s');
		const enabled = await t.run({ resource: 'slot', operation: 'findNextFree', channel: byId(channels().linkedin.id) });
		expect(jsonOf(enabled)[0].date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00$/);
	});

	it('unknown ids answered 500 are "not found, or the service failed", naming the id', async () => {
		const cases = [
			[{ resource: 'channel', operation: 'delete', channel: byId(UNKNOWN_ID) }, `Channel ${UNKNOWN_ID}`],
			[{ resource: 'analytics', operation: 'getChannel', channel: byId(UNKNOWN_ID) }, `Channel ${UNKNOWN_ID}`],
			[{ resource: 'post', operation: 'delete', postId: UNKNOWN_ID }, `Post ${UNKNOWN_ID}`],
			[{ resource: 'post', operation: 'setReleaseId', postId: UNKNOWN_ID, releaseId: '1' }, `Post ${UNKNOWN_ID}`],
		] as const;
		for (const [parameters, subject] of cases) {
			const error = errorOf(await t.run({ ...parameters }));
			expect(error.message).toMatch(new RegExp(`^${subject} was not found, or the service failed \\(HTTP 500\\)`));
		}
	});

	it('Channel → Delete outputs {deleted: true, id} and none of the echoed tokens', async () => {
		const id = channels().mastodon.id;
		const result = await t.run({ resource: 'channel', operation: 'delete', channel: byId(id) });
		expect(jsonOf(result)).toEqual([{ deleted: true, id }]);
		const [answer] = await t.requests('DELETE');
		expect(answer.status).toBe(200);
		const tokens = t.sandbox.seed.channelTokens?.mastodon;
		expect(tokens).toBeDefined();
		const text = JSON.stringify(result.run);
		expect(text).not.toContain(tokens?.token);
		expect(text).not.toContain(tokens?.refreshToken);
	});

	it('Post → Get Many parses string settings; Set Status of an unknown post (400) is "not found"', async () => {
		await createPosts(t, { type: 'draft', date: daysFromNow(2), channels: [channels().mastodon.id], tags: ['Launch'], settings: { visibility: 'unlisted' } });
		const [raw] = (await axios.get(`${t.sandbox.baseUrl}/posts`, { headers: { Authorization: t.sandbox.apiKey }, params: { startDate: daysFromNow(0), endDate: daysFromNow(5) } })).data.posts;
		expect(typeof raw.settings).toBe('string');
		const [post] = jsonOf(await t.run({ resource: 'post', operation: 'getMany' }));
		expect(post.settings).toEqual(expect.objectContaining({ visibility: 'unlisted' }));
		expect(post.tags).toEqual([expect.objectContaining({ tag: expect.objectContaining({ name: 'Launch' }) })]);
		const error = errorOf(await t.run({ resource: 'post', operation: 'setStatus', postId: UNKNOWN_ID, status: 'draft' }));
		expect(error.message).toBe(`Post ${UNKNOWN_ID} was not found`);
	});

	it('Post → Delete reads {error: true} as success', async () => {
		const [created] = await createPosts(t, { type: 'draft', date: daysFromNow(2), channels: [channels().threads.id] });
		expect(jsonOf(await t.run({ resource: 'post', operation: 'delete', postId: created.postId }))).toEqual([{ deleted: true, id: created.postId }]);
	});

	it('Media → Get Many says the media route is absent there', async () => {
		expect(errorOf(await t.run({ resource: 'media', operation: 'getMany', returnAll: true })).message).toBe(
			'This server has no media library route (GET /media answered 404)',
		);
	});

	it('routes without X-RateLimit headers give rateLimit: null when the figures are asked for', async () => {
		const series = jsonOf(await t.run({ resource: 'analytics', operation: 'getChannel', channel: byId(channels().x.id), requestOptions: { ...FAST, includeRateLimitInfo: true } }));
		expect(series.length).toBeGreaterThan(0);
		for (const s of series) expect(s.rateLimit).toBeNull();
	});

	it('a JSON body over 100 kB (production answers 413) is explained as too large a request, not as an upload', async () => {
		const big = JSON.stringify({ text: 'a'.repeat(150_000) });
		const result = await t.run({ resource: 'channel', operation: 'runTool', channel: byId(channels().discord.id), tool: 'channels', inputMode: 'json', inputJson: big });
		const error = errorOf(result);
		expect(error.httpCode).toBe('413');
		expect(error.message).toBe(`The request to POST /integration-trigger/${channels().discord.id} is larger than the service accepts (HTTP 413)`);
		expect(error.description).toContain('100 kB');
		expect(error.description).not.toContain('Upload From URL');
	});
});
