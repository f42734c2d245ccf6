import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { routeTo } from '../../shared/descriptions';
import { itemsOf } from '../../shared/output';
import { paginated } from '../../shared/transport';
import { notificationGetManyFields } from './getMany';

/** Pages from 0, newest first, while the answer says `hasMore`. */
const readPages = paginated(() => ({
	start: (qs) => {
		qs.page = 0;
		return true;
	},
	next: (answer, qs) => {
		if ((answer as IDataObject | undefined)?.hasMore !== true) return false;
		qs.page = Number(qs.page) + 1;
		return true;
	},
}));

export const notificationDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['notification'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many notifications',
				description: 'The organisation\'s notifications, newest first (GET /notifications)',
				routing: routeTo('GET', '/notifications', { postReceive: [itemsOf('notifications')], pagination: readPages }),
			},
		],
		default: 'getMany',
	},
	...notificationGetManyFields,
];
