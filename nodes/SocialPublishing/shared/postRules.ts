/**
 * A pure checker of a POST /posts body against the spec (4.3, 4.8, 8) and the platform table.
 *
 * Used by the node before sending, by the sandbox to enforce the spec, and by the tests.
 * What it cannot know is left to the caller:
 * - whether a media `path` points to the service's own storage (the sandbox knows its files),
 * - whether a discord `channel` id exists on the connected server (only the channels tool knows),
 * - the monthly allowance, rate limits and the organisation's plan.
 * A disabled channel is not refused here: the spec does not say what the service does with it.
 */
import {
	MEDIA_EXTENSIONS,
	PLATFORMS,
	POST_LIMITS,
	type MediaKind,
	type PlatformId,
	type PlatformRules,
	type SettingField,
} from './platforms';
import type { Channel } from './channel';

/**
 * One broken rule. The service answers them like this:
 * - 'field': 400 `{message: [<all field messages>]}` (class-validator style, dotted paths);
 * - 'channel': the post names a channel id the organisation does not have (the spec's 404);
 * - 'platform': 400 `{provider, name, message}` for the first one.
 * `checkCreatePostRequest` returns field problems first (all of them, in body order), then
 * unknown channels, then platform problems post by post, part by part: the first brokenRule
 * decides the answer.
 */
export type RuleProblem =
	| { kind: 'field'; path: string; message: string }
	| { kind: 'channel'; postIndex: number; path: string; channelId: string; message: string }
	| {
			kind: 'platform';
			postIndex: number;
			partIndex?: number;
			field?: 'content' | 'image';
			provider: PlatformId;
			channelName: string;
			message: string;
	  };

export const TOO_LONG_MESSAGE = 'post is too long, please fix it';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isMissing(value: unknown): boolean {
	return value === undefined || value === null;
}

/** Characters as people count them (code points), not UTF-16 units. */
function charCount(text: string): number {
	return Array.from(text).length;
}

const ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: ' ',
};

function decodeEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
		if (name[0] === '#') {
			const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
			return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
		}
		return ENTITIES[name.toLowerCase()] ?? whole;
	});
}

/**
 * The text a platform shows: tags removed, line breaks and block ends turned into new lines,
 * entities decoded, trailing new lines dropped. This is what counts for length.
 */
export function visibleText(html: string): string {
	const text = html
		.replace(/<br\s*\/?>/gi, '\n')
		.replace(/<\/(p|li|h1|h2|h3)\s*>/gi, '\n')
		.replace(/<[^>]*>/g, '');
	return decodeEntities(text).replace(/\n+$/, '');
}

