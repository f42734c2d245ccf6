/**
 * Request economy: every operation of the node and every picker, run once through n8n's engine against a fresh
 * sandbox, and the requests the sandbox logged, against the least the API needs for that call (MINIMUM below: one
 * line of reason each). Lists are measured with more than one page's worth of data.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { defaultSeed } from '../sandbox/seed';
import {
	DOCUMENTED_RATE_LIMITS,
	type RateLimitedRoute,
} from '../nodes/SocialPublishing/shared/transport/rateLimits';
import { png } from '../test/fixtures/media';
import { serveFilesOverHttps } from '../test/helpers/httpsFileServer';
import { listSearch, loadOptions, runNode, type TestCredentials } from '../test/helpers/engine';
import { operationsMissingFrom } from '../test/helpers/operations';
import { NODE_TYPE, startSandboxProcess, type Row, type SandboxProcess } from './lib';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const fromList = (value: string) => ({ __rl: true, mode: 'list', value });

/** Data sizes the list rows use; page sizes are the API's (notifications 100, media 18, posts 370 days per request). */
const NOTIFICATIONS = 250;
const MEDIA_ITEMS = 40;
const POST_RANGE_DAYS = 800;
const CHANNELS_PER_POST = 20;
const CREATE_ITEMS = 10;
/** A post this far ahead is in the 6th window of Post → Update's search. */
const FIVE_YEARS_DAYS = 5 * 365;

/** The least the API needs for each call measured, and why. */
export const MINIMUM: Record<string, { requests: number; reason: string }> = {
	'Channel → Check Connection': { requests: 1, reason: '1 GET /is-connected' },
	'Channel → Get Many': { requests: 1, reason: '1 GET /integrations (not paged)' },
	'Channel → Get Settings': { requests: 1, reason: '1 GET /integration-settings/:id' },
	'Channel → Run Tool': { requests: 1, reason: '1 POST /integration-trigger/:id' },
	'Channel → Get Connect URL': { requests: 1, reason: '1 GET /social/:platform' },
	'Channel → Delete': { requests: 1, reason: '1 DELETE /integrations/:id' },
	[`Post → Create, ${CHANNELS_PER_POST} channels`]: {
		requests: 1,
		reason: '1 POST /posts carries every channel',
	},
	[`Post → Create, ${CREATE_ITEMS} items × ${CHANNELS_PER_POST} channels`]: {
		requests: CREATE_ITEMS,
		reason: '1 POST /posts per item',
	},
	[`Post → Create, ${CREATE_ITEMS} items × 2 media URLs, the same in each item`]: {
		requests: 2 + CREATE_ITEMS,
		reason: '1 POST /upload-from-url per distinct URL in the run + 1 POST /posts per item',
	},
	[`Post → Create, ${CREATE_ITEMS} items run again, every post already created`]: {
		requests: 1,
		reason: '1 GET /posts finds every earlier post (Skip Posts Already Created); 0 POST /posts',
	},
	[`Post → Create, Check Only, ${CREATE_ITEMS} items × ${CHANNELS_PER_POST} channels`]: {
		requests: 2,
		reason:
			'1 GET /integrations for the run (names, platforms) + 1 GET /posts (what Skip Posts Already Created would skip); 0 writes',
	},
	'Post → Update, text and date of a queued post': {
		requests: 2,
		reason: '1 GET /posts (the API reads no single post) + 1 POST /posts with its id',
	},
	'Post → Update, a post 5 years ahead, found window by window': {
		requests: 2,
		reason: '1 GET /posts (the API reads no single post) + 1 POST /posts with its id',
	},
	'Post → Update, a post 5 years ahead, Options → Current Publish Date': {
		requests: 2,
		reason: '1 GET /posts on its day + 1 POST /posts with its id',
	},
	'Post → Update, settings only': {
		requests: 2,
		reason: '1 GET /posts (its platform and state, checked first) + 1 PUT /posts/:id/settings',
	},
	[`Post → Create, next free slot, ${CHANNELS_PER_POST} channels`]: {
		requests: CHANNELS_PER_POST + 1,
		reason: '1 GET /find-slot/:id per channel (no batch route) + 1 POST /posts',
	},
	[`Post → Get Many, ${POST_RANGE_DAYS} days`]: {
		requests: Math.ceil(POST_RANGE_DAYS / 370),
		reason: 'ceil(days / 370): GET /posts covers 370 days',
	},
	'Post → Set Status': { requests: 1, reason: '1 PUT /posts/:id/status' },
	'Post → Delete': { requests: 1, reason: '1 DELETE /posts/:id' },
	'Post → Delete Group': { requests: 1, reason: '1 DELETE /posts/group/:group' },
	'Post → Get Missing Items': { requests: 1, reason: '1 GET /posts/:id/missing' },
	'Post → Set Release ID': { requests: 1, reason: '1 PUT /posts/:id/release-id' },
	'Slot → Find Next Free': { requests: 1, reason: '1 GET /find-slot/:id' },
	'Analytics → Get Channel Analytics': { requests: 1, reason: '1 GET /analytics/:id' },
	'Analytics → Get Post Analytics': { requests: 1, reason: '1 GET /analytics/post/:postId' },
	[`Notification → Get Many, all ${NOTIFICATIONS}`]: {
		requests: Math.ceil(NOTIFICATIONS / 100),
		reason: 'ceil(N / 100): pages of 100',
	},
	'Media → Upload': { requests: 1, reason: '1 POST /upload' },
	'Media → Upload From URL': { requests: 1, reason: '1 POST /upload-from-url' },
	[`Media → Get Many, all ${MEDIA_ITEMS}`]: {
		requests: Math.ceil(MEDIA_ITEMS / 18),
		reason: 'ceil(N / 18): pages of 18',
	},
	'picker: channels (list search)': { requests: 1, reason: '1 GET /integrations' },
	'Media → Generate Video': { requests: 1, reason: '1 POST /generate-video' },
	'picker: clients': { requests: 1, reason: "1 GET /groups (production's list of clients)" },
	'picker: voices (list search)': { requests: 1, reason: '1 POST /video/function (loadVoices)' },
	'picker: channel tools': { requests: 1, reason: '1 GET /integration-settings/:id' },
	'picker: Discord chat channels': {
		requests: 1,
		reason: "1 POST /integration-trigger/:id (its 'channels' tool)",
	},
	'picker: release IDs': { requests: 1, reason: '1 GET /posts/:id/missing' },
	'picker: tags (a recent post has one)': {
		requests: 1,
		reason: '1 GET /posts (no route lists tags)',
	},
};

