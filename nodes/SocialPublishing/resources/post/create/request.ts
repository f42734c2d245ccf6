/**
 * Step 1 of Post → Create (see hooks.ts): the parameters read into the POST /posts body, in fields
 * or JSON mode, with what the node finds wrong on the way (no channel, JSON that does not parse)
 * and how each entry is named in errors. No request is made here.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { isMalformedId } from '../../../shared/routing';
import { POST_LIMITS } from '../../../shared/platforms';
import {
	readDate,
	refusedDateWords,
	shownValue,
	type JsonRefusal,
} from '../../../shared/userValues';
import {
	parseJsonParameter,
	postsFromChannels,
	repeatFromParam,
	tagsFromParam,
	type EntryParameters,
	type Entry,
	type Json,
	type PartsParam,
} from './body';
import type {
	EntryLabel,
	NodeProblem,
	Problem,
	ProblemContext,
} from '../../../shared/postProblems';

export interface PostRequest {
	body: Json;
	channels: Entry[];
	context: ProblemContext;
	/**
	 * What the node finds itself while reading (and, after step 1, media URLs and delays: hooks.ts).
	 */
	problems: Problem[];
	/** Fields mode with "next free slot": the date is found after the checks that need no request. */
	wantsNextSlot: boolean;
	skipChecks: boolean;
	/**
	 * Set when the body could not be read at all (JSON that does not parse, or is not an object):
	 * checking what is left would only repeat that first problem as missing fields.
	 */
	unreadable?: boolean;
	/**
	 * Body paths (`posts.0.settings`, `posts.0.value.0.image.1`) whose value a problem above already
	 * explains.
	 */
	explained: string[];
	/**
	 * Parts (`<entryIndex>.<partIndex>`) whose media a problem above explains: the platform's media
	 * rule waits.
	 */
	partsWithUnreadMedia: Set<string>;
}

/**
 * Whether a rule ruleProblem only repeats a problem the node already reported (a follow-on error).
 */
export function isFollowOn(request: PostRequest, ruleProblem: Problem): boolean {
	if (ruleProblem.kind === 'field') {
		return request.explained.some(
			(path) => ruleProblem.path === path || ruleProblem.path.startsWith(`${path}.`),
		);
	}
	if (ruleProblem.kind === 'platform' && ruleProblem.field === 'image') {
		return request.partsWithUnreadMedia.has(
			`${ruleProblem.entryIndex}.${ruleProblem.partIndex ?? 0}`,
		);
	}
	return false;
}

/** How to fix a JSON parameter, by why it was not read. */
const JSON_HINTS: Record<JsonRefusal, string> = {
	tooDeep: 'give the JSON with fewer levels of objects and lists inside each other',
	tooLong: 'shorten it: the service refuses request bodies over 100 kB',
	notJson:
		'write valid JSON (double quotes around names and texts), ' +
		'or use an expression that returns an object',
};

export function jsonProblem(
	field: string,
	refused: { error: string; why: JsonRefusal },
	entryIndex?: number,
): NodeProblem {
	return {
		kind: 'node',
		entryIndex,
		field,
		message: refused.error,
		hint: JSON_HINTS[refused.why],
	};
}

/** How to write a date the node reads (step 1 of Post → Create, fields and JSON mode). */
export const DATE_HINT =
	"give a date that exists, in ISO 8601: 2030-01-15T10:00 (in the workflow's time zone) or " +
	'2030-01-15T10:00:00Z';

/**
 * A raw value given as a channel that is no text (an object or list from an expression), quoted for
 * the message.
 */
function channelValueNotText(locator: unknown): string | undefined {
	const raw =
		typeof locator === 'object' && locator !== null && !Array.isArray(locator) && '__rl' in locator
			? (locator as { value?: unknown }).value
			: locator;
	return typeof raw === 'object' && raw !== null ? shownValue(raw) : undefined;
}

