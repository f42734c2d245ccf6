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
import { readDate, readJson, readWholeNumber } from '../../../shared/userValues';
import type { NodeProblem } from '../../../shared/postProblems';
import {
	BINARY_SOURCE,
	isObject,
	jsonProblem,
	newRequest,
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

/** One entry of the Channels list. */
export interface EntryParameters {
	/** A resource locator value (`{__rl, mode, value, cachedResultName}`), or a bare id. */
	channel?: { value?: unknown; mode?: string; cachedResultName?: string } | string;
	platform?: string;
	settingsMode?: 'fields' | 'json';
	settingsJson?: unknown;
	parts?: { part?: PartParam[] };
	[typedSetting: string]: unknown;
}

/** A tag given by name, as the service takes it (it matches on `label`). */
const asTag = (tag: unknown) => (typeof tag === 'string' ? { value: tag, label: tag } : tag);

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
			return listOf(raw).map(asTag);
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
	const given = entry[optionalSettingsName(platform)];
	const optional = isObject(given) ? given : {};
	const settings: Json = {};
	for (const field of fields) {
		const own = isOwnParameter(platform, field);
		const raw = own ? entry[requiredSettingName(platform, field.name)] : optional[field.name];
		const value = settingValue(field, raw);
		// An optional parameter of its own cannot be left empty: at the service's default, left out.
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

export function partsFromParam(parts: EntryParameters['parts']): Json[] {
	return (parts?.part ?? []).map((part) => ({
		content: part.content ?? '',
		image: (part.media?.item ?? []).map(({ source, id, path, binaryProperty, url, alt }) => {
			const ref: Json =
				source === 'binary'
					? { [BINARY_SOURCE]: String(binaryProperty ?? '').trim() }
					: source === 'url'
						? { [URL_SOURCE]: url ?? '' }
						: { id, path };
			if (typeof alt === 'string' && alt.trim() !== '') ref.alt = alt;
			return ref;
		}),
		...(part.delay !== undefined ? { delay: part.delay } : {}),
	}));
}

/** The body from the parameters: each channel entry with the shared Parts, or its own. */
export function requestFromFields(
	context: IExecuteSingleFunctions,
	options: IDataObject,
): PostRequest {
	const problems: NodeProblem[] = [];
	const channelProblems: NodeProblem[] = [];
	const explained: string[] = [];
	const type = context.getNodeParameter('type', 'schedule') as string;
	const contentMode =
		context.getNodeParameter('contentMode', 'same') === 'perChannel' ? 'perChannel' : 'same';
	const sharedParts =
		contentMode === 'same'
			? (context.getNodeParameter('parts', {}) as EntryParameters['parts'])
			: undefined;
	const entries = (context.getNodeParameter('channels.channel', []) as EntryParameters[]) ?? [];

	const channels: Entry[] = [];
	const posts = entries.map((entry, entryIndex): Json => {
		const platform = isPlatformId(entry.platform) ? entry.platform : undefined;
		const settingsMode = entry.settingsMode === 'json' ? 'json' : 'fields';
		const locator = entry.channel;
		const cachedName =
			typeof locator === 'object' && typeof locator?.cachedResultName === 'string'
				? locator.cachedResultName
				: undefined;
		// Its ID as text ('' when none is given, or a value that is no ID); a value that is no text (an
		// object or list from an expression) is quoted by the problem.
		const value = typeof locator === 'object' && locator !== null ? locator.value : locator;
		const given = isObject(locator) && '__rl' in locator ? value : locator;
		const id = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
		channels.push({ id, platform, cachedName, settingsMode });
		if (typeof given === 'object' && given !== null) {
			channelProblems.push({
				kind: 'node',
				code: 'channelNotText',
				entryIndex,
				field: 'channel',
				value: given,
			});
			explained.push(`posts.${entryIndex}.integration`);
		} else if (id === '') {
			channelProblems.push({ kind: 'node', code: 'noChannel', entryIndex, field: 'channel' });
		} else if (isMalformedId(id)) {
			channelProblems.push({
				kind: 'node',
				code: 'malformedChannelId',
				entryIndex,
				field: 'channel',
				id,
			});
		}

		let settings: unknown;
		if (settingsMode === 'fields') settings = platform && typedSettings(platform, entry);
		else {
			const parsed = readJson(entry.settingsJson);
			if ('value' in parsed) settings = parsed.value;
			else {
				problems.push(jsonProblem('settingsJson', parsed, entryIndex));
				explained.push(`posts.${entryIndex}.settings`);
			}
		}
		const post: Json = { integration: { id }, value: partsFromParam(sharedParts ?? entry.parts) };
		if (settings !== undefined) post.settings = settings;
		return post;
	});
	problems.push(...channelProblems);

	const wantsNextSlot =
		type !== 'now' && context.getNodeParameter('dateMode', 'date') === 'nextSlot';
	// The service wants a date for `now` too (spec 4.3), and for the next free slot till found.
	let date: unknown = type === 'now' || wantsNextSlot ? new Date().toISOString() : undefined;
	if (date === undefined) {
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
		tags: listOf(options.tags ?? []).map(asTag),
		posts,
	};
	// `inter` as a JSON number; what is not a whole number is refused (shared/userValues.ts).
	const repeat = options.repeatEvery;
	const inter =
		repeat === undefined || repeat === null || repeat === '' ? undefined : readWholeNumber(repeat);
	if (inter && 'refused' in inter) {
		problems.push({
			kind: 'node',
			code: 'repeatNotWhole',
			field: 'repeatEvery',
			min: POST_LIMITS.interMin,
			said: inter.refused,
		});
	} else if (inter) body.inter = inter.value;

	return newRequest(context, options, {
		body,
		channels,
		problems,
		wantsNextSlot,
		explained,
		inputMode: 'fields',
		contentMode,
	});
}
