import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { postIdField } from '../../shared/descriptions';
import type { OutputStep } from '../../shared/items';
import type { Explained, LookAfter } from '../../shared/routeFacts';
import { defineOperation, idParameter, routeTo } from '../../shared/routing';
import { parseSettings } from './getMany';
import { lookUpPost, type Listed } from './update/current';

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

/** What the look after a 500 found: the post listed, not listed (the range read), or no answer. */
export type AfterDelete500 = Listed | { unchecked: string };

/** The end of both words for a post that is not there: how it got so, and how to go on. */
const NOT_THERE =
	"It was deleted before (by an earlier run, by another item of this run, or in the service's application; deleting a post deletes its group), or the ID is not that of a post. Nothing was deleted. Take post IDs from Post → Get Many; to let the workflow go on past a post already gone, turn on Continue On Fail (the item then carries this error).";

/** A 404: the service says it has no such post. */
export const alreadyDeleted404 = (id: string): Explained => ({
	message: `Post ${id} is already deleted, or never existed`,
	description: `The service has no post ${id} (HTTP 404). ${NOT_THERE}`,
});

/**
 * A 500, the answer production gives for a post it does not have (a deleted one too), and what
 * GET /posts then showed (`explained`: the general words, kept when the look had no answer).
 */
export function deleteAnswered500(
	id: string,
	look: AfterDelete500,
	explained: Explained,
): Explained {
	if ('unchecked' in look)
		return {
			message: explained.message,
			description: `${explained.description} The node asked GET /posts whether the post is still there, and that failed too (${look.unchecked.replace(/\.+$/, '')}): the service itself is probably failing. Try again later.`,
		};
	if ('from' in look)
		return {
			message: `Post ${id} is already deleted, or never existed`,
			description: `The service answered HTTP 500 to DELETE /posts/${id}, as it does for a post it does not have, and GET /posts lists no post ${id} dated ${look.from} to ${look.to} (a deleted post is never listed). ${NOT_THERE}`,
		};
	const post = parseSettings(look.found);
	const state = typeof post.state === 'string' ? post.state : 'state not shown';
	const date = String(post.publishDate ?? '')
		.slice(0, 16)
		.replace('T', ' ');
	return {
		message: `The service failed to delete post ${id} (HTTP 500): the post is still there`,
		description: `GET /posts still lists post ${id} (${state}, dated ${date} UTC), so the 500 was the service failing, not a post it does not have. Nothing was deleted, and the node does not send a delete again on its own. Run it again later; if it keeps failing, the service is down or overloaded.`,
	};
}

/** After a 500: is the post listed (GET /posts, a year back, ten ahead)? Never a second DELETE. */
const lookForThePost: LookAfter = async (context, { id, explained }) => {
	const look = await lookUpPost(context, id, Date.now()).then(
		(listed): AfterDelete500 => listed,
		(error: unknown) => ({ unchecked: error instanceof Error ? error.message : String(error) }),
	);
	return deleteAnswered500(id, look, explained);
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
				// A route missing ("Cannot DELETE …") keeps the general words.
				explain: {
					404: ({ id, said }) =>
						said && /^Cannot DELETE/.test(said) ? undefined : alreadyDeleted404(id),
				},
				// Production answers 500 for a post it does not have, a deleted one included.
				lookAfter: { 500: lookForThePost },
			},
		}),
	},
	fields,
);
