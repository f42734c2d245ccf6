import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { routeTo } from '../../shared/descriptions';
import { groupDeleted, itemsOf, postDeleted, postItems } from '../../shared/output';
import { postDateRange } from '../../shared/preSend';
import { paginated } from '../../shared/transport';
import { dateWindows } from '../../shared/utils';
import { createPostFields, createPostOperation } from './create';
import { postDeleteFields } from './delete';
import { postDeleteGroupFields } from './deleteGroup';
import { postGetManyFields } from './getMany';
import { postGetMissingItemsFields } from './getMissingItems';
import { postSetReleaseIdFields } from './setReleaseId';
import { postSetStatusFields } from './setStatus';

const showOnlyForPosts = { resource: ['post'] };

/** GET /posts cuts a range to 370 days (spec 8): a longer one is read as consecutive windows. */
const MAX_RANGE_DAYS = 370;

const readDateWindows = paginated(() => {
	let windows: Array<[string, string]> = [];
	const apply = (qs: IDataObject) => {
		const next = windows.shift();
		if (!next) return false;
		[qs.startDate, qs.endDate] = next;
		return true;
	};
	return {
		start: (qs) => {
			windows = dateWindows(Date.parse(String(qs.startDate)), Date.parse(String(qs.endDate)), MAX_RANGE_DAYS);
			return apply(qs);
		},
		next: (_answer, qs) => apply(qs),
	};
});

/** Operations of the Post resource, alphabetical. Post → Create (./create.ts) is added here by its author. */
const postOperations: INodePropertyOptions[] = [
	createPostOperation,
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a post',
		description: 'Delete a post and its follow-up parts (DELETE /posts/:post)',
		routing: routeTo('DELETE', '/posts/{postId}', { postReceive: [postDeleted] }),
	},
	{
		name: 'Delete Group',
		value: 'deleteGroup',
		action: 'Delete a group of posts',
		description: 'Delete the posts of one group, e.g. all channels of one creating request (DELETE /posts/group/:group)',
		routing: routeTo('DELETE', '/posts/group/{group}', { postReceive: [groupDeleted] }),
	},
	{
		name: 'Get Many',
		value: 'getMany',
		action: 'Get many posts',
		description: 'List the posts in a date range (GET /posts)',
		routing: routeTo('GET', '/posts', { preSend: [postDateRange], postReceive: [postItems], pagination: readDateWindows }),
	},
	{
		name: 'Get Missing Items',
		value: 'getMissingItems',
		action: 'Get the platform items a post may be',
		description: 'For a post published without its platform ID: the channel\'s recent items (GET /posts/:post/missing)',
		routing: routeTo('GET', '/posts/{postId}/missing', { postReceive: [itemsOf()] }),
	},
	{
		name: 'Set Release ID',
		value: 'setReleaseId',
		action: 'Set the release ID of a post',
		description: 'Tell the service which platform item a published post is',
		routing: routeTo('PUT', '/posts/{postId}/release-id'),
	},
	{
		name: 'Set Status',
		value: 'setStatus',
		action: 'Set the status of a post',
		description: 'Move a post to draft or back to the queue (PUT /posts/:post/status)',
		routing: routeTo('PUT', '/posts/{postId}/status'),
	},
];

export const postDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyForPosts },
		options: postOperations,
		default: 'getMany',
	},
	...createPostFields,
	...postDeleteFields,
	...postDeleteGroupFields,
	...postGetManyFields,
	...postGetMissingItemsFields,
	...postSetReleaseIdFields,
	...postSetStatusFields,
];
