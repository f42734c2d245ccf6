/** Post → Create through n8n's engine against the sandbox: what is sent, what comes out. */
import { startSandbox, type RunningSandbox } from '../../../../sandbox';
import { channel, byId, createParams, errorText, parts, routesHit, runCreate } from './createSupport';

let sb: RunningSandbox;
beforeAll(async () => {
	sb = await startSandbox({ control: true, clock: { mode: 'manual', now: '2026-03-01T08:00:00.000Z' } });
});
afterAll(async () => sb.close());
afterEach(async () => sb.control.reset());

describe('Post → Create', () => {
	it('creates one post on one channel and outputs its id, channel name and platform', async () => {
		const { telegram } = sb.seed.channels;
		const result = await runCreate(
			sb,
			createParams({
				parts: parts({ content: 'Hello from n8n' }),
				channels: [channel({ channel: byId(telegram.id) })],
			}),
		);
		expect(errorText(result)).toBe('');
		expect(result.items.map((i) => i.json)).toEqual([
			{
				postId: expect.any(String),
				integration: telegram.id,
				channelName: telegram.name,
				platform: 'telegram',
				date: '2030-01-15T10:00:00.000Z',
			},
		]);
		expect(await routesHit(sb)).toEqual(['GET /integrations', 'POST /posts']);
	});
});
