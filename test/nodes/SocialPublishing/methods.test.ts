import { SocialPublishing } from '../../../nodes/SocialPublishing/SocialPublishing.node';
import { tagName } from '../../../nodes/SocialPublishing/methods/loadOptions';
import { listSearch, loadOptions } from '../../helpers/engine';
import {
	byId,
	createPosts,
	daysFromNow,
	fromList,
	NODE_TYPE,
	UNKNOWN_ID,
	useSandbox,
} from './support';

/** Pickers: what each list shows, and what it costs in requests (from the sandbox's request log). */
describe('Social Publishing pickers', () => {
	const t = useSandbox();
	const channels = () => t.sandbox.seed.channels;
	const search = async (parameters: Record<string, unknown>, filter?: string) =>
		await listSearch(
			t.credentials,
			'searchChannels',
			parameters as never,
			'channel',
			filter,
			undefined,
			NODE_TYPE,
		);
	const load = async (method: string, parameters: Record<string, unknown>, property: string) =>
		await loadOptions(t.credentials, method, parameters as never, property, NODE_TYPE);

	describe('channel list (resource locator)', () => {
		it('lists every channel as "name (platform, client, state)" for one GET /integrations', async () => {
			const { results } = await search({ resource: 'slot', operation: 'findNextFree' });
			expect(results).toHaveLength(Object.keys(channels()).length);
			expect(results).toContainEqual({
				name: 'Acme Bakery Instagram (Instagram, Acme Bakery)',
				value: channels().instagram.id,
			});
			expect(results).toContainEqual({
				name: 'Old LinkedIn Page (LinkedIn, disabled)',
				value: channels().linkedinDisabled.id,
			});
			// Disabled channels come last.
			expect(results.at(-1)?.value).toBe(channels().linkedinDisabled.id);
			expect(await t.requests()).toEqual([
				expect.objectContaining({ method: 'GET', path: '/integrations' }),
			]);
		});

		it('search matches name, platform and client', async () => {
			const byName = await search({}, 'premium');
			expect(byName.results.map((r) => r.value)).toEqual([channels().xPremium.id]);
			const byPlatform = await search({}, 'discord');
			expect(byPlatform.results.map((r) => r.value)).toEqual([channels().discord.id]);
			const byClient = await search({}, 'acme');
			expect(byClient.results.map((r) => r.value).sort()).toEqual(
				[channels().instagram.id, channels().tiktok.id].sort(),
			);
			expect(await t.requests()).toHaveLength(3);
		});

		it("in a Post → Create Channels entry, the list shows the channels of the entry's Platform", async () => {
			const entries = {
				channel: [{ platform: 'linkedin' }, { platform: 'x' }, { platform: 'lookup' }],
			};
			const parameters = { resource: 'post', operation: 'create', channels: entries } as never;
			const inEntry = async (index: number) =>
				(
					await listSearch(
						t.credentials,
						'searchChannels',
						parameters,
						`channels.channel[${index}].channel`,
						undefined,
						undefined,
						NODE_TYPE,
					)
				).results;
			expect((await inEntry(1)).map((r) => r.value).sort()).toEqual(
				[channels().x.id, channels().xPremium.id].sort(),
			);
			expect((await inEntry(0)).map((r) => r.value).sort()).toEqual(
				[channels().linkedin.id, channels().linkedinDisabled.id].sort(),
			);
			// "Look Up From Channel": any platform.
			expect(await inEntry(2)).toHaveLength(Object.keys(channels()).length);
			expect(await t.requests()).toHaveLength(3);
		});

		it('a refused key shows the same explained error as the node', async () => {
			await t.sandbox.control.rotateKey();
			// The node's wording of a 401 (shared/errors.ts), not n8n's raw one.
			await expect(search({})).rejects.toMatchObject({
				httpCode: '401',
				message: expect.stringMatching(/API key/),
			});
		});
	});

	it('Discord chat channels come from the channel\'s "channels" tool: one POST /integration-trigger', async () => {
		const options = await load(
			'getDiscordChannels',
			{ channel: fromList(channels().discord.id) },
			'settings.channel',
		);
		expect(options).toEqual([
			{ name: '#announcements', value: '1180000000000000002' },
			{ name: '#general', value: '1180000000000000001' },
			{ name: '#releases', value: '1180000000000000003' },
		]);
		const requests = await t.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'POST',
			path: `/integration-trigger/${channels().discord.id}`,
			body: { methodName: 'channels', data: {} },
		});
	});

	it("inside Post → Create's Channels list, the Discord chat-channel picker reads its own entry's channel", async () => {
		const parameters = {
			resource: 'post',
			operation: 'create',
			channels: {
				channel: [
					{ channel: fromList(channels().x.id), platform: 'x' },
					{ channel: fromList(channels().discord.id), platform: 'discord' },
				],
			},
		};
		const options = await load(
			'getDiscordChannels',
			parameters,
			'channels.channel[1].discord_channel',
		);
		expect(options.map((o) => o.name)).toEqual(['#announcements', '#general', '#releases']);
		expect((await t.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
			`POST /integration-trigger/${channels().discord.id}`,
		]);
	});

	it("Post → Create's Discord Channel setting is that picker, and still takes an ID", () => {
		const field = new SocialPublishing().description.properties
			.find((p) => p.name === 'channels')
			?.options?.flatMap((o) => ('values' in o ? o.values : []))
			.find((p) => p.name === 'discord_channel');
		expect(field).toMatchObject({
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getDiscordChannels', loadOptionsDependsOn: ['&channel'] },
		});
	});

	it('the Discord chat-channel picker on a channel of another platform says so in words', async () => {
		const parameters = {
			resource: 'post',
			operation: 'create',
			channels: { channel: [{ channel: fromList(channels().x.id), platform: 'discord' }] },
		};
		await expect(
			load('getDiscordChannels', parameters, 'channels.channel[0].discord_channel'),
		).rejects.toThrow('The Channel chosen is not a Discord channel');
	});

	it('lists that depend on a channel ask for it first, without a request', async () => {
		await expect(
			load('getDiscordChannels', { channel: byId('') }, 'settings.channel'),
		).rejects.toThrow('Choose "Channel" first');
		await expect(load('getChannelTools', {}, 'tool')).rejects.toThrow('Choose "Channel" first');
		expect(await t.requests()).toHaveLength(0);
	});

	it('tools of a channel: one GET /integration-settings', async () => {
		expect(await load('getChannelTools', { channel: byId(channels().discord.id) }, 'tool')).toEqual(
			[{ name: 'channels', value: 'channels', description: expect.any(String) }],
		);
		expect(await load('getChannelTools', { channel: byId(channels().x.id) }, 'tool')).toEqual([]);
		expect(await t.requests('GET')).toHaveLength(2);
	});

	it('tools of an unknown channel fail with the not-found explanation', async () => {
		await expect(load('getChannelTools', { channel: byId(UNKNOWN_ID) }, 'tool')).rejects.toThrow(
			`Channel ${UNKNOWN_ID} was not found`,
		);
	});

	it('tags are derived from the posts around today: exactly one GET /posts', async () => {
		await createPosts(t, {
			type: 'draft',
			date: daysFromNow(-30),
			channels: [channels().threads.id],
			tags: ['Launch', 'Promo'],
		});
		await createPosts(t, {
			type: 'draft',
			date: daysFromNow(40),
			channels: [channels().threads.id],
			tags: ['Promo'],
		});
		await t.sandbox.control.clearRequests();
		expect(await load('getTags', {}, 'tags')).toEqual([
			{ name: 'Launch', value: 'Launch' },
			{ name: 'Promo', value: 'Promo' },
		]);
		const requests = await t.requests();
		expect(requests).toHaveLength(1);
		const { startDate, endDate } = requests[0].query as { startDate: string; endDate: string };
		expect((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000).toBeLessThanOrEqual(370);
	});

	it('tags: with no tag on any post (a fresh organisation), the picker says so in words after reading two more years back', async () => {
		await expect(load('getTags', {}, 'tags')).rejects.toThrow('No tags found on your posts');
		const requests = await t.requests();
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /posts',
			'GET /posts',
			'GET /posts',
		]);
		const starts = requests.map((r) => Date.parse((r.query as { startDate: string }).startDate));
		expect(starts[2]).toBeLessThan(starts[1]);
		expect(starts[1]).toBeLessThan(starts[0]);
	});

	it("release IDs are the post's missing items: one GET /posts/:id/missing", async () => {
		await t.sandbox.control.patchChannel(channels().threads.id, {
			publishOutcome: 'missingReleaseId',
		});
		const [post] = await createPosts(t, {
			type: 'now',
			date: daysFromNow(0),
			channels: [channels().threads.id],
		});
		await t.sandbox.control.clearRequests();
		const options = await load('getMissingItems', { postId: post.postId }, 'releaseId');
		expect(options).toHaveLength(3);
		for (const option of options) expect(option.name).toContain(String(option.value));
		expect(await t.requests()).toEqual([
			expect.objectContaining({ path: `/posts/${post.postId}/missing` }),
		]);
	});

	it('customers: where GET /groups answers 404 (the spec), read from the channels of one GET /integrations', async () => {
		expect(await load('getCustomers', {}, 'filters.customer')).toEqual([
			{ name: 'Acme Bakery', value: t.sandbox.seed.customers.acme.id },
			{ name: 'Globex Outdoor', value: t.sandbox.seed.customers.globex.id },
		]);
		expect(await t.routes()).toEqual(['GET /groups', 'GET /integrations']);
	});

	it('customers: any other failure of GET /groups is the error, not a fallback', async () => {
		// Every try of the read (it is retried) fails.
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/groups',
			fault: 'error500',
			times: 10,
		});
		await expect(load('getCustomers', {}, 'filters.customer')).rejects.toMatchObject({
			httpCode: '500',
		});
		expect((await t.routes()).filter((r) => r === 'GET /integrations')).toEqual([]);
	});
});

it('tagName reads both tag shapes', () => {
	expect(tagName({ value: 'id', label: 'Launch' })).toBe('Launch');
	expect(tagName({ tag: { id: 'id', name: 'Promo', color: '#fff' } })).toBe('Promo');
	expect(tagName({ tag: {} })).toBeUndefined();
	expect(tagName(null)).toBeUndefined();
});
