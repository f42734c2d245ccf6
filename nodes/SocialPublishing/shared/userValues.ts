/**
 * What users type (dates, whole numbers, JSON), read in one place: a value that does not exist is
 * refused in words, never rolled over, and the value judged is the value sent. Also how a value is
 * quoted back to the user.
 */
import { MAX_JSON_DEPTH, MAX_JSON_TEXT_CHARS } from './bounds';

export { MAX_JSON_DEPTH, MAX_JSON_TEXT_CHARS };

const shortened = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/**
 * A value as the user reads it in a message: text in quotes, numbers as digits, objects as
 * (shortened) JSON, and in words what has no written form: "empty", "not a number", "infinite".
 */
export function shownValue(value: unknown): string {
	if (value === undefined || value === null) return 'empty';
	if (typeof value === 'string')
		return value.trim() === '' ? 'empty' : JSON.stringify(shortened(value));
	if (Number.isNaN(value)) return 'not a number';
	if (value === Infinity || value === -Infinity) return value > 0 ? 'infinite' : 'minus infinite';
	if (['number', 'boolean', 'bigint'].includes(typeof value)) return String(value);
	if (typeof value === 'function' || typeof value === 'symbol') return `a ${typeof value}`;
	const held = heldInstant(value);
	if (held !== undefined) return held ?? 'an invalid date';
	if (jsonDeeperThan(value, MAX_JSON_DEPTH))
		return Array.isArray(value) ? 'a deeply nested list' : 'a deeply nested object';
	try {
		// Inside, what JSON has no words for (NaN, Infinity, null, a missing entry) is said as
		// shownValue says it.
		const said = (_key: string, inner: unknown) =>
			(typeof inner === 'number' ? Number.isFinite(inner) : inner !== undefined && inner !== null)
				? inner
				: shownValue(inner);
		return shortened(JSON.stringify(value, said));
	} catch {
		return Array.isArray(value) ? 'a list' : 'an object';
	}
}

/** The instant a Date or a Luxon DateTime (`{{ $now }}`) holds as ISO text; null when invalid. */
function heldInstant(value: unknown): string | null | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
	const toISO = (Object(value) as { toISO?: unknown }).toISO;
	if (typeof value !== 'object' || typeof toISO !== 'function') return undefined;
	const iso = (toISO as () => unknown).call(value);
	return typeof iso === 'string' ? iso : null;
}

/** Whether a value nests deeper than `limit` objects or lists; walked without recursion. */
export function jsonDeeperThan(value: unknown, limit: number): boolean {
	const stack: Array<[unknown, number]> = [[value, 0]];
	const seen = new Set<object>();
	while (stack.length > 0) {
		const [current, depth] = stack.pop()!;
		if (typeof current !== 'object' || current === null || seen.has(current)) continue;
		if (depth + 1 > limit) return true;
		seen.add(current);
		for (const inner of Object.values(current)) stack.push([inner, depth + 1]);
	}
	return false;
}

/** Why a JSON parameter was not read: over the depth bound, over the length bound, or not JSON. */
export type JsonRefusal = 'tooDeep' | 'tooLong' | 'notJson';

/**
 * A JSON parameter, as text typed in the editor or a value from an expression: the value (empty
 * text: undefined), or what is wrong (`why`) and in words (`error`).
 */
export function readJson(raw: unknown): { value: unknown } | { error: string; why: JsonRefusal } {
	const text = typeof raw === 'string' ? raw : undefined;
	if (text !== undefined && text.length > MAX_JSON_TEXT_CHARS) {
		const error = `is ${text.length} characters long; the node reads at most ${MAX_JSON_TEXT_CHARS}`;
		return { error, why: 'tooLong' };
	}
	if (text?.trim() === '') return { value: undefined };
	let value: unknown;
	try {
		value = text === undefined ? raw : (JSON.parse(text) as unknown);
	} catch (error) {
		const where = syntaxProblem(text!, (error as Error).message);
		return { error: `not valid JSON (${where})`, why: 'notJson' };
	}
	if (!jsonDeeperThan(value, MAX_JSON_DEPTH)) return { value };
	return {
		error: `nests deeper than ${MAX_JSON_DEPTH} levels, more than the node reads`,
		why: 'tooDeep',
	};
}

/** Where JSON.parse's error says the text stops being JSON (`otherwise` when it does not say). */
const positionIn = (message: string, otherwise = NaN) =>
	Number(/at position (\d+)/.exec(message)?.[1] ?? otherwise);

