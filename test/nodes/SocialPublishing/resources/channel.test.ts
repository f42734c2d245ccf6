import { byId, errorOf, fromList, jsonOf, UNKNOWN_ID, useSandbox } from '../support';

describe('Social Publishing → Channel', () => {
	const t = useSandbox();
	const seed = () => t.sandbox.seed;

	it('Check Connection answers connected for a working key', async () => {
		const result = await t.run({ resource: 'channel', operation: 'checkConnection' });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ connected: true }]);
	});

	it('Check Connection with a wrong key fails with a 401 that says to copy the key again', async () => {
		const result = await t.run(
			{ resource: 'channel', operation: 'checkConnection' },
			{ credentials: { baseUrl: t.sandbox.baseUrl, apiKey: 'sbx_live_not_the_key' } },
		);
		const error = errorOf(result);
		expect(error.description).toContain('without "Bearer"');
		expect(error.httpCode).toBe('401');
	});

	it('a plan-less organisation is told to choose a plan', async () => {
		const result = await t.run(
			{ resource: 'channel', operation: 'getMany' },
			{ credentials: { baseUrl: t.sandbox.baseUrl, apiKey: seed().keys.noPlan as string } },
		);
		expect(errorOf(result).message).toBe('The organisation has no active paid plan');
	});

	it('a Base URL without /api (the web application) is explained', async () => {
		const result = await t.run(
			{ resource: 'channel', operation: 'getMany' },
			{ credentials: { baseUrl: `${t.sandbox.origin}/public/v1`, apiKey: t.sandbox.apiKey } },
		);
		const error = errorOf(result);
		expect(error.message).toContain('did not answer like the API');
		expect(error.description).toContain('/api/public/v1');
	});

	it('Get Many outputs one item per channel', async () => {
		const result = await t.run({ resource: 'channel', operation: 'getMany' });
		const channels = jsonOf(result);
		expect(channels.map((c) => c.id).sort()).toEqual(
			Object.values(seed().channels)
				.map((c) => c.id)
				.sort(),
		);
		expect(channels.find((c) => c.id === seed().channels.instagram.id)).toMatchObject({
			identifier: 'instagram',
			customer: seed().channels.instagram.customer,
		});
	});

	it('Get Many filters by platform, status and customer', async () => {
		const byPlatform = jsonOf(
			await t.run({
				resource: 'channel',
				operation: 'getMany',
				filters: { platforms: ['x', 'discord'] },
			}),
		);
		expect(byPlatform.map((c) => c.identifier).sort()).toEqual(['discord', 'x', 'x']);

		const disabled = jsonOf(
			await t.run({ resource: 'channel', operation: 'getMany', filters: { status: 'disabled' } }),
		);
		expect(disabled.map((c) => c.id)).toEqual([seed().channels.linkedinDisabled.id]);

		const acme = seed().customers.acme.id;
		const ofAcme = jsonOf(
			await t.run({
				resource: 'channel',
				operation: 'getMany',
				filters: { customer: acme, status: 'enabled' },
			}),
		);
		expect(ofAcme.map((c) => c.id).sort()).toEqual(
			[seed().channels.instagram.id, seed().channels.tiktok.id].sort(),
		);
	});

	it('Get Settings outputs the rules, length, settings schema and tools of a channel', async () => {
		const result = await t.run({
			resource: 'channel',
			operation: 'getSettings',
			channel: fromList(seed().channels.discord.id),
		});
		const [settings] = jsonOf(result);
		expect(settings.maxLength).toBe(1980);
		expect(settings.tools).toEqual([expect.objectContaining({ methodName: 'channels' })]);
		expect(
			await t.requests('GET', `/integration-settings/${seed().channels.discord.id}`),
		).toHaveLength(1);
	});

	it('Get Settings of an unknown channel says it was not found and how to find the ID', async () => {
		const result = await t.run({
			resource: 'channel',
			operation: 'getSettings',
			channel: byId(UNKNOWN_ID),
		});
		const error = errorOf(result);
		expect(error.message).toBe(`Channel ${UNKNOWN_ID} was not found`);
		expect(error.description).toContain('Channel → Get Many');
		expect(error.httpCode).toBe('404');
	});

	it('a channel expression that gives nothing fails before any request, naming the field', async () => {
		const result = await t.run({
			resource: 'channel',
			operation: 'getSettings',
			channel: byId('={{ $json.missing ?? "" }}'),
		});
		expect(errorOf(result).message).toBe('"Channel" is empty');
		expect(await t.requests()).toHaveLength(0);
	});

	it('a blank or malformed channel ID is refused before any request; spaces around an ID are trimmed', async () => {
		const blank = await t.run({
			resource: 'channel',
			operation: 'getSettings',
			channel: byId('   '),
		});
		expect(errorOf(blank).message).toBe('"Channel" is empty');

		const malformed = await t.run({
			resource: 'channel',
			operation: 'getSettings',
			channel: byId(' abc/def '),
		});
		expect(errorOf(malformed).message).toBe('"Channel" is not an ID: "abc/def"');
		expect(errorOf(malformed).description).toContain('no spaces, slashes, ? or #');
		expect(await t.requests()).toHaveLength(0);

		const padded = await t.run({
			resource: 'channel',
			operation: 'getSettings',
			channel: byId(`  ${seed().channels.discord.id}\n`),
		});
		expect(padded.error).toBeUndefined();
		expect(
			await t.requests('GET', `/integration-settings/${seed().channels.discord.id}`),
		).toHaveLength(1);
	});

	it('Run Tool lists the chat channels of a discord channel, one item each (fields input)', async () => {
		const result = await t.run({
			resource: 'channel',
			operation: 'runTool',
			channel: byId(seed().channels.discord.id),
			tool: 'channels',
			inputMode: 'fields',
			inputFields: { field: [{ key: 'scope', value: 'all' }] },
		});
		expect(jsonOf(result)).toEqual(seed().discordChannels);
		const [sent] = await t.requests('POST', `/integration-trigger/${seed().channels.discord.id}`);
		expect(sent.body).toEqual({ methodName: 'channels', data: { scope: 'all' } });
	});

	it('Run Tool takes JSON input, and refuses JSON that is not an object before sending', async () => {
		const channel = byId(seed().channels.discord.id);
		const ok = await t.run({
			resource: 'channel',
			operation: 'runTool',
			channel,
			tool: 'channels',
			inputMode: 'json',
			inputJson: '{"a": 1}',
		});
		expect(ok.items).toHaveLength(seed().discordChannels.length);
		expect((await t.requests('POST'))[0].body).toEqual({ methodName: 'channels', data: { a: 1 } });

		await t.sandbox.control.clearRequests();
		const bad = await t.run({
			resource: 'channel',
			operation: 'runTool',
			channel,
			tool: 'channels',
			inputMode: 'json',
			inputJson: '{nope',
		});
		expect(errorOf(bad).message).toBe('"Input (JSON)" is not valid JSON');
		expect(await t.requests()).toHaveLength(0);
	});

	it('Run Tool with an unknown tool says the channel has no such tool', async () => {
		const result = await t.run({
			resource: 'channel',
			operation: 'runTool',
			channel: byId(seed().channels.x.id),
			tool: 'channels',
		});
		expect(errorOf(result).message).toBe(`Channel ${seed().channels.x.id} has no such tool`);
	});

	it('Run Tool on a channel whose sign-in expired says to reconnect it', async () => {
		await t.sandbox.control.patchChannel(seed().channels.discord.id, { signInExpired: true });
		const result = await t.run({
			resource: 'channel',
			operation: 'runTool',
			channel: byId(seed().channels.discord.id),
			tool: 'channels',
		});
		const error = errorOf(result);
		expect(error.message).toBe(
			`The sign-in of channel ${seed().channels.discord.id} on its platform has expired`,
		);
		expect(error.description).toContain('Reconnect the channel');
	});

	it('Get Connect URL answers the sign-in address', async () => {
		const result = await t.run({
			resource: 'channel',
			operation: 'getConnectUrl',
			platform: 'linkedin',
		});
		expect(String(jsonOf(result)[0].url)).toContain('/integrations/social/linkedin/connect');
	});

	it('Get Connect URL for a platform outside the plan explains the plan, with the billing link', async () => {
		await t.sandbox.control.setPlan('Starter');
		const result = await t.run({
			resource: 'channel',
			operation: 'getConnectUrl',
			platform: 'youtube',
		});
		const error = errorOf(result);
		expect(error.message).toMatch(/^The plan does not allow this: /);
		expect(error.description).toContain(`Billing: ${t.sandbox.origin}/billing`);
		expect(error.httpCode).toBe('402');
	});

	it('Delete removes the channel and outputs {deleted: true, id}', async () => {
		const id = seed().channels.threads.id;
		const result = await t.run({ resource: 'channel', operation: 'delete', channel: byId(id) });
		expect(jsonOf(result)).toEqual([{ deleted: true, id }]);
		const left = jsonOf(await t.run({ resource: 'channel', operation: 'getMany' }));
		expect(left.map((c) => c.id)).not.toContain(id);
	});

	it('Delete of an unknown channel: 404 is "not found"; production\'s 500 is "not found, or the service failed"', async () => {
		const notFound = await t.run({
			resource: 'channel',
			operation: 'delete',
			channel: byId(UNKNOWN_ID),
		});
		expect(errorOf(notFound).message).toBe(`Channel ${UNKNOWN_ID} was not found`);

		await t.sandbox.control.addFault({
			method: 'DELETE',
			path: '/integrations/:id',
			fault: 'error500',
		});
		const failed = await t.run({
			resource: 'channel',
			operation: 'delete',
			channel: byId(UNKNOWN_ID),
		});
		const error = errorOf(failed);
		expect(error.message).toMatch(new RegExp(`^Channel ${UNKNOWN_ID} .*\\(HTTP 500\\)$`));
		expect(error.description).toContain('instead of 404');
		// A DELETE is never sent twice after a failure.
		expect(await t.requests('DELETE')).toHaveLength(2);
	});

	it('Continue On Fail: each item gets its own answer or error, with its item index', async () => {
		const result = await t.run(
			{ resource: 'channel', operation: 'getSettings', channel: byId('={{ $json.channel }}') },
			{
				continueOnFail: true,
				items: [
					{ channel: seed().channels.x.id },
					{ channel: UNKNOWN_ID },
					{ channel: seed().channels.bluesky.id },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json.maxLength).toBe(280);
		expect(result.items[1].error?.message).toBe(`Channel ${UNKNOWN_ID} was not found`);
		expect((result.items[1].error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(
			1,
		);
		expect(result.items[2].json.maxLength).toBe(300);
	});
});
