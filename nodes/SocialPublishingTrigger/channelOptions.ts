import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { getManyChannels } from '../SocialPublishing/resources/channel/getMany';
import { channelLabel } from '../SocialPublishing/methods/loadOptions';
import { channelsFromAnswer } from '../SocialPublishing/shared/channel';
import { apiRequest } from '../SocialPublishing/shared/transport';

/** The Channels picker of post events: one GET /integrations, labelled as the action node's. */
export async function getChannels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const answer = await apiRequest.call(this, 'GET', '/integrations', {
		route: getManyChannels.route,
	});
	return channelsFromAnswer(answer)
		.map((channel) => ({ name: channelLabel(channel), value: channel.id }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