/** Whether a start of a JSON text could still become JSON: it parses, or fails only at its end. */
function viable(start: string): boolean {
	try {
		JSON.parse(start);
		return true;
	} catch (error) {
		const { message } = error as Error;
		return /end of JSON input/.test(message) || positionIn(message) === start.length;
	}
}

/**
 * Where and why a text is not JSON, as the editor shows it ('line 1, column 22: Expected ...'):
 * `JSON.parse`'s words without its place; where it names none, the end of the shortest start of
 * the text that can no longer become JSON, found by halving.
 */
function syntaxProblem(text: string, message: string): string {
	let at = positionIn(message, text.length);
	if (at === text.length && !viable(text)) {
		let [good, bad] = [0, text.length];
		while (bad - good > 1) {
			const middle = Math.floor((good + bad) / 2);
			if (viable(text.slice(0, middle))) good = middle;
			else bad = middle;
		}
		at = bad - 1;
	}
	const before = text.slice(0, at);
	const line = before.split('\n').length;
	// Columns in characters as the editor counts them (an emoji is one), from 1.
	const column = Array.from(before.slice(before.lastIndexOf('\n') + 1)).length + 1;
	// Node's token is one UTF-16 unit: the character is read from the text (an emoji whole), and
	// an invisible one (a byte order mark, a no-break space) is named by its code.
	const char = String.fromCodePoint(text.codePointAt(at) ?? 0);
	const shown = /[\p{C}\p{Z}]/u.test(char)
		? `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
		: `'${char}'`;
	const words = message
		.replace(/^Unexpected token [^]*$/, `Unexpected token ${shown}`)
		.replace(/ at position [^]*$/, '')
		.replace(/ in JSON$/, '');
	return `line ${line}, column ${column}: ${words}`;
}

/** A whole number as given (a number, or digits as text), or what it is instead ("it is empty"). */
export function readWholeNumber(raw: unknown): { value: number } | { refused: string } {
	const number =
		typeof raw === 'number'
			? raw
			: typeof raw === 'string' && raw.trim() !== ''
				? Number(raw)
				: NaN;
	if (Number.isSafeInteger(number)) return { value: number };
	const inexact = Number.isInteger(number) ? ', too large to be exact' : '';
	return { refused: `it is ${shownValue(raw)}${inexact}` };
}

/**
 * ISO 8601, the one form read from text (2030-01-15, 2030-01-15 10:00:00.250, with Z or ±hh,
 * ±hhmm, ±hh:mm): what the spec takes and n8n writes. The fix every date message gives is ISO 8601.
 */
const ISO_DATE =
	/^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:\s?([Zz]|([+-])(\d{2})(?::?(\d{2}))?))?)?$/;

/**
 * A date and time as written, before it is judged; `zone`: Z or the offset as written (+05:30,
 * -0800, +01), undefined for a wall time without zone; `offset`: its minutes east of UTC.
 */
function written(text: string) {
	const iso = ISO_DATE.exec(text);
	if (!iso) return undefined;
	const [year, month, day, hour, minute, second] = iso.slice(1, 7).map((part) => Number(part ?? 0));
	const ms = Number((iso[7] ?? '').padEnd(3, '0').slice(0, 3));
	const [zone, sign, zoneHours, zoneMinutes] = iso.slice(8) as Array<string | undefined>;
	const offset = (sign === '-' ? -1 : 1) * (Number(zoneHours ?? 0) * 60 + Number(zoneMinutes ?? 0));
	return { year, month, day, hour, minute, second, ms, zone, zoneMinutes, offset };
}

/** Why a written date does not exist, in words; undefined when every field is within its range. */
function whyNotExisting(date: NonNullable<ReturnType<typeof written>>): string | undefined {
	if (date.month < 1 || date.month > 12)
		return `there is no month ${date.month}; months run 01 to 12`;
	// The month's last day (years before 100 included, which Date.UTC would move to the 1900s).
	const last = new Date(0);
	last.setUTCFullYear(date.year, date.month, 0);
	const days = last.getUTCDate();
	if (date.day < 1 || date.day > days) {
		const month = last.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
		return `${month} ${date.year} has ${days} days, so there is no day ${date.day}`;
	}
	if (date.hour > 23) return `there is no hour ${date.hour}; hours run 00 to 23`;
	if (date.minute > 59) return `there is no minute ${date.minute}; minutes run 00 to 59`;
	if (date.second > 59) return `there is no second ${date.second}; seconds run 00 to 59`;
	if (Number(date.zoneMinutes) > 59)
		return `the offset ${date.zone} has ${date.zoneMinutes} minutes; minutes run 00 to 59`;
	// No place on Earth is further from UTC (UTC+14:00, Kiribati; UTC−12:00 the other way).
	if (Math.abs(date.offset) > 14 * 60)
		return `the offset ${date.zone} is beyond ±14:00, further from UTC than any place on Earth`;
	return undefined;
}

/** One formatter per time zone: building one costs more than the reading it does. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall time of `utcMs` in `timeZone`, as UTC milliseconds of the same fields. */
export function wallOf(utcMs: number, timeZone: string): number {
	const format =
		offsetFormats.get(timeZone) ??
		new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
	offsetFormats.set(timeZone, format);
	// "GMT+05:45", "GMT-00:44:30" (a local mean time of old), "GMT" or "GMT+00:00".
	const offset = format.formatToParts(utcMs).find((part) => part.type === 'timeZoneName')?.value;
	const [, sign, hours, minutes, seconds] =
		/^GMT(?:([+-])(\d+):(\d+)(?::(\d+))?)?$/.exec(offset ?? '') ?? [];
	const ms = ((Number(hours ?? 0) * 60 + Number(minutes ?? 0)) * 60 + Number(seconds ?? 0)) * 1000;
	return utcMs + (sign === '-' ? -ms : ms);
}

/** What a date parameter holds: the instant (ISO 8601 UTC as sent, its ms), or why refused. */
export type DateRead =
	| { iso: string; ms: number }
	| { refused: 'empty' }
	| { refused: 'not a date' | 'does not exist'; why?: string };

/** The earliest and latest instants a JavaScript date can hold (±100,000,000 days around 1970). */
const LAST_INSTANT_MS = 8.64e15;

/**
 * The one reader of a date the user gives: ISO 8601 text (a wall time without zone is meant in
 * `timeZone`, the workflow's), a Date or a Luxon DateTime (`{{ $now.plus(...) }}`). A date that
 * does not exist (30 February, hour 24, a wall time the clocks skip) is refused, never rolled over.
 */
export function readDate(raw: unknown, timeZone: string): DateRead {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
		return { refused: 'empty' };
	const held = heldInstant(raw);
	if (held === null) return { refused: 'not a date', why: 'the expression gives an invalid date' };
	if (raw instanceof Date) return { iso: held!, ms: raw.getTime() };
	const date = written(String(held ?? (typeof raw === 'string' ? raw : '')).trim());
	if (!date) return { refused: 'not a date' };
	const why = whyNotExisting(date);
	if (why) return { refused: 'does not exist', why };
	// The wall time read as UTC (years before 100 included, which Date.UTC would move to the 1900s).
	const wall = new Date(0);
	wall.setUTCFullYear(date.year, date.month - 1, date.day);
	const asUtc = wall.setUTCHours(date.hour, date.minute, date.second, date.ms);
	let ms: number;
	if (date.zone) ms = asUtc - date.offset * 60_000;
	else {
		try {
			// Two passes get the offset right across a daylight-saving change; a wall time the clocks
			// skip comes back as another wall time.
			ms = asUtc - (wallOf(asUtc, timeZone) - asUtc);
			ms = asUtc - (wallOf(ms, timeZone) - ms);
			if (wallOf(ms, timeZone) !== asUtc) {
				return {
					refused: 'does not exist',
					why: `the clocks in ${timeZone} skip that time (daylight saving time begins)`,
				};
			}
		} catch {
			return {
				refused: 'not a date',
				why: `the workflow's time zone "${timeZone}" is not one this machine knows`,
			};
		}
	}
	if (!(Math.abs(ms) <= LAST_INSTANT_MS))
		return { refused: 'does not exist', why: 'it is beyond the dates a computer can hold' };
	return { iso: new Date(ms).toISOString(), ms };
}

/** A refused date in words after its quote: `is not a date`, `does not exist: February has…`. */
export function refusedDateWords(read: Exclude<DateRead, { iso: string }>): string {
	if (read.refused === 'empty') return 'is empty';
	const what = read.refused === 'not a date' ? 'is not a date' : 'does not exist';
	return `${what}${'why' in read && read.why ? `: ${read.why}` : ''}`;
}
