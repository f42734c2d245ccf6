import fc from 'fast-check';

import {
	MAX_JSON_DEPTH,
	readDate,
	readJson,
	readWholeNumber,
	refusedDateWords,
	shownValue,
} from '../../../../nodes/SocialPublishing/shared/userValues';

/**
 * The one reader of what users type (dates, whole numbers, JSON) and how a value is quoted back, over any input
 * (fast-check): what it takes is exactly what was written, what it refuses is said in words.
 */

/** Words a user must never read: a value the node failed to put into words. */
const UNWORDED = /\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]|Invalid time value/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Days in a month by the Gregorian rule, written here independently of the reader. */
function daysInMonth(year: number, month: number): number {
	const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
	return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** The wall time of an instant at a fixed offset, as the fields a user writes. */
function fieldsAtOffset(ms: number, offsetMinutes: number) {
	const shifted = new Date(ms + offsetMinutes * 60_000);
	return [
		shifted.getUTCFullYear(),
		shifted.getUTCMonth() + 1,
		shifted.getUTCDate(),
		shifted.getUTCHours(),
		shifted.getUTCMinutes(),
		shifted.getUTCSeconds(),
	];
}

/** The wall time of an instant in a time zone (Intl, as the user's clock shows it). */
function fieldsInZone(ms: number, timeZone: string) {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
		hour: 'numeric',
		minute: 'numeric',
		second: 'numeric',
	}).formatToParts(new Date(ms));
	const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
	return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}

const ZONES = [
	'UTC',
	'America/New_York',
	'Europe/Berlin',
	'Australia/Lord_Howe',
	'Asia/Kathmandu',
	'Pacific/Kiritimati',
	'Pacific/Pago_Pago',
	'America/St_Johns',
];

