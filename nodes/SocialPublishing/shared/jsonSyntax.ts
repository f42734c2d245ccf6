/**
 * Where a JSON text stops being JSON, in the node's own words. The runtime's `JSON.parse` words its
 * errors differently on each Node line (Node 20: "at position 21"; Node 22 and 24: "at position 21
 * (line 1 column 22)"; some errors on every line give no place and quote the whole text instead),
 * so a message built from it would read differently on n8n 1.x (Node 22), n8n 2.x (Node 24) and in
 * development (Node 20). This reads the text itself, once `JSON.parse` has refused it, and says the
 * same on every line.
 */

/**
 * The first place the text is not JSON: its offset (UTF-16, as a string index) and what is wrong
 * there.
 */
export interface JsonStop {
	at: number;
	problem: string;
}

type Want =
	| 'value'
	| 'valueOrClose'
	| 'valueAfterComma'
	| 'key'
	| 'keyOrClose'
	| 'colon'
	| 'commaOrClose'
	| 'end';

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u']);
const WORD = /^[\p{L}\p{N}_$.+-]+/u;

/**
 * What stands at `at`, for "found …": a word or number whole, one character otherwise (invisible
 * ones by code).
 */
function found(text: string, at: number, wholeWord = true): string {
	if (at >= text.length) return 'the end of the text';
	const word = wholeWord ? WORD.exec(text.slice(at, at + 40))?.[0] : undefined;
	if (word) return `"${word.length > 20 ? `${word.slice(0, 20)}…` : word}"`;
	const char = String.fromCodePoint(text.codePointAt(at) ?? 0);
	if (char === '\n' || char === '\r') return 'a line break';
	if (char === '\t') return 'a tab';
	if (/[\p{C}\p{Z}]/u.test(char))
		return `the invisible character U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
	return `"${char}"`;
}

const expected = (text: string, at: number, what: string): JsonStop => ({
	at,
	problem: `expected ${what}, found ${found(text, at)}`,
});

/**
 * The end of the string starting at `start` (a double quote), or where it stops being a JSON
 * string.
 */
function endOfString(text: string, start: number): number | JsonStop {
	let i = start + 1;
	while (i < text.length) {
		const char = text[i];
		if (char === '"') return i + 1;
		if (char === '\\') {
			const next = text[i + 1];
			if (next === undefined) break;
			// The place is the character after the backslash, as JSON.parse counts it.
			if (!ESCAPES.has(next)) {
				return {
					at: i + 1,
					problem: `expected one of " \\ / b f n r t u after a backslash (a backslash itself is written \\\\), found ${found(text, i + 1, false)}`,
				};
			}
			if (next === 'u') {
				for (let digit = i + 2; digit < i + 6; digit++) {
					if (!/[0-9a-fA-F]/.test(text[digit] ?? ''))
						return {
							at: digit,
							problem: `expected four hexadecimal digits after "\\u", found ${found(text, digit, false)}`,
						};
				}
				i += 6;
			} else {
				i += 2;
			}
			continue;
		}
		if (char < ' ') {
			const written =
				char === '\n'
					? '\\n'
					: char === '\t'
						? '\\t'
						: char === '\r'
							? '\\r'
							: `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
			return {
				at: i,
				problem: `${found(text, i)} inside a text in double quotes; write it as ${written}`,
			};
		}
		i++;
	}
	return {
		at: text.length,
		problem: `a text in double quotes is not closed (it starts at ${place(text, start)})`,
	};
}

/** The end of the number starting at `start`, or where it stops being a JSON number. */
function endOfNumber(text: string, start: number): number | JsonStop {
	let i = start;
	const digits = (what: string): number | JsonStop => {
		if (!/[0-9]/.test(text[i] ?? '')) return expected(text, i, what);
		while (/[0-9]/.test(text[i] ?? '')) i++;
		return i;
	};
	if (text[i] === '-') i++;
	if (text[i] === '0') i++;
	else {
		const whole = digits('a digit');
		if (typeof whole !== 'number') return whole;
	}
	if (text[i] === '.') {
		i++;
		const fraction = digits('a digit after the decimal point');
		if (typeof fraction !== 'number') return fraction;
	}
	if (text[i] === 'e' || text[i] === 'E') {
		i++;
		if (text[i] === '+' || text[i] === '-') i++;
		const exponent = digits('a digit in the exponent');
		if (typeof exponent !== 'number') return exponent;
	}
	return i;
}

/**
 * The first place `text` is not JSON; undefined when it is JSON. Iterative, so deep nesting cannot
 * overflow.
 */
export function firstJsonStop(text: string): JsonStop | undefined {
	const open: Array<'{' | '['> = [];
	let want: Want = 'value';
	let i = 0;
	const afterValue = (): Want => (open.length === 0 ? 'end' : 'commaOrClose');
	for (;;) {
		while (i < text.length && WHITESPACE.has(text[i])) i++;
		const char = text[i];
		switch (want) {
			case 'end':
				return i < text.length ? expected(text, i, 'nothing more after the JSON value') : undefined;
			case 'colon':
				if (char !== ':') return expected(text, i, '":" after the name');
				i++;
				want = 'value';
				continue;
			case 'commaOrClose': {
				const close = open[open.length - 1] === '{' ? '}' : ']';
				if (char === ',') {
					i++;
					want = close === '}' ? 'key' : 'valueAfterComma';
				} else if (char === close) {
					i++;
					open.pop();
					want = afterValue();
				} else {
					return expected(text, i, `"," or "${close}"`);
				}
				continue;
			}
			case 'key':
			case 'keyOrClose': {
				if (want === 'keyOrClose' && char === '}') {
					i++;
					open.pop();
					want = afterValue();
					continue;
				}
				if (char !== '"') {
					const what =
						want === 'keyOrClose'
							? 'a name in double quotes or "}"'
							: char === '}'
								? 'a name in double quotes (no "," before "}")'
								: 'a name in double quotes';
					return expected(text, i, what);
				}
				const end = endOfString(text, i);
				if (typeof end !== 'number') return end;
				i = end;
				want = 'colon';
				continue;
			}
			default: {
				if (want === 'valueOrClose' && char === ']') {
					i++;
					open.pop();
					want = afterValue();
					continue;
				}
				if (char === '{' || char === '[') {
					open.push(char);
					i++;
					want = char === '{' ? 'keyOrClose' : 'valueOrClose';
					continue;
				}
				let end: number | JsonStop | undefined;
				if (char === '"') end = endOfString(text, i);
				else if (char === '-' || /[0-9]/.test(char ?? '')) end = endOfNumber(text, i);
				else
					for (const word of ['true', 'false', 'null'])
						if (text.startsWith(word, i)) end = i + word.length;
				if (end === undefined) {
					const what =
						want === 'valueAfterComma' && char === ']'
							? 'a value (no "," before "]")'
							: 'a value (a text in double quotes, a number, true, false, null, {…} or […])';
					return expected(text, i, what);
				}
				if (typeof end !== 'number') return end;
				i = end;
				want = afterValue();
			}
		}
	}
}

/** "line 2, column 5" of an offset, the column counted in characters as the editor shows them. */
function place(text: string, at: number): string {
	const before = text.slice(0, at);
	const lineStart = before.lastIndexOf('\n') + 1;
	const line = before.split('\n').length;
	return `line ${line}, column ${Array.from(before.slice(lineStart)).length + 1}`;
}

/**
 * What is wrong with a text that is not JSON, with its place: 'line 1, column 22: expected …, found
 * "posts"'; undefined for JSON.
 */
export function jsonSyntaxProblem(text: string): string | undefined {
	const stop = firstJsonStop(text);
	return stop && `${place(text, stop.at)}: ${stop.problem}`;
}
