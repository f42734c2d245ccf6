import type { MediaRules, PlatformId } from '../platforms';

/** What the checks share: the problems they find, and the report of field problems. */

/**
 * What can be wrong with one field of a body, by code: its figures (the parameter) and the
 * service's validator words, after the dotted path (the editor's: `shared/postProblems/`).
 */
const VALIDATOR_WORDS = {
	missing: () => 'should not be null or undefined',
	notString: () => 'must be a string',
	notBoolean: () => 'must be a boolean value',
	notInteger: () => 'must be an integer number',
	notArray: () => 'must be an array',
	/** `shape`: the object's fields, e.g. `{content, image}`; the body itself (path '') too. */
	notObject: ({ shape }: { shape?: string }) => `must be an object${shape ? ` ${shape}` : ''}`,
	tooFewElements: ({ min }: { min: number }) => `must contain at least ${min} elements`,
	tooManyElements: ({ max }: { max: number }) => `must contain no more than ${max} elements`,
	notOneOf: ({ values }: { values: readonly string[] }) =>
		`must be one of the following values: ${values.join(', ')}`,
	belowMin: ({ min }: { min: number }) => `must not be less than ${min}`,
	tooShort: ({ min }: { min: number }) => `must be longer than or equal to ${min} characters`,
	tooLong: ({ max }: { max: number }) => `must be shorter than or equal to ${max} characters`,
	/** `form`: the form the value must have, in words. */
	notOfForm: ({ form }: { form: string }) => `must be ${form}`,
	notWebAddress: () => 'must be a URL address',
	notUsername: () => 'must be a username (string)',
	tagsTooLong: ({ max, total }: { max: number; total: number }) =>
		`must be at most ${max} characters for all tags together (now ${total})`,
	/** A media path that ends in no usable ending (`endings`: all of them, in words). */
	unusableEnding: ({ endings }: { endings: string }) => `must end in ${endings}`,
	/** A media path whose kind this field does not take (`endings`: the ones it takes). */
	refusedEnding: ({ endings }: { endings: string }) => `must be a file ending in ${endings}`,
	emptyPart: () => 'needs text (content), media (image), or both',
	/** Not an ISO 8601 date; with `why`, one of that shape that does not exist (`value`: given). */
	notDate: ({ value, why }: { value?: string; why?: string }) =>
		why
			? `must be a valid ISO 8601 date string: "${value}" does not exist (${why})`
			: 'must be a valid ISO 8601 date string',
} satisfies Record<string, (figures: never) => string>;

type Figures<Word> = Word extends (figures: infer Given, ...rest: never[]) => unknown
	? Given
	: never;

/**
 * An entry of a table of wordings by code, as data: its code and the figures its wording takes
 * (none: `unknown`, so the entry is its code alone).
 */
export type Coded<Table> = {
	[Code in keyof Table]: { code: Code } & Figures<Table[Code]>;
}[keyof Table];

export type FieldFault = Coded<typeof VALIDATOR_WORDS>;

/** A field's fault in the service's validator words, without its path ('': the body itself). */
export function validatorWords(path: string, fault: FieldFault): string {
	if (path === '' && fault.code === 'notObject') return 'the request body must be a JSON object';
	return (VALIDATOR_WORDS[fault.code] as (figures: FieldFault) => string)(fault);
}

/** The media rules of the platform table, each named by its text in `media.messages`. */
export type MediaRule = keyof MediaRules['messages'];

/**
 * One broken rule, as data: what (`fault`, `rule`), where (`path`, `entryIndex`, `partIndex`,
 * `field`) and its figures; `message` is the service's answer to it (for the sandbox and the
 * error's details, never read back): 'field': 400 `{message: [<all field messages>]}`; 'channel':
 * the spec's 404; 'platform': 400 `{provider, name, message}` for the first one (field problems
 * come first, then unknown channels, then platform problems in post and part order).
 */
export type RuleProblem =
	| { kind: 'field'; path: string; fault: FieldFault; message: string }
	| { kind: 'channel'; entryIndex: number; path: string; channelId: string; message: string }
	| PlatformProblem;

/** A platform rule broken by one part: its text over the length, or a media rule. */
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

/** A field's fault as the service says it: `posts.0.settings.title must be ...`. */
export function serviceSentence(path: string, fault: FieldFault): string {
	const words = validatorWords(path, fault);
	return path === '' ? words : `${path} ${words}`;
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
		const missing = isMissing(value);
		if (missing) this.add(path, { code: 'missing' });
		return !missing;
	}

	string(value: unknown, path: string): value is string {
		if (typeof value !== 'string') this.add(path, { code: 'notString' });
		return typeof value === 'string';
	}

	/** A `{value, label}` tag (the post's or a setting's); its label when that is text. */
	tag(tag: unknown, path: string): string | undefined {
		if (!isObject(tag)) {
			this.add(path, { code: 'notObject', shape: '{value, label}' });
			return undefined;
		}
		this.string(tag.value, `${path}.value`);
		return this.string(tag.label, `${path}.label`) ? tag.label : undefined;
	}

	array(
		value: unknown,
		path: string,
		{ min, max }: { min?: number; max?: number } = {},
	): value is unknown[] {
		if (!Array.isArray(value)) {
			this.add(path, { code: 'notArray' });
			return false;
		}
		if (min !== undefined && value.length < min) this.add(path, { code: 'tooFewElements', min });
		if (max !== undefined && value.length > max) this.add(path, { code: 'tooManyElements', max });
		return true;
	}
}
