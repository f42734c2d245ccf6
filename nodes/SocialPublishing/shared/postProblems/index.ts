/**
 * The problems of a post request (broken rules of `shared/postRules/` and the node's own, both
 * found as data: `types.ts`) worded for the editor, in this one place: one NodeOperationError per
 * item that names the item, the channel (name and platform), the part and the field (`places.ts`),
 * says what is wrong with the figures (written vs allowed) and how to fix it (`fixes.ts`). The
 * wording does not depend on which operation sends the request; Post → Update's own problems (no
 * such post, already published...) have their codes here too.
 */
import { NodeOperationError, type INode } from 'n8n-workflow';
import { isPlatformId, PLATFORMS } from '../platforms';
import { mediaKind, type FieldFault, type PlatformProblem } from '../postRules';
import {
	delayHint,
	ENDINGS_IN_WORDS,
	fieldHint,
	mediaUrlHint,
	nodeHint,
	platformHint,
	withoutFinalPeriod,
} from './fixes';
import {
	channelLabel,
	fieldLabel,
	locate,
	nodeFieldLabel,
	PARTS_CHOICES,
	partLabel,
} from './places';
import type {
	BinaryFileRefusal,
	DelayProblem,
	MediaUrlRefusal,
	NodeFinding,
	Problem,
	ProblemContext,
	WordedProblem,
} from './types';
import { refusedDateWords, shownValue, wallOf } from '../userValues';

export type {
	BinaryFileRefusal,
	DelayProblem,
	EntryLabel,
	MediaUrlProblem,
	MediaUrlRefusal,
	NodeField,
	NodeFinding,
	NodeProblem,
	Problem,
	ProblemContext,
	WordedProblem,
} from './types';
export { channelLabel, locate, PARTS_CHOICES, partLabel, type PartsChoice } from './places';

/** The value at a dotted body path (`posts.0.settings.title`), to say what was given. */
function valueAt(body: Record<string, unknown> | undefined, path: string): unknown {
	let value: unknown = body;
	for (const key of path === '' ? [] : path.split('.')) {
		if (typeof value !== 'object' || value === null) return undefined;
		value = (value as Record<string, unknown>)[key];
	}
	return value;
}

const plural = (count: number, one: string, many = `${one}s`) =>
	`${count} ${count === 1 ? one : many}`;

/**
 * What is wrong with a field (named by its label already), with the value's own figures when the
 * body is at hand; `path` '' is the body itself.
 */
function faultWords(fault: FieldFault, value: unknown, path: string): string {
	switch (fault.code) {
		case 'missing':
			return 'is missing';
		case 'notString':
			return 'must be a string';
		case 'notBoolean':
			return 'must be true or false';
		case 'notInteger':
			return 'must be an integer number';
		case 'notArray':
			return 'must be an array';
		case 'notObject':
			if (path === '') return 'the request body must be a JSON object';
			return fault.shape ? `must be an object ${fault.shape}` : 'must be an object';
		case 'notOneOf':
			return typeof value === 'string'
				? `"${value.slice(0, 40)}" is not one of the allowed values`
				: 'is not one of the allowed values';
		case 'belowMin':
			return `must be ${fault.min} or more${typeof value === 'number' ? `; it is ${value}` : ''}`;
		case 'tooFewElements': {
			const count = Array.isArray(value) ? value.length : 0;
			return count === 0
				? `is empty; at least ${fault.min} needed`
				: `has ${count}; at least ${fault.min} needed`;
		}
		case 'tooManyElements':
			return Array.isArray(value)
				? `has ${value.length}; at most ${fault.max} allowed`
				: `may have at most ${fault.max}`;
		case 'tooShort': {
			if (typeof value !== 'string' || value === '') return 'is empty';
			return `is ${plural(Array.from(value).length, 'character')}; at least ${fault.min} needed`;
		}
		case 'tooLong':
			return typeof value === 'string'
				? `is ${plural(Array.from(value).length, 'character')}; at most ${fault.max} allowed`
				: `must be shorter than or equal to ${fault.max} characters`;
		case 'notOfForm':
			return `must be ${fault.form}`;
		case 'notWebAddress':
			return 'must be a URL address';
		case 'notUsername':
			return 'must be a username (string)';
		case 'tagsTooLong':
			return `must be at most ${fault.max} characters for all tags together (now ${fault.total})`;
		case 'unusableEnding':
			return `must end in ${fault.endings}`;
		case 'refusedEnding':
			return `must be a file ending in ${fault.endings}`;
		case 'emptyPart':
			return 'needs text, media, or both';
		case 'notDate':
			return fault.why
				? `must be a valid ISO 8601 date string: "${fault.value}" does not exist (${fault.why})`
				: 'must be a valid ISO 8601 date string';
	}
}

