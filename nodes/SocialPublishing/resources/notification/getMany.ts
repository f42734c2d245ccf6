import { limitRule, returnAllAndLimit } from '../../shared/descriptions';
import { itemsOf } from '../../shared/items';
import { checkValues, defineOperation, routeTo } from '../../shared/routing';
import { numberedPages } from '../pages';
import type { AnswerContract } from '../../shared/transport/answers';

/** One page of GET /notifications (spec 4.6); the trigger reads the same pages. */
export const NOTIFICATION_PAGE: AnswerContract = {
	is: 'a page of notifications',
	shape: { object: { notifications: { list: 'object' }, 'hasMore?': 'boolean' } },
};

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
			facts: { answer: NOTIFICATION_PAGE },
		}),
	},
	[...returnAllAndLimit(100, 'notifications')],
);
