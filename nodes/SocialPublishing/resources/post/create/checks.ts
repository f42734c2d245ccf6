/**
 * Turns broken rules (from `postRules.checkCreatePostRequest`, plus the node's own checks) into
 * one NodeOperationError per item that names the item, the channel (name and platform), the part
 * and the field, and says how to fix it, in the words of the editor (fields mode) or of the JSON
 * body (JSON mode). The rules themselves are in `shared/platforms/` / `shared/postRules/`; at the end, what is sent but
 * said (HTML the service strips, settings it does not know) and the body size.
 */
import { NodeOperationError, type INode } from 'n8n-workflow';
import { KEPT_HTML_TAGS, MEDIA_EXTENSIONS, PLATFORMS, POST_LIMITS, type PlatformId } from '../../../shared/platforms';
import { maxLengthFor, mediaKind, textLength, TOO_LONG_MESSAGE, unknownSettings, type RuleProblem } from '../../../shared/postRules';
import { LENGTH_COUNTING_WORDS } from '../../../shared/postRules/text';

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
}

export interface ProblemContext {
	itemIndex: number;
	inputMode: 'fields' | 'json';
	/** Fields mode: parts are shared by all channels ('same') or given per channel. */
	contentMode: 'same' | 'perChannel';
	channels: EntryLabel[];
}

const ENDINGS = Object.keys(MEDIA_EXTENSIONS).join(', ');

/** Names of the top-level fields in the editor. */
const FIELD_NAMES: Record<string, string> = {
	type: 'Type',
	date: 'Publish At',
	shortLink: 'Options → Shorten Links',
	tags: 'Options → Tags',
	inter: 'Options → Repeat Every (Days)',
	posts: 'Channels',
};

function channelLabel(context: ProblemContext, postIndex: number): string {
	const channel = context.channels[postIndex];
	const number = `channel ${postIndex + 1}`;
	if (!channel) return number;
	const platform = channel.platform ? PLATFORMS[channel.platform].displayName : 'platform unknown';
	return channel.name ? `${number} "${channel.name}" (${platform})` : `${number} ${channel.id || '(no ID)'} (${platform})`;
}

function partLabel(partIndex: number): string {
	return partIndex === 0 ? 'part 1 (the post)' : `part ${partIndex + 1} (follow-up ${partIndex})`;
}

interface Located {
	postIndex?: number;
	partIndex?: number;
	/** The field inside the post (or at top level), in the editor's words. */
	field: string;
	/** The JSON path inside a post, e.g. `settings.title`, `value.0.image.1.path`. */
	rest: string[];
}

/**
 * Splits a dotted body path (`posts.0.value.1.image.2.path`) into channel, part and field, named in the editor's
 * words in both modes (in JSON mode the path itself goes to the details): `rest` is what follows `posts.<n>`, or the
 * whole path for a top-level field.
 */
function locate(path: string, context: ProblemContext): Located {
	const segments = path === '' ? [] : path.split('.');
	if (segments[0] !== 'posts' || segments.length < 2) {
		const field =
			context.inputMode === 'json'
				? segments[0] === undefined
					? 'Request (JSON)'
					: `"${segments[0]}" in Request (JSON)`
				: FIELD_NAMES[segments[0]] ?? path;
		return { field, rest: [] };
	}
	const postIndex = Number(segments[1]);
	const rest = segments.slice(2);
	const partIndex = partIndexOf(rest);
	return { postIndex, partIndex, field: fieldWords(rest, context.channels[postIndex]?.platform), rest };
}

function partIndexOf(rest: string[]): number | undefined {
	return rest[0] === 'value' && rest[1] !== undefined ? Number(rest[1]) : undefined;
}

