import type { INodeProperties } from 'n8n-workflow';

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
				routing: { request: { method: 'GET', url: '/is-connected' }, send: { paginate: true } },
			},
		],
		default: 'checkConnection',
	},
];
