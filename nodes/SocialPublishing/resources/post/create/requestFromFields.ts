/**
 * Step 1 of Post → Create in fields mode (see preSend.ts): the editor's parameters (Type, Date,
 * Parts, Channels with their typed settings, Options) read into the POST /posts body, with what the
 * node finds wrong on the way (no channel, settings JSON that does not parse, a date that does not
 * exist). Pure readers of parameter values; no request, no rule (that is `shared/postRules/`).
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import {
	isPlatformId,
	PLATFORMS,
	POST_LIMITS,
	type PlatformId,
	type SettingField,
} from '../../../shared/platforms';
import { conditionHolds } from '../../../shared/postRules/settings';
import { isMalformedId } from '../../../shared/routing';
import { readDate, readWholeNumber } from '../../../shared/userValues';
import type { NodeProblem } from '../../../shared/postProblems';
import {
	BINARY_SOURCE,
	jsonProblem,
	labelOf,
	parseJsonParameter,
	URL_SOURCE,
	type Entry,
	type Json,
	type PostRequest,
} from './request';
import { isOwnParameter, optionalSettingsName, requiredSettingName } from './settings';

export interface MediaParam {
	/**
	 * 'uploaded' (default): id and path of a file already uploaded; 'binary': a binary field to
	 * upload; 'url': a public address the service fetches (mediaUrls.ts).
	 */
	source?: 'uploaded' | 'binary' | 'url';
	id?: string;
	path?: string;
	binaryProperty?: string;
	url?: unknown;
	alt?: string;
}

export interface PartParam {
	content?: string;
	media?: { item?: MediaParam[] };
	/** Minutes after the previous part (follow-ups; checked and put in form by delays.ts). */
	delay?: unknown;
}

export interface PartsParam {
	part?: PartParam[];
}

/**
 * A resource locator value (`{__rl, mode, value, cachedResultName}`), or a bare id from an
 * expression.
 */
export type ChannelLocator = { value?: unknown; mode?: string; cachedResultName?: string } | string;

/**
 * One entry of the Channels list: the channel, its platform, its settings and (per-channel mode)
 * its parts.
 */
export interface EntryParameters {
	channel?: ChannelLocator;
	platform?: string;
	settingsMode?: 'fields' | 'json';
	settingsJson?: unknown;
	parts?: PartsParam;
	[typedSetting: string]: unknown;
}

// ---------------------------------------------------------------- value conversion

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOf(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value !== 'string') return [value];
	return value
		.split(',')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}

/**
 * One setting as the service wants it: booleans as JSON booleans (production turns the string
 * "false" into true), lists as arrays of objects. A value that cannot be converted is passed on
 * unchanged, so that the rule checker names it.
 */
export function settingValue(field: SettingField, raw: unknown): unknown {
	if (raw === undefined || raw === null || raw === '') return undefined;
	switch (field.type) {
		case 'boolean':
			if (raw === 'true') return true;
			if (raw === 'false') return false;
			return raw;
		case 'collaborators':
			return listOf(raw).map((entry) => (typeof entry === 'string' ? { label: entry } : entry));
		case 'tags':
			return listOf(raw).map((entry) =>
				typeof entry === 'string' ? { value: entry, label: entry } : entry,
			);
		case 'media': {
			// A fixedCollection `{media: {id, path}}`, or `{id, path}` from an expression.
			const media = isObject(raw) && isObject(raw.media) ? raw.media : raw;
			if (!isObject(media)) return media;
			if ((media.id ?? '') === '' && (media.path ?? '') === '') return undefined;
			return { id: media.id, path: media.path };
		}
		default:
			return raw;
	}
}

/** Settings of one channel entry, read from the typed parameters of its platform. */
export function typedSettings(platform: PlatformId, entry: EntryParameters): Json | undefined {
	const fields = PLATFORMS[platform].settings;
	if (fields === null) return undefined;
	const optional = isObject(entry[optionalSettingsName(platform)])
		? (entry[optionalSettingsName(platform)] as Json)
		: {};
	const settings: Json = {};
	for (const field of fields) {
		const own = isOwnParameter(platform, field);
		const raw = own ? entry[requiredSettingName(platform, field)] : optional[field.name];
		const value = settingValue(field, raw);
		// An optional parameter of its own cannot be left empty: at the service's default it is left
		// out, as before.
		if (
			value === undefined ||
			(own && !field.required && field.default !== undefined && value === field.default)
		)
			continue;
		settings[field.name] = value;
	}
	// A field the editor hides (its condition does not hold) may keep an old value: it is not sent.
	for (const field of fields)
		if (!conditionHolds(field.when, settings)) delete settings[field.name];
	return settings;
}

// ---------------------------------------------------------------- parts and channels

