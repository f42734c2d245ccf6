import type { INodeProperties } from 'n8n-workflow';

import { postIdField } from '../../shared/descriptions';
import { itemsOf } from '../../shared/items';
import { defineOperation, routeTo } from '../../shared/routing';

const fields: INodeProperties[] = [
	postIdField({
		description: 'A published post whose platform did not report the ID of the published item',
	}),
];

export const getMissingItems = defineOperation(
	'post',
	{
		name: 'Get Missing Items',
		value: 'getMissingItems',
		action: 'Get the platform items a post may be',
		description:
			"For a post published without its platform ID: the channel's recent items (GET /posts/:post/missing)",
		routing: routeTo('GET', '/posts/{postId}/missing', {
			postReceive: [itemsOf()],
			facts: {
				answer: { is: "the list of the channel's recent items", shape: { list: 'object' } },
			},
		}),
	},
	fields,
);
