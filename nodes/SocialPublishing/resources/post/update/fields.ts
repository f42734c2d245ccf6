/**
 * Post → Update's fields as the editor shows them: the Post ID, Update Fields (Publish At,
 * Settings (JSON), Text), Media and Follow-Up Parts with the parts that replace the post's, and
 * Options. The part's Text, Media and Delay and Allow Past Date are Create's.
 */
import type { INodeProperties } from 'n8n-workflow';
import { optionalFields, postIdField } from '../../../shared/descriptions';
import { POST_LIMITS } from '../../../shared/platforms';
import {
	allowPastDateOption,
	allowPrivateAddressOption,
	mediaProperty,
	PART_FIELDS,
} from '../create/fields';
import { PARTS_CHOICES } from '../../../shared/postProblems';

const replacing = { show: { mediaAndFollowUps: ['replace'] } };

export const fields: INodeProperties[] = [
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
			'Only the fields added are changed. A new text or date sends the whole post again: say under Media and Follow-Up Parts what the post has.',
		options: [
			{
				displayName: 'Publish At',
				name: 'date',
				type: 'dateTime',
				default: '',
				description:
					"The new date, in the workflow's time zone unless the value carries its own offset (e.g. Z). A queued post is then published at this date. Say under Media and Follow-Up Parts what the post has (the post is sent again).",
			},
			{
				displayName: 'Settings (JSON)',
				name: 'settingsJson',
				type: 'json',
				default: '{}',
				description:
					'Settings to change, merged into the post\'s settings as GET /posts lists them (the others are kept), e.g. {"who_can_reply_post": "everyone"}; a new text or date alone keeps them all. Alone, they are sent through PUT /posts/{postId}/settings. Where the service does not list a post\'s settings, a new text or date carries only those given here (none when left out, and no setting is called missing): the output warns, as the service may keep only these.',
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
	{
		displayName: 'Media and Follow-Up Parts',
		name: 'mediaAndFollowUps',
		type: 'options',
		default: 'notSaid',
		description:
			'What the post has as media and follow-up parts after the edit. A new text or date (a reschedule too) sends the whole post again, which replaces them, and the service does not show them: say what they are. Settings (JSON) alone keep them as they are.',
		hint: 'Needed with a new Text or Publish At (a reschedule too): the service does not show them',
		// Short option descriptions: the dropdown shows about one line of each.
		options: [
			{
				name: PARTS_CHOICES.notSaid,
				value: 'notSaid',
				description: 'For Settings (JSON) alone; a new text or date is refused',
			},
			{
				name: PARTS_CHOICES.none,
				value: 'none',
				description: 'No media, no follow-up parts: any it had are removed',
			},
			{
				name: PARTS_CHOICES.replace,
				value: 'replace',
				description: 'Those given below replace what it had (left empty: none)',
			},
		],
	},
	{
		...mediaProperty,
		displayOptions: replacing,
		description:
			"The post's media, replacing what it had (the service does not show them); left empty, the post has none",
	},
	{
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
			'The parts after the post (thread replies or comments), in order. They replace the follow-up parts the post had, which the service does not show; left empty, the post has none.',
		options: [
			{
				displayName: 'Part',
				name: 'part',
				values: PART_FIELDS,
			},
		],
		displayOptions: replacing,
	},
	optionalFields('Options', [
		allowPastDateOption,
		allowPrivateAddressOption,
		{
			displayName: 'Check Only',
			name: 'checkOnly',
			type: 'boolean',
			// On when added, as Create's: adding it is asking for it. A saved workflow keeps its meaning:
			// n8n stores an added option's value, and the option not added reads as undefined.
			default: true,
			description:
				"Whether to only check the edit and say what would be sent: the request, the text's length against the platform's limit, what would change, the problems and the warnings. Reads the post and its channel but changes and uploads nothing.",
		},
		{
			displayName: 'Current Publish Date',
			name: 'currentDate',
			type: 'dateTime',
			default: '',
			description:
				"The post's date now, as Post → Get Many outputs it (drag its publishDate field here): the post is then looked for in GET /posts on that day alone, one request. When it is not there (a date that is not its own), the node searches a year back to ten ahead, as without this (up to 11 requests).",
		},
	]),
];
