import {
	NodeOperationError,
	type IDataObject,
	type ILoadOptionsFunctions,
	type INodeListSearchResult,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { isPlatformId, PLATFORMS, type PlatformId } from '../shared/platforms';
import { channelsFromAnswer, type Channel } from '../shared/channel';
import { declareRoute } from '../shared/routeFacts';
import { apiRequest } from '../shared/transport';
import { runChannelTool } from '../resources/channel/runTool';
import { getChannelSettings } from '../resources/channel/getSettings';
import { getManyChannels } from '../resources/channel/getMany';
import { DAY_MS, getManyPosts, MAX_RANGE_DAYS } from '../resources/post/getMany';
import { getMissingItems as getMissingItemsOperation } from '../resources/post/getMissingItems';

/** Dropdown and "From List" lists, each for a fixed, small number of requests (methods.test.ts). */

/**
 * The value of a field of the node being edited (a resource locator's ID): `&name` is the field
 * next to the one asking (inside a Channels entry, that entry's own), else the top-level field.
 */
function currentId(context: ILoadOptionsFunctions, name: string, label: string): string {
	let raw = (context.getCurrentNodeParameter(`&${name}`) ??
		context.getCurrentNodeParameter(name)) as unknown;
	// A resource locator is {__rl, mode, value}; the list and ID modes both hold the ID itself.
	if (raw && typeof raw === 'object' && 'value' in raw) raw = (raw as { value: unknown }).value;
	const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
	if (!value || value.startsWith('=')) {
		throw new NodeOperationError(context.getNode(), `Choose "${label}" first`, {
			description: `This list depends on "${label}"; pick it (a fixed value, not an expression) and open the list again.`,
		});
	}
	return encodeURIComponent(value);
}

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

/** A Discord channel's chat channels, by its `channels` tool: one POST /integration-trigger. */
export async function getDiscordChannels(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const channel = currentId(this, 'channel', 'Channel');
	const answer = (await apiRequest
		.call(this, 'POST', `/integration-trigger/${channel}`, {
			route: runChannelTool.route,
			body: { methodName: 'channels', data: {} },
		})
		.catch((error: Error & { description?: string }) => {
			// Another platform's channel has no "channels" tool: say that, not "no such tool".
			if (!/tool/i.test(`${error.message} ${error.description ?? ''}`)) throw error;
			throw new NodeOperationError(this.getNode(), 'The Channel chosen is not a Discord channel', {
				description:
					'This list shows the chat channels of a Discord channel. Pick a Discord channel under "Channel" (with Platform set to Discord the list shows only those).',
			});
		})) as IDataObject;
	const list = (Array.isArray(answer?.output) ? answer.output : []) as IDataObject[];
	return list
		.filter((c) => c.id !== undefined && c.id !== null)
		.map((c) => ({ name: `#${String(c.name ?? c.id)}`, value: String(c.id) }))
		.sort(byName);
}

/** Tools of the chosen channel: one GET /integration-settings/:id. */
export async function getChannelTools(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const channel = currentId(this, 'channel', 'Channel');
	const answer = (await apiRequest.call(this, 'GET', `/integration-settings/${channel}`, {
		route: getChannelSettings.route,
	})) as IDataObject;
	const tools = ((answer?.output as IDataObject | undefined)?.tools ?? []) as IDataObject[];
	return tools
		.filter((t) => typeof t.methodName === 'string')
		.map((t) => ({
			name: String(t.methodName),
			value: String(t.methodName),
			description: typeof t.description === 'string' ? t.description : undefined,
		}))
		.sort(byName);
}

/** A tag's name in either shape: the spec's `{value, label}` or production's `{tag: {name}}`. */
export function tagName(tag: unknown): string | undefined {
	const t = Object(tag) as { label?: unknown; tag?: { name?: unknown }; name?: unknown };
	const names = [typeof tag === 'string' ? tag : undefined, t.label, t.tag?.name, t.name];
	return names.find((name): name is string => typeof name === 'string' && name !== '');
}

/**
 * Tags of the organisation, read from posts (no route lists them): one GET /posts of 185 days back
 * and ahead, then up to two windows further back while none has a tag, each the most one request
 * covers. None at all is said, not an empty list.
 */
export async function getTags(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const now = Date.now();
	let [start, end] = [now - (MAX_RANGE_DAYS / 2) * DAY_MS, now + (MAX_RANGE_DAYS / 2) * DAY_MS];
	const names = new Set<string>();
	for (let window = 0; window <= 2 && names.size === 0; window++) {
		const answer = (await apiRequest.call(this, 'GET', '/posts', {
			route: getManyPosts.route,
			qs: { startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() },
		})) as IDataObject;
		const posts = (answer?.posts ?? []) as IDataObject[];
		const tags = posts.flatMap((post) => (Array.isArray(post.tags) ? post.tags : []));
		for (const name of tags.map(tagName)) if (name) names.add(name);
		[start, end] = [start - 1 - MAX_RANGE_DAYS * DAY_MS, start - 1];
	}
	if (names.size === 0) {
		throw new NodeOperationError(this.getNode(), 'No tags found on your posts', {
			description:
				'The service lists tags only on posts (it has no list of tags), and no post of the last two and a half years has one. Create the tag in the service and give its name with an expression, e.g. {{ ["Launch"] }}; it appears here once a post carries it.',
		});
	}
	return [...names].map((name) => ({ name, value: name })).sort(byName);
}

/** Candidates for a post's release ID: one GET /posts/:id/missing. */
export async function getMissingItems(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const post = currentId(this, 'postId', 'Post ID');
	const answer = (await apiRequest.call(this, 'GET', `/posts/${post}/missing`, {
		route: getMissingItemsOperation.route,
	})) as unknown;
	return ((Array.isArray(answer) ? answer : []) as IDataObject[])
		.filter((item) => item.id !== undefined)
		.map((item) => ({
			name: typeof item.url === 'string' && item.url ? item.url : String(item.id),
			value: String(item.id),
			description: `ID ${String(item.id)}`,
		}));
}

/** Channels of the organisation: one GET /integrations. */
async function readChannels(context: ILoadOptionsFunctions): Promise<Channel[]> {
	return channelsFromAnswer(
		await apiRequest.call(context, 'GET', '/integrations', { route: getManyChannels.route }),
	);
}

/** The organisation's customers as production lists them (service-notes: GET /groups). */
const listCustomers = declareRoute('GET', '/groups', {
	answer: {
		is: 'the list of customers',
		shape: { list: { object: { id: 'any', 'name?': 'any' } } },
	},
});

/**
 * The organisation's customers: one GET /groups; where an install answers 404 (the spec has no such
 * route), the customers that own channels, from one GET /integrations.
 */
export async function getCustomers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const customers = new Map<string, string>();
	const groups = await apiRequest
		.call(this, 'GET', '/groups', { route: listCustomers })
		.catch((error: { httpCode?: string }) => {
			if (error?.httpCode === '404') return undefined;
			throw error;
		});
	if (Array.isArray(groups)) {
		for (const group of groups as IDataObject[])
			if (group.id !== undefined && group.id !== null)
				customers.set(String(group.id), String(group.name ?? group.id));
	} else {
		for (const { customer } of await readChannels(this))
			if (customer?.id) customers.set(customer.id, customer.name ?? customer.id);
	}
	return [...customers].map(([value, name]) => ({ name, value })).sort(byName);
}