function fieldWords(rest: string[], platform: PlatformId | undefined): string {
	const [head, second, third, fourth, fifth] = rest;
	if (head === 'integration') return 'Channel';
	if (head === 'settings') {
		if (second === undefined) return 'Settings';
		const field = platform ? PLATFORMS[platform].settings?.find((setting) => setting.name === second) : undefined;
		return field ? `setting "${field.displayName}"` : `setting "${second}"`;
	}
	if (head === 'value') {
		if (second === undefined) return 'Parts';
		if (third === undefined) return 'the part';
		if (third === 'content') return 'Text';
		if (third === 'image') {
			if (fourth === undefined) return 'Media';
			const media = `media ${Number(fourth) + 1}`;
			if (fifth === 'id') return `${media} → Media ID`;
			if (fifth === 'path') return `${media} → Media Path`;
			if (fifth === 'alt') return `${media} → Alt Text`;
			return media;
		}
	}
	return rest.join('.');
}

function settingHint(rest: string[], message: string, channel: EntryLabel | undefined, context: ProblemContext): string {
	const key = rest[1];
	const platform = channel?.platform;
	const rules = platform ? PLATFORMS[platform] : undefined;
	const field = rules?.settings?.find((setting) => setting.name === key);
	const inJson = context.inputMode === 'json' || channel?.settingsMode === 'json';
	const where = inJson ? "in the channel's settings JSON" : `in this channel's ${rules?.displayName ?? ''} settings`;
	if (key === undefined) return inJson ? 'give the settings as a JSON object' : 'check the settings of this channel';
	if (!inJson && channel?.platformGiven === false && rules) {
		return `set Platform to ${rules.displayName} to fill in its settings, or give them as JSON (Settings: Using JSON)`;
	}
	if (message.includes('should not exist')) {
		return inJson
			? `remove "${key}" from the settings JSON`
			: `set Platform to the channel's own platform${rules ? ` (now ${rules.displayName})` : ''}`;
	}
	if (message.includes('should not be null or undefined')) {
		const values = field?.values ? ` (one of: ${field.values.join(', ')})` : '';
		return inJson
			? `add "${key}"${values} to the channel's settings JSON`
			: `fill in "${field?.displayName ?? key}"${values} ${where}`;
	}
	if (field?.values) return `use one of: ${field.values.join(', ')} ${where}`;
	if (field?.type === 'boolean') return `give true or false (a JSON boolean, not text) ${where}`;
	if (field?.minLength !== undefined && field?.maxLength !== undefined) {
		return `use ${field.minLength} to ${field.maxLength} characters ${where}`;
	}
	if (field?.maxLength !== undefined) return `use at most ${field.maxLength} characters ${where}`;
	if (field?.minLength !== undefined) {
		return field.minLength === 1 ? `fill in "${field.displayName}" ${where}` : `use at least ${field.minLength} characters ${where}`;
	}
	if (field?.type === 'media') return 'give the ID and path of an image uploaded with Media → Upload';
	if (field?.patternHint) return `give ${field.patternHint}`;
	return `correct it ${where}`;
}

function fieldHint(brokenRule: Extract<RuleProblem, { kind: 'field' }>, located: Located, context: ProblemContext): string {
	const { rest } = located;
	const top = brokenRule.path.split('.')[0];
	const channel = located.postIndex !== undefined ? context.channels[located.postIndex] : undefined;
	if (located.postIndex === undefined) {
		switch (top) {
			case 'type':
				return `use one of: ${POST_LIMITS.types.join(', ')}`;
			case 'date':
				return 'give an ISO 8601 date and time, e.g. 2030-01-15T10:00:00Z';
			case 'shortLink':
				return 'give true or false (a JSON boolean)';
			case 'tags':
				return 'give tags as {"value", "label"} objects; label is the name of an existing tag';
			case 'inter':
				return `give a whole number of days, ${POST_LIMITS.interMin} or more (a JSON number, not text)`;
			case 'posts':
				return context.inputMode === 'json'
					? `give ${POST_LIMITS.postsPerRequest.min} to ${POST_LIMITS.postsPerRequest.max} entries in "posts", one per channel ({"integration": {"id": ...}, "value": [...]}); split a longer list over several items`
					: `add ${POST_LIMITS.postsPerRequest.min} to ${POST_LIMITS.postsPerRequest.max} channels under Channels; split a longer list over several items`;
			default:
				return context.inputMode === 'json' ? 'give the whole POST /posts body as one JSON object' : 'correct the request body';
		}
	}
	if (rest[0] === 'integration') return 'pick the channel from the list, or give its ID';
	if (rest[0] === 'settings') return settingHint(rest, brokenRule.message, channel, context);
	if (rest[0] === 'value') {
		if (rest.length === 1) {
			return `give ${POST_LIMITS.partsPerPost.min} to ${POST_LIMITS.partsPerPost.max} parts`;
		}
		if (rest.length === 2) return 'give the part text, media, or both (or remove the part)';
		if (rest[2] === 'content') return 'give the text as a string';
		if (rest.length === 3) return `give at most ${POST_LIMITS.mediaPerPart} media per part`;
		if (rest[4] === 'path') return `use the path of a file uploaded with Media → Upload, ending in ${ENDINGS}`;
		if (rest[4] === 'id') return 'use the ID of the uploaded file (Media → Upload answers id and path)';
		return 'give each media item as {id, path, alt?} of an uploaded file';
	}
	return `correct ${located.field}`;
}

