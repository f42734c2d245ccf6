/**
 * Where a problem is, in the editor's words: the item, the channel entry (name and platform), the part and the field
 * label as the editor shows them (fields mode) or the body's field (JSON mode), and the hint saying how to fix it.
 */
import {
	MEDIA_EXTENSIONS,
	PLATFORMS,
	POST_LIMITS,
	type PlatformId,
} from '../../../shared/platforms';
import { maxLengthFor, TOO_LONG_MESSAGE, type RuleProblem } from '../../../shared/postRules';
import { LENGTH_COUNTING_WORDS } from '../../../shared/postRules/text';
import type { EntryLabel, ProblemContext } from './problems';

export const ENDINGS = Object.keys(MEDIA_EXTENSIONS).join(', ');

/** Names of the top-level fields in the editor. */
export const FIELD_NAMES: Record<string, string> = {
	type: 'Type',
	date: 'Publish At',
	shortLink: 'Options → Shorten Links',
	tags: 'Options → Tags',
	inter: 'Options → Repeat Every (Days)',
	posts: 'Channels',
};

export function channelLabel(context: ProblemContext, postIndex: number): string {
	const channel = context.channels[postIndex];
	const number = `channel ${postIndex + 1}`;
	if (!channel) return number;
	const platform = channel.platform
		? PLATFORMS[channel.platform].displayName
		: channel.notListed
			? "not among the service's channels"
			: 'platform unknown';
	return channel.name
		? `${number} "${channel.name}" (${platform})`
		: `${number} ${channel.id || '(no ID)'} (${platform})`;
}

export function partLabel(partIndex: number): string {
	return partIndex === 0 ? 'part 1 (the post)' : `part ${partIndex + 1} (follow-up ${partIndex})`;
}

export interface Located {
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
export function locate(path: string, context: ProblemContext): Located {
	const segments = path === '' ? [] : path.split('.');
	if (segments[0] !== 'posts' || segments.length < 2) {
		const field =
			context.inputMode === 'json'
				? segments[0] === undefined
					? 'Request (JSON)'
					: `"${segments[0]}" in Request (JSON)`
				: (FIELD_NAMES[segments[0]] ?? path);
		return { field, rest: [] };
	}
	const postIndex = Number(segments[1]);
	const rest = segments.slice(2);
	const partIndex = partIndexOf(rest);
	return {
		postIndex,
		partIndex,
		field: fieldWords(rest, context.channels[postIndex]?.platform),
		rest,
	};
}

export function partIndexOf(rest: string[]): number | undefined {
	return rest[0] === 'value' && rest[1] !== undefined ? Number(rest[1]) : undefined;
}

export function fieldWords(rest: string[], platform: PlatformId | undefined): string {
	const [head, second, third, fourth, fifth] = rest;
	if (head === 'integration') return 'Channel';
	if (head === 'settings') {
		if (second === undefined) return 'Settings';
		const field = platform
			? PLATFORMS[platform].settings?.find((setting) => setting.name === second)
			: undefined;
		return field ? `setting "${field.label}"` : `setting "${second}"`;
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

export function settingHint(
	rest: string[],
	message: string,
	channel: EntryLabel | undefined,
	context: ProblemContext,
): string {
	const key = rest[1];
	const platform = channel?.platform;
	const rules = platform ? PLATFORMS[platform] : undefined;
	const field = rules?.settings?.find((setting) => setting.name === key);
	const inJson = context.inputMode === 'json' || channel?.settingsMode === 'json';
	const where = inJson
		? "in the channel's settings JSON"
		: `in this channel's ${rules?.displayName ?? ''} settings`;
	if (key === undefined)
		return inJson ? 'give the settings as a JSON object' : 'check the settings of this channel';
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
			: `fill in "${field?.label ?? key}"${values} ${where}`;
	}
	if (field?.values) return `use one of: ${field.values.join(', ')} ${where}`;
	if (field?.type === 'boolean') return `give true or false (a JSON boolean, not text) ${where}`;
	if (field?.minLength !== undefined && field?.maxLength !== undefined) {
		return `use ${field.minLength} to ${field.maxLength} characters ${where}`;
	}
	if (field?.maxLength !== undefined) return `use at most ${field.maxLength} characters ${where}`;
	if (field?.minLength !== undefined) {
		return field.minLength === 1
			? `fill in "${field.label}" ${where}`
			: `use at least ${field.minLength} characters ${where}`;
	}
	if (field?.type === 'media')
		return 'give the ID and path of an image uploaded with Media → Upload';
	if (field?.patternHint) return `give ${field.patternHint}`;
	return `correct it ${where}`;
}

export function fieldHint(
	ruleProblem: Extract<RuleProblem, { kind: 'field' }>,
	located: Located,
	context: ProblemContext,
): string {
	const { rest } = located;
	const top = ruleProblem.path.split('.')[0];
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
				return context.inputMode === 'json'
					? 'give the whole POST /posts body as one JSON object'
					: 'correct the request body';
		}
	}
	if (rest[0] === 'integration') return 'pick the channel from the list, or give its ID';
	if (rest[0] === 'settings') return settingHint(rest, ruleProblem.message, channel, context);
	if (rest[0] === 'value') {
		if (rest.length === 1) {
			return `give ${POST_LIMITS.partsPerPost.min} to ${POST_LIMITS.partsPerPost.max} parts`;
		}
		if (rest.length === 2) return 'give the part text, media, or both (or remove the part)';
		if (rest[2] === 'content') return 'give the text as a string';
		if (rest.length === 3) return `give at most ${POST_LIMITS.mediaPerPart} media per part`;
		if (rest[4] === 'path')
			return `use the path of a file uploaded with Media → Upload, ending in ${ENDINGS}`;
		if (rest[4] === 'id')
			return 'use the ID of the uploaded file (Media → Upload answers id and path)';
		return 'give each media item as {id, path, alt?} of an uploaded file';
	}
	return `correct ${located.field}`;
}

export function platformHint(
	ruleProblem: Extract<RuleProblem, { kind: 'platform' }>,
	context: ProblemContext,
	body?: Record<string, unknown>,
): string {
	const rules = PLATFORMS[ruleProblem.provider];
	if (ruleProblem.message === TOO_LONG_MESSAGE || ruleProblem.field === 'content') {
		const channel = context.channels[ruleProblem.postIndex];
		const max = maxLengthFor(
			{
				id: channel?.id ?? '',
				name: ruleProblem.channelName,
				identifier: ruleProblem.provider,
				premium: channel?.premium,
			},
			postSettings(body, ruleProblem.postIndex),
		);
		const links = LENGTH_COUNTING_WORDS[rules.lengthCounting];
		return `shorten the text to at most ${max} characters (counted without HTML tags${links}), or move some of it into a follow-up part`;
	}
	return `${rules.displayName} takes: ${rules.mediaRule.replace(/\.$/, '')} (a draft skips this check)`;
}

/** A post's settings in the body, for the limits they set (an X article's). */
export function postSettings(
	body: Record<string, unknown> | undefined,
	postIndex: number,
): Record<string, unknown> | undefined {
	const settings = Array.isArray(body?.posts)
		? (body.posts[postIndex] as { settings?: unknown } | undefined)?.settings
		: undefined;
	return typeof settings === 'object' && settings !== null
		? (settings as Record<string, unknown>)
		: undefined;
}
