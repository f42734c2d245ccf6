import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { postIdField } from '../../shared/descriptions';
import { toItems, type OutputStep } from '../../shared/items';
import { checkValues, defineOperation, idParameter, routeTo } from '../../shared/routing';
import { redactSecrets } from '../../shared/secrets';
import { daysField } from './days';

/** Analytics → Get Post Analytics: `{missing: true}` explained instead of passed on. */
const postAnalyticsItems: OutputStep = async function (_items, response) {
	const body = response.body as IDataObject | unknown[];
	if (body && !Array.isArray(body) && (body as IDataObject).missing === true) {
		const postId = idParameter(this, 'postId');
		throw new NodeOperationError(
			this.getNode(),
			`Post ${postId} has no analytics yet: its platform did not report the published item's ID`,
			{
				itemIndex: this.getItemIndex(),
				description:
					"Run Post → Get Missing Items for this post to see the channel's recent items, then Post → Set Release ID with the right one; analytics work after that.",
			},
		);
	}
	return toItems(redactSecrets(Array.isArray(body) ? body : []));
};

export const getPostAnalytics = defineOperation(
	'analytics',
	{
		name: 'Get Post Analytics',
		value: 'getPost',
		action: 'Get the analytics of a post',
		description: 'One item per series of a published post (GET /analytics/post/:post)',
		routing: routeTo('GET', '/analytics/post/{postId}', {
			preSend: [checkValues({ name: 'days', label: 'Days', atLeast: 1 })],
			postReceive: [postAnalyticsItems],
			// A list of series, or `{missing: true}` when the platform did not report the post's id.
			facts: {
				answer: {
					is: 'the list of analytics series',
					shape: { oneOf: [{ list: 'object' }, { object: { missing: 'boolean' } }] },
				},
			},
		}),
	},
	[postIdField({ description: 'A published post' }), daysField],
);