/** A platform as channel labels name it; the node's hint reads the labels by it (hints.ts). */
export function platformName(platform: string | undefined): string {
	// "Instagram (Business Account)" reads as "Instagram" inside the label's own parentheses.
	const name = platform ? PLATFORMS[platform as PlatformId]?.displayName : undefined;
	return name?.replace(/\s*\(.*\)$/, '') || platform || 'unknown platform';
}

/** "Name (Platform)", with the state and the client so that similar channels can be told apart. */
export function channelLabel(channel: Channel): string {
	const extras = [platformName(channel.platform)];
	if (channel.customer?.name) extras.push(channel.customer.name);
	if (channel.disabled) extras.push('disabled');
	return `${channel.name ?? channel.id} (${extras.join(', ')})`;
}

/**
 * The Channel locator's list: the search text matches name, username, platform and client;
 * inside a Post → Create Channels entry, only that entry's platform's channels.
 */
export async function searchChannels(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	let platform = '';
	try {
		const entry = this.getCurrentNodeParameter('&platform');
		if (typeof entry === 'string' && isPlatformId(entry)) platform = entry;
	} catch {
		// Outside a Channels entry `&platform` does not exist.
	}
	const needle = (filter ?? '').trim().toLowerCase();
	const searched = (channel: Channel) =>
		[
			channel.name,
			channel.profile,
			channel.platform,
			platformName(channel.platform),
			channel.customer?.name,
			channel.id,
		]
			.filter(Boolean)
			.join(' ')
			.toLowerCase();
	const results = (await readChannels(this))
		.filter((channel) => !platform || channel.platform === platform)
		.filter((channel) => searched(channel).includes(needle))
		.sort(
			(a, b) =>
				Number(a.disabled === true) - Number(b.disabled === true) ||
				String(a.name).localeCompare(String(b.name)),
		)
		.map((channel) => ({ name: channelLabel(channel), value: channel.id }));
	return { results };
}

/** The voices of the Image Text Slides kind (service-notes: POST /video/function `loadVoices`). */
const loadVoices = declareRoute('POST', '/video/function', {
	answer: {
		is: 'the list of voices',
		shape: { object: { voices: { list: { object: { id: 'any', 'name?': 'any' } } } } },
	},
});

/**
 * Generate Video's Voice list: one POST /video/function; the search text matches name and ID. The
 * service runs the voices provider for it, so an install without its key answers 500.
 */
export async function searchVoices(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const answer = (await apiRequest.call(this, 'POST', '/video/function', {
		route: loadVoices,
		body: { identifier: 'image-text-slides', functionName: 'loadVoices', params: {} },
	})) as { voices: IDataObject[] };
	const needle = (filter ?? '').trim().toLowerCase();
	const results = answer.voices
		.map((voice) => ({ name: String(voice.name ?? voice.id), value: String(voice.id) }))
		.filter((voice) => `${voice.name} ${voice.value}`.toLowerCase().includes(needle))
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}