function platformHint(brokenRule: Extract<RuleProblem, { kind: 'platform' }>, context: ProblemContext, body?: Record<string, unknown>): string {
	const rules = PLATFORMS[brokenRule.provider];
	if (brokenRule.message === TOO_LONG_MESSAGE || brokenRule.field === 'content') {
		const channel = context.channels[brokenRule.postIndex];
		const max = maxLengthFor({
			id: channel?.id ?? '',
			name: brokenRule.channelName,
			identifier: brokenRule.provider,
			premium: channel?.premium,
		}, postSettings(body, brokenRule.postIndex));
		const links = LENGTH_COUNTING_WORDS[rules.lengthCounting];
		return `shorten the text to at most ${max} characters (counted without HTML tags${links}), or move some of it into a follow-up part`;
	}
	return `${rules.displayName} takes: ${rules.mediaRule.replace(/\.$/, '')} (a draft skips this check)`;
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

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * A validator's text ("posts.0.settings.title should not be null or undefined") as words about the field, with the
 * value's own figures (how many characters or entries it has) when the body is at hand.
 */
function inWords(message: string, value?: unknown): string {
	// The field is named by the editor's label already: drop the API path the validator starts with.
	const text = message.replace(/^[a-zA-Z_]+(\.\w+)* (?=should|must|needs|is |has )/, '').replace(/ \((content|image)\)/g, '');
	if (/should not be null or undefined/.test(text)) return 'is missing';
	if (/should not exist/.test(text)) return 'is not a setting this platform has';
	if (/must be one of/.test(text)) {
		return typeof value === 'string' ? `"${value.slice(0, 40)}" is not one of the allowed values` : 'is not one of the allowed values';
	}
	if (/must be a boolean/.test(text)) return 'must be true or false';
	const atLeast = /must not be less than (\d+)/.exec(text);
	if (atLeast) return `must be ${atLeast[1]} or more${typeof value === 'number' ? `; it is ${value}` : ''}`;
	const atMost = /must not be greater than (\d+)/.exec(text);
	if (atMost) return `must be ${atMost[1]} or less${typeof value === 'number' ? `; it is ${value}` : ''}`;
	const fewest = /must contain at least (\d+) elements/.exec(text);
	if (fewest) {
		const count = Array.isArray(value) ? value.length : 0;
		return count === 0 ? `is empty; at least ${fewest[1]} needed` : `has ${count}; at least ${fewest[1]} needed`;
	}
	const most = /must contain no more than (\d+) elements/.exec(text);
	if (most) return Array.isArray(value) ? `has ${value.length}; at most ${most[1]} allowed` : `may have at most ${most[1]}`;
	const shortest = /must be longer than or equal to (\d+) characters/.exec(text);
	if (shortest) {
		const length = typeof value === 'string' ? Array.from(value).length : undefined;
		if (length === 0 || value === undefined) return 'is empty';
		return `is ${plural(length ?? 0, 'character')}; at least ${shortest[1]} needed`;
	}
	const longest = /must be shorter than or equal to (\d+) characters/.exec(text);
	if (longest && typeof value === 'string') return `is ${plural(Array.from(value).length, 'character')}; at most ${longest[1]} allowed`;
	return text;
}

/**
 * What a platform's media rule found in one part, with the part's own figures. The service's text is kept where it
 * says what is wrong; where one text stands for two rules (YouTube's "You need one media" for none and for two), the
 * figures say which.
 */
function mediaWords(brokenRule: Extract<RuleProblem, { kind: 'platform' }>, body: Record<string, unknown> | undefined): string {
	const said = brokenRule.message.replace(/\.$/, '');
	const media = valueAt(body, `posts.${brokenRule.postIndex}.value.${brokenRule.partIndex ?? 0}.image`);
	if (!Array.isArray(media)) return said;
	const rules = PLATFORMS[brokenRule.provider];
	const { messages, minItems, maxItems } = rules.media;
	const kinds = media.map((item) => (typeof (item as { path?: unknown })?.path === 'string' ? mediaKind((item as { path: string }).path) : undefined));
	const count = media.length;
	const videos = kinds.filter((kind) => kind === 'video' || (kind === 'gif' && rules.media.gifIsVideo)).length;
	const figures = count === 0 ? 'the part has no media' : `the part has ${plural(videos, 'video')} and ${plural(count - videos, 'picture')}`;
	const ambiguous = Object.values(messages).filter((text) => text === brokenRule.message).length > 1;
	if (ambiguous && brokenRule.message === messages.tooMany && maxItems !== undefined && count > maxItems) {
		return `${figures}; ${rules.displayName} takes at most ${maxItems}`;
	}
	if (ambiguous && brokenRule.message === messages.noMedia && count < minItems) {
		return `${figures}; ${rules.displayName} needs at least ${minItems}`;
	}
	return `${said} (${figures})`;
}

/** A post's settings in the body, for the limits they set (an X article's). */
function postSettings(body: Record<string, unknown> | undefined, postIndex: number): Record<string, unknown> | undefined {
	const settings = Array.isArray(body?.posts) ? (body.posts[postIndex] as { settings?: unknown } | undefined)?.settings : undefined;
	return typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>) : undefined;
}

