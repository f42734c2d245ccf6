/**
 * The typed settings of Post → Create, generated from the platform table (`shared/platforms/`):
 * every field with its values, default and help text, shown for the channel entry's platform.
 * Required settings are plain parameters, and so are settings with a condition (`when`) and the
 * settings such a condition looks at (an X article's fields, shown only while Post Type is
 * Article); other optional ones sit in an "<Platform> Options" collection. Nothing here restates a
 * rule. The names of these parameters are made here from the platform table, so the fields and
 * their reader (`requestFromFields.ts`) cannot drift.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import {
	PLATFORMS,
	PLATFORM_IDS,
	type PlatformId,
	type SettingField,
} from '../../../shared/platforms';
import { conditionHolds } from '../../../shared/postRules/settings';

/** `platform` value meaning "look the platform up from the channel (GET /integrations)". */
export const LOOK_UP_PLATFORM = 'lookup';

export const PLATFORM_CHOICES: PlatformId[] = [...PLATFORM_IDS].sort();

/** Parameter holding a setting of its own (see `isOwnParameter`), e.g. `x_who_can_reply_post`. */
export function requiredSettingName(platform: PlatformId, setting: string): string {
	return `${platform}_${setting}`;
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

/** A value as the editor shows it: its name from the table (the API's value stays what is sent). */
function valueName(field: SettingField, value: unknown): string {
	return field.valueLabels?.[String(value)]?.name ?? String(value);
}

/** A setting given as a list in one text: its placeholder, and what the commas separate. */
const COMMA_LISTS = {
	collaborators: ['e.g. bakery_friend, local_cafe', 'Usernames'],
	tags: ['e.g. hiking, outdoor, gear', 'Tags'],
};

/** One setting as a node parameter (name given by the caller: required and optional differ). */
function settingProperty(field: SettingField, name: string): INodeProperties {
	const fallback =
		field.default !== undefined
			? ` The service uses "${valueName(field, field.default)}" when left out.`
			: '';
	const description = `${field.description}.${fallback}`.replace(/\.\./g, '.');
	const base = { displayName: field.label, name, description };
	if (field.pickFrom) {
		// `&channel`: the Channel of the same Channels entry (n8n resolves `&` next to this field).
		return {
			...base,
			displayName: `${field.label} Name or ID`,
			type: 'options',
			typeOptions: { loadOptionsMethod: field.pickFrom, loadOptionsDependsOn: ['&channel'] },
			default: '',
			description: `${description} Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		};
	}
	switch (field.type) {
		case 'options': {
			const options: INodePropertyOptions[] = (field.values ?? []).map((value) => ({
				name: valueName(field, value),
				value,
				...(field.valueLabels?.[value]
					? { description: field.valueLabels[value].description }
					: {}),
			}));
			const fallback = field.default ?? options[0]?.value ?? '';
			return { ...base, type: 'options', options, default: fallback as string };
		}
		case 'boolean':
			return { ...base, type: 'boolean', default: field.default === true };
		case 'collaborators':
		case 'tags': {
			const [placeholder, what] = COMMA_LISTS[field.type];
			const listed = `${description} ${what} separated by commas.`;
			return { ...base, type: 'string', default: '', placeholder, description: listed };
		}
		case 'media':
			return {
				...base,
				type: 'fixedCollection',
				default: {},
				placeholder: 'Add Image',
				options: [
					{
						displayName: 'Image',
						name: 'media',
						values: [
							{
								displayName: 'Media ID',
								name: 'id',
								type: 'string',
								default: '',
								description: 'ID of an image uploaded with Media → Upload',
							},
							{
								displayName: 'Media Path',
								name: 'path',
								type: 'string',
								default: '',
								description: 'Path (URL) of the same uploaded image',
							},
						],
					},
				],
			};
		case 'url':
			return { ...base, type: 'string', default: '', placeholder: 'https://example.com/page' };
		default:
			return {
				...base,
				type: 'string',
				default: (field.default as string | undefined) ?? '',
				...(field.maxLength ? { typeOptions: { maxLength: field.maxLength } } : {}),
			};
	}
}

function platformSettings(platform: PlatformId): INodeProperties[] {
	const { settings, displayName } = PLATFORMS[platform];
	const own = (settings ?? [])
		.filter((field) => isOwnParameter(platform, field))
		.map((field) => {
			const property = settingProperty(field, requiredSettingName(platform, field.name));
			// Not n8n's `required`: the engine would stop the run with its own terse message; the
			// node's check names the channel and the fix instead.
			const description = field.required
				? `Required. ${property.description ?? ''}`
				: property.description;
			return { ...property, description, displayOptions: displayFor(platform, field.when) };
		});
	const optional = (settings ?? []).filter((field) => !isOwnParameter(platform, field));
	if (optional.length === 0) return own;
	return [
		...own,
		{
			displayName: `${displayName} Options`,
			name: optionalSettingsName(platform),
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			description: `Optional ${displayName} settings`,
			displayOptions: displayFor(platform),
			options: optional.map((field) => settingProperty(field, field.name)),
		},
	];
}

/** Shown for its platform in fields mode, and only while its condition (`when`) holds. */
function displayFor(
	platform: PlatformId,
	when?: SettingField['when'],
): INodeProperties['displayOptions'] {
	const show: Record<string, Array<string | boolean>> = {
		platform: [platform],
		settingsMode: ['fields'],
	};
	if (when === undefined) return { show };
	const parameter = requiredSettingName(platform, when.setting);
	if ('value' in when) return { show: { ...show, [parameter]: [when.value] } };
	return { show, hide: { [parameter]: [when.notValue] } };
}

/** Platform picker of a channel entry, above its Channel, which then lists that platform's. */
export const platformProperty: INodeProperties = {
	displayName: 'Platform',
	name: 'platform',
	type: 'options',
	default: LOOK_UP_PLATFORM,
	description:
		'Pick it first: the Channel list below then shows only its channels, and its settings appear here. "Look Up From Channel" reads it from the channel (for channels given by expression; settings as JSON).',
	options: [
		{
			name: 'Look Up From Channel',
			value: LOOK_UP_PLATFORM,
			description:
				'Any platform: read from the channel at run time (one request per run, for all items)',
		},
		...PLATFORM_CHOICES.map((platform) => ({
			name: PLATFORMS[platform].displayName,
			value: platform,
			description: `${PLATFORMS[platform].maxLength} characters; media: ${PLATFORMS[platform].mediaRule}`,
		})),
	],
};

/**
 * What each platform needs in settings when none are sent (a required setting whose condition holds
 * then, as the check finds it): what Look Up From Channel cannot fill in from fields.
 */
const NEEDED_WITHOUT_SETTINGS = PLATFORM_CHOICES.map((platform) => {
	const labels = (PLATFORMS[platform].settings ?? [])
		.filter((field) => field.required && conditionHolds(field.when, {}))
		.map((field) => field.label);
	const needs = labels.length > 3 ? `${labels.length} settings` : labels.join(', ');
	return labels.length ? `${PLATFORMS[platform].displayName}: ${needs}` : '';
}).filter(Boolean);

/**
 * Said up front under Look Up From Channel (the default, kept so that saved workflows keep their
 * meaning: n8n saves no default value): typed settings need the platform picked, so without it a
 * post on a platform with required settings would fail only when it runs.
 */
export const lookUpSettingsNotice: INodeProperties = {
	displayName: `Look Up From Channel sends no settings from fields, and some platforms need them (${NEEDED_WITHOUT_SETTINGS.join('; ')}). Pick the channel's Platform above to fill them in here, or set Settings to Using JSON.`,
	name: 'lookUpNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { platform: [LOOK_UP_PLATFORM], settingsMode: ['fields'] } },
};

export const settingsModeProperty: INodeProperties = {
	displayName: 'Settings',
	name: 'settingsMode',
	type: 'options',
	default: 'fields',
	options: [
		{
			name: 'Using Fields Below',
			value: 'fields',
			description: 'Typed settings of the chosen platform',
		},
		{ name: 'Using JSON', value: 'json', description: "The channel's settings object as JSON" },
	],
};

export const settingsJsonProperty: INodeProperties = {
	displayName: 'Settings (JSON)',
	name: 'settingsJson',
	type: 'json',
	default: '{}',
	description:
		'The settings object of this channel (spec 4.8), e.g. {"who_can_reply_post": "everyone"} for X. Checked by the same rules as the fields.',
	displayOptions: { show: { settingsMode: ['json'] } },
};

/** Every platform's typed settings, each shown only for its platform. */
export const typedSettingsProperties: INodeProperties[] =
	PLATFORM_CHOICES.flatMap(platformSettings);
