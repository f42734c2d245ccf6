import fc from 'fast-check';

import { PLATFORM_IDS } from '../../../../../nodes/SocialPublishing/shared/platforms';
import {
	tagNames,
	textLength,
	visibleText,
	withoutTags,
	xWeightedLength,
} from '../../../../../nodes/SocialPublishing/shared/postRules/text';
import {
	checkTextOnce,
	distinctTexts,
	fastestCheckMs,
	TEXT_SHAPES,
} from '../../../../fixtures/textShapes';

/**
 * Length counting over any text (fast-check): it agrees with the plain regular-expression forms it replaces, adds up,
 * is never negative, strips tags idempotently, and takes time in proportion to the text, whatever its shape.
 */

/** The regular-expression forms the linear scans replace: right on every input, quadratic on some. */
const reference = {
	visibleText(html: string): string {
		const ENTITIES: Record<string, string> = {
			amp: '&',
			lt: '<',
			gt: '>',
			quot: '"',
			apos: "'",
			nbsp: ' ',
		};
		const text = html
			.replace(/<br\s*\/?>/gi, '\n')
			.replace(/<\/(p|li|h1|h2|h3)\s*>/gi, '\n')
			.replace(/<[^>]*>/g, '');
		return text
			.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
				if (name[0] === '#') {
					const code =
						name[1] === 'x' || name[1] === 'X'
							? parseInt(name.slice(2), 16)
							: parseInt(name.slice(1), 10);
					return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
				}
				return ENTITIES[name.toLowerCase()] ?? whole;
			})
			.replace(/\n+$/, '');
	},
	tagNames: (html: string) =>
		Array.from(html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g), (match) => match[1]),
	linkLengths(text: string): number[] {
		return Array.from(text.matchAll(/https?:\/\/[^\s<>"]+/gi), (match) => {
			let link = match[0].replace(/[.,:;!?'"]+$/, '');
			while (link.endsWith(')') && link.split('(').length < link.split(')').length)
				link = link.slice(0, -1);
			return link.length;
		});
	},
};

/** Text made mostly of what markup, entities and links are made of, so that the odd cases come up often. */
const markupish = fc.string({
	unit: fc.constantFrom(
		'<',
		'>',
		'/',
		'b',
		'r',
		'p',
		'l',
		'i',
		'h',
		'1',
		' ',
		'\n',
		'&',
		';',
		'#',
		'x',
		'a',
		'm',
		't',
		':',
		'.',
		'(',
		')',
		's',
		'é',
		'😀',
		'中',
	),
	maxLength: 60,
});
const linkish = fc.string({
	unit: fc.constantFrom(
		'h',
		't',
		'p',
		's',
		':',
		'/',
		'/',
		'a',
		'.',
		',',
		')',
		'(',
		'!',
		'"',
		' ',
		'x',
	),
	maxLength: 60,
});

describe('length counting agrees with a slow reference, adds up, and is never negative', () => {
	test('visibleText and tagNames give what the regular expressions give, on any small text', () => {
		fc.assert(
			fc.property(fc.oneof(markupish, fc.string({ maxLength: 40 })), (html) => {
				expect(visibleText(html)).toBe(reference.visibleText(html));
				expect(tagNames(html)).toEqual(reference.tagNames(html));
			}),
			{ numRuns: 5000 },
		);
	});

	test('X counts each link as the reference finds it (trailing punctuation and unopened brackets left out)', () => {
		// Every character here weighs 1 on X: the count is 23 per link plus the characters outside the links as counted.
		fc.assert(
			fc.property(linkish, (text) => {
				const links = reference.linkLengths(text);
				expect(xWeightedLength(text)).toBe(
					23 * links.length + text.length - links.reduce((sum, length) => sum + length, 0),
				);
			}),
			{ numRuns: 3000 },
		);
	});

	test('never negative, and counting adds up for plain text (no markup, entities, links or trailing new lines)', () => {
		const plain = fc
			.string({
				unit: fc.constantFrom('a', 'Z', ' ', '9', 'é', '中', '😀', '—', '\n'),
				maxLength: 50,
			})
			.map((text) => text.replace(/\n+$/, ''));
		fc.assert(
			fc.property(fc.string(), fc.constantFrom(...PLATFORM_IDS), (text, platform) => {
				expect(textLength(text, platform)).toBeGreaterThanOrEqual(0);
			}),
		);
		fc.assert(
			fc.property(
				plain,
				plain,
				fc.constantFrom(...PLATFORM_IDS.filter((platform) => platform !== 'x')),
				(a, b, platform) => {
					fc.pre(!a.endsWith('\n'));
					expect(textLength(`${a}${b}`, platform)).toBe(
						textLength(a, platform) + textLength(b, platform),
					);
				},
			),
		);
	});

	test('stripping tags is idempotent, and what it keeps is never longer', () => {
		fc.assert(
			fc.property(fc.oneof(markupish, fc.string()), (html) => {
				const once = withoutTags(html);
				expect(withoutTags(once)).toBe(once);
				expect(once.length).toBeLessThanOrEqual(html.length);
			}),
			{ numRuns: 3000 },
		);
	});
});

describe('checking text takes time in proportion to its length, whatever its shape', () => {
	// Twenty times the text: a linear check takes about twenty times as long, a quadratic one about four hundred. 200
	// leaves room for a loaded machine (garbage collection, other suites and programs in parallel: 107 was seen with
	// four test runs at once on two cores) and still catches the quadratic case (60 kB of "<" took 2.6 s before the
	// scans were linear).
	test.each(TEXT_SHAPES.map((shape) => [shape.name, shape] as const))(
		'%s: 1 MB takes under 200 times what 50 kB takes',
		(_name, shape) => {
			const small = distinctTexts(shape, 50_000, 9);
			const large = distinctTexts(shape, 1_000_000, 5);
			checkTextOnce(shape.make(1000));
			const ratio = fastestCheckMs(large) / Math.max(fastestCheckMs(small), 0.05);
			expect(ratio).toBeLessThan(200);
		},
	);
});
