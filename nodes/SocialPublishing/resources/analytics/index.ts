import type { INodeProperties } from 'n8n-workflow';

import { routeTo } from '../../shared/descriptions';
import { itemsOf, postAnalyticsItems } from '../../shared/output';
import { analyticsGetChannelFields } from './getChannel';
import { analyticsGetPostFields } from './getPost';

export const analyticsDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['analytics'] } },
		options: [
			{
				name: 'Get Channel Analytics',
				value: 'getChannel',
				action: 'Get the analytics of a channel',
				description: 'One item per series (label and daily totals) of a channel (GET /analytics/:channel)',
				routing: routeTo('GET', '/analytics/{channel}', { postReceive: [itemsOf()] }),
			},
			{
				name: 'Get Post Analytics',
				value: 'getPost',
				action: 'Get the analytics of a post',
				description: 'One item per series of a published post (GET /analytics/post/:post)',
				routing: routeTo('GET', '/analytics/post/{postId}', { postReceive: [postAnalyticsItems] }),
			},
		],
		default: 'getChannel',
	},
	...analyticsGetChannelFields,
	...analyticsGetPostFields,
];
