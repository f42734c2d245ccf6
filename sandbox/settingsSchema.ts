/** GET /integration-settings `settings`: the platform's settings fields (shared table) as a JSON schema. */
import type { PlatformRules, SettingField } from '../nodes/SocialPublishing/shared/platforms';

type Schema = Record<string, unknown>;

function fieldSchema(field: SettingField): Schema {
	const base: Schema = { description: field.description };
	if (field.default !== undefined) base.default = field.default;
	switch (field.type) {
		case 'options':
			return { type: 'string', enum: field.values ?? [], ...base };
		case 'boolean':
			return { type: 'boolean', ...base };
		case 'string':
			return {
				type: 'string',
				...(field.minLength !== undefined ? { minLength: field.minLength } : {}),
				...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
				...(field.pattern ? { pattern: field.pattern.source } : {}),
				...base,
			};
		case 'url':
			return { type: 'string', format: 'uri', ...base };
		case 'collaborators':
			return {
				type: 'array',
				items: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] },
				...base,
			};
		case 'tags':
			return {
				type: 'array',
				items: {
					type: 'object',
					properties: { value: { type: 'string' }, label: { type: 'string' } },
					required: ['value', 'label'],
				},
				...base,
			};
		case 'media':
			return {
				type: 'object',
				properties: { id: { type: 'string' }, path: { type: 'string' } },
				required: ['id', 'path'],
				...base,
			};
	}
}

export const NO_SETTINGS = 'No additional settings required';

export function settingsSchema(platform: PlatformRules): Schema | typeof NO_SETTINGS {
	if (!platform.settings || platform.settings.length === 0) return NO_SETTINGS;
	return {
		type: 'object',
		properties: Object.fromEntries(platform.settings.map((f) => [f.name, fieldSchema(f)])),
		required: platform.settings.filter((f) => f.required).map((f) => f.name),
		additionalProperties: false,
	};
}
