/**
 * Every operation of the node, written for the hostile server (test/helpers/hostileServer.ts): the parameters of one
 * run, the route it sends (`METHOD /path` without the API prefix, as `byRoute` and `run.requests` name it), and the
 * ordinary answers of the routes it asks first (Post → Create looks its channels up). One table, so a hostile case
 * made for "every operation" cannot leave one out.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { answers, type Handler } from '../../../helpers/hostileServer';
import { channel as channelEntry, createParams, parts } from '../createParameters';
import { byId } from '../support';

export interface HostileOperation {
	name: string;
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	/** The route the operation sends, e.g. `GET /integrations`. */
	route: string;
	parameters: INodeParameters;
	items?: Array<IDataObject | INodeExecutionData>;
	/** Answers of the routes asked before `route` (look-ups), by `METHOD /path`. */
	before?: Record<string, Handler>;
	/** Answers of the routes asked after `route` answered 500 (Post → Delete: is the post there?). */
	after500?: Record<string, Handler>;
}

export const CHANNEL = {
	id: 'c1',
	name: 'Main',
	identifier: 'threads',
	picture: '',
	disabled: false,
	profile: 'main',
	customer: null,
};

const png = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
	'base64',
);

/** What Post → Create asks first: the channels, then the posts an earlier run may have created (none). */
export const CREATE_LOOKUPS: Record<string, Handler> = {
	'GET /integrations': answers.json(200, [CHANNEL]),
	'GET /posts': answers.json(200, { posts: [] }),
};

/** What Post → Update asks first: the post (a queued post of c1, in GET /posts) and its channel. */
const UPDATE_LOOKUPS: Record<string, Handler> = {
	'GET /posts': answers.json(200, {
		posts: [
			{
				id: 'p1',
				content: 'Hello',
				publishDate: '2030-01-15T10:00:00.000Z',
				state: 'QUEUE',
				group: 'g1',
				settings: '{}',
				tags: [],
				integration: { id: 'c1', providerIdentifier: 'threads', name: 'Main' },
			},
		],
	}),
	'GET /integrations': answers.json(200, [CHANNEL]),
};

