import type { INodeProperties } from 'n8n-workflow';

import { routeTo } from '../../shared/descriptions';
import { channelDeleted, filterChannels, outputItems } from '../../shared/output';
import { toolRequestBody } from '../../shared/preSend';
import { channelDeleteFields } from './delete';
import { channelGetConnectUrlFields } from './getConnectUrl';
import { channelGetManyFields } from './getMany';
import { channelGetSettingsFields } from './getSettings';
import { channelRunToolFields } from './runTool';

const showOnlyForChannels = { resource: ['channel'] };

export const channelDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyForChannels },
		options: [
			{
				name: 'Check Connection',
				value: 'checkConnection',
				action: 'Check the connection',
				description: 'Check that the API key works (GET /is-connected)',
				routing: routeTo('GET', '/is-connected'),
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a channel',
				description: 'Remove a channel and all its posts (DELETE /integrations/:channel)',
				routing: routeTo('DELETE', '/integrations/{channel}', { postReceive: [channelDeleted] }),
			},
			{
				name: 'Get Connect URL',
				value: 'getConnectUrl',
				action: 'Get a connect URL for a platform',
				description: 'Get the address where a member of the organisation connects a new channel (GET /social/:platform)',
				routing: routeTo('GET', '/social/{platform}'),
			},
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many channels',
				description: 'List the connected channels (GET /integrations)',
				routing: routeTo('GET', '/integrations', { postReceive: [filterChannels] }),
			},
			{
				name: 'Get Settings',
				value: 'getSettings',
				action: 'Get the settings of a channel',
				description: 'Get the rules, most characters, post settings and tools of a channel (GET /integration-settings/:channel)',
				routing: routeTo('GET', '/integration-settings/{channel}', { postReceive: [outputItems] }),
			},
			{
				name: 'Run Tool',
				value: 'runTool',
				action: 'Run a tool of a channel',
				description: 'Run one of the channel\'s tools, e.g. list a Discord server\'s channels (POST /integration-trigger/:channel)',
				routing: routeTo('POST', '/integration-trigger/{channel}', { preSend: [toolRequestBody], postReceive: [outputItems] }),
			},
		],
		default: 'getMany',
	},
	...channelDeleteFields,
	...channelGetConnectUrlFields,
	...channelGetManyFields,
	...channelGetSettingsFields,
	...channelRunToolFields,
];
