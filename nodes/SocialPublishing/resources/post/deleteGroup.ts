import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { OutputStep } from '../../shared/items';
import { defineOperation, idParameter, routeTo } from '../../shared/routing';

const fields: INodeProperties[] = [
	{
		displayName: 'Group',
		name: 'group',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 9d0c2f4e-...',
		description:
			'The "group" value of a post (Post → Get Many shows it); all posts of that group are deleted',
	},
];

/** `{deleted: false}` when nothing matched (spec); production always answers `{error: true}`. */
const groupDeleted: OutputStep = async function (_items, response) {
	const body = (response.body ?? {}) as IDataObject;
	const group = idParameter(this, 'group');
	return [{ json: { deleted: body.deleted !== false, group } }];
};

export const deletePostGroup = defineOperation(
	'post',
	{
		name: 'Delete Group',
		value: 'deleteGroup',
		action: 'Delete a group of posts',
		description:
			"Delete the posts of one group: on the service, one channel's post and its follow-up parts (DELETE /posts/group/:group)",
		routing: routeTo('DELETE', '/posts/group/{group}', {
			postReceive: [groupDeleted],
			facts: {
				mayApplyWithoutAnswer:
					'The group may have been deleted: check with Post → Get Many (around its date) before running again.',
				// The spec's `{deleted, id}`; production answers `{error: true}`, matched or not.
				answer: { is: 'the confirmation of the deletion', shape: 'object' },
			},
		}),
	},
	fields,
);