/**
 * What a platform's media rule found in one part, with the part's own figures. The service's text
 * is kept where it says what is wrong; where one text stands for two rules (YouTube's "You need one
 * media" for none and for two), the figures say which.
 */
function mediaWords(problem: PlatformProblem, body: Record<string, unknown> | undefined): string {
	const said = withoutFinalPeriod(problem.message);
	const media = valueAt(body, `posts.${problem.entryIndex}.value.${problem.partIndex}.image`);
	if (!Array.isArray(media)) return said;
	const rules = PLATFORMS[problem.platform];
	const { messages, minItems, maxItems } = rules.media;
	const kinds = media.map((item) =>
		typeof (item as { path?: unknown })?.path === 'string'
			? mediaKind((item as { path: string }).path)
			: undefined,
	);
	const count = media.length;
	const videos = kinds.filter(
		(kind) => kind === 'video' || (kind === 'gif' && rules.media.gifIsVideo),
	).length;
	const figures =
		count === 0
			? 'the part has no media'
			: `the part has ${plural(videos, 'video')} and ${plural(count - videos, 'picture')}`;
	const ambiguous = Object.values(messages).filter((text) => text === problem.message).length > 1;
	if (ambiguous && problem.rule === 'tooMany' && maxItems !== undefined && count > maxItems) {
		return `${figures}; ${rules.displayName} takes at most ${maxItems}`;
	}
	if (ambiguous && problem.rule === 'noMedia' && count < minItems) {
		return `${figures}; ${rules.displayName} needs at least ${minItems}`;
	}
	return `${said} (${figures})`;
}

/** What is wrong with a part's delay, the value quoted. */
function delayWords(problem: DelayProblem): string {
	const given = shownValue(problem.value);
	switch (problem.refusal) {
		case 'empty':
			return 'is empty; the minutes are missing';
		case 'text':
			return `${given} is text; give the minutes as a JSON number`;
		case 'notNumber':
			return `${given} is not a number of minutes`;
		case 'notWhole':
			return `${given} is not a whole number of minutes`;
		case 'negative':
			return `${given} is below 0`;
		case 'tooLarge':
			return `${given} is more than ${problem.max} minutes (${problem.max / 1440} days)`;
	}
}

/** Why a media URL does not become media, the address quoted (at most 200 characters). */
export function mediaUrlWords(refusal: MediaUrlRefusal): string {
	const quoted = 'href' in refusal ? `"${refusal.href.slice(0, 200)}"` : '';
	switch (refusal.code) {
		case 'address':
			return refusal.words;
		case 'upperCaseEnding':
			return `${quoted} ends in upper case; the service takes the endings in lower case only`;
		case 'fragment':
			return (
				`${quoted} has a "#" part after the file name, which the service reads as part of ` +
				'its ending'
			);
		case 'noEnding':
			return `${quoted} does not end in ${ENDINGS_IN_WORDS}`;
		case 'besideIdOrPath':
			return 'has "url" and also "id" or "path"';
		case 'notFetched':
			return `the service could not upload ${quoted}: ${withoutFinalPeriod(refusal.said)}`;
	}
}

/** How long ago, in the largest whole unit: "3 days", "1 hour", "12 minutes". */
function agoInWords(ms: number): string {
	const units: Array<[string, number]> = [
		['year', 365 * 24 * 3_600_000],
		['day', 24 * 3_600_000],
		['hour', 3_600_000],
		['minute', 60_000],
	];
	for (const [unit, size] of units) {
		const count = Math.floor(ms / size);
		if (count >= 1) return `${count} ${unit}${count > 1 ? 's' : ''}`;
	}
	return 'less than a minute';
}

/**
 * The instant as the user reads it in the workflow's time zone, e.g. "2025-03-01 10:00
 * (Europe/Berlin)".
 */
function inTimeZone(instant: number, timeZone: string): string {
	const wall = new Date(wallOf(instant, timeZone)).toISOString();
	return `${wall.slice(0, 10)} ${wall.slice(11, 16)} (${timeZone})`;
}

/** Why a binary field gives no file a post can use. */
function binaryFileWords(property: string, refusal: BinaryFileRefusal): string {
	switch (refusal.code) {
		case 'noField':
			return `the item has no binary field "${property}"`;
		case 'empty':
			return `the file "${refusal.fileName}" is empty (0 bytes)`;
		case 'unknownType':
			return `the file "${refusal.fileName}" is not a type the service accepts`;
		case 'notForPosts':
			return (
				`the file "${refusal.fileName}" is ${refusal.mime}, which the service stores but posts ` +
				'cannot use'
			);
		case 'imageTooLarge':
			return `the image "${refusal.fileName}" is over 10 MB`;
		case 'tooLarge':
			return `the file "${refusal.fileName}" is over 50 MB`;
		case 'noFile':
			return 'no file';
	}
}

