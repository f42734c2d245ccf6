/**
 * n8n's Execute Once setting on every write operation (issue 38, part 4), through n8n's engine: with
 * 2 input items n8n runs the first alone (WorkflowExecute.handleExecuteOnce), so the operation sends
 * item 1's request, once, at once, and every output item names item 1. The writes are read from the
 * description (its operations whose request is not a GET), so a new write needs its row here.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { SEED_IDS } from '../../../sandbox';
import { png, sends } from '../../fixtures/media';
import { serveFilesOverHttps } from '../../helpers/httpsFileServer';
import { nodeOperations } from '../../helpers/operations';
import { SocialPublishing } from '../../../nodes/SocialPublishing/SocialPublishing.node';
import { channel, createParams, parts } from './createParameters';
import { createPosts, daysFromNow, useSandbox, type Harness } from './support';

const t = useSandbox({ profile: 'production' });
const { channels } = SEED_IDS;

let files: Awaited<ReturnType<typeof serveFilesOverHttps>>;
beforeAll(async () => {
	files = await serveFilesOverHttps({ '/cover.png': sends(png(), 'image/png') });
});
afterAll(async () => await files?.close());

const item = (json: IDataObject, more: Partial<INodeExecutionData> = {}) => ({ json, ...more });
const pngItem = () =>
	item(
		{},
		{
			binary: {
				data: { data: png().toString('base64'), fileName: 'a.png', mimeType: 'image/png' },
			},
		},
	);

async function queuedPosts(h: Harness): Promise<string[]> {
	const ids: string[] = [];
	for (const days of [3, 4]) {
		const [post] = await createPosts(h, {
			date: daysFromNow(days),
			channels: [channels.mastodon],
			content: `Queued in ${days} days`,
		});
		ids.push(post.postId);
	}
	return ids;
}

async function publishedWithoutReleaseId(h: Harness) {
	await h.sandbox.control.patchChannel(channels.threads, { publishOutcome: 'missingReleaseId' });
	const ids: string[] = [];
	for (const text of ['Published 1', 'Published 2']) {
		const [post] = await createPosts(h, {
			type: 'now',
			date: daysFromNow(0),
			channels: [channels.threads],
			content: text,
		});
		ids.push(post.postId);
	}
	const missing = await Promise.all(
		ids.map(async (id) => (await h.api().get(`/posts/${id}/missing`)).data[0].id as string),
	);
	return ids.map((postId, index) => ({ postId, releaseId: missing[index] }));
}

interface Row {
	parameters: INodeParameters;
	items: INodeExecutionData[];
	/** The one write request item 1 makes, `METHOD path`. */
	sent: string;
}

