import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { customerFilter } from '../../shared/descriptions';
import { PLATFORM_IDS, PLATFORMS } from '../../shared/platforms';

const fields: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			customerFilter('channels of this client'),
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
