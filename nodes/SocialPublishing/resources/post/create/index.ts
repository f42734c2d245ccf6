/**
 * Post → Create (POST /posts). This folder holds all of it, in the order a request flows:
 * - `index.ts` (here): the operation's entry (route facts, routing);
 * - the editor: `fields.ts` (its fields), `settings.ts` (each platform's typed settings fields and
 *   their parameter names, generated from the platform table), `delays.ts` (a follow-up part's
 *   Delay (Minutes), checked in both modes);
 * - `preSend.ts`: the run-time order of one item, each step named; then, step by step:
 * - 1 `prepare.ts`, no request: the body read from the parameters by `requestFromFields.ts` or
 *   `requestFromJson.ts` into the `PostRequest` both build (`request.ts`); `pastDate.ts` (a
 *   Schedule date that has passed, refused unless Options → Allow Past Date); `uploads.ts` (files
 *   in binary fields read first, uploaded only after every check passed); `mediaUrls.ts` (media by
 *   URL judged first, uploaded (POST /upload-from-url) once the item's checks passed);
 * - 2 and 4 `check.ts`: the platform table's rules (shared/postRules/) before and after the
 *   channels are known;
 * - 3 `channels.ts`: what the channel list says (names, platforms, unknown ids, X limits), asked
 *   once per run by `lookups.ts`;
 * - 5 the uploads (`mediaUrls.ts`, `uploads.ts`) once every item of the run passed; 6 `slots.ts`:
 *   the next free slot; then POST /posts, sent by the transport;
 * - `output.ts`: one item per created post (its channel, its state as created, no link yet), with
 *   `warnings.ts` (what is sent but said: stripped HTML, unknown settings, a platform without
 *   rules); `earlierPosts.ts`: Options → Skip Posts Already Created;
 * - `checkOnly.ts`: Options → Check Only (steps 1-4 and 6 without a write, and what Skip Posts
 *   Already Created would skip) and its report.
 * What the rules and the node find is worded for the editor by shared/postProblems/ (where, what
 * with the figures, how to fix).
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
		"The post may have been created: check Post → Get Many (around the post's date) before " +
		'retrying, or it may be published twice.',
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
