import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { channelsFromAnswer, type Channel } from '../../../shared/channel';
import { runState, RunSlot } from '../../../shared/runState';
import { apiRequest } from '../../../shared/transport';
import { getChannelSettings } from '../../channel/getSettings';
import { getManyChannels } from '../../channel/getMany';

/**
 * What Post → Create asks the service besides POST /posts, once per run: the channel list (names,
 * platforms, unknown ids) and an X channel's text limit. Answers are kept for the run
 * (shared/runState.ts), shared by its items.
 */

const LOOKUPS = new RunSlot<Map<string, Promise<unknown>>>("Post → Create's look-ups");

async function cached<T>(
	context: IExecuteSingleFunctions,
	key: string,
	load: () => Promise<T>,
): Promise<T> {
	const cache = runState(context).get(LOOKUPS, () => new Map());
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
			route: getManyChannels.route,
			itemIndex: context.getItemIndex(),
		});
		return channelsFromAnswer(answer);
	});
}

export async function channelsById(
	context: IExecuteSingleFunctions,
): Promise<Map<string, Channel>> {
	return new Map((await serviceChannels(context)).map((channel) => [channel.id, channel]));
}

/** Most characters of an X channel: GET /integration-settings/:id knows a premium account. */
export async function channelMaxLength(
	context: IExecuteSingleFunctions,
	channelId: string,
): Promise<number | undefined> {
	return await cached(context, `maxLength:${channelId}`, async () => {
		const answer = (await apiRequest.call(
			context,
			'GET',
			`/integration-settings/${encodeURIComponent(channelId)}`,
			{ itemIndex: context.getItemIndex(), route: getChannelSettings.route },
		)) as { output?: { maxLength?: unknown } };
		const max = answer?.output?.maxLength;
		return typeof max === 'number' ? max : undefined;
	});
}
