/** What the service does to a part's text before keeping it: HTML cleaned (spec 4.3), links shortened on request. */
import { createHash } from 'node:crypto';
import { KEPT_HTML_TAGS } from '../nodes/SocialPublishing/shared/platforms';

const KEPT = new Set(KEPT_HTML_TAGS);

/** Removes tags outside the kept list (their text stays); script and style lose their text too. */
export function cleanHtml(html: string): string {
	return html
		.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
		.replace(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g, (tag, name: string) =>
			KEPT.has(name.toLowerCase()) ? tag : '',
		);
}

/**
 * Elements whose text goes with them (the sanitiser's list, as far as post text meets it; checked
 * against the service's own sanitiser: `<head>` and `<noscript>` keep their text).
 */
const DROPPED_WITH_TEXT = [
	'script',
	'style',
	'template',
	'title',
	'iframe',
	'svg',
	'math',
	'video',
	'audio',
	'xmp',
	'noembed',
	'noframes',
];
/** Attributes the service's sanitiser keeps on the kept tags. */
const KEPT_ATTRIBUTES = new Set([
	'href',
	'target',
	'rel',
	'class',
	'data-mention-id',
	'data-mention-label',
]);
const SAFE_LINK = /^(?:https?:|mailto:|\/|#)/i;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

/**
 * Markup as an HTML parser reads it: "<" starts markup only before a letter (a tag), "/" (an end
 * tag) or "!" / "?" (a comment, a declaration), and it runs to its ">" (one inside an attribute
 * value quoted after "=" does not end a tag) or to the text's end (an unclosed tag is dropped). Any
 * other "<" is text: "1 < 2".
 */
const MARKUP =
	/<!--[\s\S]*?(?:--!?>|$)|<[!?][^>]*(?:>|$)|<(\/?)([a-zA-Z][^\s/>]*)((?:=\s*"[^"]*(?:"|$)|=\s*'[^']*(?:'|$)|[^>])*)(?:>|$)|<\/[^>]*(?:>|$)/g;

const TEXT_ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: '\u00a0',
};

const ESCAPED: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'\u00a0': '&nbsp;',
};
const escaped = (char: string) => ESCAPED[char] ?? char;

/**
 * Text between markup as the sanitiser writes it back out (it parses, then serialises), in one
 * pass: entities decoded, then "&", "<", ">" and the no-break space escaped; an entity name this
 * list does not know is kept as written.
 */
function serialisedText(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);|[&<>\u00a0]/gi, (found, entity?: string) => {
		if (entity === undefined) return escaped(found);
		if (entity[0] !== '#') {
			const char = TEXT_ENTITIES[entity.toLowerCase()];
			return char === undefined ? found : escaped(char);
		}
		const hex = entity[1] === 'x' || entity[1] === 'X';
		const code = parseInt(entity.slice(hex ? 2 : 1), hex ? 16 : 10);
		return code > 0 && code <= 0x10ffff
			? escaped(String.fromCodePoint(code))
			: escaped('&') + found.slice(1);
	});
}

/** A kept tag as the sanitiser writes it: lower case, only KEPT_ATTRIBUTES, safe links only. */
function keptTag(close: string, name: string, rest: string): string {
	if (close) return `</${name}>`;
	const kept: string[] = [];
	for (const [, attr, double, single, bare] of rest.matchAll(ATTRIBUTE)) {
		const key = attr.toLowerCase();
		const value = double ?? single ?? bare ?? '';
		if (!KEPT_ATTRIBUTES.has(key)) continue;
		if (key === 'href' && !SAFE_LINK.test(value.trim())) continue;
		kept.push(
			`${key}="${value.replace(/&(?!(?:amp|quot|lt|gt|#\d+|#x[0-9a-f]+);)/gi, '&amp;').replace(/"/g, '&quot;')}"`,
		);
	}
	return `<${name}${kept.map((a) => ` ${a}`).join('')}>`;
}

/**
 * Production's cleaning (a DOMPurify configuration, checked against the service's own sanitiser at
 * 74b01ad; docs/real-backend.md): a text without "<" is kept as sent; otherwise it is parsed and
 * written back: tags outside the kept list removed with their text kept (a few, like script and
 * style, with their text), attributes outside KEPT_ATTRIBUTES removed, `href` only to http(s),
 * mailto, / or #, and the text's "&", "<", ">" escaped ("1 < 2" is stored as "1 &lt; 2").
 */
export function cleanHtmlAsService(html: string): string {
	if (!html.includes('<')) return html;
	const withoutBlocks = DROPPED_WITH_TEXT.reduce(
		(text, name) =>
			text.replace(new RegExp(`<${name}\\b[^>]*>[\\s\\S]*?(?:<\\/${name}\\s*>|$)`, 'gi'), ''),
		html,
	);
	const out: string[] = [];
	let from = 0;
	for (const match of withoutBlocks.matchAll(MARKUP)) {
		out.push(serialisedText(withoutBlocks.slice(from, match.index)));
		from = match.index + match[0].length;
		const [, close, name, rest] = match;
		const lower = name?.toLowerCase();
		if (lower && KEPT.has(lower)) out.push(keptTag(close, lower, rest));
	}
	out.push(serialisedText(withoutBlocks.slice(from)));
	return out.join('');
}

const LINK = /https?:\/\/[^\s<>"']+/gi;

/** Replaces each link by a short one under `origin/l/`; `remember` stores code → target. */
export function shortenLinks(
	text: string,
	origin: string,
	remember: (code: string, url: string) => void,
): string {
	return text.replace(LINK, (url) => {
		if (url.startsWith(`${origin}/l/`)) return url;
		const code = createHash('sha256').update(url).digest('base64url').slice(0, 7);
		remember(code, url);
		return `${origin}/l/${code}`;
	});
}
