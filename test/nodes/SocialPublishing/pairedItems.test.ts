/**
 * n8n's item contract, for every operation read from the node's description (test/helpers/operations.ts): each
 * output item says which input item it came from (`pairedItem`), so that `$('Earlier node').item` resolves in a
 * later node. Run through the engine for 2 input items: both succeed; item 2's request fails (its own timeout on a
 * slow answer); item 2 is refused by its checks before anything is sent. The failures under On Error → "Continue
 * (using error output)" and → "Continue" (regular output). Check Only reports too.
 */
import fc from 'fast-check';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { SEED_IDS } from '../../../sandbox';
import { png, sends } from '../../fixtures/media';
import { serveFilesOverHttps } from '../../helpers/httpsFileServer';
import { nodeOperations, type NodeOperation } from '../../helpers/operations';
import { SocialPublishing } from '../../../nodes/SocialPublishing/SocialPublishing.node';
import { channel, createParams, parts } from './createParameters';
import { createPosts, daysFromNow, FAST, useSandbox, type Harness } from './support';

// The production profile edits posts (Post → Update; the spec profile has no edit); the spec profile lists media.
const production = useSandbox({ profile: 'production' });
const spec = useSandbox();
const { channels } = SEED_IDS;

/** Input items of one run: each operation's per-item values in `json` (read by `={{ $json.… }}`). */
type Items = [INodeExecutionData, INodeExecutionData];

interface Run {
	parameters: INodeParameters;
	items: Items;
}

interface PairedCase {
	/** Parameters and 2 input items with which both items succeed, each on its own post, channel or file. */
	setup(t: Harness): Promise<Run>;
	/** What item 2's `json` gets so that the operation's checks refuse it before sending. */
	refused?: IDataObject;
	/** The route whose answer is slowed, `METHOD /path` (`:id` for a segment); the description's otherwise. */
	route?: string;
	/** The sandbox's profile; production unless told. */
	profile?: 'spec';
}

const item = (
	json: IDataObject = {},
	more: Partial<INodeExecutionData> = {},
): INodeExecutionData => ({
	json,
	...more,
});
const twice = (json: IDataObject = {}): Items => [item(json), item(json)];
const idFrom = (field: string) => ({ __rl: true, mode: 'id', value: `={{ $json.${field} }}` });

async function queuedPosts(harness: Harness, count = 2): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const [post] = await createPosts(harness, {
			date: daysFromNow(3 + i),
			channels: [channels.mastodon],
			content: `Queued post ${i + 1}`,
		});
		ids.push(post.postId);
	}
	return ids;
}

async function publishedPosts(harness: Harness, outcome: 'success' | 'missingReleaseId') {
	await harness.sandbox.control.patchChannel(channels.threads, { publishOutcome: outcome });
	const ids: string[] = [];
	for (let i = 0; i < 2; i++) {
		const [post] = await createPosts(harness, {
			type: 'now',
			date: daysFromNow(0),
			channels: [channels.threads],
			content: `Published post ${i + 1}`,
		});
		ids.push(post.postId);
	}
	return ids;
}

const pngItem = (json: IDataObject = {}): INodeExecutionData =>
	item(json, {
		binary: { data: { data: png().toString('base64'), fileName: 'a.png', mimeType: 'image/png' } },
	});

/** The https file server Upload From URL fetches from (the sandbox is told to trust it in each setup). */
let files: Awaited<ReturnType<typeof serveFilesOverHttps>>;
beforeAll(async () => {
	files = await serveFilesOverHttps({ '/cover.png': sends(png(), 'image/png') });
});
afterAll(async () => await files?.close());

const updateParameters = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'post',
	operation: 'update',
	postId: '={{ $json.postId }}',
	updateFields: { settingsJson: '{"visibility": "public"}' },
	mediaAndFollowUps: 'none',
	options,
});

const createParameters = (options: INodeParameters = {}): INodeParameters =>
	createParams({
		parts: parts({ content: '={{ $json.text }}' }),
		channels: [channel({ channel: { __rl: true, mode: 'id', value: channels.mastodon } })],
		options,
	});