/** 17 more Telegram channels: with the seed's 13 (one disabled) the organisation has 29 of its plan's 30 slots, 20 for one post. */
function seedWithMoreChannels() {
	const seed = defaultSeed();
	const main = seed.orgs[0];
	for (let n = 1; n <= 17; n++) {
		main.channels?.push({
			id: `0e000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
			name: `Bench Telegram ${n}`,
			platform: 'telegram',
			picture: `https://avatars.sandbox.invalid/bench${n}.png`,
			profile: `bench_${n}`,
			disabled: false,
			postingTimes: [9 * 60, 13 * 60, 17 * 60 + 30],
		});
	}
	return seed.orgs;
}

interface Ctx {
	sandbox: SandboxProcess;
	credentials: TestCredentials;
	api<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
	channel(handle: string): string;
	channels: string[];
	httpsUrl: string;
	/** Two https addresses of pictures (Post → Create's media URLs). */
	mediaUrls: string[];
	/** A sandbox with the production profile: the service's edit of posts (Post → Update) is production's. */
	production: {
		credentials: TestCredentials;
		api<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
		channel(platform: string): string;
	};
}

/** One case: sets the sandbox up, then returns the call whose requests are counted. */
type Case = [name: string, prepare: (ctx: Ctx) => Promise<() => Promise<unknown>>];

async function node(
	ctx: Ctx,
	parameters: INodeParameters,
	items?: IDataObject[],
): Promise<unknown> {
	const result = await runNode({
		credentials: ctx.credentials,
		nodeType: NODE_TYPE,
		parameters,
		items,
	});
	if (result.error) throw new Error(result.error.message);
	return result.items;
}

async function post(
	ctx: Ctx,
	type: 'schedule' | 'now',
	channelId: string,
	extra: Record<string, unknown> = {},
) {
	const [created] = await ctx.api<Array<{ postId: string }>>('POST', '/posts', {
		type,
		date: type === 'now' ? iso(0) : iso(3),
		shortLink: false,
		tags: [],
		posts: [
			{ integration: { id: channelId }, value: [{ content: 'From the benchmark', image: [] }] },
		],
		...extra,
	});
	return created.postId;
}

async function publishedPost(ctx: Ctx, outcome: 'success' | 'missingReleaseId'): Promise<string> {
	await ctx.sandbox.control.patchChannel(ctx.channel('threads'), { publishOutcome: outcome });
	return await post(ctx, 'now', ctx.channel('threads'));
}

