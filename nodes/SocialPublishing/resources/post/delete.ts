import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { postIdField } from '../../shared/descriptions';
import type { OutputStep } from '../../shared/items';
import { defineOperation, idParameter, routeTo } from '../../shared/routing';

const fields: INodeProperties[] = [
	postIdField(),
	{
		displayName:
			"Some installs of the service delete the whole group of the post (on the real service: this channel's post with its follow-up parts), not just this one part",
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
];

/** Post → Delete: the spec answers `{deleted: true, id}`, production `{error: true}` on success. */
const postDeleted: OutputStep = async function (_items, response) {
	const body = (response.body ?? {}) as IDataObject;
	return [{ json: { deleted: body.deleted !== false, id: idParameter(this, 'postId') } }];
};

export const deletePost = defineOperation(
	'post',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a post',
		description: 'Delete a post and its follow-up parts (DELETE /posts/:post)',
		routing: routeTo('DELETE', '/posts/{postId}', {
			postReceive: [postDeleted],
			facts: {
				mayApplyWithoutAnswer:
					'The post may have been deleted: check with Post → Get Many (around its date) before running again.',
				// The spec's `{deleted, id}`; production answers `{error: true}` on success.
				answer: { is: 'the confirmation of the deletion', shape: 'object' },
			},
		}),
	},
	fields,
);
