/**
 * Post → Update: change a queued post or a draft in place (same ID), as the service's own backend
 * allows it (docs/real-backend.md). The contract has no edit: a service that answers as it does is
 * told apart by its answer (a new ID). This folder holds all of it, in the order a request flows:
 * - `index.ts` (here): the operation's entry (route facts, routing); `fields.ts`: its fields;
 * - `preSend.ts`: the run-time order of one item, and Options → Check Only's report;
 * - `changes.ts`: what to change (no request), and the changes before → after;
 * - `current.ts`: the post as the service holds it (GET /posts), if it can still be changed;
 * - `samePost.ts`: one post, one item: a later item naming a post an earlier one names is refused;
 * - `prepare.ts`: steps 1 to 4, the post's channel, then the edit built, judged and checked;
 * - `output.ts`: the post after the edit, what changed and what is said with it.
 */
import { declareRoute } from '../../../shared/routeFacts';
import { defineOperation } from '../../../shared/routing';
import { paginated } from '../../../shared/transport';
import { fields } from './fields';
import { toUpdatedPost } from './output';
import { buildUpdateRequest } from './preSend';

/** Declared as PUT /posts/:id/settings: a POST /posts edit carries these facts, not Create's. */
const route = declareRoute('PUT', '/posts/{postId}/settings', {
	mayApplyWithoutAnswer:
		'The post may have been changed: check it with Post → Get Many (around its date) before running again.',
	answer: {
		is: 'the changed post',
		shape: {
			oneOf: [
				{ list: { object: { postId: 'text', integration: 'text' } }, atLeastOne: true },
				{ object: { postId: 'text' } },
			],
		},
	},
	explain: {
		404: ({ id, said }) =>
			said && /^Cannot PUT/.test(said)
				? {
						message: 'The service has no PUT /posts/:id/settings: it has no edit of posts',
						description:
							"It answers as the API's contract describes it, which has no edit. Post → Update needs a service that edits posts (the service's own backend does). Nothing was changed.",
					}
				: {
						message: `Post ${id} was not found`,
						description:
							'It was deleted after the node found it. Nothing was changed; Post → Get Many lists the posts.',
					},
	},
});

/** One request with the route's own facts, whatever path the preSend chose. */
const sentOnce = paginated(() => ({ start: () => true, next: () => false }));

export const updatePost = defineOperation(
	'post',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a post',
		description:
			'Change the text, media, follow-up parts, settings or date of a queued post or draft',
		routing: {
			route,
			routing: {
				request: { method: 'PUT', url: '/posts/{postId}/settings' },
				send: { preSend: [buildUpdateRequest], paginate: true },
				output: { postReceive: [toUpdatedPost] },
				operations: { pagination: sentOnce(route) },
			},
		},
	},
	fields,
);