export function partsFromParam(parts: PartsParam | undefined): Json[] {
	return (parts?.part ?? []).map((part) => ({
		content: part.content ?? '',
		image: (part.media?.item ?? []).map((media) => {
			const ref: Json =
				media.source === 'binary' || media.source === 'url'
					? {}
					: { id: media.id, path: media.path };
			if (media.source === 'binary') {
				(ref as Record<symbol, unknown>)[BINARY_SOURCE] = String(media.binaryProperty ?? '').trim();
			}
			if (media.source === 'url') (ref as Record<symbol, unknown>)[URL_SOURCE] = media.url ?? '';
			if (typeof media.alt === 'string' && media.alt.trim() !== '') ref.alt = media.alt;
			return ref;
		}),
		...(part.delay !== undefined ? { delay: part.delay } : {}),
	}));
}

/**
 * The channel's ID as text; '' when none is given, or a value that is no ID (an object:
 * requestFromFields names it).
 */
export function channelIdOf(locator: ChannelLocator | undefined): string {
	const raw = typeof locator === 'object' && locator !== null ? locator.value : locator;
	return typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
}

export interface PostsFromChannels {
	posts: Json[];
	channels: Entry[];
}

/**
 * `posts` of the body from the Channels list. `sharedParts` is given in "same content for
 * every channel" mode; otherwise each entry brings its own parts.
 */
export function postsFromChannels(
	entries: EntryParameters[],
	sharedParts: PartsParam | undefined,
	parseSettingsJson: (raw: unknown, entryIndex: number) => unknown,
): PostsFromChannels {
	const posts: Json[] = [];
	const channels: Entry[] = [];
	entries.forEach((entry, index) => {
		const platform = isPlatformId(entry.platform) ? entry.platform : undefined;
		const settingsMode = entry.settingsMode === 'json' ? 'json' : 'fields';
		const locator = entry.channel;
		const cachedName =
			typeof locator === 'object' &&
			locator !== null &&
			typeof locator.cachedResultName === 'string'
				? locator.cachedResultName
				: undefined;
		const id = channelIdOf(locator);
		channels.push({ id, platform, cachedName, settingsMode });

		const post: Json = {
			integration: { id },
			value: partsFromParam(sharedParts ?? entry.parts),
		};
		const settings =
			settingsMode === 'json'
				? parseSettingsJson(entry.settingsJson, index)
				: platform
					? typedSettings(platform, entry)
					: undefined;
		if (settings !== undefined) post.settings = settings;
		posts.push(post);
	});
	return { posts, channels };
}

/** Tags picked in the editor (names), sent as `{value, label}`: the service matches on `label`. */
export function tagsFromParam(raw: unknown): Json[] {
	return listOf(raw ?? []).map((tag) =>
		typeof tag === 'string' ? { value: tag, label: tag } : (tag as Json),
	);
}

/**
 * `inter` as a JSON number (a numeric string from an expression is converted); undefined when not
 * set; what is not a whole number is refused in words (shared/userValues.ts).
 */
export function repeatFromParam(raw: unknown): { value: number | undefined } | { refused: string } {
	if (raw === undefined || raw === null || raw === '') return { value: undefined };
	return readWholeNumber(raw);
}

/**
 * A raw value given as a channel that is no text (an object or list from an expression), for the
 * problem to quote.
 */
function channelValueNotText(locator: unknown): object | undefined {
	const raw =
		typeof locator === 'object' && locator !== null && !Array.isArray(locator) && '__rl' in locator
			? (locator as { value?: unknown }).value
			: locator;
	return typeof raw === 'object' && raw !== null ? raw : undefined;
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
		problems.push(jsonProblem('settingsJson', parsed, entryIndex));
		explained.push(`posts.${entryIndex}.settings`);
		return undefined;
	});
	channels.forEach((channel, entryIndex) => {
		const notText = channelValueNotText(entries[entryIndex]?.channel);
		if (notText !== undefined) {
			problems.push({
				kind: 'node',
				code: 'channelNotText',
				entryIndex,
				field: 'channel',
				value: notText,
			});
			explained.push(`posts.${entryIndex}.integration`);
		} else if (channel.id === '') {
			problems.push({ kind: 'node', code: 'noChannel', entryIndex, field: 'channel' });
		} else if (isMalformedId(channel.id)) {
			problems.push({
				kind: 'node',
				code: 'malformedChannelId',
				entryIndex,
				field: 'channel',
				id: channel.id,
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
			problems.push({ kind: 'node', code: 'dateNotRead', field: 'date', value: raw, read });
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
			code: 'repeatNotWhole',
			field: 'repeatEvery',
			min: POST_LIMITS.interMin,
			said: inter.refused,
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
