import type { INodeProperties } from 'n8n-workflow';

import { routeTo } from '../../shared/descriptions';
import { slotItem } from '../../shared/output';
import { slotFindNextFreeFields } from './findNextFree';

export const slotDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['slot'] } },
		options: [
			{
				name: 'Find Next Free',
				value: 'findNextFree',
				action: 'Find the next free posting slot',
				description: 'The first future posting time of a channel that has no post yet (GET /find-slot/:channel)',
				routing: routeTo('GET', '/find-slot/{channel}', { postReceive: [slotItem] }),
			},
		],
		default: 'findNextFree',
	},
	...slotFindNextFreeFields,
];
