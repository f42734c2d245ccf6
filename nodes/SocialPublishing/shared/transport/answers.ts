import type { IDataObject } from 'n8n-workflow';

import { MAX_ANSWER_BYTES, MAX_ANSWER_DEPTH } from '../bounds';

/**
 * What a success answer of a route must look like (its response contract), declared by the
 * operation that sends it (`routeTo(method, url, { facts: { answer } })`, shared/routeFacts.ts) and
 * checked by the transport before any output step reads it. An answer that does not match is an
 * error in words (shared/errors.ts), retried on a GET. Contracts accept every answer the real
 * service sends (the spec, and production's departures in service-notes.md).
 */

const isObject = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** The shapes of one value: what each is in words, and whether a value fits. */
const SCALARS = {
	any: { words: 'anything', fits: () => true },
	object: { words: 'an object', fits: isObject },
	text: { words: 'a text', fits: (value: unknown) => typeof value === 'string' },
	// Number.isFinite takes numbers only.
	number: { words: 'a number', fits: Number.isFinite },
	boolean: { words: 'true or false', fits: (value: unknown) => typeof value === 'boolean' },
	date: {
		words: 'a date',
		fits: (value: unknown) =>
			typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Date.parse(value)),
	},
};

/**
 * A JSON shape:
 * - one of SCALARS (`'any'` takes any value, empty included);
 * - `{ list: Shape, atLeastOne? }`: a list whose every element has that shape;
 * - `{ object: { field: Shape, 'field?': Shape } }`: an object with those fields (others are
 *   allowed); a name ending in `?` may be absent or empty;
 * - `{ oneOf: [Shape, …] }`: any of these.
 */
export type Shape =
	| keyof typeof SCALARS
	| { list: Shape; atLeastOne?: boolean }
	| { object: Record<string, Shape> }
	| { oneOf: Shape[] };

export interface AnswerContract {
	/** What a success is, in the words of an error: "the list of channels". */
	is: string;
	shape: Shape;
}

/** An answer that came with a success status but is not one: thrown in the attempt for send.ts. */
export class BrokenAnswer extends Error {
	constructor(
		readonly status: number,
		readonly headers: IDataObject,
		/** What is wrong, in words: "it is not JSON", "it was cut off after 120 of 300 bytes". */
		readonly problem: string,
	) {
		super(problem);
		this.name = 'BrokenAnswer';
	}
}

/** A value's kind in the editor's words (never "null" or "undefined"). */
function kindOf(value: unknown): string {
	if (value === null || value === undefined) return 'empty';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'string') return 'a text';
	if (typeof value === 'number') return 'a number';
	if (typeof value === 'boolean') return 'true or false';
	return 'not JSON';
}

function shapeWords(shape: Shape): string {
	if (typeof shape === 'string') return SCALARS[shape].words;
	if ('list' in shape) return 'a list';
	if ('object' in shape) return 'an object';
	return shape.oneOf.map(shapeWords).join(' or ');
}

/** Where in the answer: [] is the answer itself, numbers list elements, texts fields. */
type Path = Array<string | number>;

function pathWords(path: Path): string {
	if (path.length === 0) return 'it';
	return [...path]
		.reverse()
		.map((step) => (typeof step === 'number' ? `element ${step + 1}` : `"${step}"`))
		.join(' of ');
}