export const EVERY_OPERATION: HostileOperation[] = [
	{
		name: 'Channel → Check Connection',
		method: 'GET',
		route: 'GET /is-connected',
		parameters: { resource: 'channel', operation: 'checkConnection' },
	},
	{
		name: 'Channel → Get Many',
		method: 'GET',
		route: 'GET /integrations',
		parameters: { resource: 'channel', operation: 'getMany' },
	},
	{
		name: 'Channel → Get Settings',
		method: 'GET',
		route: 'GET /integration-settings/c1',
		parameters: { resource: 'channel', operation: 'getSettings', channel: byId('c1') },
	},
	{
		name: 'Channel → Run Tool',
		method: 'POST',
		route: 'POST /integration-trigger/c1',
		parameters: {
			resource: 'channel',
			operation: 'runTool',
			channel: byId('c1'),
			tool: 'channels',
		},
	},
	{
		name: 'Channel → Get Connect URL',
		method: 'GET',
		route: 'GET /social/linkedin',
		parameters: { resource: 'channel', operation: 'getConnectUrl', platform: 'linkedin' },
	},
	{
		name: 'Channel → Delete',
		method: 'DELETE',
		route: 'DELETE /integrations/c1',
		parameters: { resource: 'channel', operation: 'delete', channel: byId('c1') },
	},
	{
		name: 'Post → Create',
		method: 'POST',
		route: 'POST /posts',
		parameters: createParams({
			parts: parts({ content: 'Hello' }),
			channels: [channelEntry({ channel: byId('c1'), platform: 'threads' })],
		}),
		before: CREATE_LOOKUPS,
	},
	{
		name: 'Post → Get Many',
		method: 'GET',
		route: 'GET /posts',
		parameters: { resource: 'post', operation: 'getMany' },
	},
	{
		name: 'Post → Set Status',
		method: 'PUT',
		route: 'PUT /posts/p1/status',
		parameters: { resource: 'post', operation: 'setStatus', postId: 'p1', status: 'draft' },
	},
	{
		// Settings alone: found by GET /posts (a queued post of c1), its channel read, then the one write.
		name: 'Post → Update',
		method: 'PUT',
		route: 'PUT /posts/p1/settings',
		parameters: {
			resource: 'post',
			operation: 'update',
			postId: 'p1',
			updateFields: { settingsJson: '{"who_can_reply_post": "everyone"}' },
		},
		before: UPDATE_LOOKUPS,
	},
	{
		// The edit path with every field it adds: found on its day (Options → Current Publish Date), its channel read,
		// a follow-up's media URL uploaded (a loopback address, allowed, asks no name server), then POST /posts with
		// its id.
		name: 'Post → Update, a new date with a follow-up part',
		method: 'POST',
		route: 'POST /posts',
		parameters: {
			resource: 'post',
			operation: 'update',
			postId: 'p1',
			updateFields: { date: '2030-02-01T09:00:00.000Z' },
			mediaAndFollowUps: 'replace',
			followUps: {
				part: [
					{
						content: 'Reply',
						delay: 5,
						media: { item: [{ source: 'url', url: 'https://127.0.0.1/a.png' }] },
					},
				],
			},
			options: { currentDate: '2030-01-15T10:00:00.000Z', allowPrivateAddress: true },
		},
		before: {
			...UPDATE_LOOKUPS,
			'POST /upload-from-url': answers.json(200, {
				id: 'm1',
				name: 'a.png',
				path: 'https://cdn.example.com/a.png',
			}),
		},
	},
	{
		name: 'Post → Delete',
		method: 'DELETE',
		route: 'DELETE /posts/p1',
		parameters: { resource: 'post', operation: 'delete', postId: 'p1' },
		// It looks for the post in GET /posts after a 500 (resources/post/delete.ts): found, one request.
		after500: { 'GET /posts': UPDATE_LOOKUPS['GET /posts'] },
	},
	{
		name: 'Post → Delete Group',
		method: 'DELETE',
		route: 'DELETE /posts/group/g1',
		parameters: { resource: 'post', operation: 'deleteGroup', group: 'g1' },
	},
	{
		name: 'Post → Get Missing Items',
		method: 'GET',
		route: 'GET /posts/p1/missing',
		parameters: { resource: 'post', operation: 'getMissingItems', postId: 'p1' },
	},
	{
		name: 'Post → Set Release ID',
		method: 'PUT',
		route: 'PUT /posts/p1/release-id',
		parameters: { resource: 'post', operation: 'setReleaseId', postId: 'p1', releaseId: 'r1' },
	},
	{
		name: 'Slot → Find Next Free',
		method: 'GET',
		route: 'GET /find-slot/c1',
		parameters: { resource: 'slot', operation: 'findNextFree', channel: byId('c1') },
	},
	{
		name: 'Analytics → Get Channel Analytics',
		method: 'GET',
		route: 'GET /analytics/c1',
		parameters: { resource: 'analytics', operation: 'getChannel', channel: byId('c1') },
	},
	{
		name: 'Analytics → Get Post Analytics',
		method: 'GET',
		route: 'GET /analytics/post/p1',
		parameters: { resource: 'analytics', operation: 'getPost', postId: 'p1' },
	},
	{
		name: 'Notification → Get Many',
		method: 'GET',
		route: 'GET /notifications',
		parameters: { resource: 'notification', operation: 'getMany', returnAll: true },
	},
	{
		name: 'Media → Upload',
		method: 'POST',
		route: 'POST /upload',
		parameters: { resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
		items: [
			{
				json: {},
				binary: {
					data: { data: png.toString('base64'), fileName: 'a.png', mimeType: 'image/png' },
				},
			},
		],
	},
	{
		name: 'Media → Upload From URL',
		method: 'POST',
		route: 'POST /upload-from-url',
		// A loopback address (allowed by the option) keeps the address check from asking a name server.
		parameters: {
			resource: 'media',
			operation: 'uploadFromUrl',
			url: 'https://127.0.0.1/a.png',
			options: { allowPrivateAddress: true },
		},
	},
	{
		name: 'Media → Generate Video',
		method: 'POST',
		route: 'POST /generate-video',
		parameters: {
			resource: 'media',
			operation: 'generateVideo',
			kind: 'image-text-slides',
			voice: byId('v1'),
			prompt: 'Three tips',
		},
	},
	{
		name: 'Media → Get Many',
		method: 'GET',
		route: 'GET /media',
		parameters: { resource: 'media', operation: 'getMany', returnAll: true },
	},
];

/** The writes among them: a redirect on one of these is never followed. */
export const WRITES = EVERY_OPERATION.filter((operation) => operation.method !== 'GET');

/** Answers `operation.route` with `handler`, its look-ups with their ordinary answers, anything else 404. */
export function answering(operation: HostileOperation, handler: Handler): Record<string, Handler> {
	return { ...(operation.before ?? {}), ...(operation.after500 ?? {}), [operation.route]: handler };
}

/** How many requests the operation sends besides its own route: its look-ups, and after a 500 its looks. */
export const lookupsOf = (operation: HostileOperation, answered?: number): number =>
	Object.keys(operation.before ?? {}).length +
	(answered === 500 ? Object.keys(operation.after500 ?? {}).length : 0);
