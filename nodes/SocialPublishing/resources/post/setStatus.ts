import type { INodeProperties } from 'n8n-workflow';

import { postIdField } from '../../shared/descriptions';
import { checkValues, defineOperation, routeTo } from '../../shared/routing';

const fields: INodeProperties[] = [
	postIdField(),
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		required: true,
		default: 'draft',
		options: [
			{
				name: 'Draft',
				value: 'draft',
				description: 'Out of the queue; does not count against monthly posts',
			},
			{
				name: 'Schedule',
				value: 'schedule',
				description: 'Back in the queue at its date; counts against monthly posts',
			},
		],
		routing: { send: { type: 'body', property: 'status' } },
	},
	{
		displayName: 'Republish',
		name: 'republish',
		type: 'boolean',
		default: false,
		description:
			'Whether to put an already published post back in the queue. The API refuses a published post without it; some installs (production v1.47) queue it again either way, so Schedule on a published post may publish it again.',
		displayOptions: { show: { status: ['schedule'] } },
		routing: {
			send: { type: 'body', property: 'republish', value: '={{ $value ? true : undefined }}' },
		},
	},
];

export const setPostStatus = defineOperation(
	'post',
	{
		name: 'Set Status',
		value: 'setStatus',
		action: 'Set the status of a post',
		description: 'Move a post to draft or back to the queue (PUT /posts/:post/status)',
		routing: routeTo('PUT', '/posts/{postId}/status', {
			preSend: [checkValues({ name: 'status', label: 'Status', oneOf: ['draft', 'schedule'] })],
			// Production has taken over 30 s to answer a change it had already made.
			facts: {
				mayApplyWithoutAnswer:
					'The status may have been changed: check the post with Post → Get Many (around its date) before running again.',
				answer: { is: "the post's new status", shape: { object: { id: 'text', state: 'text' } } },
			},
		}),
	},
	fields,
);
