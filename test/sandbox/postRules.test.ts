/**
 * POST /posts against the platform rules (spec 4.3, 4.8, 8), driven by the shared case table: every case the
 * rule checker knows is sent over HTTP, and the sandbox must answer as the service does.
 */
import type { PlatformId } from '../../nodes/SocialPublishing/shared/platforms';
import {
	CDN,
	PLATFORM_CASES,
	REQUEST_CASES,
	requestBodyFor,
	type CaseExpectation,
} from '../fixtures/platformCases';
import { postBody, useTestSandbox, X_SETTINGS } from './support';

// The cases' media live under CDN; lift the POST /posts limit, the cases are many.
const t = useTestSandbox(
	{ storageOrigin: CDN, rateLimits: { 'POST /posts': { limit: 100_000, windowSeconds: 3600 } } },
	{ reset: false },
);

const channelIdOf = (platform: PlatformId, premium = false) =>
	t.sb.seed.channels[premium ? 'xPremium' : platform].id;

function expectRefusal(
	res: { status: number; data: unknown },
	expected: CaseExpectation,
	platform?: PlatformId,
) {
	const data = res.data as Record<string, unknown>;
	if (expected.kind === 'field') {
		expect(res.status).toBe(400);
		expect(data).toMatchObject({ statusCode: 400, error: 'Bad Request' });
		expect((data.message as string[]).some((m) => m.includes(expected.message))).toBe(true);
	} else if (expected.kind === 'platform') {
		expect(res.status).toBe(400);
		expect(data.statusCode).toBe(400);
		if (platform) expect(data.provider).toBe(platform);
		expect(typeof data.name).toBe('string');
		expect(data.message).toEqual(expect.stringContaining(expected.message));
	} else {
		expect(res.status).toBe(404);
		expect((data as { msg: string }).msg).toContain('Integration not found');
	}
}

describe.each(PLATFORM_CASES.map((c) => [`${c.platform}: ${c.rule}`, c] as const))(
	'%s',
	(_name, aCase) => {
		it(aCase.valid ? 'is accepted with 201' : `is refused (${aCase.expect?.kind})`, async () => {
			const channelId = channelIdOf(aCase.platform, aCase.channel?.premium);
			const res = await t.api.post('/posts', requestBodyFor(aCase, channelId));
			if (aCase.valid) {
				expect(res.status).toBe(201);
				expect(res.data).toEqual([{ postId: expect.any(String), integration: channelId }]);
			} else {
				expectRefusal(res, aCase.expect!, aCase.platform);
			}
		});
	},
);

describe.each(REQUEST_CASES.map((c) => [c.rule, c] as const))('request: %s', (_name, aCase) => {
	it(aCase.valid ? 'is accepted with 201' : `is refused (${aCase.expect?.kind})`, async () => {
		const res = await t.api.post(
			'/posts',
			aCase.body((p) => channelIdOf(p)),
		);
		if (aCase.valid) {
			expect(res.status).toBe(201);
			expect(Array.isArray(res.data)).toBe(true);
		} else {
			expectRefusal(res, aCase.expect!);
		}
	});
});

describe('what only the service can know', () => {
	it('refuses a discord channel that is not on the connected server, naming the channel', async () => {
		const discord = t.sb.seed.channels.discord;
		const res = await t.api.post('/posts', postBody(discord.id, {}, { channel: '999' }));
		expect(res.status).toBe(400);
		expect(res.data).toMatchObject({ statusCode: 400, provider: 'discord', name: discord.name });
		expect(res.data.message).toContain('999');
	});

	it('accepts every channel the channels tool lists', async () => {
		for (const { id } of t.sb.seed.discordChannels) {
			const res = await t.api.post(
				'/posts',
				postBody(t.sb.seed.channels.discord.id, {}, { channel: id }),
			);
			expect(res.status).toBe(201);
		}
	});

	it('refuses a media path outside the service storage, drafts included', async () => {
		const body = postBody(t.sb.seed.channels.telegram.id, { type: 'draft' });
		body.posts[0].value[0].image = [
			{ id: 'm1', path: 'https://elsewhere.example/photo.png' },
		] as never[];
		const res = await t.api.post('/posts', body);
		expect(res.status).toBe(400);
		expect(res.data.message).toEqual([
			expect.stringContaining("posts.0.value.0.image.0.path must point to the service's storage"),
		]);
	});

	it('refuses an unknown channel with 404', async () => {
		const res = await t.api.post(
			'/posts',
			postBody('00000000-0000-4000-8000-00000000dead', {}, X_SETTINGS),
		);
		expect(res.status).toBe(404);
		expect(res.data.msg).toContain('posts.0.integration.id');
	});

	it('creates nothing when one channel of the request breaks a rule', async () => {
		const before = await t.sb.control.org();
		const body = {
			...postBody(t.sb.seed.channels.telegram.id),
			posts: [
				{
					integration: { id: t.sb.seed.channels.telegram.id },
					value: [{ content: 'fine', image: [] }],
				},
				{
					integration: { id: t.sb.seed.channels.x.id },
					value: [{ content: 'x'.repeat(281), image: [] }],
					settings: X_SETTINGS,
				},
			],
		};
		const res = await t.api.post('/posts', body);
		expect(res.status).toBe(400);
		expect(res.data).toEqual({
			statusCode: 400,
			provider: 'x',
			name: t.sb.seed.channels.x.name,
			message: 'post is too long, please fix it',
		});
		expect((await t.sb.control.org()).posts).toBe(before.posts);
	});
});
