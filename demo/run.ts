/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/demo code, never shipped */
/**
 * The demo: a scheduling pipeline run through n8n's real execution engine against the sandbox.
 *
 * "New blog post → compose → schedule on several channels at the next free slot", then time passes,
 * the service publishes, and the trigger picks up the notifications. Every step is one node run
 * with the parameters a user would set in the editor; the sandbox's request log shows what was sent.
 *
 *   npm run demo            (compiles with tsc, then runs .build/demo/run.js)
 */
import './env';

import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type RunningSandbox } from '../sandbox';
import { storeBinary } from '../test/helpers/binaryData';
import {
	createPoller,
	registerNodeType,
	runNode,
	testCredentials,
	type TestCredentials,
} from '../test/helpers/engine';
import { png } from '../test/fixtures/media';
import { SocialPublishingTrigger } from '../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';

const TRIGGER_TYPE = 'n8n-nodes-social-publishing.socialPublishingTrigger';

const say = (line = '') => process.stdout.write(`${line}\n`);
const step = (title: string) => say(`\n== ${title}`);

async function run(
	credentials: TestCredentials,
	parameters: INodeParameters,
	items?: INodeExecutionData[],
): Promise<IDataObject[]> {
	const result = await runNode({ credentials, parameters, items });
	if (result.error) {
		throw new Error(`${String(parameters.resource)} → ${String(parameters.operation)} failed: ${result.error.message}`);
	}
	return result.items.map((item) => item.json);
}

async function main(): Promise<void> {
	const sandbox: RunningSandbox = await startSandbox({
		control: true,
		clock: { mode: 'manual', now: new Date().toISOString() },
	});
	const credentials = { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey };
	registerNodeType(TRIGGER_TYPE, new SocialPublishingTrigger());
	try {
		say(`Sandbox up at ${sandbox.baseUrl} (in-memory, manual clock at ${await sandbox.control.now()})`);

		step('Credentials: the Test button');
		const test = await testCredentials(credentials);
		say(`${test.status}: ${test.message}`);
		const badKey = await testCredentials({ ...credentials, apiKey: `Bearer ${sandbox.apiKey}` });
		say(`With a "Bearer " prefix → ${badKey.status}: ${badKey.message}`);

		step('Trigger: first poll of an active workflow (starts from now, emits nothing old)');
		await sandbox.control.addNotifications({ count: 3, content: 'An old notification' });
		const trigger = createPoller(credentials, TRIGGER_TYPE, {});
		const first = await trigger.poll('trigger');
		say(`  first poll emitted ${first?.[0]?.length ?? 0} notification(s); 3 older ones exist`);

		step('Channel → Get Many (enabled only)');
		const channels = await run(credentials, {
			resource: 'channel',
			operation: 'getMany',
			filters: { status: 'enabled' },
		});
		for (const channel of channels) {
			say(`  ${String(channel.identifier).padEnd(9)} ${String(channel.name).padEnd(28)} ${String(channel.id)}`);
		}

		step('Media → Upload (a PNG from a binary property, streamed)');
		const binary = await storeBinary(png(), { fileName: 'cover.png', mimeType: 'image/png' });
		const [media] = await run(
			credentials,
			{ resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
			[{ json: {}, binary: { data: binary } }],
		);
		say(`  stored as ${String(media.path)} (${String(media.type)})`);

		const targets = ['x', 'linkedin', 'mastodon', 'threads'].map((platform) => {
			const found = channels.find((channel) => channel.identifier === platform);
			if (!found) throw new Error(`The sandbox seed has no enabled ${platform} channel`);
			return found;
		});
		const blogPost = {
			title: 'Five things we learned shipping a scheduler',
			url: 'https://blog.example.com/posts/five-things',
		};
		const createParameters = (text: string): INodeParameters => ({
			resource: 'post',
			operation: 'create',
			type: 'schedule',
			dateMode: 'nextSlot',
			contentMode: 'same',
			parts: {
				part: [
					{
						content: text,
						media: { item: [{ id: String(media.id), path: String(media.path), alt: 'Cover image of the post' }] },
					},
					{ content: 'Comments welcome, we read every one.' },
				],
			},
			channels: {
				channel: targets.map((channel) => ({
					channel: { __rl: true, mode: 'id', value: String(channel.id) },
					platform: 'lookup',
					settingsMode: 'json',
					settingsJson: channel.identifier === 'x' ? '{"who_can_reply_post": "everyone"}' : '{}',
				})),
			},
			options: {},
		});

		step('Post → Create with a text too long for X: refused before any request');
		await sandbox.control.clearRequests();
		const tooLong = await runNode({
			credentials,
			parameters: createParameters(`${blogPost.title}. ${'A long excerpt. '.repeat(30)}${blogPost.url}`),
		});
		say(`  ${tooLong.error?.message ?? 'accepted?!'}`);
		if (tooLong.error?.description) say(`  ${tooLong.error.description}`);
		const sent = (await sandbox.control.requests()).filter((request) => request.method === 'POST');
		say(`  POST requests that reached the service: ${sent.length}`);

		step(`Post → Create on ${targets.length} channels at the next free slot (one request, all or nothing)`);
		const created = await run(credentials, createParameters(`New on the blog: ${blogPost.title} ${blogPost.url}`));
		for (const post of created) {
			say(`  ${String(post.platform).padEnd(9)} ${String(post.channelName).padEnd(28)} post ${String(post.postId)}`);
		}

		step('Post → Get Many (next 30 days)');
		const now = new Date(await sandbox.control.now());
		const posts = await run(credentials, {
			resource: 'post',
			operation: 'getMany',
			startDate: now.toISOString(),
			endDate: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
		});
		for (const post of posts) {
			const integration = post.integration as IDataObject | undefined;
			say(`  ${String(post.state).padEnd(9)} ${String(post.publishDate)} ${String(integration?.providerIdentifier)}`);
		}

		step('Time passes: the sandbox clock moves 8 days and publishes what is due');
		await sandbox.control.advance(8 * 86_400);
		const published = await sandbox.control.publishDue();
		say(`  published ${published.length} post(s)`);

		step('Trigger: the next poll emits each new notification once, oldest first');
		const emitted = (await trigger.poll('trigger'))?.[0] ?? [];
		for (const item of emitted) say(`  [${String(item.json.kind)}] ${String(item.json.content)}`);
		const again = await trigger.poll('trigger');
		say(`  a second poll emits ${again?.[0]?.length ?? 0} (nothing twice)`);

		step('Analytics → Get Post Analytics for the first post');
		const analytics = await run(credentials, {
			resource: 'analytics',
			operation: 'getPost',
			postId: String(created[0].postId),
		});
		say(`  ${JSON.stringify(analytics).slice(0, 300)}`);

		step('What the service saw');
		const log = await sandbox.control.requests();
		const counts = new Map<string, number>();
		for (const request of log) {
			const key = `${request.method} ${request.path.replace(/[0-9a-f-]{36}/g, ':id')}`;
			counts.set(key, (counts.get(key) ?? 0) + 1);
		}
		for (const [route, count] of counts) say(`  ${String(count).padStart(3)} × ${route}`);
		say('\nDemo finished.');
	} finally {
		await sandbox.close();
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`Demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
	process.exitCode = 1;
});
