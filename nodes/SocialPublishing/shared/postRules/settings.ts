import { PLATFORMS, type PlatformId, type SettingCondition, type SettingField } from '../platforms';
import { checkMediaReference } from './media';
import { FieldReport, isMissing, isObject, type Json, type RuleProblem } from './report';
import { charCount } from './text';

/** A post's `settings` against its platform's rows of the table. */

function isWebAddress(value: string): boolean {
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
	} catch {
		return false;
	}
}

/** Whether a table condition holds for a post's settings (a setting left out has no value). */
export function conditionHolds(condition: SettingCondition | undefined, settings: Json): boolean {
	if (condition === undefined) return true;
	const value = settings[condition.setting];
	return 'value' in condition ? value === condition.value : value !== condition.notValue;
}

function checkSettingField(
	field: SettingField,
	value: unknown,
	path: string,
	report: FieldReport,
): void {
	if (isMissing(value)) {
		if (field.required) report.add(path, { code: 'missing' });
		return;
	}
	switch (field.type) {
		case 'options':
			if (typeof value !== 'string' || !(field.values ?? []).includes(value)) {
				report.add(path, { code: 'notOneOf', values: field.values ?? [] });
			}
			return;
		case 'boolean':
			// Production coerces the string "false" to true: only real booleans are safe.
			if (typeof value !== 'boolean') report.add(path, { code: 'notBoolean' });
			return;
		case 'string':
			if (!report.string(value, path)) return;
			if (field.minLength !== undefined && charCount(value) < field.minLength) {
				report.add(path, { code: 'tooShort', min: field.minLength });
			}
			if (field.maxLength !== undefined && charCount(value) > field.maxLength) {
				report.add(path, { code: 'tooLong', max: field.maxLength });
			}
			if (field.pattern && !field.pattern.test(value)) {
				const form = field.patternHint ?? `of the form ${field.pattern.source}`;
				report.add(path, { code: 'notOfForm', form });
			}
			return;
		case 'url':
			// The service checks an address only when one is given: empty means none.
			if (value === '') return;
			if (typeof value !== 'string' || !isWebAddress(value))
				report.add(path, { code: 'notWebAddress' });
			return;
		case 'collaborators':
			if (!report.array(value, path)) return;
			value.forEach((item, index) => {
				const label = isObject(item) ? item.label : undefined;
				if (typeof label !== 'string' || label.trim() === '') {
					report.add(`${path}.${index}.label`, { code: 'notUsername' });
				}
			});
			return;
		case 'tags': {
			if (!report.array(value, path)) return;
			let total = 0;
			value.forEach((item, index) => {
				const label = report.tag(item, `${path}.${index}`);
				// The service counts the labels, two more for a label with a space in it (it is quoted).
				if (label !== undefined) total += charCount(label) + (/\s/.test(label) ? 2 : 0);
			});
			if (field.totalMaxLength !== undefined && total > field.totalMaxLength) {
				report.add(path, { code: 'tagsTooLong', max: field.totalMaxLength, total });
			}
			return;
		}
		case 'media':
			checkMediaReference(value, path, report, field.mediaKinds);
			return;
	}
}

/**
 * Checks the values of a post's known `settings`. Other keys (`__type` included) are not refused,
 * as the service keeps them (service-notes): `unknownSettings` names them, to warn about typos.
 */
export function checkSettings(
	platform: PlatformId,
	settings: unknown,
	path = 'settings',
): RuleProblem[] {
	const report = new FieldReport();
	if (!isMissing(settings) && !isObject(settings)) {
		report.add(path, { code: 'notObject' });
		return report.problems;
	}
	const given: Json = isObject(settings) ? settings : {};
	for (const field of PLATFORMS[platform].settings ?? []) {
		// A row with a condition that does not hold is not checked at all, as the service skips it.
		if (conditionHolds(field.when, given))
			checkSettingField(field, given[field.name], `${path}.${field.name}`, report);
	}
	return report.problems;
}

/** The platform discriminator of the service's own clients; not a setting of its own. */
export const SETTINGS_TYPE_KEY = '__type';

/** Keys of `settings` the table does not know, each with the known one it most resembles. */
export function unknownSettings(
	platform: PlatformId,
	settings: unknown,
): Array<{ key: string; closest?: string }> {
	if (!isObject(settings)) return [];
	const rules = PLATFORMS[platform];
	const known = (rules.settings ?? []).map((field) => field.name);
	const other = rules.otherSettings ?? [];
	return Object.keys(settings)
		.filter((key) => key !== SETTINGS_TYPE_KEY && !known.includes(key) && !other.includes(key))
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
			current[j] = Math.min(
				previous[j] + 1,
				current[j - 1] + 1,
				previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
			);
		}
		previous = current;
	}
	return previous[b.length];
}