const LINK = /https?:\/\/[^\s<>"]+/gi;

/** Length of a part's text on a platform; where the platform has `linkLength`, each link counts that. */
export function textLength(html: string, platform: PlatformId): number {
	const text = visibleText(html);
	const linkLength = PLATFORMS[platform].linkLength;
	if (linkLength === undefined) return charCount(text);
	let links = 0;
	const rest = text.replace(LINK, () => {
		links++;
		return '';
	});
	return charCount(rest) + links * linkLength;
}

/** Most characters per part for this channel (x premium accounts get `premiumMaxLength`). */
export function maxLengthFor(channel: Channel<PlatformId>): number {
	const rules = PLATFORMS[channel.identifier];
	return channel.premium && rules.premiumMaxLength !== undefined ? rules.premiumMaxLength : rules.maxLength;
}

/** Kind of a media file by the ending of its path (before any `?` or `#`); undefined when not usable. */
export function mediaKind(path: string): MediaKind | undefined {
	const bare = path.split(/[?#]/)[0].toLowerCase();
	const dot = bare.lastIndexOf('.');
	if (dot < 0 || bare.indexOf('/', dot) >= 0) return undefined;
	return MEDIA_EXTENSIONS[bare.slice(dot)];
}

const USABLE_ENDINGS = Object.keys(MEDIA_EXTENSIONS);
const ENDINGS_IN_WORDS = `${USABLE_ENDINGS.slice(0, -1).join(', ')} or ${USABLE_ENDINGS[USABLE_ENDINGS.length - 1]}`;

// ---------------------------------------------------------------- field checks

class FieldReport {
	readonly problems: RuleProblem[] = [];

	add(path: string, message: string): void {
		this.problems.push({ kind: 'field', path, message });
	}

	/** Reports a missing required value; true when it is present. */
	present(value: unknown, path: string): boolean {
		if (isMissing(value)) {
			this.add(path, `${path} should not be null or undefined`);
			return false;
		}
		return true;
	}

	string(value: unknown, path: string): value is string {
		if (typeof value === 'string') return true;
		this.add(path, `${path} must be a string`);
		return false;
	}

	array(value: unknown, path: string, min: number | undefined, max: number | undefined): value is unknown[] {
		if (!Array.isArray(value)) {
			this.add(path, `${path} must be an array`);
			return false;
		}
		if (min !== undefined && value.length < min) {
			this.add(path, `${path} must contain at least ${min} elements`);
		}
		if (max !== undefined && value.length > max) {
			this.add(path, `${path} must contain no more than ${max} elements`);
		}
		return true;
	}
}

function isIsoDate(value: string): boolean {
	const match =
		/^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
	if (!match) return false;
	const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour < 24 && minute < 60 && second < 60;
}

function isWebAddress(value: string): boolean {
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
	} catch {
		return false;
	}
}

function checkMediaReference(item: unknown, path: string, report: FieldReport, kinds?: MediaKind[]): void {
	if (!isObject(item)) {
		report.add(path, `${path} must be an object {id, path}`);
		return;
	}
	if (report.present(item.id, `${path}.id`)) report.string(item.id, `${path}.id`);
	if (report.present(item.path, `${path}.path`) && report.string(item.path, `${path}.path`)) {
		const kind = mediaKind(item.path);
		if (kind === undefined) {
			report.add(`${path}.path`, `${path}.path must end in ${ENDINGS_IN_WORDS}`);
		} else if (kinds && !kinds.includes(kind)) {
			const endings = USABLE_ENDINGS.filter((ending) => kinds.includes(MEDIA_EXTENSIONS[ending]));
			report.add(`${path}.path`, `${path}.path must be a file ending in ${endings.join(', ')}`);
		}
	}
	if (!isMissing(item.alt)) report.string(item.alt, `${path}.alt`);
}

function checkSettingField(field: SettingField, value: unknown, path: string, report: FieldReport): void {
	if (isMissing(value)) {
		if (field.required) report.add(path, `${path} should not be null or undefined`);
		return;
	}
	switch (field.type) {
		case 'options':
			if (typeof value !== 'string' || !(field.values ?? []).includes(value)) {
				report.add(path, `${path} must be one of the following values: ${(field.values ?? []).join(', ')}`);
			}
			return;
		case 'boolean':
			// Production coerces the string "false" to true: only real booleans are safe.
			if (typeof value !== 'boolean') report.add(path, `${path} must be a boolean value`);
			return;
		case 'string':
			if (!report.string(value, path)) return;
			if (field.minLength !== undefined && charCount(value) < field.minLength) {
				report.add(path, `${path} must be longer than or equal to ${field.minLength} characters`);
			}
			if (field.maxLength !== undefined && charCount(value) > field.maxLength) {
				report.add(path, `${path} must be shorter than or equal to ${field.maxLength} characters`);
			}
			if (field.pattern && !field.pattern.test(value)) {
				report.add(path, `${path} must be ${field.patternHint ?? `of the form ${field.pattern.source}`}`);
			}
			return;
		case 'url':
			if (typeof value !== 'string' || !isWebAddress(value)) report.add(path, `${path} must be a URL address`);
			return;
		case 'collaborators':
			if (!report.array(value, path, undefined, undefined)) return;
			value.forEach((item, index) => {
				const label = isObject(item) ? item.label : undefined;
				if (typeof label !== 'string' || label.trim() === '') {
					report.add(`${path}.${index}.label`, `${path}.${index}.label must be a username (string)`);
				}
			});
			return;
		case 'tags': {
			if (!report.array(value, path, undefined, undefined)) return;
			let total = 0;
			value.forEach((item, index) => {
				if (!isObject(item)) {
					report.add(`${path}.${index}`, `${path}.${index} must be an object {value, label}`);
					return;
				}
				if (report.string(item.value, `${path}.${index}.value`)) total += charCount(item.value);
				report.string(item.label, `${path}.${index}.label`);
			});
			if (field.totalMaxLength !== undefined && total > field.totalMaxLength) {
				report.add(
					path,
					`${path} must be at most ${field.totalMaxLength} characters for all tags together (now ${total})`,
				);
			}
			return;
		}
		case 'media':
			checkMediaReference(value, path, report, field.mediaKinds);
			return;
	}
}

/**
 * Checks a post's `settings` against its platform: the known settings' values. Keys the table does not know are not
 * refused, as the service keeps them (service-notes): a setting the service adds after this release still works;
 * `unknownSettings` names them so the node can warn about typos. `__type`, the platform discriminator the service's
 * own clients send, is accepted (the service sets it to the channel's platform).
 */
export function checkSettings(platform: PlatformId, settings: unknown, path = 'settings'): RuleProblem[] {
	const report = new FieldReport();
	const fields = PLATFORMS[platform].settings ?? [];
	if (!isMissing(settings) && !isObject(settings)) {
		report.add(path, `${path} must be an object`);
		return report.problems;
	}
	const given: Json = isObject(settings) ? settings : {};
	for (const field of fields) checkSettingField(field, given[field.name], `${path}.${field.name}`, report);
	return report.problems;
}

/** The platform discriminator of the service's own clients; not a setting of its own. */
export const SETTINGS_TYPE_KEY = '__type';

/** Keys of `settings` the platform table does not know, each with the known setting it most resembles (typos). */
export function unknownSettings(platform: PlatformId, settings: unknown): Array<{ key: string; closest?: string }> {
	if (!isObject(settings)) return [];
	const known = (PLATFORMS[platform].settings ?? []).map((field) => field.name);
	return Object.keys(settings)
		.filter((key) => key !== SETTINGS_TYPE_KEY && !known.includes(key))
		.map((key) => {
			const [closest] = known
				.map((name) => ({ name, distance: editDistance(key.toLowerCase(), name.toLowerCase()) }))
				.filter(({ name, distance }) => distance <= Math.max(2, Math.floor(name.length / 3)))
				.sort((a, b) => a.distance - b.distance);
			return closest ? { key, closest: closest.name } : { key };
		});
}

/** Levenshtein distance, for "did you mean" only (keys are short). */
function editDistance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
		}
		previous = current;
	}
	return previous[b.length];
}

