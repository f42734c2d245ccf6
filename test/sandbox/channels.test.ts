/** Section 4.2: channels, integration settings and tools, connecting through GET /social/:platform. */
import { useTestSandbox } from './support';

const t = useTestSandbox();

describe('GET /integrations', () => {
	it('lists every channel with the fields of section 2.1; customer only when there is one', async () => {
		const res = await t.api.get('/integrations');
		expect(res.status).toBe(200);
		const platforms = new Set(res.data.map((c: { identifier: string }) => c.identifier));
		expect(platforms.size).toBe(11);
		const instagram = res.data.find(
			(c: { id: string }) => c.id === t.sb.seed.channels.instagram.id,
		);
		expect(instagram).toEqual({
			id: t.sb.seed.channels.instagram.id,
			name: 'Acme Bakery Instagram',
			identifier: 'instagram',
			picture: expect.stringMatching(/^https:\/\//),
			disabled: false,
			profile: expect.any(String),
			customer: t.sb.seed.customers.acme,
		});
		const facebook = res.data.find((c: { id: string }) => c.id === t.sb.seed.channels.facebook.id);
		expect(facebook).not.toHaveProperty('customer');
		const disabled = res.data.find(
			(c: { id: string }) => c.id === t.sb.seed.channels.linkedinDisabled.id,
		);
		expect(disabled.disabled).toBe(true);
	});
});

describe('GET /integration-settings/:id', () => {
	it('gives rules, maxLength, a JSON schema of the settings and no tools for x', async () => {
		const res = await t.api.get(`/integration-settings/${t.sb.seed.channels.x.id}`);
		expect(res.status).toBe(200);
		expect(res.data.output).toMatchObject({
			rules:
				'Up to 4 images, or 1 video or GIF on its own, in each part. An article takes pictures only.',
			maxLength: 280,
			tools: [],
			settings: {
				type: 'object',
				required: [],
				properties: {
					who_can_reply_post: {
						type: 'string',
						enum: ['everyone', 'following', 'mentionedUsers', 'subscribers', 'verified'],
					},
				},
			},
		});
	});

	it('says which x settings an article needs, and that a post needs who_can_reply_post', async () => {
		const res = await t.api.get(`/integration-settings/${t.sb.seed.channels.x.id}`);
		const article = { properties: { post_type: { const: 'article' } }, required: ['post_type'] };
		expect(res.data.output.settings.allOf).toEqual([
			{ if: { not: article }, then: { required: ['who_can_reply_post'] } },
			{ if: article, then: { required: ['article_title'] } },
			{ if: article, then: { required: ['article_status'] } },
		]);
		expect(res.data.output.settings.properties.post_type).toMatchObject({
			enum: ['post', 'article'],
			default: 'post',
		});
	});

	it('gives 4000 characters to an x premium account', async () => {
		const res = await t.api.get(`/integration-settings/${t.sb.seed.channels.xPremium.id}`);
		expect(res.data.output.maxLength).toBe(4000);
	});

	it('says no settings are needed for threads, bluesky and telegram', async () => {
		for (const handle of ['threads', 'bluesky', 'telegram']) {
			const res = await t.api.get(`/integration-settings/${t.sb.seed.channels[handle].id}`);
			expect(res.data.output.settings).toBe('No additional settings required');
		}
	});

	it('lists the discord channels tool', async () => {
		const res = await t.api.get(`/integration-settings/${t.sb.seed.channels.discord.id}`);
		expect(res.data.output.tools).toEqual([
			{ methodName: 'channels', description: expect.any(String), dataSchema: [] },
		]);
	});

	it('answers 404 for an unknown channel', async () => {
		const res = await t.api.get('/integration-settings/00000000-0000-4000-8000-000000000000');
		expect(res.status).toBe(404);
		expect(res.data).toEqual({ msg: 'Integration not found' });
	});
});

describe('POST /integration-trigger/:id', () => {
	it('runs the discord channels tool', async () => {
		const res = await t.api.post(`/integration-trigger/${t.sb.seed.channels.discord.id}`, {
			methodName: 'channels',
			data: {},
		});
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ output: t.sb.seed.discordChannels });
	});

	it('answers 404 for an unknown tool or channel', async () => {
		const tool = await t.api.post(`/integration-trigger/${t.sb.seed.channels.x.id}`, {
			methodName: 'channels',
		});
		expect(tool.status).toBe(404);
		expect(tool.data).toEqual({ msg: 'Tool not found' });
		const channel = await t.api.post('/integration-trigger/00000000-0000-4000-8000-000000000000', {
			methodName: 'channels',
		});
		expect(channel.status).toBe(404);
		expect(channel.data).toEqual({ msg: 'Integration not found' });
	});

	it('answers 401 when the platform sign-in expired', async () => {
		await t.sb.control.patchChannel(t.sb.seed.channels.discord.id, { signInExpired: true });
		const res = await t.api.post(`/integration-trigger/${t.sb.seed.channels.discord.id}`, {
			methodName: 'channels',
		});
		expect(res.status).toBe(401);
		expect(res.data).toEqual({ msg: 'Channel disconnected due to expired token' });
	});

	it('requires methodName', async () => {
		const res = await t.api.post(`/integration-trigger/${t.sb.seed.channels.discord.id}`, {});
		expect(res.status).toBe(400);
		expect(res.data.message).toEqual(['methodName should not be null or undefined']);
	});
});

describe('GET /social/:platform', () => {
	it('answers a sign-in address for a platform of the plan', async () => {
		const res = await t.api.get('/social/linkedin');
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ url: expect.stringMatching(/^http/) });
	});

	it('answers 400 for an unknown identifier, and for bluesky and telegram', async () => {
		for (const id of ['myspace', 'bluesky', 'telegram']) {
			const res = await t.api.get(`/social/${id}`);
			expect(res.status).toBe(400);
			expect(res.data).toMatchObject({ statusCode: 400, message: expect.stringContaining(id) });
		}
	});

	it('answers 402 for a platform outside the plan', async () => {
		await t.sb.control.setPlan('Pro');
		const res = await t.api.get('/social/x');
		expect(res.status).toBe(402);
		expect(res.data).toEqual({
			statusCode: 402,
			message: expect.stringContaining('Pro'),
			url: expect.stringMatching(/billing/),
		});
	});

	it('answers 402 when all channel slots are taken', async () => {
		// The seed has 12 enabled channels; Starter has 5 slots.
		await t.sb.control.setPlan('Starter');
		const res = await t.api.get('/social/facebook');
		expect(res.status).toBe(402);
		expect(res.data.message).toContain('slots');
	});

	it('answers 403 for a platform not taking new channels', async () => {
		await t.sb.control.settings({ closedPlatforms: ['threads'] });
		const res = await t.api.get('/social/threads');
		expect(res.status).toBe(403);
		expect(res.data).toEqual({ msg: 'threads does not take new channels yet' });
	});
});
