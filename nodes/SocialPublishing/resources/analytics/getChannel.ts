import { channelLocator } from '../../shared/descriptions';
import { itemsOf } from '../../shared/items';
import { checkValues, defineOperation, routeTo } from '../../shared/routing';
import { daysField } from './days';

export const getChannelAnalytics = defineOperation(
	'analytics',
	{
		name: 'Get Channel Analytics',
		value: 'getChannel',
		action: 'Get the analytics of a channel',
		description:
			'One item per series (label and daily totals) of a channel (GET /analytics/:channel)',
		routing: routeTo('GET', '/analytics/{channel}', {
			preSend: [checkValues({ name: 'days', label: 'Days', atLeast: 1 })],
			postReceive: [itemsOf()],
			facts: { answer: { is: 'the list of analytics series', shape: { list: 'object' } } },
		}),
	},
	[channelLocator(), daysField],
);
