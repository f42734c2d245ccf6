/**
 * The problems of a post request (broken rules of `shared/postRules/` and the node's own, as data:
 * `types.ts`) worded for the editor: one NodeOperationError per item naming the item, channel,
 * part and field (`places.ts`), what is wrong with its figures, and the fix. Each message is
 * worded once, its what and fix side by side: the node's findings (Post → Update's too) in
 * `findings.ts`, a field's fault in `fieldFaults.ts`, the rest here, for any operation.
 */
import { NodeOperationError, type INode } from 'n8n-workflow';
import { PLATFORMS } from '../platforms';
import { ENDINGS_IN_WORDS, isVideo, itemKind, type PlatformProblem } from '../postRules';
import { shownValue } from '../userValues';
import { faultWords, fieldFix, plural } from './fieldFaults';
import { wordFinding, type Worded } from './findings';
import {
	channelLabel,
	FIELD_LABELS,
	locate,
	NODE_FIELD_LABELS,
	partLabel,
	type Located,
} from './places';
import type { MediaUrlRefusal, Problem, ProblemContext, WordedProblem } from './types';

export type { BinaryFileRefusal, NodeFinding } from './findings';
export { channelLabel, locate, PARTS_CHOICES, partLabel } from './places';
export type { NodeField } from './places';
export type * from './types';

/** The value at a dotted body path (`posts.0.settings.title`), to say what was given. */
function valueAt(body: Record<string, unknown> | undefined, path: string): unknown {
	let value: unknown = body;
	for (const key of path === '' ? [] : path.split('.')) {
		if (typeof value !== 'object' || value === null) return undefined;
		value = (value as Record<string, unknown>)[key];
	}
	return value;
}

const withoutFinalPeriod = (text: string) => (text.endsWith('.') ? text.slice(0, -1) : text);

/**
 * A platform rule broken by a part: its text over the length, or a media rule with the part's own
 * figures. The service's text is kept where it says what is wrong; where one text stands for two
 * rules (YouTube's "You need one media" for none and for two), the figures say which.
 */
function platformWords(problem: PlatformProblem, body?: Record<string, unknown>): Worded {
	const rules = PLATFORMS[problem.platform];
	const { displayName: platform } = rules;
	if (problem.rule === 'tooLong') {
		const counted =
			rules.lengthCounting === 'xWeighted'
				? ', as X counts: CJK characters and emoji count 2, each link at least 23'
				: '';
		return {
			what: `the text is ${problem.length} characters; ${platform} takes at most ${problem.limit}`,
			fix: `shorten the text to at most ${problem.limit} characters (counted without HTML tags${counted}), or move some of it into a follow-up part`,
		};
	}
	const fix = `${platform} takes: ${withoutFinalPeriod(rules.mediaRule)} (a draft skips this check)`;
	const said = withoutFinalPeriod(problem.message);
	const media = valueAt(body, `posts.${problem.entryIndex}.value.${problem.partIndex}.image`);
	if (!Array.isArray(media)) return { what: said, fix };
	const { messages, minItems, maxItems } = rules.media;
	const count = media.length;
	const videos = media.filter((item) => isVideo(itemKind(item), rules.media)).length;
	const figures =
		count === 0
			? 'the part has no media'
			: `the part has ${plural(videos, 'video')} and ${plural(count - videos, 'picture')}`;
	const ambiguous = Object.values(messages).filter((text) => text === problem.message).length > 1;
	if (ambiguous && problem.rule === 'tooMany' && maxItems !== undefined && count > maxItems)
		return { what: `${figures}; ${platform} takes at most ${maxItems}`, fix };
	if (ambiguous && problem.rule === 'noMedia' && count < minItems)
		return { what: `${figures}; ${platform} needs at least ${minItems}`, fix };
	return { what: `${said} (${figures})`, fix };
}

/** Why a media URL does not become media, the address quoted (at most 200 characters). */
export function mediaUrlWords(refusal: MediaUrlRefusal): Worded {
	const quoted = 'href' in refusal ? `"${refusal.href.slice(0, 200)}"` : '';
	switch (refusal.code) {
		case 'address':
			return { what: refusal.words, fix: refusal.fix };
		case 'besideIdOrPath':
			return {
				what: 'has "url" and also "id" or "path"',
				fix: 'give either "url" (the node uploads it first) or the "id" and "path" of an uploaded file',
			};
		case 'notFetched':
			return {
				what: `the service could not upload ${quoted}: ${withoutFinalPeriod(refusal.said)}`,
				fix: 'check that the address opens the file itself (not a page showing it) from the internet, and that it is a JPEG, PNG, GIF, WEBP or MP4 file (images up to 10 MB)',
			};
	}
	const what = {
		upperCaseEnding: `${quoted} ends in upper case; the service takes the endings in lower case only`,
		fragment: `${quoted} has a "#" part after the file name, which the service reads as part of its ending`,
		noEnding: `${quoted} does not end in ${ENDINGS_IN_WORDS}`,
	}[refusal.code];
	const fix = `give the file's own address, whose path ends in ${ENDINGS_IN_WORDS} in lower case before any "?" and with no "#" part, or upload the file with Media → Upload and give its ID and path`;
	return { what, fix };
}

