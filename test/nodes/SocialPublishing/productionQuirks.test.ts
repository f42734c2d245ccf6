import { loadOptions, runNode, type TestCredentials } from '../../helpers/engine';
import { CHANNEL_ID, CHANNEL_TOKENS, POST_ID, PRODUCTION_KEY, startProductionLike, type ProductionLike } from '../../helpers/productionLike';
import { byId, errorOf, FAST, jsonOf, NODE_TYPE } from './support';

/** Where production departs from the spec (service-notes), the node still answers as the spec says. */
describe('Social Publishing against production\'s departures from the spec', () => {
	let production: ProductionLike;
	let credentials: TestCredentials;
	beforeAll(async () => {
		production = await startProductionLike();
		credentials = { baseUrl: production.baseUrl, apiKey: PRODUCTION_KEY };
	});
	afterAll(async () => await production.close());

	const run = async (parameters: Record<string, unknown>) =>
		await runNode({ credentials, nodeType: NODE_TYPE, parameters: { requestOptions: FAST, ...parameters } as never });

	it('Post → Get Many parses settings sent as a JSON string and keeps the posts as they are otherwise', async () => {
		const posts = jsonOf(await run({ resource: 'post', operation: 'getMany' }));
		expect(posts).toHaveLength(2);
		expect(posts[0].settings).toEqual({ __type: 'x', who_can_reply_post: 'everyone', made_with_ai: false });
		expect(posts[0].actualDate).toBe('2026-11-27T09:00:00.000Z');
		// A string that is not JSON is left as it came.
		expect(posts[1].settings).toBe('not json');
	});

	it('the tag list reads both tag shapes ({tag: {name}} and {value, label}) from the posts', async () => {
		const tags = await loadOptions(credentials, 'getTags', { resource: 'post', operation: 'create' }, 'tags', NODE_TYPE);
		expect(tags).toEqual([
			{ name: 'Launch', value: 'Launch' },
			{ name: 'Weekly tips', value: 'Weekly tips' },
		]);
	});

	it('Channel → Delete outputs {deleted: true, id}, never the tokens production echoes', async () => {
		const result = await run({ resource: 'channel', operation: 'delete', channel: byId(CHANNEL_ID) });
		expect(jsonOf(result)).toEqual([{ deleted: true, id: CHANNEL_ID }]);
		const everything = JSON.stringify(result.run);
		expect(everything).not.toContain(CHANNEL_TOKENS.token);
		expect(everything).not.toContain(CHANNEL_TOKENS.refreshToken);
	});

	it('Post → Delete and Delete Group read production\'s {error: true} as success', async () => {
		expect(jsonOf(await run({ resource: 'post', operation: 'delete', postId: POST_ID }))).toEqual([{ deleted: true, id: POST_ID }]);
		expect(jsonOf(await run({ resource: 'post', operation: 'deleteGroup', group: 'g-1' }))).toEqual([{ deleted: true, group: 'g-1' }]);
	});

	it('Post → Set Status of an unknown post (production: 400 "Post not found") says it was not found', async () => {
		const unknown = '22222222-0000-4000-8000-0000000000ff';
		const result = await run({ resource: 'post', operation: 'setStatus', postId: unknown, status: 'draft' });
		const error = errorOf(result);
		expect(error.message).toBe(`Post ${unknown} was not found`);
		expect(error.httpCode).toBe('400');
	});

	it('Media → Get Many on a server without GET /media says the route is absent there, and what to do', async () => {
		const result = await run({ resource: 'media', operation: 'getMany', returnAll: true });
		const error = errorOf(result);
		expect(error.message).toBe('This server has no media library route (GET /media answered 404)');
		expect(error.description).toContain('Media → Upload');
	});
});