// ---------------------------------------------------------------- platform rules

interface Part {
	content: string;
	kinds: MediaKind[];
}

/** The media rule of a platform applied to one part; the service's message, or undefined. */
function mediaProblem(rules: PlatformRules, part: Part, partIndex: number, settings: Json): string | undefined {
	const media = rules.media;
	const messages = media.messages;
	if (partIndex > 0) {
		if (media.followUpsTextOnly && part.kinds.length > 0) return messages.followUpMedia;
		if (media.appliesTo === 'first') return undefined;
	}
	const count = part.kinds.length;
	const videos = part.kinds.filter((kind) => kind === 'video' || (kind === 'gif' && media.gifIsVideo)).length;
	const pictures = count - videos;

	if (count < media.minItems) return messages.noMedia;
	if (media.story && settings[media.story.setting] === media.story.value && count === 0) {
		return messages.storyNoMedia;
	}
	if (media.maxItems !== undefined && count > media.maxItems) return messages.tooMany;
	if (media.videoOnly && videos < count) return messages.notVideo;
	if (media.trialReel && settings[media.trialReel.setting] === true) {
		if (pictures > 0) return messages.trialReelKind;
		if (count !== 1) return messages.trialReelCount;
	}
	if (media.carousel && settings[media.carousel.setting] === true) {
		if (videos > 0 || pictures < media.carousel.minImages) return messages.carousel;
	}
	if (media.videoAlone && videos > 0 && count > 1) return messages.videoNotAlone;
	if (media.maxImages !== undefined && pictures > media.maxImages) return messages.tooManyImages;
	return undefined;
}

function checkPlatformRules(channel: Channel<PlatformId>, postIndex: number, parts: Part[], settings: Json): RuleProblem[] {
	const rules = PLATFORMS[channel.identifier];
	const maxLength = maxLengthFor(channel);
	const found: RuleProblem[] = [];
	const brokenRule = (partIndex: number, field: 'content' | 'image', message: string): RuleProblem => ({
		kind: 'platform',
		postIndex,
		partIndex,
		field,
		provider: channel.identifier,
		channelName: channel.name,
		message,
	});
	parts.forEach((part, partIndex) => {
		const problem = mediaProblem(rules, part, partIndex, settings);
		if (problem !== undefined) found.push(brokenRule(partIndex, 'image', problem));
		if (textLength(part.content, channel.identifier) > maxLength) {
			found.push(brokenRule(partIndex, 'content', TOO_LONG_MESSAGE));
		}
	});
	return found;
}

// ---------------------------------------------------------------- the request

