import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { PLATFORMS, type PlatformId } from '../shared/platforms';
import { apiRequest } from '../shared/transport';

/** Resource locator lists ("From List"). */

interface ChannelRow {
	id: string;
	name?: string;
	identifier?: string;
	profile?: string;
	disabled?: boolean;
	customer?: { id?: string; name?: string };
}

function platformName(identifier: string | undefined): string {
	// "Instagram (Business Account)" reads as "Instagram" inside the label's own parentheses.
	const name = identifier ? PLATFORMS[identifier as PlatformId]?.displayName : undefined;
	return name?.replace(/\s*\(.*\)$/, '') || identifier || 'unknown platform';
}

/** "Name (Platform)", with the state and the client so that similar channels can be told apart. */
export function channelLabel(channel: ChannelRow): string {
	const extras = [platformName(channel.identifier)];
	if (channel.customer?.name) extras.push(channel.customer.name);
	if (channel.disabled) extras.push('disabled');
	return `${channel.name ?? channel.id} (${extras.join(', ')})`;
}

/**
 * Channels of the organisation: one GET /integrations. The search text matches name, username,
 * platform and client; a `channelPlatform` parameter on the node (where an operation needs one platform)
 * narrows the list to it.
 */
export async function searchChannels(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const channels = await apiRequest.call(this, 'GET', '/integrations');
	const rows = (Array.isArray(channels) ? channels : []) as ChannelRow[];
	let platform = '';
	try {
		platform = String(this.getCurrentNodeParameter('channelPlatform') ?? '');
	} catch {
		platform = '';
	}
	const needle = (filter ?? '').trim().toLowerCase();
	const results = rows
		.filter((channel) => !platform || channel.identifier === platform)
		.filter((channel) => {
			if (!needle) return true;
			const haystack = [channel.name, channel.profile, channel.identifier, platformName(channel.identifier), channel.customer?.name, channel.id]
				.filter(Boolean)
				.join(' ')
				.toLowerCase();
			return haystack.includes(needle);
		})
		.sort((a, b) => Number(a.disabled === true) - Number(b.disabled === true) || String(a.name).localeCompare(String(b.name)))
		.map((channel) => ({ name: channelLabel(channel), value: channel.id }));
	return { results };
}