export function requestFromFields(
	context: IExecuteSingleFunctions,
	options: IDataObject,
): PostRequest {
	const itemIndex = context.getItemIndex();
	const problems: NodeProblem[] = [];
	const type = context.getNodeParameter('type', 'schedule') as string;
	const contentMode =
		context.getNodeParameter('contentMode', 'same') === 'perChannel' ? 'perChannel' : 'same';
	const sharedParts =
		contentMode === 'same' ? (context.getNodeParameter('parts', {}) as PartsParam) : undefined;
	const entries = (context.getNodeParameter('channels.channel', []) as EntryParameters[]) ?? [];

	const explained: string[] = [];
	const { posts, channels } = postsFromChannels(entries, sharedParts, (raw, entryIndex) => {
		const parsed = parseJsonParameter(raw);
		if ('value' in parsed) return parsed.value;
		problems.push(jsonProblem('Settings (JSON)', parsed, entryIndex));
		explained.push(`posts.${entryIndex}.settings`);
		return undefined;
	});
	channels.forEach((channel, entryIndex) => {
		const notText = channelValueNotText(entries[entryIndex]?.channel);
		if (notText !== undefined) {
			problems.push({
				kind: 'node',
				entryIndex,
				field: 'Channel',
				message: `${notText} is not a channel ID`,
				hint:
					'pick a channel from the list, or give its ID as text (an expression that gives an ' +
					'object needs .id or similar)',
			});
			explained.push(`posts.${entryIndex}.integration`);
		} else if (channel.id === '') {
			problems.push({
				kind: 'node',
				entryIndex,
				field: 'Channel',
				message: 'no channel chosen',
				hint: 'pick a channel from the list, or give its ID',
			});
		} else if (isMalformedId(channel.id)) {
			problems.push({
				kind: 'node',
				entryIndex,
				field: 'Channel',
				message: `"${channel.id.slice(0, 80)}" is not a channel ID`,
				hint:
					'an ID has no spaces, slashes, ? or #: pick the channel from the list or paste its ID ' +
					'alone',
			});
		}
	});

	let wantsNextSlot = false;
	let date: unknown;
	if (type === 'now') {
		// The service wants a date for `now` too (spec 4.3).
		date = new Date().toISOString();
	} else if (context.getNodeParameter('dateMode', 'date') === 'nextSlot') {
		wantsNextSlot = true;
		date = new Date().toISOString();
	} else {
		const raw = context.getNodeParameter('date', '') as unknown;
		const read = readDate(raw, context.getTimezone());
		if ('iso' in read) date = read.iso;
		else if (read.refused !== 'empty') {
			problems.push({
				kind: 'node',
				field: 'Publish At',
				message: `${shownValue(raw)} ${refusedDateWords(read)}`,
				hint: DATE_HINT,
			});
			explained.push('date');
		}
	}

	const body: Json = {
		type,
		date,
		shortLink: options.shortLink === undefined ? false : options.shortLink,
		tags: tagsFromParam(options.tags),
		posts,
	};
	const inter = repeatFromParam(options.repeatEvery);
	if ('refused' in inter) {
		problems.push({
			kind: 'node',
			field: 'Repeat Every (Days)',
			message: `must be a whole number of days, ${POST_LIMITS.interMin} or more; ${inter.refused}`,
			hint: `give a whole number of days, ${POST_LIMITS.interMin} or more`,
		});
	} else if (inter.value !== undefined) body.inter = inter.value;

	return {
		body,
		channels,
		problems,
		wantsNextSlot,
		skipChecks: options.skipChecks === true,
		explained,
		partsWithUnreadMedia: new Set(),
		context: { itemIndex, inputMode: 'fields', contentMode, channels: channels.map(labelOf) },
	};
}

export function requestFromJson(
	context: IExecuteSingleFunctions,
	options: IDataObject,
): PostRequest {
	const itemIndex = context.getItemIndex();
	const problems: NodeProblem[] = [];
	let body: Json = {};
	const parsed = parseJsonParameter(context.getNodeParameter('requestJson', '{}'));
	if ('error' in parsed) problems.push(jsonProblem('Request (JSON)', parsed));
	else if (
		typeof parsed.value === 'object' &&
		parsed.value !== null &&
		!Array.isArray(parsed.value)
	) {
		body = parsed.value as Json;
	} else {
		const given = Array.isArray(parsed.value)
			? 'a list'
			: parsed.value === undefined
				? 'empty'
				: `${typeof parsed.value} ${JSON.stringify(parsed.value).slice(0, 40)}`;
		problems.push({
			kind: 'node',
			field: 'Request (JSON)',
			message: `must be a JSON object; it is ${given}`,
			hint:
				'give the whole POST /posts body as one object: {"type": ..., "date": ..., "shortLink": ' +
				'..., "tags": [...], "posts": [...]}',
		});
	}
	// The body's date is sent as written, and judged as written by the rules (postRules: the same
	// date reader).
	const unreadable = problems.length > 0;
	const posts = Array.isArray(body.posts) ? body.posts : [];
	const channels: Entry[] = posts.map((post) => {
		const integration =
			typeof post === 'object' && post !== null ? (post as Json).integration : undefined;
		const id =
			typeof integration === 'object' && integration !== null
				? (integration as Json).id
				: undefined;
		return { id: typeof id === 'string' ? id : '', settingsMode: 'json' };
	});
	return {
		body,
		channels,
		problems,
		wantsNextSlot: false,
		skipChecks: options.skipChecks === true,
		unreadable,
		explained: [],
		partsWithUnreadMedia: new Set(),
		context: {
			itemIndex,
			inputMode: 'json',
			contentMode: 'perChannel',
			channels: channels.map(labelOf),
		},
	};
}

function labelOf(ref: Entry): EntryLabel {
	return {
		id: ref.id,
		name: ref.cachedName,
		platform: ref.platform,
		settingsMode: ref.settingsMode,
		platformGiven: ref.platform !== undefined,
	};
}
