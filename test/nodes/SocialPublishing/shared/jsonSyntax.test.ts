import {
	firstJsonStop,
	jsonSyntaxProblem,
} from '../../../../nodes/SocialPublishing/shared/jsonSyntax';

describe("JSON that does not parse: the place and the problem in the node's words, the same on every Node line", () => {
	test.each([
		[
			'{"type": "schedule", posts: [',
			'line 1, column 22: expected a name in double quotes, found "posts"',
		],
		[
			'{title: Trailer}',
			'line 1, column 2: expected a name in double quotes or "}", found "title"',
		],
		[
			"{'who': 'everyone'}",
			'line 1, column 2: expected a name in double quotes or "}", found "\'"',
		],
		[
			'{"a": 1,}',
			'line 1, column 9: expected a name in double quotes (no "," before "}"), found "}"',
		],
		['[1, 2,]', 'line 1, column 7: expected a value (no "," before "]"), found "]"'],
		['{"a": 1', 'line 1, column 8: expected "," or "}", found the end of the text'],
		['[1, 2', 'line 1, column 6: expected "," or "]", found the end of the text'],
		['{"a" 1}', 'line 1, column 6: expected ":" after the name, found "1"'],
		['{"a": 1} x', 'line 1, column 10: expected nothing more after the JSON value, found "x"'],
		[
			'{"a": tru}',
			'line 1, column 7: expected a value (a text in double quotes, a number, true, false, null, {…} or […]), found "tru"',
		],
		[
			'{"a": NaN}',
			'line 1, column 7: expected a value (a text in double quotes, a number, true, false, null, {…} or […]), found "NaN"',
		],
		['{"a": 01}', 'line 1, column 8: expected "," or "}", found "1"'],
		['{"a": -}', 'line 1, column 8: expected a digit, found "}"'],
		['{"a": 1.}', 'line 1, column 9: expected a digit after the decimal point, found "}"'],
		['{"a": 1e}', 'line 1, column 9: expected a digit in the exponent, found "}"'],
		[
			'{"a": "b\nc"}',
			'line 1, column 9: a line break inside a text in double quotes; write it as \\n',
		],
		['{"a": "b\tc"}', 'line 1, column 9: a tab inside a text in double quotes; write it as \\t'],
		[
			'{"a": "C:\\dir"}',
			'line 1, column 11: expected one of " \\ / b f n r t u after a backslash (a backslash itself is written \\\\), found "d"',
		],
		[
			'{"a": "\\u12g4"}',
			'line 1, column 12: expected four hexadecimal digits after "\\u", found "g"',
		],
		[
			'{"a": "abc',
			'line 1, column 11: a text in double quotes is not closed (it starts at line 1, column 7)',
		],
		[
			'\uFEFF{}',
			'line 1, column 1: expected a value (a text in double quotes, a number, true, false, null, {…} or […]), found the invisible character U+FEFF',
		],
		// Lines counted from 1 and columns in characters as the editor shows them (an emoji is one).
		[
			'{\n  "a": 1,\n  "b": }',
			'line 3, column 8: expected a value (a text in double quotes, a number, true, false, null, {…} or […]), found "}"',
		],
		[
			'{"😀": x}',
			'line 1, column 7: expected a value (a text in double quotes, a number, true, false, null, {…} or […]), found "x"',
		],
	])('%j: %s', (text, problem) => {
		expect(() => JSON.parse(text) as unknown).toThrow();
		expect(jsonSyntaxProblem(text)).toBe(problem);
	});

	test('JSON is JSON: no problem, whatever it nests', () => {
		for (const text of [
			'{}',
			'[]',
			'0',
			'-1.5e+3',
			'"a\\"b\\u00e9"',
			'true',
			' null ',
			'{"a":{"b":[1,{"c":true}],"d":""}}',
		]) {
			expect(jsonSyntaxProblem(text)).toBeUndefined();
		}
		// Nesting deep enough to overflow a recursive reader.
		const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
		expect(jsonSyntaxProblem(deep)).toBeUndefined();
		expect(jsonSyntaxProblem(deep.slice(1))).toBe(
			'line 1, column 399999: expected nothing more after the JSON value, found "]"',
		);
	});

	test("agrees with the runtime's JSON.parse on 50,000 generated texts: whether each parses, and where it stops", () => {
		const pieces = [
			'{',
			'}',
			'[',
			']',
			'"',
			':',
			',',
			' ',
			'\n',
			'\t',
			'0',
			'1',
			'-',
			'.',
			'e',
			'+',
			'a',
			'true',
			'nul',
			'null',
			'\\',
			'\\n',
			'\\u00e9',
			'\\u0',
			'x',
			'é',
		];
		let seed = 23;
		const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
		let parsed = 0;
		let placed = 0;
		const disagreements: string[] = [];
		for (let n = 0; n < 50_000; n++) {
			let text = '';
			for (let length = 1 + Math.floor(next() * 12); length > 0; length--)
				text += pieces[Math.floor(next() * pieces.length)];
			let runtimeAt: number | undefined;
			let parses = true;
			try {
				JSON.parse(text);
				parsed++;
			} catch (error) {
				parses = false;
				// Where the runtime names a position (most errors, on every line since Node 20), ours is the same.
				const position = /at position (\d+)/.exec((error as Error).message)?.[1];
				runtimeAt = position === undefined ? undefined : Number(position);
			}
			const stop = firstJsonStop(text);
			// One deliberate difference: a word that starts like true, false or null ("nul-") is named whole from its
			// first letter, where the runtime points inside it.
			const namesWholeWord =
				stop !== undefined &&
				/^[tfn]/.test(text.slice(stop.at)) &&
				stop.problem.startsWith('expected a value');
			if (runtimeAt !== undefined && !namesWholeWord) placed++;
			if (
				parses !== (stop === undefined) ||
				(runtimeAt !== undefined && !namesWholeWord && stop?.at !== runtimeAt)
			) {
				disagreements.push(
					`${JSON.stringify(text)}: runtime ${parses ? 'parses' : `stops at ${runtimeAt}`}, ours ${stop ? `at ${stop.at}` : 'parses'}`,
				);
			}
		}
		expect(disagreements.slice(0, 10)).toEqual([]);
		// The generated texts are a mix: some parse, many stop at a position the runtime names.
		expect(parsed).toBeGreaterThan(1_000);
		expect(placed).toBeGreaterThan(12_000);
	});
});
