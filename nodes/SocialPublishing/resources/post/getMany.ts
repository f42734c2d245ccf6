import {
	jsonParse,
	type IDataObject,
	type IExecuteSingleFunctions,
	type PreSendAction,
	type INodeProperties,
} from 'n8n-workflow';

import { MAX_DATE_WINDOWS } from '../../shared/bounds';
import { customerFilter, optionalFields } from '../../shared/descriptions';
import { toItems, type OutputStep } from '../../shared/items';
import { redactSecrets } from '../../shared/secrets';
import { paginated } from '../../shared/transport';
import { defineOperation, failOnField, routeTo } from '../../shared/routing';
import { readDate, shownValue } from '../../shared/userValues';

const fields: INodeProperties[] = [
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		description: 'Start of the range. Empty: 30 days ago.',
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		description:
			'End of the range. Empty: 30 days ahead. A range over 370 days is read in several requests; at most 11,100 days (about 30 years) in one run.',
	},
	optionalFields('Filters', [
		customerFilter("posts of this client's channels", {
			routing: {
				send: { type: 'query', property: 'customer', value: '={{ $value || undefined }}' },
			},
		}),
	]),
];

export const DAY_MS = 24 * 60 * 60 * 1000;
/** GET /posts cuts a range to 370 days (spec 8): a longer one is read as consecutive windows. */
export const MAX_RANGE_DAYS = 370;
/** Get Many without dates: the last 30 days and the next 30. */
export const DEFAULT_SPAN_DAYS = 30;

function dateParameter(
	context: IExecuteSingleFunctions,
	name: string,
	label: string,
	fallback: number,
): number {
	const raw = context.getNodeParameter(name, '') as unknown;
	const read = readDate(raw, context.getTimezone());
	if ('iso' in read) return read.ms;
	if (read.refused === 'empty') return fallback;
	const why = 'why' in read && read.why ? ` (${read.why})` : '';
	failOnField(
		context,
		`"${label}" ${read.refused === 'not a date' ? 'is not a date' : 'is not a date that exists'}: ${shownValue(raw)}${why}`,
		"Give an ISO 8601 date such as 2026-01-31T00:00:00Z (without Z or an offset, in the workflow's time zone).",
	);
}

/** GET /posts: the range from Start/End (around today by default), checked; paging splits it. */
const postDateRange: PreSendAction = async function (requestOptions) {
	const now = Date.now();
	const start = dateParameter(this, 'startDate', 'Start Date', now - DEFAULT_SPAN_DAYS * DAY_MS);
	const end = dateParameter(this, 'endDate', 'End Date', now + DEFAULT_SPAN_DAYS * DAY_MS);
	if (end < start) {
		failOnField(
			this,
			'"End Date" is before "Start Date"',
			`The range runs from ${new Date(start).toISOString()} to ${new Date(end).toISOString()}; swap the dates.`,
		);
	}
	// Refused before anything is sent rather than read part-way (shared/bounds.ts).
	const longest = MAX_DATE_WINDOWS * MAX_RANGE_DAYS;
	if (end - start > longest * DAY_MS) {
		failOnField(
			this,
			`The range from "Start Date" to "End Date" is ${Math.ceil((end - start) / DAY_MS)} days; Get Many reads at most ${longest} days in one run`,
			`That is ${MAX_DATE_WINDOWS} requests of ${MAX_RANGE_DAYS} days, the most the service covers in one. Narrow the range, or read it in several runs (e.g. a Loop Over Items node over the years).`,
		);
	}
	requestOptions.qs = {
		...(requestOptions.qs ?? {}),
		startDate: new Date(start).toISOString(),
		endDate: new Date(end).toISOString(),
	};
	return requestOptions;
};

/** [start, end] in windows of at most `maxDays`, each from 1 ms after the last (ends included). */
export function dateWindows(
	startMs: number,
	endMs: number,
	maxDays: number,
): Array<[string, string]> {
	const windows: Array<[string, string]> = [];
	let from = startMs;
	while (from <= endMs) {
		const to = Math.min(endMs, from + maxDays * DAY_MS);
		windows.push([new Date(from).toISOString(), new Date(to).toISOString()]);
		from = to + 1;
	}
	return windows;
}

const readDateWindows = paginated(() => {
	let windows: Array<[string, string]> = [];
	const apply = (qs: IDataObject) => {
		const next = windows.shift();
		if (next) [qs.startDate, qs.endDate] = next;
		return next !== undefined;
	};
	return {
		start: (qs) => {
			windows = dateWindows(
				Date.parse(String(qs.startDate)),
				Date.parse(String(qs.endDate)),
				MAX_RANGE_DAYS,
			);
			return apply(qs);
		},
		next: (_answer, qs) => apply(qs),
	};
});

/** Production sends a post's `settings` as a JSON string; the node outputs the object. */
export function parseSettings(post: IDataObject): IDataObject {
	const { settings } = post;
	if (typeof settings !== 'string') return post;
	return { ...post, settings: jsonParse(settings, { fallbackValue: settings }) };
}

/** Post → Get Many: one item per post, `settings` parsed when it came as a JSON string. */
const postItems: OutputStep = async function (_items, response) {
	const posts = ((response.body as IDataObject | undefined)?.posts ?? []) as IDataObject[];
	return toItems((redactSecrets(posts) as IDataObject[]).map(parseSettings));
};

export const getManyPosts = defineOperation(
	'post',
	{
		name: 'Get Many',
		value: 'getMany',
		action: 'Get many posts',
		description: 'List the posts in a date range (GET /posts)',
		routing: routeTo('GET', '/posts', {
			preSend: [postDateRange],
			postReceive: [postItems],
			pagination: readDateWindows,
			facts: {
				answer: {
					is: 'the list of posts',
					shape: { object: { posts: { list: { object: { id: 'text' } } } } },
				},
			},
		}),
	},
	fields,
);
