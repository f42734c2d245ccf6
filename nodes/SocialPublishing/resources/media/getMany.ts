import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../shared/descriptions';

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

export const mediaGetManyFields = updateDisplayOptions({ show: { resource: ['media'], operation: ['getMany'] } }, fields);
