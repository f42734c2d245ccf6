/**
 * Turns broken rules (from `shared/postRules/`' checkCreatePostRequest, plus the node's own checks) into one
 * NodeOperationError per item that names the item, the channel (name and platform), the part and the field, says
 * what is wrong with the figures (written vs allowed) and how to fix it (`editorWords.ts` finds the place and the
 * fix). The rules themselves are in `shared/platforms/` and `shared/postRules/`.
 */
import { NodeOperationError, type INode } from 'n8n-workflow';
import { PLATFORMS, type PlatformId } from '../../../shared/platforms';
import {
	maxLengthFor,
	mediaKind,
	textLength,
	TOO_LONG_MESSAGE,
	type RuleProblem,
} from '../../../shared/postRules';
import {
	channelLabel,
	fieldHint,
	locate,
	partLabel,
	platformHint,
	postSettings,
} from './editorWords';

/** A problem the node finds itself (channel missing, platform mismatch, bad JSON...). */
export interface NodeProblem {
	kind: 'node';
	/** Index in `posts` (the channel entry), when the problem belongs to one channel. */
	postIndex?: number;
	partIndex?: number;
	/** What is wrong, in the editor's words. */
	field: string;
	message: string;
	hint: string;
}

export type Problem = RuleProblem | NodeProblem;

/** What the error wording needs to know about one channel of the request. */
export interface EntryLabel {
	id: string;
	name?: string;
	platform?: PlatformId;
	premium?: boolean;
	settingsMode: 'fields' | 'json';
	/** Fields mode: the user picked the platform (typed settings shown), rather than "Look Up". */
	platformGiven?: boolean;
	/** The service's channel list was read and has no channel of this id. */
	notListed?: boolean;
}

export interface ProblemContext {
	itemIndex: number;
	inputMode: 'fields' | 'json';
	/** Fields mode: parts are shared by all channels ('same') or given per channel. */
	contentMode: 'same' | 'perChannel';
	channels: EntryLabel[];
}

/** One problem in the editor's words: what and where, how to fix it, and the service's own field path if any. */
export interface WordedProblem {
	/** "Item 1, channel 1 "Shop" (X), part 2, Text: the text is 300 characters; X takes at most 280". */
	what: string;
	/** "shorten the text to at most 280 characters …". */
	fix: string;
	/** The API's field path and text (`posts.0.settings.title should not be null or undefined`), for the details. */
	api?: string;
}

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
 * A validator's text ("posts.0.settings.title should not be null or undefined") as words about the field, with the
 * value's own figures (how many characters or entries it has) when the body is at hand.
 */
function inWords(message: string, value?: unknown): string {
	// The field is named by the editor's label already: drop the API path the validator starts with.
	const text = message
		.replace(/^[a-zA-Z_]+(\.\w+)* (?=should|must|needs|is |has )/, '')
		.replace(/ \((content|image)\)/g, '');
	if (/should not be null or undefined/.test(text)) return 'is missing';
	if (/should not exist/.test(text)) return 'is not a setting this platform has';
	if (/must be one of/.test(text)) {
		return typeof value === 'string'
			? `"${value.slice(0, 40)}" is not one of the allowed values`
			: 'is not one of the allowed values';
	}
	if (/must be a boolean/.test(text)) return 'must be true or false';
	const atLeast = /must not be less than (\d+)/.exec(text);
	if (atLeast)
		return `must be ${atLeast[1]} or more${typeof value === 'number' ? `; it is ${value}` : ''}`;
	const atMost = /must not be greater than (\d+)/.exec(text);
	if (atMost)
		return `must be ${atMost[1]} or less${typeof value === 'number' ? `; it is ${value}` : ''}`;
	const fewest = /must contain at least (\d+) elements/.exec(text);
	if (fewest) {
		const count = Array.isArray(value) ? value.length : 0;
		return count === 0
			? `is empty; at least ${fewest[1]} needed`
			: `has ${count}; at least ${fewest[1]} needed`;
	}
	const most = /must contain no more than (\d+) elements/.exec(text);
	if (most)
		return Array.isArray(value)
			? `has ${value.length}; at most ${most[1]} allowed`
			: `may have at most ${most[1]}`;
	const shortest = /must be longer than or equal to (\d+) characters/.exec(text);
	if (shortest) {
		const length = typeof value === 'string' ? Array.from(value).length : undefined;
		if (length === 0 || value === undefined) return 'is empty';
		return `is ${plural(length ?? 0, 'character')}; at least ${shortest[1]} needed`;
	}
	const longest = /must be shorter than or equal to (\d+) characters/.exec(text);
	if (longest && typeof value === 'string')
		return `is ${plural(Array.from(value).length, 'character')}; at most ${longest[1]} allowed`;
	return text;
}

/**
 * What a platform's media rule found in one part, with the part's own figures. The service's text is kept where it
 * says what is wrong; where one text stands for two rules (YouTube's "You need one media" for none and for two), the
 * figures say which.
 */
function mediaWords(
	ruleProblem: Extract<RuleProblem, { kind: 'platform' }>,
	body: Record<string, unknown> | undefined,
): string {
	const said = ruleProblem.message.replace(/\.$/, '');
	const media = valueAt(
		body,
		`posts.${ruleProblem.postIndex}.value.${ruleProblem.partIndex ?? 0}.image`,
	);
	if (!Array.isArray(media)) return said;
	const rules = PLATFORMS[ruleProblem.provider];
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
	const ambiguous =
		Object.values(messages).filter((text) => text === ruleProblem.message).length > 1;
	if (
		ambiguous &&
		ruleProblem.message === messages.tooMany &&
		maxItems !== undefined &&
		count > maxItems
	) {
		return `${figures}; ${rules.displayName} takes at most ${maxItems}`;
	}
	if (ambiguous && ruleProblem.message === messages.noMedia && count < minItems) {
		return `${figures}; ${rules.displayName} needs at least ${minItems}`;
	}
	return `${said} (${figures})`;
}

