import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { PLATFORM_IDS, PLATFORMS } from '../../shared/platforms';

const fields: INodeProperties[] = [
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
				description: 'Only the channels of this client. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Platforms',
				name: 'platforms',
				type: 'multiOptions',
				default: [],
				description: 'Only channels on these platforms',
				options: PLATFORM_IDS.map((id) => ({ name: PLATFORMS[id].displayName, value: id })).sort((a, b) => a.name.localeCompare(b.name)),
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				default: 'all',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Disabled Only', value: 'disabled' },
					{ name: 'Enabled Only', value: 'enabled' },
				],
			},
		],
	},
];

export const channelGetManyFields = updateDisplayOptions({ show: { resource: ['channel'], operation: ['getMany'] } }, fields);