/** What is wrong, for a problem the node found itself, with its figures. */
function nodeWords(finding: NodeFinding): string {
	switch (finding.code) {
		case 'channelNotText':
			return `${shownValue(finding.value)} is not a channel ID`;
		case 'noChannel':
			return 'no channel chosen';
		case 'malformedChannelId':
			return `"${finding.id.slice(0, 80)}" is not a channel ID`;
		case 'platformMismatch':
			return `Platform is set to ${PLATFORMS[finding.given].displayName}, but the channel is on ${PLATFORMS[finding.actual].displayName}`;
		case 'dateNotRead':
			return finding.read.refused === 'empty'
				? 'is empty'
				: `${shownValue(finding.value)} ${refusedDateWords(finding.read)}`;
		case 'pastDate':
			return (
				(finding.postsOwnDate
					? "the post's date has passed (no new date was given)"
					: 'the date has passed') +
				`: it was ${inTimeZone(finding.instant, finding.timeZone)}, ${agoInWords(finding.lateMs)} ago, and the service would publish the post at once`
			);
		case 'repeatNotWhole':
			return `must be a whole number of days, ${finding.min} or more; ${finding.said}`;
		case 'jsonNotRead':
			return finding.said;
		case 'requestNotObject': {
			const { value } = finding;
			const given = Array.isArray(value)
				? 'a list'
				: value === undefined
					? 'empty'
					: `${typeof value} ${JSON.stringify(value).slice(0, 40)}`;
			return `must be a JSON object; it is ${given}`;
		}
		case 'settingsNotObject':
			return `must be a JSON object of settings; it is ${shownValue(finding.value)}`;
		case 'bodyTooLarge':
			return `the request body is ${Math.ceil(finding.bytes / 1024)} kB; the service refuses bodies over ${finding.max / 1024} kB`;
		case 'binaryFile':
			return binaryFileWords(finding.property, finding.refusal);
		case 'noPostingTimes':
			return 'the channel has no posting times set, so it has no free slot';
		case 'channelDisabled':
			return 'the channel is disabled, and the service finds no slot for a disabled channel';
		case 'nothingToChange':
			return 'no field to change was added';
		case 'unknownPartsChoice':
			return `is ${shownValue(finding.value)}, not one of its options`;
		case 'partsNotSaid': {
			const names = finding.resending.map((name) => (name === 'content' ? 'Text' : 'Publish At'));
			return (
				`is ${PARTS_CHOICES.notSaid}, and a new ${names.join(' and ')} sends the whole post ` +
				'again, which replaces its media and follow-up parts; the service does not show them, so the node cannot keep them'
			);
		}
		case 'postNotFound':
			return `no post ${finding.postId} among the organisation's posts dated ${finding.from} to ${finding.to}; it may have been deleted`;
		case 'postPublished':
			return `post ${finding.postId} is already published (${finding.publishDate.slice(0, 16).replace('T', ' ')} UTC)`;
		case 'channelGone':
			return "the post's channel is no longer among the organisation's channels";
		case 'groupShared': {
			const named = finding.others.map(({ id, channelName, platform }) => {
				const shownPlatform = isPlatformId(platform)
					? PLATFORMS[platform].displayName
					: platform || 'platform unknown';
				return `${channelName ? `"${channelName}"` : 'a channel'} (${shownPlatform}) post ${id}`;
			});
			const count = named.length === 1 ? 'another post' : `${named.length} other posts`;
			return (
				`post ${finding.postId} shares its group with ${count}: ${named.join(', ')}; this ` +
				'service deletes the posts of the group that an edit does not send, so a new text, ' +
				`date, media or follow-up parts would delete ${named.length === 1 ? 'it' : 'them'}`
			);
		}
	}
}

/**
 * One problem in words: where (item from 1, channel name and platform, part, field label), what,
 * how to fix.
 */
