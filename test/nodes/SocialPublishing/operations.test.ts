import axios from 'axios';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { rateLimitedRouteOf } from '../../../nodes/SocialPublishing/shared/transport/rateLimits';
import { png } from '../../fixtures/media';
import { operationsMissingFrom } from '../../helpers/operations';
import { byId, createPosts, daysFromNow, errorOf, FAST, useSandbox, type Harness } from './support';

/**
 * Every operation, through the engine, against the same failures: a refused key (401), a 429 with
 * Retry-After beyond the wait cap, a 500, a timeout, and Continue On Fail. One table, so no
 * operation can be left out.
 */

interface Operation {
	name: string;
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	/** Fault path pattern, relative to the API base. */
	path: string;
	/** Valid parameters (and input items) for one successful run. */
	setup(t: Harness): Promise<{ parameters: INodeParameters; items?: INodeExecutionData[] }>;
	/** Operations whose success needs what the sandbox cannot give (a public https file). */
	noSuccess?: boolean;
	/** The route's own timeout, where it has one (in place of Request Options' Timeout, 0.2 s here). */
	timeoutSeconds?: number;
}

const seed = (t: Harness) => t.sandbox.seed;

async function queuedPost(t: Harness): Promise<string> {
	const [post] = await createPosts(t, {
		date: daysFromNow(3),
		channels: [seed(t).channels.threads.id],
	});
	return post.postId;
}

async function publishedPost(t: Harness, outcome: 'success' | 'missingReleaseId'): Promise<string> {
	await t.sandbox.control.patchChannel(seed(t).channels.threads.id, { publishOutcome: outcome });
	const [post] = await createPosts(t, {
		type: 'now',
		date: daysFromNow(0),
		channels: [seed(t).channels.threads.id],
	});
	return post.postId;
}

const pngItem = (): INodeExecutionData => ({
	json: {},
	binary: { data: { data: png().toString('base64'), fileName: 'a.png', mimeType: 'image/png' } },
});

