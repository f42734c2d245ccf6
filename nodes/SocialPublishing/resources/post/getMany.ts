import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

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
			{
				displayName: 'Customer Name or ID',
				name: 'customer',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getCustomers' },
				default: '',
				description: 'Only the posts of this client\'s channels. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				routing: { send: { type: 'query', property: 'customer', value: '={{ $value || undefined }}' } },
			},
		],
	},
];

export const postGetManyFields = updateDisplayOptions({ show: { resource: ['post'], operation: ['getMany'] } }, fields);