/** The first place where `value` departs from `shape`, in words, or undefined when it matches. */
function mismatch(shape: Shape, value: unknown, path: Path): string | undefined {
	if (typeof shape === 'string') {
		if (SCALARS[shape].fits(value)) return undefined;
		if (shape === 'date' && typeof value === 'string')
			return `${pathWords(path)} is a text that is not a date`;
		return `${pathWords(path)} is ${kindOf(value)}, not ${shapeWords(shape)}`;
	}
	if ('oneOf' in shape) {
		const problems = shape.oneOf.map((one) => mismatch(one, value, path));
		if (problems.includes(undefined)) return undefined;
		// A list where one of the shapes is a list (or an object…): that shape's problem says more.
		const sameKind = shape.oneOf.filter((one) => shapeWords(one) === kindOf(value));
		if (sameKind.length === 1) return problems[shape.oneOf.indexOf(sameKind[0])];
		return `${pathWords(path)} is ${kindOf(value)}, not ${shapeWords(shape)}`;
	}
	if ('list' in shape) {
		if (!Array.isArray(value)) return `${pathWords(path)} is ${kindOf(value)}, not a list`;
		if (shape.atLeastOne && value.length === 0) return `${pathWords(path)} is an empty list`;
		// One path for the walk, words made only for a problem (CPU per item, issue 31).
		for (let index = 0; index < value.length; index++) {
			path.push(index);
			const problem = mismatch(shape.list, value[index], path);
			path.pop();
			if (problem) return problem;
		}
		return undefined;
	}
	if (!isObject(value)) return `${pathWords(path)} is ${kindOf(value)}, not an object`;
	for (const declared in shape.object) {
		const fieldShape = shape.object[declared];
		const optional = declared.endsWith('?');
		const name = optional ? declared.slice(0, -1) : declared;
		const field = value[name];
		if (field === undefined || field === null) {
			if (optional || fieldShape === 'any') continue;
			return `${pathWords([...path, name])} is missing`;
		}
		path.push(name);
		const problem = mismatch(fieldShape, field, path);
		path.pop();
		if (problem) return problem;
	}
	return undefined;
}

/**
 * How deep and how large a parsed answer is, walked without recursion (a body nested 100,000 deep
 * must not end in "Maximum call stack size exceeded"); stops as soon as a bound is passed.
 */
function beyondBounds(body: unknown): string | undefined {
	let bytes = 0;
	// Two stacks side by side: no pair made per value (CPU per item, issue 31).
	const values: unknown[] = [body];
	const depths: number[] = [1];
	while (values.length > 0) {
		const value = values.pop();
		const depth = depths.pop()!;
		if (depth > MAX_ANSWER_DEPTH) return `it is nested more than ${MAX_ANSWER_DEPTH} levels deep`;
		bytes += typeof value === 'string' ? value.length + 2 : 8;
		if (Array.isArray(value)) {
			for (const inner of value) {
				values.push(inner);
				depths.push(depth + 1);
			}
		} else if (value !== null && typeof value === 'object') {
			for (const key of Object.keys(value)) {
				bytes += key.length + 3;
				values.push((value as IDataObject)[key]);
				depths.push(depth + 1);
			}
		}
		if (bytes > MAX_ANSWER_BYTES) return `it is larger than ${MAX_ANSWER_BYTES / (1024 * 1024)} MB`;
	}
	return undefined;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export function announcedBytes(headers: IDataObject): number | undefined {
	const value = Number(headers['content-length']);
	return Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * What is wrong with an answer that came with a success status, in words, or undefined when it is a
 * success. Every answer is bounded (size, depth); with a contract it must also have the route's
 * shape. `headers` lower-cased.
 */
export function brokenAnswer(
	contract: AnswerContract | undefined,
	body: unknown,
	headers: IDataObject,
): string | undefined {
	const announced = announcedBytes(headers);
	if (announced !== undefined && announced > MAX_ANSWER_BYTES)
		return `it is ${megabytes(announced)}, larger than the ${megabytes(MAX_ANSWER_BYTES)} the node takes`;
	if (typeof body === 'string' || Buffer.isBuffer(body)) {
		const received = Buffer.byteLength(body);
		// A JSON text ("ok") arrives as the text without its quotes: its length says so.
		if (
			contract &&
			typeof body === 'string' &&
			announced !== undefined &&
			Buffer.byteLength(JSON.stringify(body)) === announced
		) {
			return mismatch(contract.shape, body, []);
		}
		if (announced !== undefined && received < announced)
			return `it was cut off after ${received} of ${announced} bytes`;
		if (body.toString().trim() === '') return contract ? 'it is empty' : undefined;
		if (received > MAX_ANSWER_BYTES)
			return `it is larger than the ${megabytes(MAX_ANSWER_BYTES)} the node takes`;
		// n8n's HTTP client leaves the text as it came when it is not JSON, and gives a JSON text
		// ("ok") without its quotes: what starts like a list or an object is broken JSON, anything else
		// a text.
		if (/^\s*[[{]/.test(body.toString()) || !contract) return 'it is not JSON';
		return mismatch(contract.shape, body.toString(), []);
	}
	if (body === undefined || body === null)
		return contract && contract.shape !== 'any' ? 'it is empty' : undefined;
	return beyondBounds(body) ?? (contract ? mismatch(contract.shape, body, []) : undefined);
}