const OPERATIONS: Operation[] = [
	{
		name: 'Channel → Check Connection',
		method: 'GET',
		path: '/is-connected',
		setup: async () => ({ parameters: { resource: 'channel', operation: 'checkConnection' } }),
	},
	{
		name: 'Channel → Get Many',
		method: 'GET',
		path: '/integrations',
		setup: async () => ({ parameters: { resource: 'channel', operation: 'getMany' } }),
	},
	{
		name: 'Channel → Get Settings',
		method: 'GET',
		path: '/integration-settings/:id',
		setup: async (t) => ({
			parameters: {
				resource: 'channel',
				operation: 'getSettings',
				channel: byId(seed(t).channels.x.id),
			},
		}),
	},
	{
		name: 'Channel → Run Tool',
		method: 'POST',
		path: '/integration-trigger/:id',
		setup: async (t) => ({
			parameters: {
				resource: 'channel',
				operation: 'runTool',
				channel: byId(seed(t).channels.discord.id),
				tool: 'channels',
			},
		}),
	},
	{
		name: 'Channel → Get Connect URL',
		method: 'GET',
		path: '/social/:platform',
		setup: async () => ({
			parameters: { resource: 'channel', operation: 'getConnectUrl', platform: 'linkedin' },
		}),
	},
	{
		name: 'Channel → Delete',
		method: 'DELETE',
		path: '/integrations/:id',
		setup: async (t) => ({
			parameters: {
				resource: 'channel',
				operation: 'delete',
				channel: byId(seed(t).channels.threads.id),
			},
		}),
	},
	{
		name: 'Post → Get Many',
		method: 'GET',
		path: '/posts',
		setup: async () => ({ parameters: { resource: 'post', operation: 'getMany' } }),
	},
	{
		name: 'Post → Set Status',
		method: 'PUT',
		path: '/posts/:id/status',
		setup: async (t) => ({
			parameters: {
				resource: 'post',
				operation: 'setStatus',
				postId: await queuedPost(t),
				status: 'draft',
			},
		}),
	},
	{
		// Settings alone: the one request after its look-ups. The spec profile has no edit (the route is unknown there),
		// so no success here; resources/post/update.test.ts runs it on the production profile.
		name: 'Post → Update',
		method: 'PUT',
		path: '/posts/:id/settings',
		noSuccess: true,
		setup: async (t) => ({
			parameters: {
				resource: 'post',
				operation: 'update',
				postId: await queuedPost(t),
				updateFields: { settingsJson: '{}' },
			},
		}),
	},
	{
		name: 'Post → Delete',
		method: 'DELETE',
		path: '/posts/:id',
		setup: async (t) => ({
			parameters: { resource: 'post', operation: 'delete', postId: await queuedPost(t) },
		}),
	},
	{
		name: 'Post → Delete Group',
		method: 'DELETE',
		path: '/posts/group/:group',
		setup: async (t) => {
			await queuedPost(t);
			const posts = (
				await axios.get(`${t.sandbox.baseUrl}/posts`, {
					headers: { Authorization: t.sandbox.apiKey },
					params: { startDate: daysFromNow(0), endDate: daysFromNow(5) },
				})
			).data.posts;
			return { parameters: { resource: 'post', operation: 'deleteGroup', group: posts[0].group } };
		},
	},
	{
		name: 'Post → Get Missing Items',
		method: 'GET',
		path: '/posts/:id/missing',
		setup: async (t) => ({
			parameters: {
				resource: 'post',
				operation: 'getMissingItems',
				postId: await publishedPost(t, 'missingReleaseId'),
			},
		}),
	},
	{
		name: 'Post → Set Release ID',
		method: 'PUT',
		path: '/posts/:id/release-id',
		setup: async (t) => {
			const postId = await publishedPost(t, 'missingReleaseId');
			const missing = (
				await axios.get(`${t.sandbox.baseUrl}/posts/${postId}/missing`, {
					headers: { Authorization: t.sandbox.apiKey },
				})
			).data;
			return {
				parameters: {
					resource: 'post',
					operation: 'setReleaseId',
					postId,
					releaseId: missing[0].id,
				},
			};
		},
	},
	{
		name: 'Slot → Find Next Free',
		method: 'GET',
		path: '/find-slot/:id',
		setup: async (t) => ({
			parameters: {
				resource: 'slot',
				operation: 'findNextFree',
				channel: byId(seed(t).channels.x.id),
			},
		}),
	},
	{
		name: 'Analytics → Get Channel Analytics',
		method: 'GET',
		path: '/analytics/:id',
		setup: async (t) => ({
			parameters: {
				resource: 'analytics',
				operation: 'getChannel',
				channel: byId(seed(t).channels.x.id),
			},
		}),
	},
	{
		name: 'Analytics → Get Post Analytics',
		method: 'GET',
		path: '/analytics/post/:id',
		setup: async (t) => ({
			parameters: {
				resource: 'analytics',
				operation: 'getPost',
				postId: await publishedPost(t, 'success'),
			},
		}),
	},
	{
		name: 'Notification → Get Many',
		method: 'GET',
		path: '/notifications',
		setup: async () => ({
			parameters: { resource: 'notification', operation: 'getMany', returnAll: true },
		}),
	},
	{
		name: 'Media → Upload',
		method: 'POST',
		path: '/upload',
		setup: async () => ({
			parameters: { resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
			items: [pngItem()],
		}),
	},
	{
		name: 'Media → Upload From URL',
		method: 'POST',
		path: '/upload-from-url',
		setup: async () => ({
			parameters: {
				resource: 'media',
				operation: 'uploadFromUrl',
				url: 'https://cdn.example.com/picture.png',
			},
		}),
		noSuccess: true,
	},
	{
		// Its own wait (Wait For Video), not Request Options' Timeout: 0.005 min, 0.3 s.
		name: 'Media → Generate Video',
		method: 'POST',
		path: '/generate-video',
		setup: async (t) => {
			await t.sandbox.control.settings({ videoDelayMs: 0 });
			return {
				parameters: {
					resource: 'media',
					operation: 'generateVideo',
					kind: 'image-text-slides',
					voice: byId('sbxvoice01ada'),
					prompt: 'Three tips for spring gardening',
					waitMinutes: 0.005,
				},
			};
		},
		timeoutSeconds: 0.3,
	},
	{
		name: 'Media → Get Many',
		method: 'GET',
		path: '/media',
		setup: async () => ({
			parameters: { resource: 'media', operation: 'getMany', returnAll: true },
		}),
	},
];

const t = useSandbox();

/** Operations whose failures their own suite pins, and where. */
const PINNED_ELSEWHERE: Record<string, string> = {
	// Its request needs the channel list first, and a POST is never re-sent: resources/post/create/noRetry.test.ts.
	'Post → Create': 'resources/post/create/noRetry.test.ts',
};

test('every operation of the node has its row here, or names the suite that pins its failures', () => {
	const names = [...OPERATIONS.map((op) => op.name), ...Object.keys(PINNED_ELSEWHERE)];
	expect(operationsMissingFrom(names)).toEqual([]);
});

describe.each(OPERATIONS)('$name', (op) => {
	const route = new RegExp(`^${op.path.replace(/:[a-z]+/gi, '[^/]+')}$`);
	const requestsToRoute = async (expected = 1) =>
		await t.settledRequests(expected, op.method, route);

	it('401: a refused key is explained', async () => {
		const { parameters, items } = await op.setup(t);
		const result = await t.run(parameters, {
			items,
			credentials: { baseUrl: t.sandbox.baseUrl, apiKey: 'refused-key' },
		});
		const error = errorOf(result);
		expect(error.httpCode).toBe('401');
	});

	it('429 with Retry-After beyond the wait cap: fails at once, saying when to retry', async () => {
		const { parameters, items } = await op.setup(t);
		await t.sandbox.control.addFault({
			method: op.method,
			path: op.path,
			fault: 'rateLimit',
			retryAfter: 120,
			times: 3,
		});
		const result = await t.run(
			{ ...parameters, requestOptions: { ...FAST, maxRateLimitWait: 60 } },
			{ items },
		);
		const error = errorOf(result);
		expect(error.message).toMatch(new RegExp(`${op.method} /.*: .+ \\(in 120 s\\)$`));
		expect(await requestsToRoute()).toHaveLength(1);
	});

	it(`500: ${op.method === 'GET' ? 'retried, then' : 'sent once, then'} reported`, async () => {
		const { parameters, items } = await op.setup(t);
		await t.sandbox.control.addFault({
			method: op.method,
			path: op.path,
			fault: 'error500',
			times: 5,
		});
		const result = await t.run(
			{ ...parameters, requestOptions: { ...FAST, maxRetries: 2 } },
			{ items },
		);
		const error = errorOf(result);
		expect(error.httpCode).toBe('500');
		expect(error.message).toMatch(/HTTP 500/);
		const expected = op.method === 'GET' ? 3 : 1;
		expect(await requestsToRoute(expected)).toHaveLength(expected);
	});

	it('timeout: no answer within the timeout is reported with the time waited', async () => {
		const { parameters, items } = await op.setup(t);
		await t.sandbox.control.addFault({
			method: op.method,
			path: op.path,
			fault: 'slow',
			delayMs: 1500,
			times: 5,
		});
		const result = await t.run(
			{ ...parameters, requestOptions: { ...FAST, timeout: 150, maxRetries: 1 } },
			{ items },
		);
		expect(errorOf(result).message).toContain(`within ${op.timeoutSeconds ?? 0.2} s`);
		// GETs are retried after a timeout, except find-slot: production never answers it for a bad channel.
		const expected = op.method === 'GET' && op.path !== '/find-slot/:id' ? 2 : 1;
		expect(await requestsToRoute(expected)).toHaveLength(expected);
	});

	it('Continue On Fail: the failing item carries its error, the other its answer', async () => {
		const { parameters, items } = await op.setup(t);
		await t.sandbox.control.addFault({
			method: op.method,
			path: op.path,
			fault: 'rateLimit',
			retryAfter: 120,
			times: 1,
		});
		const twoItems = items ? [items[0], items[0]] : [{}, {}];
		const result = await t.run(parameters, { items: twoItems, continueOnFail: true });
		expect(result.error).toBeUndefined();
		const failed = result.items.filter((item) => item.error);
		expect(failed.length).toBeGreaterThanOrEqual(1);
		// Which of the two items meets the one 429 depends on which is sent first (writes wait for each other's checks).
		expect(
			failed.map((item) => (item.error as { httpCode?: string } | undefined)?.httpCode),
		).toContain('429');
		// On a limited route the run sends one request and waits for its answer before the other (shared/transport/pacing.ts):
		// the 429 closes the route for the run, so the other item is not sent either.
		const limited = rateLimitedRouteOf(op.method, op.path) !== undefined;
		expect(failed).toHaveLength(op.noSuccess || limited ? 2 : 1);
		if (limited) expect(await requestsToRoute(1)).toHaveLength(1);
	});
});
