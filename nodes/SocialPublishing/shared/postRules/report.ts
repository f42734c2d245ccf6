import type { MediaRules, PlatformId } from '../platforms';

/**
 * What the checks share: the problems they find, the body's JSON, and the report of field problems
 * in the service's class-validator style.
 */

/**
 * What is wrong with one field of a body, as data: the rule it breaks and that rule's figures. The
 * service's words for it are `serviceSentence`'s; the editor's are `shared/postProblems/`'.
 */
export type FieldFault =
	| { code: 'missing' }
	| { code: 'notString' }
	| { code: 'notBoolean' }
	| { code: 'notInteger' }
	| { code: 'notArray' }
	/**
	 * `shape`: the object's fields, e.g. `{content, image}`; the body itself (path '') must be an
	 * object too.
	 */
	| { code: 'notObject'; shape?: string }
	| { code: 'tooFewElements'; min: number }
	| { code: 'tooManyElements'; max: number }
	| { code: 'notOneOf'; values: readonly string[] }
	| { code: 'belowMin'; min: number }
	| { code: 'tooShort'; min: number }
	| { code: 'tooLong'; max: number }
	/** `form`: the form the value must have, in words. */
	| { code: 'notOfForm'; form: string }
	| { code: 'notWebAddress' }
	| { code: 'notUsername' }
	| { code: 'tagsTooLong'; max: number; total: number }
	/** A media path that ends in no usable ending (`endings`: all of them, in words). */
	| { code: 'unusableEnding'; endings: string }
	/** A media path whose kind this field does not take (`endings`: the ones it takes). */
	| { code: 'refusedEnding'; endings: string }
	| { code: 'emptyPart' }
	/**
	 * Not an ISO 8601 date; with `why`, a date of that shape that does not exist (`value` as given).
	 */
	| { code: 'notDate'; value?: string; why?: string };

/**
 * The media rules of the platform table (`PlatformRules.media.messages` names the service's text of
 * each).
 */
export type MediaRule = keyof MediaRules['messages'];

/**
 * One broken rule, as data: what is wrong (`fault`, `rule`), where (`path`; `entryIndex`: the
 * channel entry, `partIndex`, `field`) and its figures. `message` is what the service answers for
 * it (its validator's dotted path and text, or its platform text), for the sandbox and for the
 * details of the node's errors; nothing reads it back. The service answers them like this:
 * - 'field': 400 `{message: [<all field messages>]}` (class-validator style, dotted paths);
 * - 'channel': the post names a channel id the organisation does not have (the spec's 404);
 * - 'platform': 400 `{provider, name, message}` for the first one. `checkCreatePostRequest`
 *   returns field problems first (all of them, in body order), then unknown channels, then platform
 *   problems post by post, part by part: the first problem decides the answer.
 */
export type RuleProblem =
	| { kind: 'field'; path: string; fault: FieldFault; message: string }
	| { kind: 'channel'; entryIndex: number; path: string; channelId: string; message: string }
	| PlatformProblem;

/**
 * A platform rule broken by one part: its text over the length (`length` > `limit`) or a media
 * rule.
 */
export type PlatformProblem = {
	kind: 'platform';
	entryIndex: number;
	partIndex: number;
	platform: PlatformId;
	channelName: string;
	message: string;
} & (
	| { field: 'content'; rule: 'tooLong'; limit: number; length: number }
	| { field: 'image'; rule: MediaRule }
);

/**
 * A field's fault in the service's validator words, after its dotted path (`posts.0.settings.title
 * must be ...`).
 */
export function serviceSentence(path: string, fault: FieldFault): string {
	switch (fault.code) {
		case 'missing':
			return `${path} should not be null or undefined`;
		case 'notString':
			return `${path} must be a string`;
		case 'notBoolean':
			return `${path} must be a boolean value`;
		case 'notInteger':
			return `${path} must be an integer number`;
		case 'notArray':
			return `${path} must be an array`;
		case 'notObject':
			if (path === '') return 'the request body must be a JSON object';
			return `${path} must be an object${fault.shape ? ` ${fault.shape}` : ''}`;
		case 'tooFewElements':
			return `${path} must contain at least ${fault.min} elements`;
		case 'tooManyElements':
			return `${path} must contain no more than ${fault.max} elements`;
		case 'notOneOf':
			return `${path} must be one of the following values: ${fault.values.join(', ')}`;
		case 'belowMin':
			return `${path} must not be less than ${fault.min}`;
		case 'tooShort':
			return `${path} must be longer than or equal to ${fault.min} characters`;
		case 'tooLong':
			return `${path} must be shorter than or equal to ${fault.max} characters`;
		case 'notOfForm':
			return `${path} must be ${fault.form}`;
		case 'notWebAddress':
			return `${path} must be a URL address`;
		case 'notUsername':
			return `${path} must be a username (string)`;
		case 'tagsTooLong':
			return `${path} must be at most ${fault.max} characters for all tags together (now ${fault.total})`;
		case 'unusableEnding':
			return `${path} must end in ${fault.endings}`;
		case 'refusedEnding':
			return `${path} must be a file ending in ${fault.endings}`;
		case 'emptyPart':
			return `${path} needs text (content), media (image), or both`;
		case 'notDate':
			return fault.why
				? `${path} must be a valid ISO 8601 date string: "${fault.value}" does not exist (${fault.why})`
				: `${path} must be a valid ISO 8601 date string`;
	}
}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isMissing(value: unknown): boolean {
	return value === undefined || value === null;
}

/** Field problems of a body, worded like the service's validator (dotted paths). */
export class FieldReport {
	readonly problems: RuleProblem[] = [];

	add(path: string, fault: FieldFault): void {
		this.problems.push({ kind: 'field', path, fault, message: serviceSentence(path, fault) });
	}

	/** Reports a missing required value; true when it is present. */
	present(value: unknown, path: string): boolean {
		if (isMissing(value)) {
			this.add(path, { code: 'missing' });
			return false;
		}
		return true;
	}

	string(value: unknown, path: string): value is string {
		if (typeof value === 'string') return true;
		this.add(path, { code: 'notString' });
		return false;
	}

	array(
		value: unknown,
		path: string,
		min: number | undefined,
		max: number | undefined,
	): value is unknown[] {
		if (!Array.isArray(value)) {
			this.add(path, { code: 'notArray' });
			return false;
		}
		if (min !== undefined && value.length < min) {
			this.add(path, { code: 'tooFewElements', min });
		}
		if (max !== undefined && value.length > max) {
			this.add(path, { code: 'tooManyElements', max });
		}
		return true;
	}
}