/** The Text of a part, measured as the platform counts it (for "written vs allowed"). */
function writtenLength(body: Record<string, unknown> | undefined, brokenRule: Extract<RuleProblem, { kind: 'platform' }>): number | undefined {
	const posts = Array.isArray(body?.posts) ? (body.posts as Array<{ value?: Array<{ content?: unknown }> }>) : [];
	const content = posts[brokenRule.postIndex]?.value?.[brokenRule.partIndex ?? 0]?.content;
	return typeof content === 'string' ? textLength(content, brokenRule.provider) : undefined;
}

/** One problem in words: where (item from 1, channel name and platform, part, field label), what, how to fix. */
export function describeProblem(problem: Problem, context: ProblemContext, body?: Record<string, unknown>): WordedProblem {
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
			if (context.inputMode === 'json') api = `${problem.path} names a channel the organisation does not have`;
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
				const max = maxLengthFor({ id: context.channels[problem.postIndex]?.id ?? '', name: problem.channelName, identifier: problem.provider, premium: context.channels[problem.postIndex]?.premium }, postSettings(body, problem.postIndex));
				what = written === undefined ? `the text is longer than ${PLATFORMS[problem.provider].displayName} takes (${max})` : `the text is ${written} characters; ${PLATFORMS[problem.provider].displayName} takes at most ${max}`;
				api = `the service answers "${TOO_LONG_MESSAGE}"`;
			} else {
				what = mediaWords(problem, body);
				api = `the service answers "${problem.message}"`;
			}
			if (context.inputMode === 'json') api = `${api} (posts.${problem.postIndex}.value.${problem.partIndex ?? 0}.${problem.field ?? 'image'})`;
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
		context.inputMode === 'fields' && context.contentMode === 'same' && /^part \d/.test(where[where.length - 1] ?? '')
			? ' (in the shared Parts)'
			: '';
	return { what: `${where.join(', ')}${shared}, ${field}: ${what}`.replace(/\.$/, ''), fix: fix.replace(/\.$/, ''), ...(api ? { api } : {}) };
}

