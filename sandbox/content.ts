/** What the service does to a part's text before keeping it: HTML cleaned (spec 4.3), links shortened on request. */
import { createHash } from 'node:crypto';
import { KEPT_HTML_TAGS } from '../nodes/SocialPublishing/shared/platforms';

const KEPT = new Set(KEPT_HTML_TAGS);

/** Removes tags outside the kept list (their text stays); script and style lose their text too. */
export function cleanHtml(html: string): string {
	return html
		.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
		.replace(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g, (tag, name: string) => (KEPT.has(name.toLowerCase()) ? tag : ''));
}

const LINK = /https?:\/\/[^\s<>"']+/gi;

/** Replaces each link by a short one under `origin/l/`; `remember` stores code → target. */
export function shortenLinks(text: string, origin: string, remember: (code: string, url: string) => void): string {
	return text.replace(LINK, (url) => {
		if (url.startsWith(`${origin}/l/`)) return url;
		const code = createHash('sha256').update(url).digest('base64url').slice(0, 7);
		remember(code, url);
		return `${origin}/l/${code}`;
	});
}
