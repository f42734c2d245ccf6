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

/** Elements whose text goes with them (the sanitiser's usual list, as far as post text meets it). */
const DROPPED_WITH_TEXT = [
	'script',
	'style',
	'template',
	'title',
	'noscript',
	'iframe',
	'svg',
	'math',
	'video',
	'audio',
	'head',
	'xmp',
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
 * Production's cleaning (a DOMPurify configuration): tags outside the kept list removed with their text kept (a few,
 * like script and style, with their text), attributes outside KEPT_ATTRIBUTES removed, `href` only to http(s),
 * mailto, / or #.
 */
export function cleanHtmlAsService(html: string): string {
	const withoutBlocks = DROPPED_WITH_TEXT.reduce(
		(text, name) =>
			text.replace(new RegExp(`<${name}\\b[^>]*>[\\s\\S]*?(?:<\\/${name}\\s*>|$)`, 'gi'), ''),
		html,
	);
	return withoutBlocks.replace(
		/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g,
		(_tag, close: string, name: string, rest: string) => {
			const lower = name.toLowerCase();
			if (!KEPT.has(lower)) return '';
			if (close) return `</${lower}>`;
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
			return `<${lower}${kept.map((a) => ` ${a}`).join('')}>`;
		},
	);
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
