/**
 * How the node compares a text it sends with the text GET /posts lists for a post, where a post
 * can only be told by its text and date (earlierPosts.ts: a service that lists no `settings`).
 */
import { decodeEntities } from '../../../shared/postRules/text';

/**
 * Elements the service's sanitiser removes with their text (script, style, ...), to the end if
 * unclosed.
 */
const DROPPED_WITH_TEXT =
	/<(script|style|template|title|iframe|svg|math|video|audio|xmp|noembed|noframes)\b[^>]*(?:>|$)[\s\S]*?(?:<\/\1\s*>|$)/gi;
/**
 * Markup as an HTML parser (the service's sanitiser) reads it: "<" starts markup only before a
 * letter, "/", "!" or "?", and it runs to its ">" (not one in an attribute value quoted after "=")
 * or to the end. Any other "<" is text ("1 < 2"), which the service stores as "&lt;". Every match
 * ends at a ">" or the end, so the text is read once.
 */
const MARKUP =
	/<!--[\s\S]*?(?:--!?>|$)|<[!?/][^>]*(?:>|$)|<[a-zA-Z][^\s/>]*(?:=\s*"[^"]*(?:"|$)|=\s*'[^']*(?:'|$)|[^>])*(?:>|$)/g;

/**
 * A post's text reduced to what both its sent and its stored form share: markup removed (the
 * service removes the tags it does not keep without a space: "a<b>c</b>" is stored as "ac"),
 * entities decoded (it stores a text holding "<" parsed and escaped: "1 &lt; 2", "Tom &amp;
 * Jerry"), spaces collapsed. The same function reads the item's text and the listing's
 * (test/fixtures/serviceSanitiser.ts has what the service's sanitiser gave).
 */
export function comparableText(text: unknown): string {
	return decodeEntities(
		String(text ?? '')
			.replace(DROPPED_WITH_TEXT, '')
			.replace(MARKUP, ''),
	)
		.replace(/\s+/g, ' ')
		.trim();
}
