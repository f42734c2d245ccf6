/** GET /integration-settings `settings`: the platform's settings fields (shared table) as a JSON schema. */
import type {
	PlatformRules,
	SettingCondition,
	SettingField,
} from '../nodes/SocialPublishing/shared/platforms';

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

/** A table condition (`when`) as a JSON schema the settings object matches. */
function conditionSchema(condition: SettingCondition): Schema {
	const has = (value: string): Schema => ({
		properties: { [condition.setting]: { const: value } },
		required: [condition.setting],
	});
	return 'value' in condition ? has(condition.value) : { not: has(condition.notValue) };
}

export function settingsSchema(platform: PlatformRules): Schema | typeof NO_SETTINGS {
	if (!platform.settings || platform.settings.length === 0) return NO_SETTINGS;
	// A row required only under a condition (an X article's title) is required in an if/then of its own.
	const conditional = platform.settings.filter((f) => f.required && f.when !== undefined);
	return {
		type: 'object',
		properties: Object.fromEntries(platform.settings.map((f) => [f.name, fieldSchema(f)])),
		required: platform.settings
			.filter((f) => f.required && f.when === undefined)
			.map((f) => f.name),
		...(conditional.length > 0
			? {
					allOf: conditional.map((f) => ({
						if: conditionSchema(f.when!),
						then: { required: [f.name] },
					})),
				}
			: {}),
		additionalProperties: false,
	};
}