/** Each write with 2 input items, each on its own post, channel or file. */
const WRITES: Record<string, (h: Harness) => Promise<Row>> = {
	'Channel → Delete': async () => ({
		parameters: { resource: 'channel', operation: 'delete', channel: '={{ $json.channel }}' },
		items: [item({ channel: channels.threads }), item({ channel: channels.mastodon })],
		sent: `DELETE /integrations/${channels.threads}`,
	}),
	'Channel → Run Tool': async () => ({
		parameters: {
			resource: 'channel',
			operation: 'runTool',
			channel: '={{ $json.channel }}',
			tool: 'channels',
		},
		items: [item({ channel: channels.discord }), item({ channel: channels.discord })],
		sent: `POST /integration-trigger/${channels.discord}`,
	}),
	'Media → Generate Video': async (h) => {
		await h.sandbox.control.settings({ videoDelayMs: 0 });
		return {
			parameters: {
				resource: 'media',
				operation: 'generateVideo',
				kind: 'image-text-slides',
				output: 'vertical',
				voice: { __rl: true, mode: 'id', value: 'sbxvoice03cleo' },
				prompt: '={{ $json.prompt }}',
			},
			items: [item({ prompt: 'Spring tips' }), item({ prompt: 'Autumn tips' })],
			sent: 'POST /generate-video',
		};
	},
	'Media → Upload': async () => ({
		parameters: { resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
		items: [pngItem(), pngItem()],
		sent: 'POST /upload',
	}),
	'Media → Upload From URL': async (h) => {
		await h.sandbox.control.settings({ allowLoopbackUploadUrls: true, trustedUploadCa: files.ca });
		return {
			parameters: {
				resource: 'media',
				operation: 'uploadFromUrl',
				url: '={{ $json.url }}',
				options: { allowPrivateAddress: true },
			},
			items: [item({ url: files.url('/cover.png') }), item({ url: files.url('/cover.png') })],
			sent: 'POST /upload-from-url',
		};
	},
	'Post → Create': async () => ({
		parameters: createParams({
			parts: parts({ content: '={{ $json.text }}' }),
			channels: [channel({ channel: { __rl: true, mode: 'id', value: channels.mastodon } })],
		}),
		items: [item({ text: 'First of two' }), item({ text: 'Second of two' })],
		sent: 'POST /posts',
	}),
	'Post → Update': async (h) => {
		const [a, b] = await queuedPosts(h);
		return {
			parameters: {
				resource: 'post',
				operation: 'update',
				postId: '={{ $json.postId }}',
				updateFields: { settingsJson: '{"visibility": "public"}' },
				mediaAndFollowUps: 'none',
			},
			items: [item({ postId: a }), item({ postId: b })],
			sent: `PUT /posts/${a}/settings`,
		};
	},
	'Post → Set Status': async (h) => {
		const [a, b] = await queuedPosts(h);
		return {
			parameters: {
				resource: 'post',
				operation: 'setStatus',
				postId: '={{ $json.postId }}',
				status: 'draft',
			},
			items: [item({ postId: a }), item({ postId: b })],
			sent: `PUT /posts/${a}/status`,
		};
	},
	'Post → Delete': async (h) => {
		const [a, b] = await queuedPosts(h);
		return {
			parameters: { resource: 'post', operation: 'delete', postId: '={{ $json.postId }}' },
			items: [item({ postId: a }), item({ postId: b })],
			sent: `DELETE /posts/${a}`,
		};
	},
	'Post → Delete Group': async (h) => {
		const groups = await Promise.all(
			(await queuedPosts(h)).map(async (id) =>
				String((await h.sandbox.control.storedPost(id))?.group),
			),
		);
		return {
			parameters: { resource: 'post', operation: 'deleteGroup', group: '={{ $json.group }}' },
			items: groups.map((group) => item({ group })),
			sent: `DELETE /posts/group/${groups[0]}`,
		};
	},
	'Post → Set Release ID': async (h) => {
		const posts = await publishedWithoutReleaseId(h);
		return {
			parameters: {
				resource: 'post',
				operation: 'setReleaseId',
				postId: '={{ $json.postId }}',
				releaseId: '={{ $json.releaseId }}',
			},
			items: posts.map((post) => item(post)),
			sent: `PUT /posts/${posts[0].postId}/release-id`,
		};
	},
};

/** The operations whose request is not a GET, as the description declares them. */
function writeOperations(): string[] {
	const { properties } = new SocialPublishing().description;
	return nodeOperations()
		.filter((operation) => {
			const picker = properties.find(
				(p) =>
					p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === operation.resource,
			);
			const option = (picker?.options as Array<{ value: string; routing?: IDataObject }>).find(
				(o) => o.value === operation.operation,
			);
			const request = option?.routing?.request as { method?: string } | undefined;
			return request?.method !== 'GET';
		})
		.map((operation) => operation.label);
}

test('every write operation of the description has its row', () => {
	expect(writeOperations().sort()).toEqual(Object.keys(WRITES).sort());
});

describe.each(Object.keys(WRITES))('%s, Execute Once, 2 input items', (name) => {
	it('sends item 1’s request once, at once, and its output names item 1', async () => {
		const { parameters, items, sent } = await WRITES[name](t);
		await t.sandbox.control.clearRequests();
		const started = Date.now();
		const result = await t.run(parameters, { items, node: { executeOnce: true } });

		expect(Date.now() - started).toBeLessThan(5000);
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThanOrEqual(1);
		expect(result.items.filter((output) => output.error || output.json.error)).toEqual([]);
		expect(result.items.map((output) => output.pairedItem)).toEqual(
			result.items.map(() => ({ item: 0 })),
		);
		const writes = (await t.routes()).filter((route) => !route.startsWith('GET '));
		expect(writes).toEqual([sent]);
	});
});
