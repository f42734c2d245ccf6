/**
 * A broken rule of one field of the body (`FieldFault` of shared/postRules/) in the editor's
 * words: what is wrong with the value, with its figures, and how to fix it where the field is.
 */
import { PLATFORMS, POST_LIMITS } from '../platforms';
import { validatorWords, type FieldFault, type RuleProblem } from '../postRules';
import { ENDINGS } from './findings';
import type { Located } from './places';
import type { ProblemContext } from './types';

export const plural = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

/**
 * What is wrong with a field (named by its label already), with the value's own figures when the
 * body is at hand; where the editor has no words of its own, the service's. `path` '' is the body.
 */
export function faultWords(fault: FieldFault, value: unknown, path: string): string {
	switch (fault.code) {
		case 'missing':
			return 'is missing';
		case 'notBoolean':
			return 'must be true or false';
		case 'notOneOf':
			return typeof value === 'string'
				? `"${value.slice(0, 40)}" is not one of the allowed values`
				: 'is not one of the allowed values';
		case 'belowMin':
			return `must be ${fault.min} or more${typeof value === 'number' ? `; it is ${value}` : ''}`;
		case 'tooFewElements': {
			const count = Array.isArray(value) ? value.length : 0;
			return `${count === 0 ? 'is empty' : `has ${count}`}; at least ${fault.min} needed`;
		}
		case 'tooManyElements':
			return Array.isArray(value)
				? `has ${value.length}; at most ${fault.max} allowed`
				: `may have at most ${fault.max}`;
		case 'tooShort':
			if (typeof value !== 'string' || value === '') return 'is empty';
			return `is ${plural(Array.from(value).length, 'character')}; at least ${fault.min} needed`;
		case 'tooLong':
			if (typeof value !== 'string') break;
			return `is ${plural(Array.from(value).length, 'character')}; at most ${fault.max} allowed`;
		case 'emptyPart':
			return 'needs text, media, or both';
	}
	return validatorWords(path, fault);
}

/** How to fix a field of the body, by where it is. */
export function fieldFix(
	problem: Extract<RuleProblem, { kind: 'field' }>,
	{ entryIndex, field, rest }: Located,
	context: ProblemContext,
): string {
	const json = context.inputMode === 'json';
	if (entryIndex === undefined) {
		const { min, max } = POST_LIMITS.postsPerRequest;
		const fixes: Record<string, string> = {
			type: `use one of: ${POST_LIMITS.types.join(', ')}`,
			date: 'give an ISO 8601 date and time, e.g. 2030-01-15T10:00:00Z',
			shortLink: 'give true or false (a JSON boolean)',
			tags: 'give tags as {"value", "label"} objects; label is the name of an existing tag',
			inter: `give a whole number of days, ${POST_LIMITS.interMin} or more (a JSON number, not text)`,
			posts: json
				? `give ${min} to ${max} entries in "posts", one per channel ({"integration": {"id": ...}, "value": [...]}); split a longer list over several items`
				: `add ${min} to ${max} channels under Channels; split a longer list over several items`,
		};
		const top = problem.path.split('.')[0];
		if (Object.prototype.hasOwnProperty.call(fixes, top)) return fixes[top];
		return json ? 'give the whole POST /posts body as one JSON object' : 'correct the request body';
	}
	if (rest[0] === 'integration') return 'pick the channel from the list, or give its ID';
	if (rest[0] === 'settings') return settingFix(rest[1], problem.fault, entryIndex, context);
	if (rest[0] !== 'value') return `correct ${field}`;
	const { partsPerPost } = POST_LIMITS;
	if (rest.length === 1) return `give ${partsPerPost.min} to ${partsPerPost.max} parts`;
	if (rest.length === 2) return 'give the part text, media, or both (or remove the part)';
	if (rest[2] === 'content') return 'give the text as a string';
	if (rest.length === 3) return `give at most ${POST_LIMITS.mediaPerPart} media per part`;
	if (rest[4] === 'path')
		return `use the path of a file uploaded with Media → Upload, ending in ${ENDINGS}`;
	if (rest[4] === 'id')
		return 'use the ID of the uploaded file (Media → Upload answers id and path)';
	return 'give each media item as {id, path, alt?} of an uploaded file';
}

/** How to fix a channel's setting (`key`; none: the settings object), from the platform table. */
function settingFix(
	key: string | undefined,
	fault: FieldFault,
	entryIndex: number,
	context: ProblemContext,
): string {
	const channel = context.channels[entryIndex];
	const rules = channel?.platform ? PLATFORMS[channel.platform] : undefined;
	const setting = rules?.settings?.find((one) => one.name === key);
	const json = context.inputMode === 'json' || channel?.settingsMode === 'json';
	const where = json
		? "in the channel's settings JSON"
		: `in this channel's ${rules?.displayName ?? ''} settings`;
	if (key === undefined)
		return json ? 'give the settings as a JSON object' : 'check the settings of this channel';
	if (!json && channel?.platformGiven === false && rules)
		return `set Platform to ${rules.displayName} to fill in its settings, or give them as JSON (Settings: Using JSON)`;
	const values = setting?.values && setting.values.join(', ');
	if (fault.code === 'missing') {
		const oneOf = values !== undefined ? ` (one of: ${values})` : '';
		return json
			? `add "${key}"${oneOf} to the channel's settings JSON`
			: `fill in "${setting?.label ?? key}"${oneOf} ${where}`;
	}
	if (values !== undefined) return `use one of: ${values} ${where}`;
	if (setting?.type === 'boolean') return `give true or false (a JSON boolean, not text) ${where}`;
	const { minLength: min, maxLength: max } = setting ?? {};
	if (min !== undefined && max !== undefined) return `use ${min} to ${max} characters ${where}`;
	if (max !== undefined) return `use at most ${max} characters ${where}`;
	if (min === 1) return `fill in "${setting?.label}" ${where}`;
	if (min !== undefined) return `use at least ${min} characters ${where}`;
	if (setting?.type === 'media')
		return 'give the ID and path of an image uploaded with Media → Upload';
	if (setting?.patternHint) return `give ${setting.patternHint}`;
	return `correct it ${where}`;
}