const wallTime = fc.record({
	year: fc.integer({ min: 1900, max: 2200 }),
	month: fc.integer({ min: 1, max: 12 }),
	day: fc.integer({ min: 1, max: 31 }),
	hour: fc.integer({ min: 0, max: 23 }),
	minute: fc.integer({ min: 0, max: 59 }),
	second: fc.integer({ min: 0, max: 59 }),
	separator: fc.constantFrom('T', ' '),
});
const writtenWall = (w: {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
	separator: string;
}) =>
	`${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}${w.separator}${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;

describe('readDate: any text is refused in words, or read as an instant that formats back to what was written', () => {
	test('any string: refused with words, or an instant whose ISO text is what is sent', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.string(),
					fc.string({ unit: fc.constantFrom(...'0123456789-:TZ+ .') }),
					fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
				),
				fc.constantFrom(...ZONES),
				(text, zone) => {
					const read = readDate(text, zone);
					if ('iso' in read) {
						expect(new Date(read.ms).toISOString()).toBe(read.iso);
						expect(Number.isFinite(read.ms)).toBe(true);
					} else {
						const words = refusedDateWords(read);
						expect(words).toMatch(/^(is empty|is not a date|does not exist)/);
						expect(words).not.toMatch(UNWORDED);
					}
				},
			),
			{ numRuns: 2000 },
		);
	});

	test('a date with Z or an offset within ±14:00 is read when its day exists, and formats back at that offset', () => {
		const offset = fc.integer({ min: -14 * 60, max: 14 * 60 });
		fc.assert(
			fc.property(
				wallTime,
				offset,
				fc.constantFrom('colon', 'compact'),
				(w, offsetMinutes, style) => {
					const sign = offsetMinutes < 0 ? '-' : '+';
					const abs = Math.abs(offsetMinutes);
					const zone =
						offsetMinutes === 0 && style === 'colon'
							? 'Z'
							: `${sign}${pad(Math.floor(abs / 60))}${style === 'colon' ? ':' : ''}${pad(abs % 60)}`;
					const text = `${writtenWall(w)}${zone}`;
					const read = readDate(text, 'America/New_York');
					if (w.day > daysInMonth(w.year, w.month)) {
						expect(read).toMatchObject({ refused: 'does not exist' });
						expect(refusedDateWords(read as Exclude<typeof read, { iso: string }>)).toContain(
							`has ${daysInMonth(w.year, w.month)} days`,
						);
						return;
					}
					if (!('iso' in read)) throw new Error(`${text} was refused: ${JSON.stringify(read)}`);
					expect(fieldsAtOffset(read.ms, offsetMinutes)).toEqual([
						w.year,
						w.month,
						w.day,
						w.hour,
						w.minute,
						w.second,
					]);
				},
			),
			{ numRuns: 3000 },
		);
	});

	test('a wall time without zone is read in the workflow time zone: it formats back there, or the clocks skip it', () => {
		fc.assert(
			fc.property(wallTime, fc.constantFrom(...ZONES), (w, zone) => {
				const text = writtenWall(w);
				const read = readDate(text, zone);
				if (w.day > daysInMonth(w.year, w.month)) {
					expect(read).toMatchObject({ refused: 'does not exist' });
					return;
				}
				if ('iso' in read)
					expect(fieldsInZone(read.ms, zone)).toEqual([
						w.year,
						w.month,
						w.day,
						w.hour,
						w.minute,
						w.second,
					]);
				else {
					// Only a wall time the clocks skip is refused: no instant shows it on the zone's clocks.
					expect(read).toMatchObject({
						refused: 'does not exist',
						why: expect.stringContaining('skip'),
					});
					const around = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
					for (let shift = -15 * 60; shift <= 15 * 60; shift += 15) {
						expect(fieldsInZone(around - shift * 60_000, zone)).not.toEqual([
							w.year,
							w.month,
							w.day,
							w.hour,
							w.minute,
							w.second,
						]);
					}
				}
			}),
			{ numRuns: 3000 },
		);
	});

	test('fields out of range are refused, never rolled over: month 13+, hour 24+, minute or second 60+, offset beyond ±14:00', () => {
		const outOfRange = fc.oneof(
			fc.record({
				field: fc.constant('month'),
				value: fc.oneof(fc.constant(0), fc.integer({ min: 13, max: 99 })),
			}),
			fc.record({
				field: fc.constant('day'),
				value: fc.oneof(fc.constant(0), fc.integer({ min: 32, max: 99 })),
			}),
			fc.record({ field: fc.constant('hour'), value: fc.integer({ min: 24, max: 99 }) }),
			fc.record({ field: fc.constant('minute'), value: fc.integer({ min: 60, max: 99 }) }),
			fc.record({ field: fc.constant('second'), value: fc.integer({ min: 60, max: 99 }) }),
			fc.record({
				field: fc.constant('offset'),
				value: fc.integer({ min: 14 * 60 + 1, max: 99 * 60 + 59 }),
			}),
		);
		fc.assert(
			fc.property(wallTime, outOfRange, fc.boolean(), (w, bad, minus) => {
				const fields = { ...w, day: Math.min(w.day, 28), [bad.field]: bad.value };
				const offset =
					bad.field === 'offset'
						? `${minus ? '-' : '+'}${pad(Math.floor(bad.value / 60))}:${pad(bad.value % 60)}`
						: 'Z';
				const text = `${writtenWall(fields)}${offset}`;
				const read = readDate(text, 'UTC');
				expect(read).toMatchObject({ refused: 'does not exist' });
				const words = refusedDateWords(read as Exclude<typeof read, { iso: string }>);
				expect(words).not.toMatch(UNWORDED);
				expect(words).toMatch(
					bad.field === 'offset' ? /beyond ±14:00|minutes run/ : new RegExp(`${bad.field}|days`),
				);
			}),
			{ numRuns: 2000 },
		);
	});

	test('only ISO 8601 is read from text: e-mail (RFC 2822) and JavaScript date texts are not dates', () => {
		fc.assert(
			fc.property(
				fc.date({
					min: new Date('1970-01-01T00:00:00Z'),
					max: new Date('2200-01-01T00:00:00Z'),
					noInvalidDate: true,
				}),
				(date) => {
					expect(readDate(date.toUTCString(), 'UTC')).toEqual({ refused: 'not a date' });
					expect(readDate(date.toString(), 'UTC')).toEqual({ refused: 'not a date' });
					expect(readDate(date.toISOString(), 'Europe/Berlin')).toEqual({
						iso: date.toISOString(),
						ms: date.getTime(),
					});
				},
			),
		);
	});

	test('a Date or a Luxon-like DateTime is taken as the instant it holds; an invalid one is refused in words', () => {
		expect(readDate(new Date('2030-01-15T10:00:00Z'), 'UTC')).toEqual({
			iso: '2030-01-15T10:00:00.000Z',
			ms: Date.UTC(2030, 0, 15, 10),
		});
		expect(readDate({ toISO: () => '2030-01-15T11:00:00.000+01:00' }, 'UTC')).toEqual({
			iso: '2030-01-15T10:00:00.000Z',
			ms: Date.UTC(2030, 0, 15, 10),
		});
		expect(readDate({ toISO: () => null }, 'UTC')).toEqual({
			refused: 'not a date',
			why: 'the expression gives an invalid date',
		});
		expect(readDate(new Date(Number.NaN), 'UTC')).toEqual({
			refused: 'not a date',
			why: 'the expression gives an invalid date',
		});
		expect(readDate(1893456000000, 'UTC')).toEqual({ refused: 'not a date' });
	});
});

describe('readWholeNumber and shownValue: numbers, and values quoted the way a user reads them', () => {
	test('any value: a safe whole number read exactly, or refused in words', () => {
		fc.assert(
			fc.property(fc.anything({ withBoxedValues: false }), (value) => {
				const read = readWholeNumber(value);
				if ('value' in read) expect(Number.isSafeInteger(read.value)).toBe(true);
				else expect(read.refused).toMatch(/^it is /);
			}),
			{ numRuns: 2000 },
		);
		fc.assert(
			fc.property(
				fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
				(n) => {
					expect(readWholeNumber(n)).toEqual({ value: n });
					expect(readWholeNumber(` ${n} `)).toEqual({ value: n });
				},
			),
		);
	});

	test('numbers and empty values are said in words, never "NaN", "null" or "undefined"', () => {
		const noText = fc.oneof(
			fc.double(),
			fc.constant(undefined),
			fc.constant(null),
			fc.boolean(),
			fc.array(fc.oneof(fc.double(), fc.constant(undefined), fc.constant(null))),
			fc.dictionary(
				fc.string({ unit: fc.constantFrom(...'abcxyz') }),
				fc.oneof(fc.double(), fc.constant(null), fc.constant(undefined)),
			),
		);
		fc.assert(
			fc.property(noText, (value) => {
				const shown = shownValue(value);
				expect(shown).not.toMatch(UNWORDED);
				expect(shown.length).toBeLessThanOrEqual(61);
				expect(readWholeNumber(value)).not.toMatchObject({
					refused: expect.stringMatching(UNWORDED),
				});
			}),
			{ numRuns: 2000 },
		);
		expect(
			[Number.NaN, Infinity, -Infinity, undefined, null, '  ', { n: 7 }, [7], 'seven'].map(
				shownValue,
			),
		).toEqual([
			'not a number',
			'infinite',
			'minus infinite',
			'empty',
			'empty',
			'empty',
			'{"n":7}',
			'[7]',
			'"seven"',
		]);
	});
});

describe('readJson: the depth and length bounds, stated once', () => {
	const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

	test('JSON up to the depth bound is read; one level more is refused in words, at any depth, without recursion', () => {
		expect(readJson(nested(MAX_JSON_DEPTH))).toEqual({ value: expect.any(Array) });
		expect(readJson(nested(MAX_JSON_DEPTH + 1))).toEqual({
			error: `nests deeper than ${MAX_JSON_DEPTH} levels, more than the node reads`,
			why: 'tooDeep',
		});
		expect(readJson(nested(400_000))).toEqual({
			error: `nests deeper than ${MAX_JSON_DEPTH} levels, more than the node reads`,
			why: 'tooDeep',
		});
		let deep: unknown = {};
		for (let level = 0; level < 100_000; level++) deep = { inner: deep };
		expect(readJson(deep)).toEqual({
			error: `nests deeper than ${MAX_JSON_DEPTH} levels, more than the node reads`,
			why: 'tooDeep',
		});
	});

	test('any JSON text within the bounds reads as JSON.parse reads it', () => {
		fc.assert(
			fc.property(fc.json({ depthSize: 'small' }), (text) => {
				expect(readJson(text)).toEqual({ value: JSON.parse(text) });
			}),
		);
	});
});

describe("readJson: a text that is not JSON, said with its place as the editor shows it and Node's own words", () => {
	const refusal = (text: string) => readJson(text) as { error: string; why: string };

	test.each([
		['{"type": "schedule", posts: [', 'line 1, column 22: Expected double-quoted property name'],
		['{title: Trailer}', "line 1, column 2: Expected property name or '}'"],
		['{"a": 1,}', 'line 1, column 9: Expected double-quoted property name'],
		['{"a": 1', "line 1, column 8: Expected ',' or '}' after property value"],
		['{"a": 1} x', 'line 1, column 10: Unexpected non-whitespace character after JSON'],
		['{"a": "C:\\dir"}', 'line 1, column 11: Bad escaped character'],
		['{"a": "abc', 'line 1, column 11: Unterminated string'],
		['[1,', 'line 1, column 4: Unexpected end of JSON input'],
		// Errors where Node names no place: found by the reader, the character read from the text.
		['[1, 2,]', "line 1, column 7: Unexpected token ']'"],
		['{"a": tru}', "line 1, column 10: Unexpected token '}'"],
		['\uFEFF{}', 'line 1, column 1: Unexpected token U+FEFF'],
		['{"a": 😀}', "line 1, column 7: Unexpected token '😀'"],
		// Lines counted from 1, columns in characters as the editor shows them (an emoji is one).
		['{\n  "a": 1,\n  "b": }', "line 3, column 8: Unexpected token '}'"],
		['{"😀": x}', "line 1, column 7: Unexpected token 'x'"],
	])('%j: %s', (text, where) => {
		expect(refusal(text)).toEqual({ error: `not valid JSON (${where})`, why: 'notJson' });
	});

	test('deep nesting that does not parse is placed too, without recursion', () => {
		const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
		expect(refusal(deep.slice(1)).error).toBe(
			'not valid JSON (line 1, column 399999: Unexpected non-whitespace character after JSON)',
		);
		expect(refusal(`${'['.repeat(10_000)}x`).error).toBe(
			"not valid JSON (line 1, column 10001: Unexpected token 'x')",
		);
	});

	test("any text JSON.parse refuses: the place is Node's position where it names one, else the character it names, with everything before it still able to become JSON", () => {
		const piece = fc.constantFrom(
			...['{', '}', '[', ']', '"', ':', ',', ' ', '\n', '0', '1', '-', '.', 'e', 'a', 'true'],
			...['nul', 'null', '\\', '\\n', '\\u00e9', '\\u0', 'x', 'é', '😀', '\uFEFF'],
		);
		/** The offset of "line L, column C" in the text. */
		const offsetOf = (text: string, line: number, column: number) => {
			const lines = text.split('\n');
			const start = lines.slice(0, line - 1).join('\n').length + (line > 1 ? 1 : 0);
			return (
				start +
				Array.from(lines[line - 1])
					.slice(0, column - 1)
					.join('').length
			);
		};
		let unplacedByNode = 0;
		fc.assert(
			fc.property(fc.array(piece, { minLength: 1, maxLength: 14 }), (pieces) => {
				const text = pieces.join('');
				if (text.trim() === '') return; // empty, not a mistake
				let message: string;
				try {
					JSON.parse(text);
					return;
				} catch (error) {
					message = (error as Error).message;
				}
				const read = refusal(text);
				const place = /^not valid JSON \(line (\d+), column (\d+): (.+)\)$/s.exec(read.error);
				expect(place).not.toBeNull();
				const at = offsetOf(text, Number(place![1]), Number(place![2]));
				const position = /at position (\d+)/.exec(message)?.[1];
				if (position !== undefined) {
					expect(at).toBe(Number(position));
					expect(message.startsWith(place![3])).toBe(true);
					return;
				}
				if (/end of JSON input/.test(message)) return expect(at).toBe(text.length);
				unplacedByNode++;
				const token = /^Unexpected token '([^]+?)', /.exec(message)?.[1];
				// Node names one UTF-16 unit (half an emoji).
				expect(text.charCodeAt(at)).toBe(token?.charCodeAt(0));
				try {
					JSON.parse(text.slice(0, at));
				} catch (error) {
					const before = (error as Error).message;
					expect(/end of JSON input/.test(before) || before.includes(`at position ${at}`)).toBe(
						true,
					);
				}
			}),
			{ numRuns: 5000 },
		);
		expect(unplacedByNode).toBeGreaterThan(100);
	});
});
