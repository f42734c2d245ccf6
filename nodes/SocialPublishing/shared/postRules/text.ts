import { PLATFORMS, type PlatformId } from '../platforms';
import type { Channel } from '../channel';

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

const LINK = /https?:\/\/[^\s<>"]+/gi;

/** Length of a part's text on a platform; where the platform has `linkLength`, each link counts that. */
export function textLength(html: string, platform: PlatformId): number {
	const text = visibleText(html);
	const linkLength = PLATFORMS[platform].linkLength;
	if (linkLength === undefined) return charCount(text);
	let links = 0;
	const rest = text.replace(LINK, () => {
		links++;
		return '';
	});
	return charCount(rest) + links * linkLength;
}

/** Most characters per part for this channel (x premium accounts get `premiumMaxLength`). */
export function maxLengthFor(channel: Channel<PlatformId>): number {
	const rules = PLATFORMS[channel.identifier];
	return channel.premium && rules.premiumMaxLength !== undefined ? rules.premiumMaxLength : rules.maxLength;
}