export function describeProblem(
	problem: Problem,
	context: ProblemContext,
	body?: Record<string, unknown>,
): WordedProblem {
	const where: string[] = [`Item ${context.itemIndex + 1}`];
	let partIndex: number | undefined;
	let field: string;
	let what: string;
	let fix: string;
	let api: string | undefined;
	switch (problem.kind) {
		case 'node':
			if (problem.entryIndex !== undefined) where.push(channelLabel(context, problem.entryIndex));
			partIndex = problem.partIndex;
			field = nodeFieldLabel(problem);
			what = nodeWords(problem);
			fix = nodeHint(problem);
			break;
		case 'channel':
			where.push(channelLabel(context, problem.entryIndex));
			field = 'Channel';
			if (context.inputMode === 'json')
				api = `${problem.path} names a channel the organisation does not have`;
			what =
				problem.channelId.trim() === ''
					? 'the channel ID is empty'
					: `no channel with id ${problem.channelId} in the organisation`;
			fix = 'pick the channel from the list, or use an ID listed by GET /integrations';
			break;
		case 'platform': {
			where.push(channelLabel(context, problem.entryIndex));
			partIndex = problem.partIndex;
			field = fieldLabel(['value', String(partIndex), problem.field], undefined);
			fix = platformHint(problem);
			const platform = PLATFORMS[problem.platform].displayName;
			what =
				problem.rule === 'tooLong'
					? `the text is ${problem.length} characters; ${platform} takes at most ${problem.limit}`
					: mediaWords(problem, body);
			api = `"${problem.message}"`;
			if (context.inputMode === 'json')
				api = `${api} (posts.${problem.entryIndex}.value.${partIndex}.${problem.field})`;
			break;
		}
		case 'delay':
			if (problem.entryIndex !== undefined) where.push(channelLabel(context, problem.entryIndex));
			partIndex = problem.partIndex;
			field = fieldLabel(['value', String(partIndex), 'delay'], undefined);
			what = delayWords(problem);
			fix = delayHint(problem);
			break;
		case 'mediaUrl':
			if (problem.entryIndex !== undefined) where.push(channelLabel(context, problem.entryIndex));
			partIndex = problem.partIndex;
			field = fieldLabel(
				['value', String(partIndex), 'image', String(problem.mediaIndex), 'url'],
				undefined,
			);
			what = mediaUrlWords(problem.refusal);
			fix = mediaUrlHint(problem.refusal);
			break;
		case 'field': {
			const located = locate(problem.path, context);
			if (located.entryIndex !== undefined) where.push(channelLabel(context, located.entryIndex));
			partIndex = located.partIndex;
			field = located.field;
			fix = fieldHint(problem, located, context);
			// The editor's label says where (in JSON mode too); the API's path goes to the details only.
			what = faultWords(problem.fault, valueAt(body, problem.path), problem.path);
			api = problem.message;
			break;
		}
	}
	// Parts shared by every channel are the top-level Parts field: named as the editor shows it.
	const shared = context.inputMode === 'fields' && context.contentMode === 'same';
	if (partIndex !== undefined)
		where.push(shared ? `Parts → ${partLabel(partIndex)}` : partLabel(partIndex));
	return {
		what: withoutFinalPeriod(`${where.join(', ')}, ${field}: ${what}`),
		fix: withoutFinalPeriod(fix),
		...(api ? { api } : {}),
	};
}

/** How many problems the message names; the description lists them all, each with its fix. */
const NAMED_IN_MESSAGE = 3;

/**
 * Several problems in one message, as n8n's toast shows it: each named where and what (up to
 * NAMED_IN_MESSAGE), so that none hides behind the first.
 */
function severalProblems(worded: WordedProblem[], itemIndex: number): string {
	const item = `Item ${itemIndex + 1}`;
	const named = worded
		.slice(0, NAMED_IN_MESSAGE)
		.map(
			(w, i) =>
				`(${i + 1}) ${w.what.startsWith(`${item}, `) ? w.what.slice(item.length + 2) : w.what}`,
		);
	const rest = worded.length - named.length;
	return (
		`${item} has ${worded.length} problems: ${named.join('; ')}` +
		(rest > 0 ? `; and ${rest} more, listed in the details` : '')
	);
}

/**
 * All problems of one item as one error. The message: the problem, what and where, in one
 * sentence (several: each of the first three). The description: how to fix it (each problem
 * with its fix when there are several), that nothing was sent, and last what the service
 * would have answered (its field paths), for whoever compares with its documentation.
 */
export function problemsError(
	node: INode,
	problems: Problem[],
	context: ProblemContext,
	body?: Record<string, unknown>,
): NodeOperationError {
	const worded = problems.map((problem) => describeProblem(problem, context, body));
	const [first] = worded;
	const message = worded.length === 1 ? first.what : severalProblems(worded, context.itemIndex);
	const fixes =
		worded.length === 1
			? [`To fix: ${first.fix}.`]
			: worded.map((w, i) => `${i + 1}. ${w.what}. To fix: ${w.fix}.`);
	const api = worded.filter((w) => w.api).map((w) => w.api);
	// A media URL the service could not fetch: other uploads of the item may have been made, no post.
	const uploadFailed = problems.some(
		(problem) => problem.kind === 'mediaUrl' && problem.refusal.code === 'notFetched',
	);
	const description = [
		...fixes,
		uploadFailed
			? context.edit
				? 'The post was not changed: the media URLs named could not be uploaded.'
				: 'No post was created for this item: the media URLs named could not be uploaded.'
			: 'Nothing was sent for this item.',
		// Caught here, so nothing was answered: what the service would have said, for whoever compares
		// with it.
		...(api.length
			? [`Had it been sent, the service would have answered: ${api.join('; ')}.`]
			: []),
	].join('\n');
	return new NodeOperationError(node, message, { itemIndex: context.itemIndex, description });
}