/** One row per operation label ("Resource → Operation"); Check Only rows after their operation's. */
const CASES: Record<string, PairedCase> = {
	'Channel → Check Connection': {
		setup: async () => ({
			parameters: { resource: 'channel', operation: 'checkConnection' },
			items: twice(),
		}),
	},
	'Channel → Get Many': {
		setup: async () => ({
			parameters: {
				resource: 'channel',
				operation: 'getMany',
				filters: { platforms: '={{ $json.platforms }}' },
			},
			items: twice({ platforms: ['x', 'mastodon', 'threads'] }),
		}),
		refused: { platforms: ['myspace'] },
	},
	'Channel → Get Settings': {
		setup: async () => ({
			parameters: { resource: 'channel', operation: 'getSettings', channel: idFrom('channel') },
			items: twice({ channel: channels.x }),
		}),
		refused: { channel: 'not an id' },
	},
	'Channel → Run Tool': {
		setup: async () => ({
			parameters: {
				resource: 'channel',
				operation: 'runTool',
				channel: idFrom('channel'),
				tool: 'channels',
			},
			items: twice({ channel: channels.discord }),
		}),
		refused: { channel: 'not an id' },
	},
	'Channel → Get Connect URL': {
		setup: async () => ({
			parameters: {
				resource: 'channel',
				operation: 'getConnectUrl',
				platform: '={{ $json.platform }}',
			},
			items: twice({ platform: 'linkedin' }),
		}),
		refused: { platform: 'myspace' },
	},
	'Channel → Delete': {
		setup: async () => ({
			parameters: { resource: 'channel', operation: 'delete', channel: idFrom('channel') },
			items: [item({ channel: channels.threads }), item({ channel: channels.mastodon })],
		}),
		refused: { channel: 'not an id' },
	},
	'Post → Create': {
		setup: async () => ({
			parameters: createParameters(),
			items: [item({ text: 'First of two' }), item({ text: 'Second of two' })],
		}),
		refused: { text: '' },
	},
	'Post → Create, Check Only': {
		setup: async () => ({
			parameters: createParameters({ checkOnly: true }),
			items: [item({ text: 'First of two' }), item({ text: 'Second of two' })],
		}),
	},
	'Post → Get Many': {
		setup: async (h) => {
			await queuedPosts(h, 3);
			return {
				parameters: { resource: 'post', operation: 'getMany', startDate: '={{ $json.start }}' },
				items: twice({ start: daysFromNow(-1) }),
			};
		},
		refused: { start: 'not a date' },
	},
	'Post → Set Status': {
		setup: async (h) => {
			const [a, b] = await queuedPosts(h);
			return {
				parameters: {
					resource: 'post',
					operation: 'setStatus',
					postId: '={{ $json.postId }}',
					status: 'draft',
				},
				items: [item({ postId: a }), item({ postId: b })],
			};
		},
		refused: { postId: 'not an id' },
	},
	'Post → Update': {
		setup: async (h) => {
			const [a, b] = await queuedPosts(h);
			return { parameters: updateParameters(), items: [item({ postId: a }), item({ postId: b })] };
		},
		refused: { postId: 'not an id' },
		route: 'PUT /posts/:id/settings',
	},
	'Post → Update, Check Only': {
		setup: async (h) => {
			const [a, b] = await queuedPosts(h);
			return {
				parameters: updateParameters({ checkOnly: true }),
				items: [item({ postId: a }), item({ postId: b })],
			};
		},
	},
	'Post → Delete': {
		setup: async (h) => {
			const [a, b] = await queuedPosts(h);
			return {
				parameters: { resource: 'post', operation: 'delete', postId: '={{ $json.postId }}' },
				items: [item({ postId: a }), item({ postId: b })],
			};
		},
		refused: { postId: 'not an id' },
	},
	'Post → Delete Group': {
		setup: async (h) => {
			const ids = await queuedPosts(h);
			const groups = await Promise.all(
				ids.map(async (id) => String((await h.sandbox.control.storedPost(id))?.group)),
			);
			return {
				parameters: { resource: 'post', operation: 'deleteGroup', group: '={{ $json.group }}' },
				items: [item({ group: groups[0] }), item({ group: groups[1] })],
			};
		},
		refused: { group: 'not an id' },
	},
	'Post → Get Missing Items': {
		setup: async (h) => {
			const [a, b] = await publishedPosts(h, 'missingReleaseId');
			return {
				parameters: {
					resource: 'post',
					operation: 'getMissingItems',
					postId: '={{ $json.postId }}',
				},
				items: [item({ postId: a }), item({ postId: b })],
			};
		},
		refused: { postId: 'not an id' },
	},
	'Post → Set Release ID': {
		setup: async (h) => {
			const ids = await publishedPosts(h, 'missingReleaseId');
			const missing = await Promise.all(
				ids.map(async (id) => (await h.api().get(`/posts/${id}/missing`)).data[0].id as string),
			);
			return {
				parameters: {
					resource: 'post',
					operation: 'setReleaseId',
					postId: '={{ $json.postId }}',
					releaseId: '={{ $json.releaseId }}',
				},
				items: [
					item({ postId: ids[0], releaseId: missing[0] }),
					item({ postId: ids[1], releaseId: missing[1] }),
				],
			};
		},
		refused: { releaseId: '' },
	},
	'Slot → Find Next Free': {
		setup: async () => ({
			parameters: { resource: 'slot', operation: 'findNextFree', channel: idFrom('channel') },
			items: twice({ channel: channels.x }),
		}),
		refused: { channel: 'not an id' },
	},
	'Analytics → Get Channel Analytics': {
		setup: async () => ({
			parameters: { resource: 'analytics', operation: 'getChannel', channel: idFrom('channel') },
			items: twice({ channel: channels.x }),
		}),
		refused: { channel: 'not an id' },
	},
	'Analytics → Get Post Analytics': {
		setup: async (h) => {
			const [a, b] = await publishedPosts(h, 'success');
			return {
				parameters: { resource: 'analytics', operation: 'getPost', postId: '={{ $json.postId }}' },
				items: [item({ postId: a }), item({ postId: b })],
			};
		},
		refused: { postId: 'not an id' },
	},
	'Notification → Get Many': {
		setup: async (h) => {
			await h.sandbox.control.addNotifications({ count: 3 });
			return {
				parameters: {
					resource: 'notification',
					operation: 'getMany',
					returnAll: false,
					limit: '={{ $json.limit }}',
				},
				items: twice({ limit: 10 }),
			};
		},
		refused: { limit: 0 },
	},
	'Media → Upload': {
		setup: async () => ({
			parameters: {
				resource: 'media',
				operation: 'upload',
				binaryPropertyName: '={{ $json.field }}',
			},
			items: [pngItem({ field: 'data' }), pngItem({ field: 'data' })],
		}),
		refused: { field: 'missing' },
	},
	'Media → Upload From URL': {
		setup: async (h) => {
			await h.sandbox.control.settings({
				allowLoopbackUploadUrls: true,
				trustedUploadCa: files.ca,
			});
			return {
				parameters: {
					resource: 'media',
					operation: 'uploadFromUrl',
					url: '={{ $json.url }}',
					options: { allowPrivateAddress: true },
				},
				items: twice({ url: files.url('/cover.png') }),
			};
		},
		refused: { url: 'http://cdn.example.com/a.png' },
	},
	'Media → Generate Video': {
		setup: async (h) => {
			await h.sandbox.control.settings({ videoDelayMs: 0 });
			return {
				parameters: {
					resource: 'media',
					operation: 'generateVideo',
					kind: 'image-text-slides',
					voice: { __rl: true, mode: 'id', value: 'sbxvoice01ada' },
					prompt: '={{ $json.prompt }}',
					// Its own wait replaces Request Options' Timeout: the timeout case's per-item timeoutMs.
					waitMinutes: '={{ ($json.timeoutMs ?? 60000) / 60000 }}',
				},
				items: twice({ prompt: 'Three tips for spring gardening' }),
			};
		},
		refused: { prompt: '' },
	},
	'Media → Get Many': {
		setup: async (h) => {
			for (let i = 0; i < 3; i++) {
				await h.run(
					{ resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
					{
						items: [pngItem()],
					},
				);
			}
			return {
				parameters: {
					resource: 'media',
					operation: 'getMany',
					returnAll: false,
					limit: '={{ $json.limit }}',
				},
				items: twice({ limit: 10 }),
			};
		},
		refused: { limit: 0 },
		// Production (v1.47) has no GET /media.
		profile: 'spec',
	},
};

/** The description's entry of an operation: its request and whether it checks anything before sending. */
function entryOf(operation: NodeOperation) {
	const property = new SocialPublishing().description.properties.find(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === operation.resource,
	);
	const option = (property?.options as Array<{ value: string; routing?: IDataObject }>).find(
		(o) => o.value === operation.operation,
	);
	const routing = (option?.routing ?? {}) as {
		request?: { method?: string; url?: string };
		send?: { preSend?: unknown[] };
	};
	return {
		method: String(routing.request?.method),
		path: String(routing.request?.url).replace(/\{\w+\}/g, ':id'),
		checks: (routing.send?.preSend ?? []).length > 0,
	};
}

const OPERATIONS = nodeOperations();

/** The rows run: every operation of the description, then the Check Only rows. */
const ROWS = [
	...OPERATIONS.map((operation) => ({ name: operation.label, operation })),
	...Object.keys(CASES)
		.filter((name) => name.endsWith(', Check Only'))
		.map((name) => ({
			name,
			operation: OPERATIONS.find((o) => name.startsWith(`${o.label},`)) as NodeOperation,
		})),
];

/** `pairedItem` of each item, as `{item: n}` (an array of one, or with `input: 0`, is the same). */
/**
 * A failed item as On Error hands it on: with the error attached (Continue), or with `error` in its
 * json beside the input item's fields (the error output).
 */
const isFailure = (output: INodeExecutionData) =>
	output.error !== undefined || typeof output.json.error === 'string';

function pairs(items: INodeExecutionData[]): unknown[] {
	return items.map((output) => {
		const paired = Array.isArray(output.pairedItem) ? output.pairedItem : [output.pairedItem];
		return paired.length === 1 && paired[0] && typeof paired[0] === 'object'
			? { item: paired[0].item }
			: output.pairedItem;
	});
}

test('every operation of the description has its row', () => {
	expect(OPERATIONS.map((o) => o.label).filter((label) => !CASES[label])).toEqual([]);
});

describe.each(ROWS)('$name, 2 input items', ({ name, operation }) => {
	const row = CASES[name] ?? {
		setup: async () => {
			throw new Error(`${name} has no row in CASES`);
		},
	};
	const t = row.profile === 'spec' ? spec : production;
	const entry = entryOf(operation);
	const [method, path] = (row.route ?? `${entry.method} ${entry.path}`).split(' ');

	it('success: each output item names its input item, item 1 first', async () => {
		const { parameters, items } = await row.setup(t);
		const result = await t.run({ ...parameters, requestOptions: FAST }, { items });
		expect(result.error).toBeUndefined();
		expect(result.items.filter((output) => output.error)).toEqual([]);
		// Both items asked the same of the service: as many results each, the first item's first.
		const half = result.items.length / 2;
		expect(half).toBeGreaterThanOrEqual(1);
		expect(pairs(result.items)).toEqual(
			result.items.map((_, index) => ({ item: index < half ? 0 : 1 })),
		);
	});

	if (name.endsWith(', Check Only')) return;

	describe.each(['continueErrorOutput', 'continueRegularOutput'] as const)(
		'On Error: %s',
		(onError) => {
			/**
			 * Item 1's results and item 2's error, where On Error puts them, each naming its input item;
			 * on the error output, beside item 2's own fields, what went wrong and how to fix it.
			 */
			function expectItem2Failed(result: Awaited<ReturnType<Harness['run']>>, input: Items) {
				expect(result.error).toBeUndefined();
				const failed = [...result.items, ...result.errorItems].filter(isFailure);
				expect(failed).toHaveLength(1);
				const succeeded = result.items.filter((output) => !isFailure(output));
				expect(succeeded.length).toBeGreaterThanOrEqual(1);
				if (onError === 'continueErrorOutput') {
					expect(pairs(result.items)).toEqual(succeeded.map(() => ({ item: 0 })));
					expect(pairs(result.errorItems)).toEqual([{ item: 1 }]);
					const [errorItem] = result.errorItems;
					expect(errorItem.json).toMatchObject(input[1].json);
					expect(errorItem.json.error).toEqual(expect.any(String));
					expect(errorItem.json.message).toEqual(expect.any(String));
				} else {
					expect(result.errorItems).toEqual([]);
					expect(pairs(result.items)).toEqual([...succeeded.map(() => ({ item: 0 })), { item: 1 }]);
				}
			}

			it("item 2's request fails (no answer within its timeout): its error item names item 2", async () => {
				const { parameters, items } = await row.setup(t);
				await t.sandbox.control.addFault({ method, path, fault: 'slow', delayMs: 600, times: 10 });
				const timeouts = [5000, 150];
				const result = await t.run(
					{ ...parameters, requestOptions: { ...FAST, timeout: '={{ $json.timeoutMs }}' } },
					{
						items: items.map((input, index) => ({
							...input,
							json: { ...input.json, timeoutMs: timeouts[index] },
						})),
						onError,
					},
				);
				expectItem2Failed(result, items);
				const failure = [...result.items, ...result.errorItems].find(isFailure);
				expect(failure?.error?.message ?? failure?.json.error).toContain('within 0.2 s');
			});

			it('item 2 is refused by its checks before sending: its error item names item 2', async () => {
				if (!row.refused) {
					// Only an operation that checks nothing before sending may leave this out.
					expect(entry.checks).toBe(false);
					return;
				}
				const { parameters, items } = await row.setup(t);
				const spoiled: Items = [
					items[0],
					{ ...items[1], json: { ...items[1].json, ...row.refused } },
				];
				const result = await t.run(
					{ ...parameters, requestOptions: FAST },
					{ items: spoiled, onError },
				);
				expectItem2Failed(result, spoiled);
			});
		},
	);
});

describe('any number of input items', () => {
	it('Channel → Get Many: every channel comes out paired to the input item whose filter it matches, every refused item on the error output paired to it', async () => {
		const listed = (await production.api().get('/integrations')).data as Array<{
			id: string;
			identifier: string;
		}>;
		const platforms = [...new Set(listed.map((c) => c.identifier))];
		await fc.assert(
			fc.asyncProperty(
				// Each input item: the platforms it asks for, or null for a value the check refuses.
				fc.array(fc.option(fc.subarray(platforms, { minLength: 1 }), { nil: null }), {
					minLength: 1,
					maxLength: 6,
				}),
				async (filters) => {
					const result = await production.run(
						{
							resource: 'channel',
							operation: 'getMany',
							filters: { platforms: '={{ $json.platforms }}' },
							requestOptions: FAST,
						},
						{
							items: filters.map((asked) => ({ platforms: asked ?? ['myspace'] })),
							onError: 'continueErrorOutput',
						},
					);
					expect(result.error).toBeUndefined();
					const expected = filters.flatMap((asked, index) =>
						asked
							? listed.filter((c) => asked.includes(c.identifier)).map(() => ({ item: index }))
							: [],
					);
					expect(pairs(result.items)).toEqual(expected);
					// What a later node's $('Items').item gives for each channel: the input item that asked for its platform.
					for (const output of result.items) {
						const asked = filters[(output.pairedItem as { item: number }).item];
						expect(asked).toContain(output.json.identifier);
					}
					expect(pairs(result.errorItems)).toEqual(
						filters.flatMap((asked, index) => (asked ? [] : [{ item: index }])),
					);
					// Each beside the fields of the item it names, with how to fix it.
					for (const output of result.errorItems) {
						expect(output.json).toMatchObject({
							platforms: ['myspace'],
							error: expect.any(String),
							message: expect.any(String),
						});
					}
				},
			),
			{ numRuns: 25 },
		);
	});
});

describe('an error of the node’s own, without Continue On Fail', () => {
	it('has no error code: the editor shows none instead of "Error code: none"', async () => {
		const result = await spec.run(
			createParams({
				parts: parts({ content: 'x'.repeat(600) }),
				channels: [
					channel({
						channel: { __rl: true, mode: 'id', value: SEED_IDS.channels.mastodon },
						platform: 'mastodon',
					}),
				],
			}),
		);

		expect(result.error?.message).toMatch(/Text: .*Mastodon .* 500/);
		expect(result.error?.httpCode ?? null).toBeNull();
	});
});
