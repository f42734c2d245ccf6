import type { INodeProperties } from 'n8n-workflow';

import { limitRule, returnAllAndLimit } from '../../shared/descriptions';
import { itemsOf } from '../../shared/items';
import { checkValues, defineOperation, routeTo } from '../../shared/routing';
import { numberedPages } from '../pages';

const fields: INodeProperties[] = [
	{
		displayName: 'Search',
		name: 'search',
		type: 'string',
		default: '',
		description: 'Only media whose original file name contains this text',
		routing: { send: { type: 'query', property: 'search', value: '={{ $value || undefined }}' } },
	},
	...returnAllAndLimit(18, 'media items'),
];

export const getManyMedia = defineOperation(
	'media',
	{
		name: 'Get Many',
		value: 'getMany',
		action: 'Get many media items',
		description: 'The media library, newest first (GET /media; absent on some installs)',
		routing: routeTo('GET', '/media', {
			preSend: [checkValues(limitRule)],
			postReceive: [itemsOf('results')],
			// Pages from 1 up to the `pages` the answer gives.
			pagination: numberedPages(
				1,
				'results',
				(page, qs) => Number(qs.page) < Number(page.pages ?? 0),
			),
			facts: {
				answer: {
					is: 'a page of the media library',
					shape: { object: { results: { list: 'object' }, 'pages?': 'number' } },
				},
				explain: {
					404: () => ({
						message: 'This server has no media library route (GET /media answered 404)',
						description:
							"Some installs of the service (production v1.47) do not offer GET /media. Keep the id and path returned by Media → Upload or Upload From URL, or browse the library in the service's application.",
					}),
				},
			},
		}),
	},
	fields,
);