function checkPart(part: unknown, path: string, report: FieldReport): Part {
	if (!isObject(part)) {
		report.add(path, `${path} must be an object {content, image}`);
		return { content: '', kinds: [] };
	}
	const content = typeof part.content === 'string' ? part.content : '';
	if (report.present(part.content, `${path}.content`)) report.string(part.content, `${path}.content`);

	const kinds: MediaKind[] = [];
	let mediaCount = 0;
	if (report.present(part.image, `${path}.image`)) {
		if (report.array(part.image, `${path}.image`, undefined, POST_LIMITS.mediaPerPart)) {
			mediaCount = part.image.length;
			part.image.forEach((item, index) => {
				checkMediaReference(item, `${path}.image.${index}`, report);
				const kind = isObject(item) && typeof item.path === 'string' ? mediaKind(item.path) : undefined;
				if (kind) kinds.push(kind);
			});
		}
	}
	// Rule 1 holds for drafts too: a part with nothing in it is no part.
	if (visibleText(content).trim() === '' && mediaCount === 0) {
		report.add(path, `${path} needs text (content), media (image), or both`);
	}
	return { content, kinds };
}

/**
 * Checks a whole POST /posts body. `channelOf` looks a channel id up in the organisation.
 * Returns [] when the service would accept the request (as far as the body can tell).
 */
export function checkCreatePostRequest(
	body: unknown,
	channelOf: (id: string) => Channel<PlatformId> | undefined,
): RuleProblem[] {
	const report = new FieldReport();
	const unknownChannels: RuleProblem[] = [];
	const platformProblems: RuleProblem[] = [];
	if (!isObject(body)) {
		report.add('', 'the request body must be a JSON object');
		return report.problems;
	}

	if (report.present(body.type, 'type') && !(POST_LIMITS.types as readonly unknown[]).includes(body.type)) {
		report.add('type', `type must be one of the following values: ${POST_LIMITS.types.join(', ')}`);
	}
	if (report.present(body.date, 'date') && (typeof body.date !== 'string' || !isIsoDate(body.date))) {
		report.add('date', 'date must be a valid ISO 8601 date string');
	}
	if (report.present(body.shortLink, 'shortLink') && typeof body.shortLink !== 'boolean') {
		report.add('shortLink', 'shortLink must be a boolean value');
	}
	if (report.present(body.tags, 'tags') && report.array(body.tags, 'tags', undefined, undefined)) {
		body.tags.forEach((tag, index) => {
			if (!isObject(tag)) {
				report.add(`tags.${index}`, `tags.${index} must be an object {value, label}`);
				return;
			}
			report.string(tag.value, `tags.${index}.value`);
			report.string(tag.label, `tags.${index}.label`);
		});
	}

	const isDraft = body.type === 'draft';
	const { min: minPosts, max: maxPosts } = POST_LIMITS.postsPerRequest;
	const { min: minParts, max: maxParts } = POST_LIMITS.partsPerPost;
	if (report.present(body.posts, 'posts') && report.array(body.posts, 'posts', minPosts, maxPosts)) {
		body.posts.forEach((post, postIndex) => {
			const path = `posts.${postIndex}`;
			if (!isObject(post)) {
				report.add(path, `${path} must be an object {integration, value, settings}`);
				return;
			}
			let channel: Channel<PlatformId> | undefined;
			if (report.present(post.integration, `${path}.integration`)) {
				const id = isObject(post.integration) ? post.integration.id : undefined;
				if (report.present(id, `${path}.integration.id`) && report.string(id, `${path}.integration.id`)) {
					channel = channelOf(id);
					if (!channel) {
						unknownChannels.push({
							kind: 'channel',
							postIndex,
							path: `${path}.integration.id`,
							channelId: id,
							message: `${path}.integration.id: no channel with id ${id} in the organisation`,
						});
					}
				}
			}
			let parts: Part[] = [];
			if (
				report.present(post.value, `${path}.value`) &&
				report.array(post.value, `${path}.value`, minParts, maxParts)
			) {
				parts = post.value.map((part, partIndex) => checkPart(part, `${path}.value.${partIndex}`, report));
			}
			if (!channel) return;
			report.problems.push(...checkSettings(channel.identifier, post.settings, `${path}.settings`));
			if (!isDraft) {
				const settings = isObject(post.settings) ? post.settings : {};
				platformProblems.push(...checkPlatformRules(channel, postIndex, parts, settings));
			}
		});
	}

	if (!isMissing(body.inter)) {
		if (typeof body.inter !== 'number' || !Number.isInteger(body.inter)) {
			report.add('inter', 'inter must be an integer number');
		} else if (body.inter < POST_LIMITS.interMin) {
			report.add('inter', `inter must not be less than ${POST_LIMITS.interMin}`);
		}
	}

	return [...report.problems, ...unknownChannels, ...platformProblems];
}
