import { PLATFORMS, type LengthCounting, type PlatformId } from '../platforms';
import type { Channel } from '../channel';
import type { Json } from './report';

/** How long a part's text is on a platform, and how long it may be. */

/** The service's answer to a part over its channel's length. */
export const TOO_LONG_MESSAGE = 'post is too long, please fix it';

/** Characters as people count them (code points), not UTF-16 units. */
export function charCount(text: string): number {
	return Array.from(text).length;
}

const ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: ' ',
};

function decodeEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
		if (name[0] === '#') {
			const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
			return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
		}
		return ENTITIES[name.toLowerCase()] ?? whole;
	});
}

/**
 * The text a platform shows: tags removed, line breaks and block ends turned into new lines,
 * entities decoded, trailing new lines dropped. This is what counts for length.
 */
export function visibleText(html: string): string {
	const text = html
		.replace(/<br\s*\/?>/gi, '\n')
		.replace(/<\/(p|li|h1|h2|h3)\s*>/gi, '\n')
		.replace(/<[^>]*>/g, '');
	return decodeEntities(text).replace(/\n+$/, '');
}

/** A link as counted: from its scheme to white space or markup, without the punctuation that ends a sentence. */
const LINK = /https?:\/\/[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = /[.,:;!?'"]+$/;

/** Characters X weighs 1 (the rest weigh 2): Latin and other early scripts, and common punctuation. */
const LIGHT_RANGES: Array<[number, number]> = [
	[0x0000, 0x10ff],
	[0x2000, 0x200d],
	[0x2010, 0x201f],
	[0x2032, 0x2037],
];
/** What a link weighs on X, whatever its length. */
const X_LINK_WEIGHT = 23;
/** What an emoji weighs on X, a sequence (skin tone, joined, flag, keycap) as one. */
const X_EMOJI_WEIGHT = 2;

/**
 * One emoji as people see it: a pictograph with its presentation or skin-tone modifier and tag sequence, joined
 * pictographs (U+200D), a flag (two regional indicators), or a keycap.
 */
const EMOJI_TAIL = '(?:\\u{FE0F}|\\p{Emoji_Modifier})?';
const EMOJI = new RegExp(
	[
		`\\p{Extended_Pictographic}${EMOJI_TAIL}[\\u{E0020}-\\u{E007E}]*\\u{E007F}?(?:\\u200D\\p{Extended_Pictographic}${EMOJI_TAIL})*`,
		'[\\u{1F1E6}-\\u{1F1FF}]{2}',
		'[0-9#*]\\u{FE0F}?\\u{20E3}',
	].join('|'),
	'gu',
);

function weightOf(codePoint: number): number {
	return LIGHT_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to) ? 1 : 2;
}

/** Links found in a text, each with where it starts and its length. */
function linksIn(text: string): Array<{ index: number; length: number }> {
	return Array.from(text.matchAll(LINK), (match) => {
		let link = match[0].replace(TRAILING_PUNCTUATION, '');
		// A closing bracket ends the link unless the link opened one (as in a Wikipedia address).
		while (link.endsWith(')') && link.split('(').length < link.split(')').length) link = link.slice(0, -1);
		return { index: match.index ?? 0, length: link.length };
	});
}

/**
 * X's weighted length (twitter-text's version 3 rules, written from their description): the text in its composed
 * form (NFC), each link 23, each emoji 2, every other character 1 in the light ranges and 2 elsewhere (CJK, ...).
 */
export function xWeightedLength(text: string): number {
	const composed = text.normalize('NFC');
	let weight = 0;
	let rest = '';
	let from = 0;
	for (const link of linksIn(composed)) {
		rest += composed.slice(from, link.index);
		weight += X_LINK_WEIGHT;
		from = link.index + link.length;
	}
	rest += composed.slice(from);
	rest = rest.replace(EMOJI, (emoji) => {
		// A lone (c) or (r) sign is an ordinary light character.
		const lone = Array.from(emoji);
		if (lone.length === 1 && weightOf(lone[0].codePointAt(0) ?? 0) === 1) return emoji;
		weight += X_EMOJI_WEIGHT;
		return '';
	});
	for (const char of rest) weight += weightOf(char.codePointAt(0) ?? 0);
	return weight;
}

/** How a platform counts, in words for a fix hint (after "counted without HTML tags"). */
export const LENGTH_COUNTING_WORDS: Record<LengthCounting, string> = {
	characters: '',
	xWeighted: ', as X counts: CJK characters and emoji count 2, each link at least 23',
};

/**
 * Length of a part's text on a platform, as its `lengthCounting` says: characters, or X's count (the larger of the
 * weighted length and the UTF-16 length, so a long link counts in full and CJK text counts 2 a character).
 */
export function textLength(html: string, platform: PlatformId): number {
	const text = visibleText(html);
	switch (PLATFORMS[platform].lengthCounting) {
		case 'xWeighted':
			return Math.max(xWeightedLength(text), text.length);
		case 'characters':
			return charCount(text);
	}
}

/**
 * Most characters per part for this channel (x premium accounts get `premiumMaxLength`); with the post's `settings`,
 * a limit its settings set (`maxLengthWhen`: an X article) replaces them.
 */
export function maxLengthFor(channel: Channel<PlatformId>, settings?: Json): number {
	const rules = PLATFORMS[channel.identifier];
	const when = rules.maxLengthWhen;
	if (when && settings?.[when.setting] === when.value) return when.maxLength;
	return channel.premium && rules.premiumMaxLength !== undefined ? rules.premiumMaxLength : rules.maxLength;
}

