/**
 * Turns the Post → Create parameters into a POST /posts body (spec 4.3).
 * Pure functions over parameter values: no requests, no validation (that is `shared/postRules/`,
 * applied by `hooks.ts`, worded by `problems.ts`). The names of the typed settings parameters are
 * made here from the platform table, so the UI (`settings.ts`) and this reader cannot drift.
 */
import {
	isPlatformId,
	PLATFORMS,
	PLATFORM_IDS,
	type PlatformId,
	type SettingField,
} from '../../../shared/platforms';
import { conditionHolds } from '../../../shared/postRules/settings';
import { readJson, readWholeNumber } from '../../../shared/userValues';

export type Json = Record<string, unknown>;

export type PostType = 'draft' | 'schedule' | 'now';

/** `platform` value meaning "look the platform up from the channel (GET /integrations)". */
export const LOOK_UP_PLATFORM = 'lookup';

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

/**
 * Marks a media reference whose file is in a binary field of the item (the field's name). A symbol
 * key: never serialised, so it cannot leak into the request body.
 */
export const BINARY_SOURCE = Symbol('binaryProperty');

/**
 * Marks a media reference given as a URL (the address as given), uploaded first (mediaUrls.ts);
 * never serialised.
 */
export const URL_SOURCE = Symbol('mediaUrl');

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

/** What the body says about one channel before any lookup: its id, and what the user told us. */
export interface Entry {
	id: string;
	/** undefined: to be looked up from the channel. */
	platform?: PlatformId;
	/** The name the list picker stored, when the channel was picked from the list. */
	cachedName?: string;
	/** How settings were given, for error hints. */
	settingsMode: 'fields' | 'json';
}

// ---------------------------------------------------------------- settings parameter names

/** Parameter holding a setting of its own (see `isOwnParameter`), e.g. `x_who_can_reply_post`. */
export function requiredSettingName(platform: PlatformId, field: SettingField): string {
	return `${platform}_${field.name}`;
}

/**
 * Whether a setting is a parameter of its own rather than an option of the "<Platform> Options"
 * collection: a required one, one the table gives a condition (`when`), and one such a condition
 * looks at (the editor's displayOptions can only look at parameters of the channel entry, not
 * inside the collection).
 */
export function isOwnParameter(platform: PlatformId, field: SettingField): boolean {
	return (
		field.required ||
		field.when !== undefined ||
		(PLATFORMS[platform].settings ?? []).some((other) => other.when?.setting === field.name)
	);
}

/** Collection holding a platform's optional settings, e.g. `mastodonOptions`. */
export function optionalSettingsName(platform: PlatformId): string {
	return `${platform}Options`;
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

/**
 * A JSON parameter may arrive as text (typed in the editor) or as an object (from an expression);
 * read by the one reader of what users give (shared/userValues.ts: valid JSON, within the node's
 * length and depth bounds).
 */
export function parseJsonParameter(raw: unknown): ReturnType<typeof readJson> {
	return readJson(raw);
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
 * The channel's ID as text; '' when none is given, or a value that is no ID (an object: request.ts
 * names it).
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

// ---------------------------------------------------------------- dates

/** GET /find-slot answers a UTC time without zone suffix (`2026-03-02T09:00:00`). */
export function slotToIso(slot: string): string | undefined {
	const text = /(Z|[+-]\d{2}:?\d{2})$/.test(slot) ? slot : `${slot}Z`;
	const parsed = Date.parse(text);
	return Number.isNaN(parsed) ? undefined : new Date(parsed).toISOString();
}

export const PLATFORM_CHOICES: PlatformId[] = [...PLATFORM_IDS].sort();
