import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { isPlatformId, PLATFORMS, type PlatformId } from '../shared/platforms';
import { channelsFromAnswer, type Channel } from '../shared/channel';
import { apiRequest } from '../shared/transport';
import { getManyChannels } from '../resources/channel/getMany';

/** Resource locator lists ("From List"). */

function platformName(platform: string | undefined): string {
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
 * The platform the list is for: in a Post → Create Channels entry, that entry's Platform (resolved
 * next to the Channel asking); none for "Look Up From Channel" and elsewhere.
 */
function platformOfEntry(context: ILoadOptionsFunctions): string {
	try {
		const platform = context.getCurrentNodeParameter('&platform');
		return typeof platform === 'string' && isPlatformId(platform) ? platform : '';
	} catch {
		return '';
	}
}

/**
 * Channels of the organisation: one GET /integrations. The search text matches name, username,
 * platform and client; inside a Post → Create Channels entry, only that entry's platform's.
 */
export async function searchChannels(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const rows = channelsFromAnswer(
		await apiRequest.call(this, 'GET', '/integrations', { route: getManyChannels.route }),
	);
	const platform = platformOfEntry(this);
	const needle = (filter ?? '').trim().toLowerCase();
	/** What the search text is looked for in. */
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
	const results = rows
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
