import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { customerFilter } from '../../shared/descriptions';

const fields: INodeProperties[] = [
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		description: 'Start of the range. Empty: 30 days ago.',
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		description: 'End of the range. Empty: 30 days ahead. A range over 370 days is read in several requests.',
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			customerFilter("posts of this client's channels", {
				routing: { send: { type: 'query', property: 'customer', value: '={{ $value || undefined }}' } },
			}),
		],
	},
];

export const postGetManyFields = updateDisplayOptions({ show: { resource: ['post'], operation: ['getMany'] } }, fields);