/** The Text of a part, measured as the platform counts it (for "written vs allowed"). */
function writtenLength(
	body: Record<string, unknown> | undefined,
	ruleProblem: Extract<RuleProblem, { kind: 'platform' }>,
): number | undefined {
	const posts = Array.isArray(body?.posts)
		? (body.posts as Array<{ value?: Array<{ content?: unknown }> }>)
		: [];
	const content = posts[ruleProblem.postIndex]?.value?.[ruleProblem.partIndex ?? 0]?.content;
	return typeof content === 'string' ? textLength(content, ruleProblem.provider) : undefined;
}

/** One problem in words: where (item from 1, channel name and platform, part, field label), what, how to fix. */
export function describeProblem(
	problem: Problem,
	context: ProblemContext,
	body?: Record<string, unknown>,
): WordedProblem {
	const where: string[] = [`Item ${context.itemIndex + 1}`];
	let field: string;
	let what = problem.message;
	let fix: string;
	let api: string | undefined;
	switch (problem.kind) {
		case 'node':
			if (problem.postIndex !== undefined) where.push(channelLabel(context, problem.postIndex));
			if (problem.partIndex !== undefined) where.push(partLabel(problem.partIndex));
			field = problem.field;
			fix = problem.hint;
			break;
		case 'channel':
			where.push(channelLabel(context, problem.postIndex));
			field = 'Channel';
			if (context.inputMode === 'json')
				api = `${problem.path} names a channel the organisation does not have`;
			what = problem.message.replace(/^[\w.]+: /, '');
			fix = 'pick the channel from the list, or use an ID listed by GET /integrations';
			break;
		case 'platform': {
			where.push(channelLabel(context, problem.postIndex));
			if (problem.partIndex !== undefined) where.push(partLabel(problem.partIndex));
			field = problem.field === 'content' ? 'Text' : 'Media';
			fix = platformHint(problem, context, body);
			if (problem.message === TOO_LONG_MESSAGE) {
				const written = writtenLength(body, problem);
				const max = maxLengthFor(
					{
						id: context.channels[problem.postIndex]?.id ?? '',
						name: problem.channelName,
						identifier: problem.provider,
						premium: context.channels[problem.postIndex]?.premium,
					},
					postSettings(body, problem.postIndex),
				);
				what =
					written === undefined
						? `the text is longer than ${PLATFORMS[problem.provider].displayName} takes (${max})`
						: `the text is ${written} characters; ${PLATFORMS[problem.provider].displayName} takes at most ${max}`;
				api = `"${TOO_LONG_MESSAGE}"`;
			} else {
				what = mediaWords(problem, body);
				api = `"${problem.message}"`;
			}
			if (context.inputMode === 'json')
				api = `${api} (posts.${problem.postIndex}.value.${problem.partIndex ?? 0}.${problem.field ?? 'image'})`;
			break;
		}
		case 'field': {
			const located = locate(problem.path, context);
			if (located.postIndex !== undefined) where.push(channelLabel(context, located.postIndex));
			if (located.partIndex !== undefined) where.push(partLabel(located.partIndex));
			field = located.field;
			fix = fieldHint(problem, located, context);
			// The editor's label says where (in JSON mode too); the API's path goes to the details only.
			what = inWords(problem.message, valueAt(body, problem.path));
			api = problem.message;
			break;
		}
	}
	const shared =
		context.inputMode === 'fields' &&
		context.contentMode === 'same' &&
		/^part \d/.test(where[where.length - 1] ?? '')
			? ' (in the shared Parts)'
			: '';
	return {
		what: `${where.join(', ')}${shared}, ${field}: ${what}`.replace(/\.$/, ''),
		fix: fix.replace(/\.$/, ''),
		...(api ? { api } : {}),
	};
}

/**
 * All problems of one item as one error. The message: the first problem, what and where, in one sentence (and how
 * many more). The description: how to fix it (each problem with its fix when there are several), that nothing was
 * sent, and last what the service would have answered (its field paths), for whoever compares with its documentation.
 */
export function problemsError(
	node: INode,
	problems: Problem[],
	context: ProblemContext,
	body?: Record<string, unknown>,
): NodeOperationError {
	const worded = problems.map((problem) => describeProblem(problem, context, body));
	const [first] = worded;
	const more = worded.length - 1;
	const message = `${first.what}${more > 0 ? ` (and ${more} more problem${more > 1 ? 's' : ''})` : ''}`;
	const fixes =
		worded.length === 1
			? [`To fix: ${first.fix}.`]
			: worded.map((w, i) => `${i + 1}. ${w.what}. To fix: ${w.fix}.`);
	const api = worded.filter((w) => w.api).map((w) => w.api);
	const description = [
		...fixes,
		'Nothing was sent for this item.',
		// Caught here, so nothing was answered: what the service would have said, for whoever compares with it.
		...(api.length
			? [`Had it been sent, the service would have answered: ${api.join('; ')}.`]
			: []),
	].join('\n');
	return new NodeOperationError(node, message, { itemIndex: context.itemIndex, description });
}
