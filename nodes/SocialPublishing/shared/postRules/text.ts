import { PLATFORMS, type PlatformId } from '../platforms';
import type { Channel } from '../channel';
import type { Json } from './report';

/** How long a part's text is on a platform, and how long it may be. */

/** The service's answer to a part over its channel's length. */
export const TOO_LONG_MESSAGE = 'post is too long, please fix it';

/** Characters as people count them (code points), not UTF-16 units: a surrogate pair is one. */
export function charCount(text: string): number {
	let count = text.length;
	for (let index = 0; index < text.length - 1; index++) {
		const unit = text.charCodeAt(index);
		if (unit >= 0xd800 && unit <= 0xdbff) {
			const next = text.charCodeAt(index + 1);
			if (next >= 0xdc00 && next <= 0xdfff) {
				count--;
				index++;
			}
		}
	}
	return count;
}

const ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: ' ',
};

const isDigit = (unit: number) => unit >= 48 && unit <= 57;
const isHexDigit = (unit: number) =>
	isDigit(unit) || (unit >= 97 && unit <= 102) || (unit >= 65 && unit <= 70);
const isLetter = (unit: number) => (unit >= 97 && unit <= 122) || (unit >= 65 && unit <= 90);

function runEnd(text: string, from: number, kind: (unit: number) => boolean): number {
	let end = from;
	while (end < text.length && kind(text.charCodeAt(end))) end++;
	return end;
}

/**
 * Entities decoded (`&amp;`, `&#233;`, `&#xE9;`; what `/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi` finds),
 * unknown names and numbers beyond Unicode kept as written; one pass over the text.
 */
export function decodeEntities(text: string): string {
	const kept: string[] = [];
	let from = 0;
	let at = text.indexOf('&');
	while (at !== -1) {
		let end = -1;
		let decoded: string | undefined;
		if (text[at + 1] === '#') {
			const hex = text[at + 2] === 'x' || text[at + 2] === 'X';
			const digitsFrom = at + (hex ? 3 : 2);
			const digitsEnd = runEnd(text, digitsFrom, hex ? isHexDigit : isDigit);
			if (digitsEnd > digitsFrom && text[digitsEnd] === ';') {
				end = digitsEnd + 1;
				const code = parseInt(text.slice(digitsFrom, digitsEnd), hex ? 16 : 10);
				if (code > 0 && code <= 0x10ffff) decoded = String.fromCodePoint(code);
			}
		} else {
			const nameEnd = runEnd(text, at + 1, isLetter);
			if (nameEnd > at + 1 && text[nameEnd] === ';') {
				end = nameEnd + 1;
				decoded = ENTITIES[text.slice(at + 1, nameEnd).toLowerCase()];
			}
		}
		if (decoded !== undefined) {
			kept.push(text.slice(from, at), decoded);
			from = end;
		}
		// Not an entity: the next "&" may start one.
		at = text.indexOf('&', end === -1 ? at + 1 : end);
	}
	if (from === 0) return text;
	kept.push(text.slice(from));
	return kept.join('');
}

/** Where `char` is next found from a position, for a forward scan: the text is read once. */
function forwardFinder(text: string, char: string): (from: number) => number {
	let found = -2;
	return (from) => {
		if (found === -1 || found >= from) return found;
		found = text.indexOf(char, from);
		return found;
	};
}

/** The text without its `<…>` tags (as `/<[^>]*>/g` removes them), in one pass. */
export function withoutTags(text: string): string {
	const nextClose = forwardFinder(text, '>');
	const kept: string[] = [];
	let from = 0;
	for (;;) {
		const open = text.indexOf('<', from);
		const close = open === -1 ? -1 : nextClose(open);
		// No "<" left, or none is ever closed: the rest is text.
		if (close === -1) break;
		kept.push(text.slice(from, open));
		from = close + 1;
	}
	kept.push(text.slice(from));
	return kept.join('');
}

const TAG_NAME = /<\/?([a-zA-Z][a-zA-Z0-9]*)(?![a-zA-Z0-9_])/y;

/** The tag names of a text (what `/<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g` finds), in one pass. */
export function tagNames(html: string): string[] {
	const nextClose = forwardFinder(html, '>');
	const names: string[] = [];
	let from = 0;
	for (;;) {
		const open = html.indexOf('<', from);
		const close = open === -1 ? -1 : nextClose(open);
		if (close === -1) break;
		TAG_NAME.lastIndex = open;
		const name = TAG_NAME.exec(html);
		if (name) names.push(name[1]);
		from = name ? close + 1 : open + 1;
	}
	return names;
}

