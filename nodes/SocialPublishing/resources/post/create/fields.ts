/**
 * Post → Create's fields as the editor shows them: Define Post (fields or JSON), Type, Date,
 * Content, the Parts (text, media, delay), the Channels list (platform, channel, typed settings:
 * `settings.ts`) and Options. Update's fields reuse the part's Text and Media and Allow Past Date.
 */
import type { INodeProperties } from 'n8n-workflow';
import { channelLocator, optionalFields } from '../../../shared/descriptions';
import { POST_LIMITS } from '../../../shared/platforms';
import { delayProperty } from './delays';
import {
	lookUpSettingsNotice,
	platformProperty,
	settingsJsonProperty,
	settingsModeProperty,
	typedSettingsProperties,
} from './settings';

// Not inline: n8n's lint takes "upload-from-url" in a description for a miscased URL.
const FROM_URL_DESCRIPTION =
	'Let the service fetch the file from a public https address (POST /upload-from-url), after the post has passed its checks';

/**
 * The media of one part: items taken from a previous Media → Upload (id and path), with an optional
 * alt text.
 */
export const mediaProperty: INodeProperties = {
	displayName: 'Media',
	name: 'media',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, maxValue: POST_LIMITS.mediaPerPart },
	placeholder: 'Add Media',
	default: {},
	description: `Up to ${POST_LIMITS.mediaPerPart} files: uploaded before (Media → Upload gives their ID and path), or uploaded now from a binary field`,
	options: [
		{
			displayName: 'Media',
			name: 'item',
			values: [
				{
					displayName: 'Alt Text',
					name: 'alt',
					type: 'string',
					default: '',
					description: 'Description of the image; Bluesky and Mastodon publish it with the image',
				},
				{
					displayName: 'Binary Field',
					name: 'binaryProperty',
					type: 'string',
					default: 'data',
					description:
						'Name of the binary field of the input item that holds the file (JPEG, PNG, GIF, WEBP or MP4)',
					displayOptions: { show: { source: ['binary'] } },
				},
				{
					displayName: 'Media ID',
					name: 'id',
					type: 'string',
					default: '',
					description: 'ID of the uploaded file, as Media → Upload answered it',
					displayOptions: { show: { source: ['uploaded'] } },
				},
				{
					displayName: 'Media Path',
					name: 'path',
					type: 'string',
					default: '',
					description: 'Path (URL) of the uploaded file, as Media → Upload answered it',
					displayOptions: { show: { source: ['uploaded'] } },
				},
				{
					displayName: 'Source',
					name: 'source',
					type: 'options',
					default: 'uploaded',
					options: [
						{
							name: 'Uploaded File',
							value: 'uploaded',
							description: 'A file already in the service (ID and path from Media → Upload)',
						},
						{
							name: 'Binary Field of the Input Item',
							value: 'binary',
							description:
								'Upload the file now (POST /upload), after the post has passed its checks',
						},
						{
							name: 'Public URL',
							value: 'url',
							description: FROM_URL_DESCRIPTION,
						},
					],
				},
				{
					displayName: 'URL',
					name: 'url',
					type: 'string',
					default: '',
					placeholder: 'e.g. https://example.com/picture.png',
					description:
						'A public https address of the file itself, its path ending in .png, .jpg, .jpeg, .gif, .webp or .mp4 (lower case). Each address is uploaded once per run.',
					displayOptions: { show: { source: ['url'] } },
				},
			],
		},
	],
};

/** The text of one part, in Create's Parts and in Update's Follow-Up Parts. */
export const partTextProperty: INodeProperties = {
	displayName: 'Text',
	name: 'content',
	type: 'string',
	typeOptions: { rows: 4 },
	default: '',
	description:
		'Plain text, or HTML with p, br, strong, u, a, ul, li, h1, h2, h3 and span (other tags are removed by the service). Length is counted without tags.',
};

/** The fields of one part, the same in Create's Parts and Update's Follow-Up Parts. */
export const PART_FIELDS: INodeProperties[] = [partTextProperty, mediaProperty, delayProperty];

/**
 * Create's part: the first is the post, which goes out at the post's date. n8n cannot show a field
 * by an entry's place in the list, so Delay is offered on every part and says under it where it
 * does nothing (a delay there is not sent, and the output warns).
 */
const CREATE_PART_FIELDS: INodeProperties[] = PART_FIELDS.map((field) =>
	field.name === delayProperty.name
		? { ...field, hint: "For part 2 on: part 1 is the post and goes out at the post's date" }
		: field,
);

