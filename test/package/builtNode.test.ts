/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped: it loads dist/ */
/**
 * What the node decides on its own, said in words, run through the built package (dist/, as n8n
 * loads it) against the sandbox as production behaves: a daily repeat is posted; a rerun's skips
 * are told in words; a failed run retried the next day posts nothing twice; Fetch Test Event holds
 * only the chosen events. Runs after `npm run build` (npm test builds first).
 */
import path from 'node:path';

import type { IDataObject, INodeType } from 'n8n-workflow';

import { createPoller, registerNodeType, runNode } from '../helpers/engine';
import { sandboxPerFile } from '../helpers/sandbox';
import { registerAsLoadedByN8n } from '../helpers/n8nLoader';
import { channel, createParams, parts } from '../nodes/SocialPublishing/createParameters';

const dist = path.join(__dirname, '..', '..', 'dist', 'nodes');
/* eslint-disable @typescript-eslint/no-require-imports -- the built package is CommonJS */
const { SocialPublishing } = require(
	path.join(dist, 'SocialPublishing', 'SocialPublishing.node.js'),
) as { SocialPublishing: new () => INodeType };
const { SocialPublishingTrigger } = require(
	path.join(dist, 'SocialPublishingTrigger', 'SocialPublishingTrigger.node.js'),
) as { SocialPublishingTrigger: new () => INodeType };
/* eslint-enable @typescript-eslint/no-require-imports */

const BUILT_NODE = 'built.socialPublishing';
const BUILT_TRIGGER = 'built.socialPublishingTrigger';
registerAsLoadedByN8n(BUILT_NODE, new SocialPublishing());
registerNodeType(BUILT_TRIGGER, new SocialPublishingTrigger());

const DAY_MS = 86_400_000;
const t = sandboxPerFile({ profile: 'production' });
const telegram = () => t.sandbox.seed.channels.telegram.id;

const run = async (text: string, items: IDataObject[]) =>
	await runNode({
		credentials: t.credentials,
		nodeType: BUILT_NODE,
		parameters: createParams({
			type: 'now',
			parts: parts({ content: text }),
			channels: [channel({ channel: { __rl: true, mode: 'id', value: telegram() } })],
		}),
		items: items.map((json) => ({ json })),
	});

const stored = async (content: string) =>
	(
		(
			await t.api().get('/posts', {
				params: {
					startDate: new Date(Date.now() - 8 * DAY_MS).toISOString(),
					endDate: new Date(Date.now() + DAY_MS).toISOString(),
				},
			})
		).data.posts as Array<{ content: string }>
	).filter((post) => post.content.replace(/<[^>]*>/g, '') === content);

describe('the built node decides, and says so', () => {
	it('a daily repeat is posted: the same text from a new trigger item each day', async () => {
		const monday = await run('Good morning, friends!', [{ timestamp: '2030-01-07T08:00:00Z' }]);
		const tuesday = await run('Good morning, friends!', [{ timestamp: '2030-01-08T08:00:00Z' }]);

		expect([monday, tuesday].map((result) => result.items[0]?.json.alreadySent)).toEqual([
			false,
			false,
		]);
		expect(await stored('Good morning, friends!')).toHaveLength(2);
	});

	it('a rerun of the same items posts nothing and says, in each skipped item, which post, when and how to post again', async () => {
		const items = [{ row: 1 }, { row: 2 }];
		const first = await run('Rerun me', items);
		const again = await run('Rerun me', items);

		expect(again.error).toBeUndefined();
		expect(again.items.map((item) => item.json.postId)).toEqual(
			first.items.map((item) => item.json.postId),
		);
		again.items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json.skipped).toMatch(
				new RegExp(
					`^Item ${index + 1} was not posted again: an earlier run of this node posted it at ${String(item.json.sentAt)} \\(post ${String(item.json.postId)} on .*\\)\\. This run skipped 2 of its 2 items as posted before\\. To post it again, switch Skip Posts Already Created off`,
				),
			);
		});
		expect(await stored('Rerun me')).toHaveLength(2);
	});

	it('a failed run retried the next day posts nothing twice', async () => {
		const items = [{ row: 'a' }, { row: 'b' }];
		await t.sandbox.control.setNow(new Date(Date.now() - DAY_MS).toISOString());
		await t.sandbox.control.addFault({
			method: 'POST',
			path: '/posts',
			fault: 'error500',
			skip: 1,
		});
		const yesterday = await run('={{ "Retried " + $json.row }}', items);
		expect(yesterday.error?.message).toMatch(/HTTP 500/);
		await t.sandbox.control.setNow(new Date().toISOString());

		const today = await run('={{ "Retried " + $json.row }}', items);

		expect(today.items.map((item) => item.json.alreadySent)).toEqual([true, false]);
		expect(await stored('Retried a')).toHaveLength(1);
		expect(await stored('Retried b')).toHaveLength(1);
	});
});

describe('the built trigger', () => {
	it('Fetch Test Event with only Post Failed chosen gives a failed post or a marked sample, never another event', async () => {
		await t.api().post('/posts', {
			type: 'now',
			date: new Date().toISOString(),
			shortLink: false,
			tags: [],
			posts: [{ integration: { id: telegram() }, value: [{ content: 'Published', image: [] }] }],
		});
		await t.sandbox.control.publishDue();
		const poller = createPoller(t.credentials, BUILT_TRIGGER, {
			event: 'postEvents',
			postEvents: ['postFailed'],
		});

		const [items] = (await poller.poll('manual')) ?? [[]];

		expect(items).toHaveLength(1);
		const event = items[0].json;
		expect(event.event).toBe('postFailed');
		expect(event.sample).toBe(true);
		expect(typeof event.reason).toBe('string');
	});
});
