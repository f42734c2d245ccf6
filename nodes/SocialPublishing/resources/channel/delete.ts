import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { channelLocator } from '../../shared/descriptions';

const fields: INodeProperties[] = [
	channelLocator({ description: 'The channel to remove. All its posts are deleted with it.' }),
	{
		displayName: 'Removing a channel also deletes all of its posts, scheduled ones included. This cannot be undone.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
];

export const channelDeleteFields = updateDisplayOptions({ show: { resource: ['channel'], operation: ['delete'] } }, fields);
