import type { IExecuteSingleFunctions } from 'n8n-workflow';

import type { Channel } from '../../../shared/channel';
import { apiRequest } from '../../../shared/transport';

/**
 * What Post → Create asks the service besides POST /posts, once per execution: the channel list (names, platforms,
 * unknown ids) and an X channel's text limit. Answers are kept for the execution, shared by its items.
 */

/** Keyed by the node's context object, which lives as long as the execution (one per node and execution). */
const executionCaches = new WeakMap<object, Map<string, Promise<unknown>>>();

export function cacheOf(context: IExecuteSingleFunctions): Map<string, Promise<unknown>> {
	let owner: object = context;
	try {
		owner = context.getContext('node');
	} catch {
		// No execution data (should not happen in a run): cache for this item only.
	}
	let cache = executionCaches.get(owner);
	if (!cache) {
		cache = new Map();
		executionCaches.set(owner, cache);
	}
	return cache;
}

async function cached<T>(
	context: IExecuteSingleFunctions,
	key: string,
	load: () => Promise<T>,
): Promise<T> {
	const cache = cacheOf(context);
	let value = cache.get(key) as Promise<T> | undefined;
	if (!value) {
		value = load();
		cache.set(key, value);
		// A failed lookup is not kept: the next item asks again.
		value.catch(() => cache.delete(key));
	}
	return await value;
}

export async function serviceChannels(context: IExecuteSingleFunctions): Promise<Channel[]> {
	return await cached(context, 'integrations', async () => {
		const answer = await apiRequest.call(context, 'GET', '/integrations', {
			itemIndex: context.getItemIndex(),
		});
		return Array.isArray(answer) ? (answer as Channel[]) : [];
	});
}

/** Most characters of an X channel: GET /integration-settings/:id knows whether the account is premium. */
export async function channelMaxLength(
	context: IExecuteSingleFunctions,
	channelId: string,
): Promise<number | undefined> {
	return await cached(context, `maxLength:${channelId}`, async () => {
		const answer = (await apiRequest.call(
			context,
			'GET',
			`/integration-settings/${encodeURIComponent(channelId)}`,
			{
				itemIndex: context.getItemIndex(),
			},
		)) as { output?: { maxLength?: unknown } };
		const max = answer?.output?.maxLength;
		return typeof max === 'number' ? max : undefined;
	});
}