/**
 * The post and its follow-up parts (replies in a thread, or comments, depending on the platform).
 */
function partsProperty(displayOptions?: INodeProperties['displayOptions']): INodeProperties {
	return {
		displayName: 'Parts',
		name: 'parts',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true, maxValue: POST_LIMITS.partsPerPost.max },
		placeholder: 'Add Part',
		default: { part: [{ content: '' }] },
		description:
			'The first part is the post; further parts are follow-ups (thread replies on X, Threads, Bluesky and Mastodon; comments elsewhere). Each part needs text, media, or both.',
		...(displayOptions ? { displayOptions } : {}),
		options: [
			{
				displayName: 'Part',
				name: 'part',
				values: CREATE_PART_FIELDS,
			},
		],
	};
}

const channelsProperty: INodeProperties = {
	displayName: 'Channels',
	name: 'channels',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, maxValue: POST_LIMITS.postsPerRequest.max },
	placeholder: 'Add Channel',
	default: {},
	description: `Up to ${POST_LIMITS.postsPerRequest.max} channels, all created in one request (all or nothing)`,
	options: [
		{
			displayName: 'Channel',
			name: 'channel',
			values: [
				platformProperty,
				lookUpSettingsNotice,
				// No loadOptionsDependsOn on Platform: n8n empties a list field when a field it depends on
				// changes, so picking the Platform after the channel lost the channel. The list is read
				// again anyway (n8n keys its results by the node's parameters, the entry's Platform among
				// them); a channel of another platform is refused before sending (platformMismatch).
				channelLocator({
					description: 'The channel to post on; the list shows the channels of the Platform above',
				}),
				settingsModeProperty,
				...typedSettingsProperties,
				settingsJsonProperty,
				partsProperty({ show: { '/contentMode': ['perChannel'] } }),
			],
		},
	],
};

/** Options → Allow Past Date (pastDate.ts): Post → Update offers it too. */
export const allowPastDateOption: INodeProperties = {
	displayName: 'Allow Past Date',
	name: 'allowPastDate',
	type: 'boolean',
	default: false,
	description:
		'Whether to send a Schedule date that has passed (more than 5 minutes ago). The service publishes such a post at once; without this the node refuses it, since a wrong year would publish today.',
};

/** Options → Allow Private Address, for media URLs (mediaUrls.ts): Post → Update offers it too. */
export const allowPrivateAddressOption: INodeProperties = {
	displayName: 'Allow Private Address',
	name: 'allowPrivateAddress',
	type: 'boolean',
	default: false,
	description:
		'Whether media URLs may point to this machine or a private network (127.0.0.1, 10.x, 192.168.x, localhost, .local, .internal). Only for a self-hosted service on your own network that is configured to fetch from it; the public service refuses such addresses.',
};

