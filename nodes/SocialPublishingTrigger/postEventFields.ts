import type { INodeProperties } from 'n8n-workflow';

import { MAX_WATCHED_POSTS, POST_EVENTS } from './postEvents';
import {
	DEFAULT_DAYS_AHEAD,
	DEFAULT_DAYS_BACK,
	MAX_RANGE_DAYS,
	MAX_REASON_PAGES,
} from './pollPostEvents';

const postEventsOnly = { show: { event: ['postEvents'] } };

/** The fields of Trigger On → Post Events: what each event means, its cost and its limits. */
export const postEventsProperties: INodeProperties[] = [
	{
		displayName:
			'Each poll reads GET /posts once for the range in Options and compares it with the previous poll: one item per event, each emitted once. GET /notifications is read only when a failed post needs its reason (and once on the first poll). The first poll emits nothing for posts that already exist. Fetch Test Event shows the listed post nearest to now in a chosen event\'s state, or a sample marked "sample": true when none is (always for Post Changed and Post Deleted).',
		name: 'postEventsNotice',
		type: 'notice',
		default: '',
		displayOptions: postEventsOnly,
	},
	{
		displayName: 'Post Events',
		name: 'postEvents',
		type: 'multiOptions',
		default: [...POST_EVENTS],
		displayOptions: postEventsOnly,
		description: 'Which events start the workflow',
		options: [
			{
				name: 'Post Changed',
				value: 'postChanged',
				description:
					'Its text, settings, date, link or state (other than published or failed) changed. "changes" lists which; dates and states before and after (the text before is not kept, only its fingerprint).',
			},
			{
				name: 'Post Created',
				value: 'postCreated',
				description:
					'A post not listed at the previous poll. "enteredRange" is set when its date was beyond the range read then: it may be older.',
			},
			{
				name: 'Post Deleted',
				value: 'postDeleted',
				description:
					'A post dated inside the range is no longer listed: deleted, or its date moved outside the range. The API does not tell which; "note" says so.',
			},
			{
				name: 'Post Failed',
				value: 'postFailed',
				description:
					'Its state became ERROR. "reason" is the text of the failure notification written for it, when one names its channel or platform; otherwise null and "reasonNote" says why. The service writes the notification just after the state: a failure with none yet comes one poll later.',
			},
			{
				name: 'Post Published',
				value: 'postPublished',
				description:
					'Its state became PUBLISHED, with "releaseURL", the link to the published post. A repeating post: once per repetition (its link changes).',
			},
		],
	},
	{
		displayName: 'Channel Names or IDs',
		name: 'channels',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getChannels' },
		default: [],
		displayOptions: postEventsOnly,
		hint: 'Only posts of these channels; none chosen: every channel',
		description:
			'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	{
		displayName: 'Options',
		name: 'postOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: postEventsOnly,
		options: [
			{
				displayName: 'Days Ahead',
				name: 'daysAhead',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_DAYS_AHEAD,
				description: `How far ahead of now GET /posts reads. Days Back and Days Ahead add up to at most ${MAX_RANGE_DAYS} (one request). A post dated later is seen when its date comes into the range.`,
			},
			{
				displayName: 'Days Back',
				name: 'daysBack',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_DAYS_BACK,
				description:
					'How far before now GET /posts reads. A post whose date falls out of the range is no longer watched (no event for it).',
			},
			{
				displayName: 'Include Existing Posts on First Poll',
				name: 'includeExisting',
				type: 'boolean',
				default: false,
				description:
					'Whether the first poll after activation emits one Post Created per post listed in the range (otherwise: only what happens from then on)',
			},
			{
				displayName: 'Timeout (Seconds)',
				name: 'timeout',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 30,
				description: `How long to wait for each request. A poll that fails or times out emits nothing and changes nothing; the next one catches up. The snapshot kept between polls holds at most ${MAX_WATCHED_POSTS} posts (past it, the nearest to now; items say so in "pollWarning"); failures' reasons are read from at most ${MAX_REASON_PAGES} pages of notifications.`,
			},
		],
	},
];
