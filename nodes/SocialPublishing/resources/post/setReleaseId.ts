import type { PreSendAction, INodeProperties } from 'n8n-workflow';

import { postIdField } from '../../shared/descriptions';
import { checkValues, defineOperation, refuseOversizedBody, routeTo } from '../../shared/routing';

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

/** A release id from an expression can be any length: over 100 kB production answers 413. */
const withinBodyLimit: PreSendAction = async function (requestOptions) {
	const id = String(this.getNodeParameter('releaseId', '') ?? '');
	refuseOversizedBody(
		this,
		requestOptions.body ?? { releaseId: id },
		`"Release Name or ID" (${id.length} characters)`,
		'Give the id of the platform item alone, as Post → Get Missing Items lists it.',
	);
	return requestOptions;
};

export const setReleaseId = defineOperation(
	'post',
	{
		name: 'Set Release ID',
		value: 'setReleaseId',
		action: 'Set the release ID of a post',
		description: 'Tell the service which platform item a published post is',
		routing: routeTo('PUT', '/posts/{postId}/release-id', {
			preSend: [
				checkValues({ name: 'releaseId', label: 'Release Name or ID', filled: true }),
				withinBodyLimit,
			],
			facts: {
				// The spec's `{id, releaseId}`; production answers the post's whole record.
				answer: { is: 'the updated post', shape: { object: { id: 'text' } } },
				explain: {
					404: ({ id }) => ({
						message: `Post ${id} is not waiting for a release ID`,
						description:
							'Only a post published without its platform id can take one. Post → Get Missing Items lists the candidates when it is waiting.',
					}),
				},
			},
		}),
	},
	fields,
);
