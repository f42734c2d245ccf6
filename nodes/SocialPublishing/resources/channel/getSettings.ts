import type { INodeProperties } from 'n8n-workflow';

import { channelLocator } from '../../shared/descriptions';
import { outputItems } from '../../shared/items';
import { defineOperation, routeTo } from '../../shared/routing';

const fields: INodeProperties[] = [channelLocator()];

export const getChannelSettings = defineOperation(
	'channel',
	{
		name: 'Get Settings',
		value: 'getSettings',
		action: 'Get the settings of a channel',
		description:
			'Get the rules, most characters, post settings and tools of a channel (GET /integration-settings/:channel)',
		routing: routeTo('GET', '/integration-settings/{channel}', {
			postReceive: [outputItems],
			facts: { answer: { is: "the channel's settings", shape: { object: { output: 'object' } } } },
		}),
	},
	fields,
);
