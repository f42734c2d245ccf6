import { limitRule, returnAllAndLimit } from '../../shared/descriptions';
import { itemsOf } from '../../shared/items';
import { checkValues, defineOperation, routeTo } from '../../shared/routing';
import { numberedPages } from '../pages';

export const getManyNotifications = defineOperation(
	'notification',
	{
		name: 'Get Many',
		value: 'getMany',
		action: 'Get many notifications',
		description: "The organisation's notifications, newest first (GET /notifications)",
		routing: routeTo('GET', '/notifications', {
			preSend: [checkValues(limitRule)],
			postReceive: [itemsOf('notifications')],
			// Pages from 0, newest first, while the answer says `hasMore`.
			pagination: numberedPages(0, 'notifications', (page) => page.hasMore === true),
			// One page (spec 4.6); the trigger reads the same pages.
			facts: {
				answer: {
					is: 'a page of notifications',
					shape: { object: { notifications: { list: 'object' }, 'hasMore?': 'boolean' } },
				},
			},
		}),
	},
	[...returnAllAndLimit(100, 'notifications')],
);