function createParameters(
	channels: string[],
	extra: Record<string, unknown> = {},
): INodeParameters {
	return {
		resource: 'post',
		operation: 'create',
		inputMode: 'fields',
		type: 'schedule',
		dateMode: 'date',
		date: '2030-01-15T10:00:00Z',
		contentMode: 'same',
		parts: { part: [{ content: '={{ "Bench post " + ($json.i ?? 0) }}' }] },
		channels: {
			channel: channels.map((id) => ({
				channel: byId(id),
				platform: 'lookup',
				settingsMode: 'fields',
			})),
		},
		options: {},
		...extra,
	} as INodeParameters;
}

/** A queued post on the production sandbox's channel of `platform`, to edit. */
async function queuedPost(
	ctx: Ctx,
	platform: string,
	settings: IDataObject = {},
	date = iso(3),
): Promise<string> {
	const [created] = await ctx.production.api<Array<{ postId: string }>>('POST', '/posts', {
		type: 'schedule',
		date,
		shortLink: false,
		tags: [],
		posts: [
			{
				integration: { id: ctx.production.channel(platform) },
				value: [{ content: 'From the benchmark', image: [] }],
				settings,
			},
		],
	});
	return created.postId;
}

/** Post → Update of `postId` on the production sandbox (the one with the edit), with `parameters`. */
async function updatePost(ctx: Ctx, postId: string, parameters: IDataObject): Promise<unknown> {
	return await node({ ...ctx, credentials: ctx.production.credentials }, {
		resource: 'post',
		operation: 'update',
		postId,
		...parameters,
	} as INodeParameters);
}

