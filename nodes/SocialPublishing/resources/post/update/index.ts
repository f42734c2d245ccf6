/**
 * Post → Update: change a queued post or a draft in place (same ID), as the service's own backend
 * allows it (docs/real-backend.md). This folder holds all of it, in the order a request flows:
 * - `index.ts` (here): the fields and the operation's entry (route facts, routing);
 * - `preSend.ts`: the run-time order of one item, each step named; then, step by step:
 * - 1 `changes.ts`, no request: what to change, read from Update Fields and Media and Follow-Up
 *   Parts;
 * - 2 `current.ts`: the post as the service holds it (GET /posts, by its ID), and whether it can
 *   still be changed (not unknown, deleted or published);
 * - 3 its channel (GET /integrations, once per run: create/lookups.ts);
 * - 4 `prepare.ts`, no request: the edit built (POST /posts with the post's id and group, or PUT
 *   /posts/:id/settings for settings alone), its media, delays and date judged as Create's; then
 *   `check.ts`: Create's rules (shared/postRules/), an X account's limit read when the text needs
 *   it;
 * - 5 the uploads once every item of the run passed, then the request, sent by the transport;
 * - `output.ts`: the post after the edit, what changed before → after (`changes.ts`), with
 *   `warnings.ts` (what is sent but said); a new post in the answer (a service without edit) is
 *   refused;
 * - `checkOnly.ts`: Options → Check Only (steps 1-4 without a write) and its report, Create's with
 *   the post, how the edit would go and what would change.
 * The contract has no edit: a service that answers as the contract does is told apart by its answer
 * (a new ID).
 */
import type { INodeProperties } from 'n8n-workflow';
import { optionalFields, postIdField } from '../../../shared/descriptions';
import { POST_LIMITS } from '../../../shared/platforms';
import { declareRoute } from '../../../shared/routeFacts';
import { defineOperation } from '../../../shared/routing';
import { paginated } from '../../../shared/transport';
import {
	allowPastDateOption,
	allowPrivateAddressOption,
	mediaProperty,
	partTextProperty,
} from '../create/fields';
import { delayProperty } from '../create/delays';
import { PARTS_CHOICES } from '../../../shared/postProblems';
import { toUpdatedPost } from './output';
import { buildUpdateRequest } from './preSend';

const followUpsProperty: INodeProperties = {
	displayName: 'Follow-Up Parts',
	name: 'followUps',
	type: 'fixedCollection',
	typeOptions: {
		multipleValues: true,
		sortable: true,
		maxValue: POST_LIMITS.partsPerPost.max - 1,
	},
	placeholder: 'Add Part',
	default: {},
	description:
		'The parts after the post (thread replies or comments), in order. They replace the ' +
		'follow-up parts the post had, which the service does not show; left empty, the post has ' +
		'none.',
	options: [
		{
			displayName: 'Part',
			name: 'part',
			values: [partTextProperty, mediaProperty, delayProperty],
		},
	],
};

const partsChoiceProperty: INodeProperties = {
	displayName: 'Media and Follow-Up Parts',
	name: 'mediaAndFollowUps',
	type: 'options',
	default: 'notSaid',
	description:
		'What the post has as media and follow-up parts after the edit. A new text or date sends ' +
		'the whole post again, which replaces them, and the service does not show them: say what ' +
		'they are. Settings (JSON) alone keep them as they are.',
	options: [
		{
			name: PARTS_CHOICES.notSaid,
			value: 'notSaid',
			description:
				'Enough for Settings (JSON) alone; a new text or date is refused, as the node cannot ' +
				'keep what it is not shown',
		},
		{
			name: PARTS_CHOICES.replace,
			value: 'replace',
			description:
				'The post gets the Media and Follow-Up Parts given below (none where left empty), ' +
				'replacing what it had',
		},
		{
			name: PARTS_CHOICES.none,
			value: 'none',
			description: 'The post has no media and no follow-up parts: a new text or date is sent alone',
		},
	],
};

const replacing = { show: { mediaAndFollowUps: ['replace'] } };

const fields: INodeProperties[] = [
	postIdField({
		description:
			'ID of the queued post or draft to change, as Post → Get Many or Post → Create output it',
	}),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'Only the fields added are changed. A new text or date sends the whole post again: say ' +
			'under Media and Follow-Up Parts what the post has.',
		options: [
			{
				displayName: 'Publish At',
				name: 'date',
				type: 'dateTime',
				default: '',
				description:
					"The new date, in the workflow's time zone unless the value carries its own offset " +
					'(e.g. Z). A queued post is then published at this date.',
			},
			{
				displayName: 'Settings (JSON)',
				name: 'settingsJson',
				type: 'json',
				default: '{}',
				description:
					"Settings to change, merged into the post's settings (the others are kept), e.g. " +
					'{"who_can_reply_post": "everyone"}. Alone, they are sent through PUT ' +
					'/posts/:id/settings.',
			},
			{
				displayName: 'Text',
				name: 'content',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				description: 'The new text of the post (its first part), checked against the platform',
			},
		],
	},
	partsChoiceProperty,
	{
		...mediaProperty,
		displayOptions: replacing,
		description:
			"The post's media, replacing what it had (the service does not show them); left empty, " +
			'the post has none',
	},
	{ ...followUpsProperty, displayOptions: replacing },
	optionalFields('Options', [
		allowPastDateOption,
		allowPrivateAddressOption,
		{
			displayName: 'Check Only',
			name: 'checkOnly',
			type: 'boolean',
			default: false,
			description:
				"Whether to only check the edit and say what would be sent: the request, the text's " +
				"length against the platform's limit, what would change, the problems and the " +
				'warnings. Reads the post and its channel but changes and uploads nothing.',
		},
		{
			displayName: 'Current Publish Date',
			name: 'currentDate',
			type: 'dateTime',
			default: '',
			description:
				"The post's date now, as Post → Get Many outputs it (publishDate), e.g. " +
				'{{ $json.publishDate }}: the post is then looked for in GET /posts on that day alone, ' +
				'one request. When it is not there (a date that is not its own), the node searches a ' +
				'year back to ten ahead, as without this (up to 11 requests).',
		},
	]),
];

/**
 * Declared as PUT /posts/:id/settings (where settings alone go) and sent through its own request
 * hook, so a POST /posts edit carries these facts, not Create's.
 */
const route = declareRoute('PUT', '/posts/{postId}/settings', {
	mayApplyWithoutAnswer:
		'The post may have been changed: check it with Post → Get Many (around its date) before ' +
		'running again.',
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
							"It answers as the API's contract describes it, which has no edit. Post → " +
							'Update needs a ' +
							"service that edits posts (the service's own backend does). Nothing was changed.",
					}
				: {
						message: `Post ${id} was not found`,
						description:
							'It was deleted after the node found it. Nothing was changed; Post → Get Many ' +
							'lists the posts.',
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