/**
 * All problems of one item as one error. The message: the first problem, what and where, in one sentence (and how
 * many more). The description: how to fix it (each problem with its fix when there are several), that nothing was
 * sent, and the API's field paths last, for whoever compares with the service's documentation.
 */
export function problemsError(node: INode, problems: Problem[], context: ProblemContext, body?: Record<string, unknown>): NodeOperationError {
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
		...(api.length ? [`Service's wording: ${api.join('; ')}.`] : []),
	].join('\n');
	return new NodeOperationError(node, message, { itemIndex: context.itemIndex, description });
}

const TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;

/** Something sent as given that the user should know about; shown in the created posts' `warnings`. */
export interface Warning {
	/** The channel entry (index in `posts`) it concerns. */
	postIndex: number;
	text: string;
}

/**
 * HTML tags the service will remove (it keeps only KEPT_HTML_TAGS, spec 4.3, and strips the rest, keeping their
 * text: service-notes). Not refused, as the service accepts them; said, so that what is published is no surprise.
 */
export function removedHtmlTags(body: Record<string, unknown>): Warning[] {
	const warnings: Warning[] = [];
	const posts = Array.isArray(body.posts) ? body.posts : [];
	posts.forEach((post, postIndex) => {
		const parts = typeof post === 'object' && post !== null && Array.isArray((post as { value?: unknown }).value)
			? ((post as { value: unknown[] }).value)
			: [];
		parts.forEach((part, partIndex) => {
			const content = typeof part === 'object' && part !== null ? (part as { content?: unknown }).content : undefined;
			if (typeof content !== 'string') return;
			const removed = new Set<string>();
			for (const match of content.matchAll(TAG)) {
				const tag = match[1].toLowerCase();
				if (!KEPT_HTML_TAGS.includes(tag)) removed.add(`<${tag}>`);
			}
			if (removed.size === 0) return;
			warnings.push({
				postIndex,
				text: `${partLabel(partIndex)}: the service removes ${[...removed].join(', ')} and keeps their text (it keeps only ${KEPT_HTML_TAGS.join(', ')})`,
			});
		});
	});
	return warnings;
}

/** Settings keys the platform table does not know: sent as given (the service keeps them), named with a likely typo. */
export function unknownSettingWarnings(body: Record<string, unknown>, platformOf: (postIndex: number) => PlatformId | undefined): Warning[] {
	const posts = Array.isArray(body.posts) ? (body.posts as Array<{ settings?: unknown }>) : [];
	return posts.flatMap((post, postIndex) => {
		const platform = platformOf(postIndex);
		if (!platform) return [];
		return unknownSettings(platform, post?.settings).map(({ key, closest }) => ({
			postIndex,
			text: `setting "${key}" is not one ${PLATFORMS[platform].displayName} is known to have${closest ? ` (did you mean "${closest}"?)` : ''}; it was sent as given and the service keeps it`,
		}));
	});
}

/** Production answers 413 to a JSON body over 100 kB (service-notes), whatever the spec allows. */
export const MAX_BODY_BYTES = 100 * 1024;

export function oversizedBody(body: Record<string, unknown>): NodeProblem[] {
	const bytes = new TextEncoder().encode(JSON.stringify(body)).length;
	if (bytes <= MAX_BODY_BYTES) return [];
	return [
		{
			kind: 'node',
			field: 'the request',
			message: `the request body is ${Math.ceil(bytes / 1024)} kB; the service refuses bodies over ${MAX_BODY_BYTES / 1024} kB`,
			hint: 'split the channels (or the parts) over several items, or shorten the texts',
		},
	];
}
