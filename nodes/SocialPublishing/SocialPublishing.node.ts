import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { BASE_URL_EXPRESSION } from '../../credentials/SocialPublishingApi.credentials';
import {
	getChannelTools,
	getCustomers,
	getDiscordChannels,
	getMissingItems,
	getTags,
	searchChannels,
	searchVoices,
} from './methods/loadOptions';
import { NODE_HINTS } from './hints';
import { resourceProperties, sendThroughTransport } from './resources';
import { ACTION_DESCRIPTION } from './shared/nodesPanel';
import { requestOptionsCollection } from './shared/transport/policy';

export class SocialPublishing implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Publishing',
		name: 'socialPublishing',
		icon: { light: 'file:socialPublishing.svg', dark: 'file:socialPublishing.dark.svg' },
		group: ['output'],
		version: 1,
		// Each operation's `action` ("Create a post"), as a string literal for n8n's lint;
		// SocialPublishing.node.test.ts keeps it equal to the actions.
		subtitle:
			'={{ ({"analytics:getChannel":"Get the analytics of a channel","analytics:getPost":"Get the analytics of a post","channel:checkConnection":"Check the connection","channel:delete":"Delete a channel","channel:getConnectUrl":"Get a connect URL for a platform","channel:getMany":"Get many channels","channel:getSettings":"Get the settings of a channel","channel:runTool":"Run a tool of a channel","media:generateVideo":"Generate a video","media:getMany":"Get many media items","media:upload":"Upload a file","media:uploadFromUrl":"Upload a file from a URL","notification:getMany":"Get many notifications","post:create":"Create a post","post:delete":"Delete a post","post:deleteGroup":"Delete a group of posts","post:getMany":"Get many posts","post:getMissingItems":"Get the platform items a post may be","post:setReleaseId":"Set the release ID of a post","post:setStatus":"Set the status of a post","post:update":"Update a post","slot:findNextFree":"Find the next free posting slot"})[$parameter["resource"] + ":" + $parameter["operation"]] }}',
		description: ACTION_DESCRIPTION,
		defaults: { name: 'Social Publishing' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialPublishingApi', required: true }],
		requestDefaults: {
			baseURL: BASE_URL_EXPRESSION,
			headers: { Accept: 'application/json' },
		},
		// RoutingNode offers a declarative node one hook around a request: every operation opts in
		// (`send.paginate: true`, shared/routing.ts routeTo), so shared/transport/ sends every request.
		requestOperations: { pagination: sendThroughTransport },
		// The editor shows them in the panel: a Channels entry with another platform's channel.
		hints: NODE_HINTS,
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
			...resourceProperties,
			requestOptionsCollection,
		],
	};

	methods = {
		listSearch: { searchChannels, searchVoices },
		loadOptions: { getChannelTools, getCustomers, getDiscordChannels, getMissingItems, getTags },
	};
}
