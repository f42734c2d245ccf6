import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { postIdField } from '../../shared/descriptions';

const fields: INodeProperties[] = [
	postIdField(),
	{
		displayName: 'Some installs of the service delete the whole group of the post (all channels of the request that created it), not just this post',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
];

export const postDeleteFields = updateDisplayOptions({ show: { resource: ['post'], operation: ['delete'] } }, fields);
