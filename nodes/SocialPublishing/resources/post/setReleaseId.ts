import type { INodeProperties } from 'n8n-workflow';

import { postIdField } from '../../shared/descriptions';
import { checkValues, defineOperation, routeTo } from '../../shared/routing';

const fields: INodeProperties[] = [
	postIdField({ description: 'A published post waiting for its platform ID' }),
	{
		displayName: 'Release Name or ID',
		name: 'releaseId',
		type: 'options',
		required: true,
		typeOptions: { loadOptionsMethod: 'getMissingItems', loadOptionsDependsOn: ['postId'] },
		default: '',
		description:
			'The platform item the post is, from the channel\'s recent items (Post → Get Missing Items). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		routing: { send: { type: 'body', property: 'releaseId' } },
	},
];

export const setReleaseId = defineOperation(
	'post',
	{
		name: 'Set Release ID',
		value: 'setReleaseId',
		action: 'Set the release ID of a post',
		description: 'Tell the service which platform item a published post is',
		routing: routeTo('PUT', '/posts/{postId}/release-id', {
			preSend: [checkValues({ name: 'releaseId', label: 'Release Name or ID', filled: true })],
			facts: {
				// The spec's `{id, releaseId}`; production answers the post's whole record.
				answer: { is: 'the updated post', shape: { object: { id: 'text' } } },
				explain: {
					404: ({ id }) => ({
						message: `Post ${id} is not waiting for a release ID`,
						description:
							'Only a post published without its platform id can take one. Post → Get Missing ' +
							'Items lists the candidates when it is waiting.',
					}),
				},
			},
		}),
	},
	fields,
);