/** The bench's own calls to a sandbox, to set a case up (not counted: the log is cleared before the call). */
function setUpCalls(sandbox: SandboxProcess): Ctx['api'] {
	return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
		const response = await fetch(`${sandbox.baseUrl}${path}`, {
			method,
			headers: { Authorization: sandbox.apiKey, 'Content-Type': 'application/json' },
			...(body === undefined ? {} : { body: JSON.stringify(body) }),
		});
		if (!response.ok)
			throw new Error(`set-up ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
		return (await response.json()) as T;
	};
}

export const CASES: Case[] = [
	[
		'Post → Update, text and date of a queued post',
		async (ctx) => {
			const postId = await queuedPost(ctx, 'mastodon');
			return async () =>
				await updatePost(ctx, postId, {
					updateFields: {
						content: 'Edited by the benchmark',
						date: iso(5),
					},
					mediaAndFollowUps: 'none',
				});
		},
	],
	...([undefined, FIVE_YEARS_DAYS] as const).map(
		(currentDate): Case => [
			currentDate === undefined
				? 'Post → Update, a post 5 years ahead, found window by window'
				: 'Post → Update, a post 5 years ahead, Options → Current Publish Date',
			async (ctx) => {
				const postId = await queuedPost(ctx, 'mastodon', {}, iso(FIVE_YEARS_DAYS));
				return async () =>
					await updatePost(ctx, postId, {
						updateFields: { content: 'Edited by the benchmark' },
						mediaAndFollowUps: 'none',
						options: currentDate === undefined ? {} : { currentDate: iso(currentDate) },
					});
			},
		],
	),
	[
		'Post → Update, settings only',
		async (ctx) => {
			const postId = await queuedPost(ctx, 'x', { who_can_reply_post: 'everyone' });
			return async () =>
				await updatePost(ctx, postId, {
					updateFields: { settingsJson: '{"who_can_reply_post": "following"}' },
				});
		},
	],
	[
		'Channel → Check Connection',
		async (ctx) => async () =>
			await node(ctx, { resource: 'channel', operation: 'checkConnection' }),
	],
	[
		'Channel → Get Many',
		async (ctx) => async () => await node(ctx, { resource: 'channel', operation: 'getMany' }),
	],
	[
		'Channel → Get Settings',
		async (ctx) => async () =>
			await node(ctx, {
				resource: 'channel',
				operation: 'getSettings',
				channel: byId(ctx.channel('x')),
			}),
	],
	[
		'Channel → Run Tool',
		async (ctx) => async () =>
			await node(ctx, {
				resource: 'channel',
				operation: 'runTool',
				channel: byId(ctx.channel('discord')),
				tool: 'channels',
			}),
	],
	[
		'Channel → Get Connect URL',
		async (ctx) => async () =>
			await node(ctx, { resource: 'channel', operation: 'getConnectUrl', platform: 'linkedin' }),
	],
	[
		'Channel → Delete',
		async (ctx) => async () =>
			await node(ctx, {
				resource: 'channel',
				operation: 'delete',
				channel: byId(ctx.channel('threads')),
			}),
	],
	[
		`Post → Create, ${CHANNELS_PER_POST} channels`,
		async (ctx) => async () => await node(ctx, createParameters(ctx.channels)),
	],
	[
		`Post → Create, ${CREATE_ITEMS} items × ${CHANNELS_PER_POST} channels`,
		async (ctx) => async () =>
			await node(
				ctx,
				createParameters(ctx.channels),
				Array.from({ length: CREATE_ITEMS }, (_, i) => ({ i })),
			),
	],
	[
		`Post → Create, ${CREATE_ITEMS} items × 2 media URLs, the same in each item`,
		async (ctx) => async () =>
			await node(
				ctx,
				createParameters(ctx.channels.slice(0, 2), {
					parts: {
						part: [
							{
								content: '={{ "Bench post " + $json.i }}',
								media: {
									item: ctx.mediaUrls.map((url) => ({ source: 'url', url })),
								},
							},
						],
					},
					options: { allowPrivateAddress: true },
				}),
				Array.from({ length: CREATE_ITEMS }, (_, i) => ({ i })),
			),
	],
	[
		`Post → Create, ${CREATE_ITEMS} items run again, every post already created`,
		async (ctx) => {
			const parameters = createParameters(ctx.channels);
			const items = Array.from({ length: CREATE_ITEMS }, (_, i) => ({ i }));
			await node(ctx, parameters, items);
			return async () => await node(ctx, parameters, items);
		},
	],
	[
		`Post → Create, Check Only, ${CREATE_ITEMS} items × ${CHANNELS_PER_POST} channels`,
		async (ctx) => async () =>
			await node(
				ctx,
				createParameters(ctx.channels, { options: { checkOnly: true } }),
				Array.from({ length: CREATE_ITEMS }, (_, i) => ({ i })),
			),
	],
	[
		`Post → Create, next free slot, ${CHANNELS_PER_POST} channels`,
		async (ctx) => async () =>
			await node(ctx, createParameters(ctx.channels, { dateMode: 'nextSlot', date: undefined })),
	],
	[
		`Post → Get Many, ${POST_RANGE_DAYS} days`,
		async (ctx) => async () =>
			await node(ctx, {
				resource: 'post',
				operation: 'getMany',
				startDate: iso(-POST_RANGE_DAYS / 2),
				endDate: iso(POST_RANGE_DAYS / 2),
			}),
	],
	[
		'Post → Set Status',
		async (ctx) => {
			const postId = await post(ctx, 'schedule', ctx.channel('threads'));
			return async () =>
				await node(ctx, { resource: 'post', operation: 'setStatus', postId, status: 'draft' });
		},
	],
	[
		'Post → Delete',
		async (ctx) => {
			const postId = await post(ctx, 'schedule', ctx.channel('threads'));
			return async () => await node(ctx, { resource: 'post', operation: 'delete', postId });
		},
	],
	[
		'Post → Delete Group',
		async (ctx) => {
			const postId = await post(ctx, 'schedule', ctx.channel('threads'));
			const { posts } = await ctx.api<{ posts: Array<{ id: string; group: string }> }>(
				'GET',
				`/posts?startDate=${iso(0)}&endDate=${iso(5)}`,
			);
			const group = posts.find((p) => p.id === postId)?.group;
			return async () => await node(ctx, { resource: 'post', operation: 'deleteGroup', group });
		},
	],
	[
		'Post → Get Missing Items',
		async (ctx) => {
			const postId = await publishedPost(ctx, 'missingReleaseId');
			return async () =>
				await node(ctx, { resource: 'post', operation: 'getMissingItems', postId });
		},
	],
	[
		'Post → Set Release ID',
		async (ctx) => {
			const postId = await publishedPost(ctx, 'missingReleaseId');
			const [missing] = await ctx.api<Array<{ id: string }>>('GET', `/posts/${postId}/missing`);
			return async () =>
				await node(ctx, {
					resource: 'post',
					operation: 'setReleaseId',
					postId,
					releaseId: missing.id,
				});
		},
	],
	[
		'Slot → Find Next Free',
		async (ctx) => async () =>
			await node(ctx, {
				resource: 'slot',
				operation: 'findNextFree',
				channel: byId(ctx.channel('x')),
			}),
	],
	[
		'Analytics → Get Channel Analytics',
		async (ctx) => async () =>
			await node(ctx, {
				resource: 'analytics',
				operation: 'getChannel',
				channel: byId(ctx.channel('x')),
			}),
	],
	[
		'Analytics → Get Post Analytics',
		async (ctx) => {
			const postId = await publishedPost(ctx, 'success');
			return async () => await node(ctx, { resource: 'analytics', operation: 'getPost', postId });
		},
	],
	[
		`Notification → Get Many, all ${NOTIFICATIONS}`,
		async (ctx) => {
			await ctx.sandbox.control.addNotifications({ count: NOTIFICATIONS });
			return async () =>
				await node(ctx, { resource: 'notification', operation: 'getMany', returnAll: true });
		},
	],
	[
		'Media → Upload',
		async (ctx) => async () =>
			await runNode({
				credentials: ctx.credentials,
				nodeType: NODE_TYPE,
				parameters: { resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
				items: [
					{
						json: {},
						binary: {
							data: { data: png().toString('base64'), fileName: 'a.png', mimeType: 'image/png' },
						},
					},
				],
			}).then((result) => {
				if (result.error) throw new Error(result.error.message);
			}),
	],
	[
		'Media → Upload From URL',
		async (ctx) => {
			return async () =>
				await node(ctx, {
					resource: 'media',
					operation: 'uploadFromUrl',
					url: ctx.httpsUrl,
					options: { allowPrivateAddress: true },
				});
		},
	],
	[
		`Media → Get Many, all ${MEDIA_ITEMS}`,
		async (ctx) => {
			for (let i = 0; i < MEDIA_ITEMS; i++) {
				const form = new FormData();
				form.append('file', new Blob([new Uint8Array(png())]), `bench-${i}.png`);
				const response = await fetch(`${ctx.sandbox.baseUrl}/upload`, {
					method: 'POST',
					headers: { Authorization: ctx.sandbox.apiKey },
					body: form,
				});
				if (!response.ok) throw new Error(`set-up upload: HTTP ${response.status}`);
			}
			return async () =>
				await node(ctx, { resource: 'media', operation: 'getMany', returnAll: true });
		},
	],
	[
		'picker: channels (list search)',
		async (ctx) => async () =>
			await listSearch(
				ctx.credentials,
				'searchChannels',
				{ resource: 'slot', operation: 'findNextFree' },
				'channel',
				undefined,
				undefined,
				NODE_TYPE,
			),
	],
	[
		'Media → Generate Video',
		async (ctx) => async () =>
			await node(ctx, {
				resource: 'media',
				operation: 'generateVideo',
				kind: 'image-text-slides',
				voice: { __rl: true, mode: 'id', value: 'sbxvoice01ada' },
				prompt: 'Three tips for spring gardening',
			}),
	],
	[
		'picker: voices (list search)',
		async (ctx) => async () =>
			await listSearch(
				ctx.credentials,
				'searchVoices',
				{ resource: 'media', operation: 'generateVideo' },
				'voice',
				undefined,
				undefined,
				NODE_TYPE,
			),
	],
	[
		// Production lists clients at GET /groups; where an install answers 404, GET /integrations follows.
		'picker: clients',
		async (ctx) => async () =>
			await loadOptions(
				ctx.production.credentials,
				'getCustomers',
				{ resource: 'channel', operation: 'getMany' },
				'filters.customer',
				NODE_TYPE,
			),
	],
	[
		'picker: channel tools',
		async (ctx) => async () =>
			await loadOptions(
				ctx.credentials,
				'getChannelTools',
				{ resource: 'channel', operation: 'runTool', channel: fromList(ctx.channel('discord')) },
				'tool',
				NODE_TYPE,
			),
	],
	[
		'picker: Discord chat channels',
		async (ctx) => async () =>
			await loadOptions(
				ctx.credentials,
				'getDiscordChannels',
				{ channel: fromList(ctx.channel('discord')) },
				'settings.channel',
				NODE_TYPE,
			),
	],
	[
		'picker: release IDs',
		async (ctx) => {
			const postId = await publishedPost(ctx, 'missingReleaseId');
			return async () =>
				await loadOptions(
					ctx.credentials,
					'getMissingItems',
					{ resource: 'post', operation: 'setReleaseId', postId },
					'releaseId',
					NODE_TYPE,
				);
		},
	],
	[
		'picker: tags (a recent post has one)',
		async (ctx) => {
			await post(ctx, 'schedule', ctx.channel('threads'), {
				tags: [{ value: 'Launch', label: 'Launch' }],
			});
			return async () =>
				await loadOptions(
					ctx.credentials,
					'getTags',
					{ resource: 'post', operation: 'create' },
					'options.tags',
					NODE_TYPE,
				);
		},
	],
];

export async function economy(): Promise<Row[]> {
	const unmeasured = operationsMissingFrom(CASES.map(([name]) => name));
	if (unmeasured.length > 0)
		throw new Error(`economy: no case for ${unmeasured.join(', ')} (add it to CASES and MINIMUM)`);
	// Limits raised: this part counts requests, and a 429 would only add its retry.
	const rateLimits = Object.fromEntries(
		Object.keys(DOCUMENTED_RATE_LIMITS).map((route) => [
			route,
			{ limit: 100_000, windowSeconds: 1 },
		]),
	) as Record<RateLimitedRoute, { limit: number; windowSeconds: number }>;
	const sandbox = await startSandboxProcess({ rateLimits, orgs: seedWithMoreChannels() });
	const production = await startSandboxProcess({ rateLimits, profile: 'production' });
	const files = await serveFilesOverHttps({
		'/cover.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png()),
		'/back.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png()),
	});
	try {
		const seedChannels = Object.fromEntries(
			(
				(await (
					await fetch(`${sandbox.baseUrl}/integrations`, {
						headers: { Authorization: sandbox.apiKey },
					})
				).json()) as Array<{ id: string; identifier: string; name: string }>
			).map((c) => [c.name, c]),
		);
		const productionChannels = (await (
			await fetch(`${production.baseUrl}/integrations`, {
				headers: { Authorization: production.apiKey },
			})
		).json()) as Array<{ id: string; identifier: string }>;
		const byHandle: Record<string, string> = {
			x: seedChannels['Sandbox Studio X'].id,
			threads: seedChannels['Sandbox Studio Threads'].id,
			discord: seedChannels['Sandbox Community Discord'].id,
		};
		const telegram = Object.values(seedChannels)
			.filter((c) => c.identifier === 'telegram')
			.map((c) => c.id);
		const others = [
			seedChannels['Sandbox Studio Mastodon'].id,
			seedChannels['Sandbox Studio Threads'].id,
		];
		const ctx: Ctx = {
			sandbox,
			credentials: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
			api: setUpCalls(sandbox),
			channel: (handle) => byHandle[handle],
			channels: [...telegram, ...others].slice(0, CHANNELS_PER_POST),
			httpsUrl: files.url('/cover.png'),
			mediaUrls: [files.url('/cover.png'), files.url('/back.png')],
			production: {
				credentials: { baseUrl: production.baseUrl, apiKey: production.apiKey },
				api: setUpCalls(production),
				channel: (platform) => {
					const found = productionChannels.find((c) => c.identifier === platform);
					if (!found) throw new Error(`the production sandbox has no ${platform} channel`);
					return found.id;
				},
			},
		};
		if (ctx.channels.length < CHANNELS_PER_POST)
			throw new Error(
				`only ${ctx.channels.length} channels for a ${CHANNELS_PER_POST}-channel post`,
			);
		const rows: Row[] = [];
		for (const [name, prepare] of CASES) {
			const minimum = MINIMUM[name];
			await sandbox.control.reset();
			await production.control.reset();
			await sandbox.control.settings({ allowLoopbackUploadUrls: true, trustedUploadCa: files.ca });
			const call = await prepare(ctx);
			await sandbox.control.clearRequests();
			await production.control.clearRequests();
			let failed = '';
			try {
				await call();
			} catch (error) {
				failed = ` FAILED: ${(error as Error).message}`;
			}
			const requests = [...(await sandbox.requests()), ...(await production.requests())];
			const routes = new Map<string, number>();
			for (const r of requests) {
				const route = `${r.method} ${r.path.replace(/\/[0-9a-f-]{36}|\/\d{6,}/g, '/:id')}`;
				routes.set(route, (routes.get(route) ?? 0) + 1);
			}
			const sent = [...routes].map(([route, n]) => (n > 1 ? `${n}× ${route}` : route)).join(' + ');
			rows.push({
				section: 'economy',
				what: `requests: ${name}`,
				ratio: requests.length / minimum.requests,
				detail: `${requests.length} sent (${sent || 'none'}) vs ${minimum.requests}: ${minimum.reason}${failed}`,
			});
		}
		return rows;
	} finally {
		await files.close();
		sandbox.stop();
		production.stop();
	}
}
