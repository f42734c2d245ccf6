import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { BASE_URL_EXPRESSION } from '../../credentials/SocialPublishingApi.credentials';
import { channelDescription } from './resources/channel';
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
		requestOperations: { pagination: sendRequest },
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [{ name: 'Channel', value: 'channel' }],
				default: 'channel',
			},
			...channelDescription,
		],
	};
}