/** A problem placed (channel entry, part, field label) and worded (what, fix, the service's). */
type Placed = Omit<Located, 'rest'> & Worded & { api?: string };

function place(problem: Problem, context: ProblemContext, body?: Record<string, unknown>): Placed {
	const { entryIndex } = problem.kind === 'field' ? {} : problem;
	const partIndex = 'partIndex' in problem ? problem.partIndex : undefined;
	const media = (index: number | undefined, label: string) =>
		index === undefined ? label : `media ${index + 1} → ${label}`;
	switch (problem.kind) {
		case 'node':
			return {
				entryIndex,
				partIndex,
				field: media(problem.mediaIndex, NODE_FIELD_LABELS[problem.field]),
				...wordFinding(problem, problem.field),
			};
		case 'channel':
			return {
				entryIndex,
				field: 'Channel',
				what:
					problem.channelId.trim() === ''
						? 'the channel ID is empty'
						: `no channel with id ${problem.channelId} in the organisation`,
				fix: 'pick the channel from the list, or use an ID listed by GET /integrations',
				...(context.inputMode === 'json'
					? { api: `${problem.path} names a channel the organisation does not have` }
					: {}),
			};
		case 'platform': {
			const at = ` (posts.${entryIndex}.value.${partIndex}.${problem.field})`;
			return {
				entryIndex,
				partIndex,
				field: FIELD_LABELS.part[problem.field],
				...platformWords(problem, body),
				api: `"${problem.message}"${context.inputMode === 'json' ? at : ''}`,
			};
		}
		case 'delay': {
			const { value, refusal, max } = problem;
			const given = shownValue(value);
			return {
				entryIndex,
				partIndex,
				field: FIELD_LABELS.part.delay,
				what: {
					empty: 'is empty; the minutes are missing',
					text: `${given} is text; give the minutes as a JSON number`,
					notNumber: `${given} is not a number of minutes`,
					notWhole: `${given} is not a whole number of minutes`,
					negative: `${given} is below 0`,
					tooLarge: `${given} is more than ${max} minutes (${max / 1440} days)`,
				}[refusal],
				fix: `give a whole number of minutes from 0 to ${max} (0: right after the previous part)`,
			};
		}
		case 'mediaUrl':
			return {
				entryIndex,
				partIndex,
				field: media(problem.mediaIndex, FIELD_LABELS.media.url),
				...mediaUrlWords(problem.refusal),
			};
		case 'field': {
			// The editor's label says where (in JSON mode too); the API's path goes to the details only.
			const located = locate(problem.path, context);
			return {
				...located,
				what: faultWords(problem.fault, valueAt(body, problem.path), problem.path),
				fix: fieldFix(problem, located, context),
				api: problem.message,
			};
		}
	}
}

/** One problem in words: where (item, channel, part, field label), what, how to fix. */
export function describeProblem(
	problem: Problem,
	context: ProblemContext,
	body?: Record<string, unknown>,
): WordedProblem {
	const { entryIndex, partIndex, field, what, fix, api } = place(problem, context, body);
	const where = [`Item ${context.itemIndex + 1}`];
	if (entryIndex !== undefined) where.push(channelLabel(context, entryIndex));
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

/**
 * All problems of one item as one error: the message says where and what; the description how to
 * fix each, that nothing was sent, and last what the service would have answered (its paths).
 */
export function problemsError(
	node: INode,
	problems: Problem[],
	context: ProblemContext,
	body?: Record<string, unknown>,
): NodeOperationError {
	const worded = problems.map((problem) => describeProblem(problem, context, body));
	const [first] = worded;
	// Several: the first three named where and what in the message (as n8n's toast shows it), so
	// that none hides behind the first; the description lists them all.
	const item = `Item ${context.itemIndex + 1}`;
	const named = worded
		.slice(0, 3)
		.map(
			(w, i) =>
				`(${i + 1}) ${w.what.startsWith(`${item}, `) ? w.what.slice(item.length + 2) : w.what}`,
		);
	const rest = worded.length - named.length;
	const more = rest > 0 ? `; and ${rest} more, listed in the details` : '';
	const message =
		worded.length === 1
			? first.what
			: `${item} has ${worded.length} problems: ${named.join('; ')}${more}`;
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
		...(api.length
			? [`Had it been sent, the service would have answered: ${api.join('; ')}.`]
			: []),
	].join('\n');
	return new NodeOperationError(node, message, { itemIndex: context.itemIndex, description });
}
