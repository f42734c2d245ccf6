import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { BASE_URL_EXPRESSION } from '../../credentials/SocialPublishingApi.credentials';
import { getChannelTools, getCustomers, getDiscordChannels, getMissingItems, getTags } from './methods/loadOptions';
import { searchChannels } from './methods/listSearch';
import { analyticsDescription } from './resources/analytics';
import { channelDescription } from './resources/channel';
import { mediaDescription } from './resources/media';
import { notificationDescription } from './resources/notification';
import { postDescription } from './resources/post';
import { slotDescription } from './resources/slot';
import { requestOptionsCollection } from './shared/descriptions';
import { sendRequest } from './shared/transport';

export class SocialPublishing implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Publishing',
		name: 'socialPublishing',
		icon: { light: 'file:socialPublishing.svg', dark: 'file:socialPublishing.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Schedule and publish posts, upload media and read analytics on a social publishing service',
		defaults: { name: 'Social Publishing' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialPublishingApi', required: true }],
		requestDefaults: {
			baseURL: BASE_URL_EXPRESSION,
			headers: { Accept: 'application/json' },
		},
		// Every operation sends through this one hook (routing.send.paginate: true); see shared/transport.ts.
		requestOperations: { pagination: sendRequest },
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Analytics', value: 'analytics' },
					{ name: 'Channel', value: 'channel' },
					{ name: 'Media', value: 'media' },
					{ name: 'Notification', value: 'notification' },
					{ name: 'Post', value: 'post' },
					{ name: 'Slot', value: 'slot' },
				],
				default: 'post',
			},
			...analyticsDescription,
			...channelDescription,
			...mediaDescription,
			...notificationDescription,
			...postDescription,
			...slotDescription,
			requestOptionsCollection,
		],
	};

	methods = {
		listSearch: { searchChannels },
		loadOptions: { getChannelTools, getCustomers, getDiscordChannels, getMissingItems, getTags },
	};
}
