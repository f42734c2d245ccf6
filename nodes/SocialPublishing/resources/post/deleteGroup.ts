import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

const fields: INodeProperties[] = [
	{
		displayName: 'Group',
		name: 'group',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 9d0c2f4e-...',
		description: 'The "group" value of a post (Post → Get Many shows it); all posts of that group are deleted',
	},
];

export const postDeleteGroupFields = updateDisplayOptions({ show: { resource: ['post'], operation: ['deleteGroup'] } }, fields);
