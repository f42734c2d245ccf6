import type { INodeProperties } from 'n8n-workflow';

import { channelLocator } from '../../shared/descriptions';
import type { OutputStep } from '../../shared/items';
import { defineOperation, idParameter, routeTo } from '../../shared/routing';

const fields: INodeProperties[] = [
	channelLocator({ description: 'The channel to remove. All its posts are deleted with it.' }),
	{
		displayName:
			'Removing a channel also deletes all of its posts, scheduled ones included. This cannot be undone.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
];

/** Channel → Delete: `{deleted: true, id}`, whatever the service echoed. */
const channelDeleted: OutputStep = async function () {
	return [{ json: { deleted: true, id: idParameter(this, 'channel') } }];
};

export const deleteChannel = defineOperation(
	'channel',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a channel',
		description: 'Remove a channel and all its posts (DELETE /integrations/:channel)',
		routing: routeTo('DELETE', '/integrations/{channel}', {
			postReceive: [channelDeleted],
			facts: {
				mayApplyWithoutAnswer:
					'The channel may have been deleted: check with Channel → Get Many before running again.',
				// The spec's `{deleted: true}`; production answers the deleted channel's record.
				answer: { is: 'the confirmation of the deletion', shape: 'object' },
			},
		}),
	},
	fields,
);
