import type { IDataObject } from 'n8n-workflow';

import { limitRule, returnAllAndLimit } from '../../shared/descriptions';
import { itemsOf } from '../../shared/items';
import { checkValues, defineOperation, routeTo } from '../../shared/routing';
import { paginated } from '../../shared/transport';
import type { AnswerContract } from '../../shared/transport/answers';

/** One page of GET /notifications (spec 4.6); the trigger reads the same pages. */
export const NOTIFICATION_PAGE: AnswerContract = {
	is: 'a page of notifications',
	shape: { object: { notifications: { list: 'object' }, 'hasMore?': 'boolean' } },
};

const hasEntries = (list: unknown) => Array.isArray(list) && list.length > 0;

/**
 * Pages from 0, newest first, while the answer says `hasMore`; an empty page ends the list whatever
 * it says (nothing lies past it: a service saying "more" there would cost the page bound's
 * requests).
 */
const readPages = paginated(() => ({
	start: (qs) => {
		qs.page = 0;
		return true;
	},
	next: (answer, qs) => {
		const page = answer as IDataObject | undefined;
		if (page?.hasMore !== true || !hasEntries(page.notifications)) return false;
		qs.page = Number(qs.page) + 1;
		return true;
	},
}));

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
			pagination: readPages,
			facts: { answer: NOTIFICATION_PAGE },
		}),
	},
	[...returnAllAndLimit(100, 'notifications')],
);
