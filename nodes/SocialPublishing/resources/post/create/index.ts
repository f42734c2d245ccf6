/**
 * Post → Create (POST /posts). This folder holds all of it:
 * - `index.ts` (here): the operation's entry (route facts, routing); `fields.ts`: its fields;
 * - `settings.ts`: each platform's typed settings fields, generated from the platform table;
 * - `requestFromFields.ts` / `requestFromJson.ts`: the POST /posts body read from the parameters
 *   (fields or JSON), into the `PostRequest` both build (`request.ts`);
 * - what the platform table's rules (shared/postRules/) and the node found is worded for the editor
 *   by shared/postProblems/ (where, what with the figures, how to fix); `warnings.ts`: what is sent
 *   but said;
 * - `pastDate.ts`: a Schedule date that has passed, refused unless Options → Allow Past Date;
 * - `uploads.ts`: media given as binary fields, read first, uploaded only after every check passed;
 * - `mediaUrls.ts`: media given by URL, judged first, uploaded (POST /upload-from-url) once the
 *   item's checks passed;
 * - `delays.ts`: a follow-up part's Delay (Minutes), checked in both modes;
 * - `checkOnly.ts`: Options → Check Only's report (what would be sent, lengths, problems,
 *   warnings), nothing sent;
 * - `lookups.ts`: the channel list and X limits, asked once per run; `slots.ts`: the next free
 *   slot;
 * - `hooks.ts`: the run-time order (build, check, look up channels, slots, uploads, send) and the
 *   output.
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
							'Pick the channel from the list, or check its ID with Channel → Get Many; it ' +
							'may have been deleted. No post was created.',
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
