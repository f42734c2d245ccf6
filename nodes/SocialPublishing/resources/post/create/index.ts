/**
 * Post → Create (POST /posts). Its files, in the order a request flows (preSend.ts says each
 * step): the editor's `fields.ts`, `settings.ts` (typed settings, from the platform table) and
 * `delays.ts`; step 1 `prepare.ts`: the `request.ts` read by `requestFromFields.ts` (or, JSON,
 * `request.ts`), then `pastDate.ts`, `uploads.ts` and `mediaUrls.ts` (read and judged, uploaded in
 * step 5); steps 2 and 4 `check.ts`; 3 `channels.ts` with `lookups.ts`; 6 `slots.ts`; the output
 * `output.ts` with `warnings.ts`; `earlierPosts.ts` (Skip Posts Already Created, with `itemMark.ts`
 * and `comparableText.ts`); `checkOnly.ts`
 * (Check Only). Problems are worded for the editor by shared/postProblems/.
 */
import { declareRoute } from '../../../shared/routeFacts';
import { defineOperation } from '../../../shared/routing';
import { fields } from './fields';
import { toCreatedPosts } from './output';
import { buildCreatePostRequest } from './preSend';

// No answer to POST /posts may still mean posts were created: the error says so, and it is never
// re-sent.
const route = declareRoute('POST', '/posts', {
	mayApplyWithoutAnswer:
		"The post may have been created: check Post → Get Many (around the post's date) before retrying, or it may be published twice.",
	// One `{postId, integration}` per channel of the request, which has at least one.
	answer: {
		is: 'the list of created posts',
		shape: { list: { object: { postId: 'text', integration: 'text' } }, atLeastOne: true },
	},
	explain: {
		// Production's answer for a channel it does not have (the spec's is a 404); the node checks
		// first, but a channel deleted meanwhile ends here.
		400: ({ said }) => {
			const id = /^Integration with id (\S+) not found$/.exec(said ?? '')?.[1];
			return id
				? {
						message: `Channel ${id} was not found`,
						description:
							'Pick the channel from the list, or check its ID with Channel → Get Many; it may have been deleted. No post was created.',
					}
				: undefined;
		},
	},
});

/** POST /posts, built and checked by preSend (see preSend.ts). */
export const createPost = defineOperation(
	'post',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a post',
		description:
			'Create a draft, scheduled or immediate post on one or more channels (POST /posts)',
		// Its own routing, not routeTo's: its preSend holds the all-or-nothing checks itself
		// (preSend.ts).
		routing: {
			route,
			routing: {
				request: { method: 'POST', url: '/posts' },
				send: { preSend: [buildCreatePostRequest], paginate: true },
				output: { postReceive: [toCreatedPosts] },
			},
		},
	},
	fields,
);