const optionsProperty: INodeProperties = optionalFields('Options', [
	allowPastDateOption,
	allowPrivateAddressOption,
	{
		displayName: 'Check Only',
		name: 'checkOnly',
		type: 'boolean',
		// On when added: adding the option is asking for it. Saved workflows keep their meaning, since
		// n8n saves an added option's value even when it is the default, and reads none when not added.
		default: true,
		description:
			"Whether to only check the post and say what would be sent, per channel: the request body, each part's length against the platform's limit, the problems and the warnings; with Skip Posts Already Created on, whether the post already exists and would not be sent again (the earlier post's ID). Reads the channels, the next free slot and, for that, one GET /posts, but creates, uploads and changes nothing; media URLs are judged, not uploaded.",
	},
	{
		displayName: 'Repeat Every (Days)',
		name: 'repeatEvery',
		displayOptions: { show: { '/inputMode': ['fields'] } },
		type: 'number',
		typeOptions: { minValue: POST_LIMITS.interMin, numberPrecision: 0 },
		default: 7,
		description: 'Publish the post again every this many days',
	},
	{
		displayName: 'Shorten Links',
		name: 'shortLink',
		displayOptions: { show: { '/inputMode': ['fields'] } },
		type: 'boolean',
		default: false,
		description: 'Whether the service replaces the links in the text with short links',
	},
	{
		displayName: 'Skip Local Checks',
		name: 'skipChecks',
		type: 'boolean',
		default: false,
		description:
			'Whether to send the post without checking it first. The service still checks it; a refused request still counts against the POST /posts rate limit.',
	},
	{
		displayName: 'Tag Names or IDs',
		name: 'tags',
		displayOptions: { show: { '/inputMode': ['fields'] } },
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getTags' },
		default: [],
		description:
			'Tags of the post, by name (attached when the name exists in the organisation). The list shows the tags found on your posts, as the service has no list of tags; give a tag no post carries yet by its name. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
]);

const publishAt = {
	displayName: 'Publish At',
	name: 'date',
	type: 'dateTime',
	default: '',
	required: true,
} as const;

export const fields: INodeProperties[] = [
	{
		displayName: 'Define Post',
		name: 'inputMode',
		type: 'options',
		noDataExpression: true,
		default: 'fields',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{
				name: 'Using JSON',
				value: 'json',
				description: 'The whole POST /posts body as JSON, for expressions and AI agents',
			},
		],
	},
	{
		displayName: 'Request (JSON)',
		name: 'requestJson',
		type: 'json',
		default:
			'{\n  "type": "schedule",\n  "date": "2030-01-15T10:00:00Z",\n  "shortLink": false,\n  "tags": [],\n  "posts": [\n    {\n      "integration": { "id": "" },\n      "value": [{ "content": "Hello", "image": [] }],\n      "settings": {}\n    }\n  ]\n}',
		required: true,
		description:
			'The POST /posts body (type, date, shortLink, tags, posts, inter). Checked by the same rules as the fields before it is sent.',
		displayOptions: { show: { inputMode: ['json'] } },
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		default: 'schedule',
		displayOptions: { show: { inputMode: ['fields'] } },
		options: [
			{
				name: 'Draft',
				value: 'draft',
				description:
					'Save as a draft, published only once scheduled in the service (length and media are not checked; settings are)',
			},
			{ name: 'Now', value: 'now', description: 'Publish immediately' },
			{ name: 'Schedule', value: 'schedule', description: 'Publish at the date below' },
		],
	},
	{
		displayName: 'Date',
		name: 'dateMode',
		type: 'options',
		default: 'date',
		displayOptions: { show: { inputMode: ['fields'], type: ['draft', 'schedule'] } },
		options: [
			{ name: 'At a Date and Time', value: 'date' },
			{
				name: 'At the Next Free Slot',
				value: 'nextSlot',
				description:
					"Asks the service for each channel's next free posting time (GET /find-slot). With several channels the post goes out at the LATEST of their slots, so no channel posts before its own free slot.",
			},
		],
	},
	{
		...publishAt,
		description:
			"When to publish, in the workflow's time zone unless the value carries its own offset (e.g. Z)",
		displayOptions: {
			show: { inputMode: ['fields'], type: ['schedule'], dateMode: ['date'] },
		},
	},
	{
		// The same parameter as Schedule's (one value kept when Type changes), worded for a draft: the
		// service wants a date for every post, and a draft goes out at it once someone schedules it.
		...publishAt,
		description:
			"The service needs a date for a draft too: saving it publishes nothing, and this is when the draft goes out once someone schedules it in the service. A date far ahead keeps an early schedule from publishing it by surprise. In the workflow's time zone unless the value carries its own offset (e.g. Z).",
		hint: 'A draft needs a date too: it publishes at it once scheduled',
		displayOptions: {
			show: { inputMode: ['fields'], type: ['draft'], dateMode: ['date'] },
		},
	},
	{
		displayName: 'Content',
		name: 'contentMode',
		type: 'options',
		default: 'same',
		displayOptions: { show: { inputMode: ['fields'] } },
		options: [
			{
				name: 'Same for Every Channel',
				value: 'same',
				description: 'One text and media, sent to every channel below',
			},
			{
				name: 'Own Parts per Channel',
				value: 'perChannel',
				description: 'Each channel entry has its own parts',
			},
		],
	},
	{
		...partsProperty(),
		displayOptions: { show: { inputMode: ['fields'], contentMode: ['same'] } },
	},
	{ ...channelsProperty, displayOptions: { show: { inputMode: ['fields'] } } },
	{
		displayName: 'Skip Posts Already Created',
		name: 'skipPostsAlreadyCreated',
		type: 'boolean',
		default: true,
		description:
			"Whether to skip an item this node already posted, so that running the same items again (a rerun, Retry On Fail, a failed execution retried, the next day too) posts nothing twice. The node marks each post it creates with the item it came from (the workflow, this node, the input item and the text); an item whose mark is found with GET /posts (for Now: posted within the last 7 days) is output with alreadySent: true and, in skipped, which post, when, and why. A workflow that posts the same text each day from a new trigger item posts each day; posts made elsewhere are never taken for the item's. Costs one GET /posts per run, never a POST. Switch off to post the same item again on purpose.",
	},
	optionsProperty,
];