/**
 * The text a platform shows, which counts for length: tags removed, line breaks and block ends
 * made new lines, entities decoded, trailing new lines dropped. Linear whatever the text's shape,
 * so checking never holds n8n up.
 */
export function visibleText(html: string): string {
	// The checks of one post read the same text several times.
	if (html === lastVisible.html) return lastVisible.text;
	const lines = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h1|h2|h3)\s*>/gi, '\n');
	const decoded = decodeEntities(withoutTags(lines));
	let end = decoded.length;
	while (end > 0 && decoded.charCodeAt(end - 1) === 10) end--;
	const text = decoded.slice(0, end);
	lastVisible = { html, text };
	return text;
}

let lastVisible = { html: '', text: '' };

/** A link: from its scheme to white space or markup (less a sentence's end: `linkAsCounted`). */
const LINK = /https?:\/\/[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = '.,:;!?\'"';

/** Characters X weighs 1 (the rest 2): Latin and other early scripts, common punctuation. */
const LIGHT_RANGES: Array<[number, number]> = [
	[0x0000, 0x10ff],
	[0x2000, 0x200d],
	[0x2010, 0x201f],
	[0x2032, 0x2037],
];
const X_LINK_WEIGHT = 23;
/** What an emoji weighs on X, a sequence (skin tone, joined, flag, keycap) as one. */
const X_EMOJI_WEIGHT = 2;

/**
 * One emoji as people see it: a pictograph with its presentation or skin-tone modifier and tag
 * sequence, joined pictographs (U+200D), a flag (two regional indicators), or a keycap.
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
	for (let range = 0; range < LIGHT_RANGES.length; range++) {
		if (codePoint >= LIGHT_RANGES[range][0] && codePoint <= LIGHT_RANGES[range][1]) return 1;
	}
	return 2;
}

/** A link less the punctuation ending a sentence, and closing brackets it did not open. */
function linkAsCounted(found: string): string {
	let end = found.length;
	let opened = 0;
	let closed = 0;
	for (const char of found) {
		if (char === '(') opened++;
		else if (char === ')') closed++;
	}
	while (end > 0 && TRAILING_PUNCTUATION.includes(found[end - 1])) end--;
	while (end > 0 && found[end - 1] === ')' && opened < closed) {
		end--;
		closed--;
	}
	return found.slice(0, end);
}

/**
 * X's weighted length (twitter-text's version 3 rules, written from their description): the text in
 * its composed form (NFC), each link 23, each emoji 2, every other character 1 in the light ranges
 * and 2 elsewhere (CJK, ...).
 */
export function xWeightedLength(text: string): number {
	const composed = text.normalize('NFC');
	let weight = 0;
	let rest = '';
	let from = 0;
	for (const link of composed.matchAll(LINK)) {
		rest += composed.slice(from, link.index);
		weight += X_LINK_WEIGHT;
		from = (link.index ?? 0) + linkAsCounted(link[0]).length;
	}
	rest += composed.slice(from);
	rest = rest.replace(EMOJI, (emoji) => {
		// A lone (c) or (r) sign is an ordinary light character.
		const lone = Array.from(emoji);
		if (lone.length === 1 && weightOf(lone[0].codePointAt(0) ?? 0) === 1) return emoji;
		weight += X_EMOJI_WEIGHT;
		return '';
	});
	for (let index = 0; index < rest.length; ) {
		const codePoint = rest.codePointAt(index) ?? 0;
		weight += weightOf(codePoint);
		index += codePoint > 0xffff ? 2 : 1;
	}
	return weight;
}

/**
 * Length of a part's text on a platform (`lengthCounting`): characters, or on X the larger of the
 * weighted and the UTF-16 length (a long link counts in full, CJK text 2 a character).
 */
export function textLength(html: string, platform: PlatformId): number {
	const text = visibleText(html);
	return PLATFORMS[platform].lengthCounting === 'xWeighted'
		? Math.max(xWeightedLength(text), text.length)
		: charCount(text);
}

/**
 * Most characters per part for this channel (x premium accounts get `premiumMaxLength`); with the
 * post's `settings`, a limit its settings set (`maxLengthWhen`: an X article) replaces them.
 */
export function maxLengthFor(channel: Channel<PlatformId>, settings?: Json): number {
	const rules = PLATFORMS[channel.platform];
	const when = rules.maxLengthWhen;
	if (when && settings?.[when.setting] === when.value) return when.maxLength;
	return (channel.premium ? rules.premiumMaxLength : undefined) ?? rules.maxLength;
}
