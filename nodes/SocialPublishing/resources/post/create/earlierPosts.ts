/**
 * Options → Skip Posts Already Created (on unless switched off): before the uploads, each item's
 * post is looked for among the posts the service already has, so that running the same items
 * again (a manual rerun, n8n's Retry On Fail, a failed execution retried) creates nothing twice.
 * With GET requests only: the limited POST /posts is never spent on it.
 * - Each item says what it will create during its checks (`expectPost`): per channel, the text of
 *   its first part and its date, exact for Schedule and Draft, open for Now and the next free slot
 *   (the date is the run's own then).
 * - Once every item passed its checks, one GET /posts per attempt covers every item's dates
 *   (`LOOK_BACK_DAYS` back for Now, a year ahead for the next free slot; a window per 370 days).
 * - In item order, an item whose every channel has a post with the same text (as the service
 *   stores it: markup, entities and spaces aside, `comparableText`) at its date (to the minute;
 *   any date in the range for Now and the next free slot) takes those posts: it is not sent, and
 *   they are its output, marked `alreadySent: true`. A post is taken by one item only, items with
 *   a date first, and each channel by its own text. An item with such a post on some of its
 *   channels only is refused: sending would post twice on those, skipping would lose the others.
 * What it cannot tell apart: a post made the same way on purpose (same channel, text and date, or
 * for Now and the next free slot the same text within the range); it does not see deleted posts,
 * posts moved to another date, or posts whose text was edited since; in a text holding HTML, an
 * entity other than &amp; &lt; &gt; &quot; &apos; &nbsp; and numeric ones (the service decodes
 * `&eacute;`, the node does not) makes the post look different, so it is created again.
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { runState, RunSlot } from '../../../shared/runState';
import { recordAlreadySent, skipsPostsAlreadyCreated } from '../../../shared/sendRecord';
import { decodeEntities } from '../../../shared/postRules/text';
import { apiRequest } from '../../../shared/transport';
import { DAY_MS, getManyPosts, MAX_RANGE_DAYS } from '../getMany';
import { channelsById } from './lookups';
import { postJson } from './output';
import { entriesOf, type PostRequest } from './request';

/** How far back a Now or next-free-slot item's earlier post is looked for. */
export const LOOK_BACK_DAYS = 7;
const MINUTE_MS = 60_000;

/** What one item will create: per channel, the text of its first part, at a date or in a range. */
export interface Expected {
	itemIndex: number;
	/** Per channel of the request, the text of its first part as the service may store it. */
	posts: Array<{ channelId: string; text: string }>;
	/** Schedule and Draft: the date sent. */
	date?: number;
	/** Where its earlier posts can be: [start, end] in ms. */
	range: [number, number];
}

/** A post as GET /posts lists it, read for matching. */
interface Listed {
	post: IDataObject;
	id: string;
	channelId: string;
	text: string;
	date: number;
}

export type Found = { posts: Listed[] } | { partly: { found: Listed[]; missing: string[] } };

/** The attempt's search (shared/runState.ts). */
const SEARCH = new RunSlot<{
	expected: Map<number, Expected>;
	found?: Promise<Map<number, Found>>;
}>('the posts an earlier run created');
const searchOf = (context: IExecuteSingleFunctions) =>
	runState(context).get(SEARCH, () => ({ expected: new Map() }));

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

/** During the item's checks: what it will create, for the search after every item's checks. */
export function expectPost(context: IExecuteSingleFunctions, request: PostRequest): void {
	if (!skipsPostsAlreadyCreated(context)) return;
	const body = request.body;
	const posts = entriesOf(body, 'posts');
	const expected = request.channels.map((channel, entryIndex) => ({
		channelId: channel.id,
		text: comparableText(entriesOf(posts[entryIndex], 'value')[0]?.content),
	}));
	const now = Date.now();
	const sent = Date.parse(String(body.date ?? ''));
	const fixed = !request.wantsNextSlot && body.type !== 'now' && Number.isFinite(sent);
	const given = Number.isFinite(sent) ? sent : now;
	// Schedule and Draft: around the date sent. The next free slot: the slot an earlier run took is
	// ahead of that run, looked for in one request. Now: published when an earlier run sent it, so
	// never ahead (a post scheduled later with the same text is not this item's).
	const range: [number, number] = fixed
		? [sent - DAY_MS, sent + DAY_MS]
		: request.wantsNextSlot
			? [now - LOOK_BACK_DAYS * DAY_MS, now + (MAX_RANGE_DAYS - LOOK_BACK_DAYS) * DAY_MS]
			: [
					Math.min(now - LOOK_BACK_DAYS * DAY_MS, given - MINUTE_MS),
					Math.max(now, given) + MINUTE_MS,
				];
	searchOf(context).expected.set(context.getItemIndex(), {
		itemIndex: context.getItemIndex(),
		posts: expected,
		...(fixed ? { date: sent } : {}),
		range,
	});
}

/** The ranges merged where they touch, then cut into windows GET /posts takes. */
function windowsOf(ranges: Array<[number, number]>): Array<[number, number]> {
	const merged: Array<[number, number]> = [];
	for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
		const last = merged[merged.length - 1];
		if (last && start <= last[1]) last[1] = Math.max(last[1], end);
		else merged.push([start, end]);
	}
	const span = MAX_RANGE_DAYS * DAY_MS;
	return merged.flatMap(([start, end]) => {
		const windows: Array<[number, number]> = [];
		for (let from = start; from <= end; from += span + 1)
			windows.push([from, Math.min(end, from + span)]);
		return windows;
	});
}

function readListed(post: IDataObject): Listed | undefined {
	const integration = post.integration as IDataObject | undefined;
	const id = typeof post.id === 'string' ? post.id : undefined;
	const channelId = typeof integration?.id === 'string' ? integration.id : undefined;
	// A repeating post is listed once per repetition; production adds its first date as actualDate.
	const date = Date.parse(String(post.actualDate ?? post.publishDate ?? ''));
	if (!id || !channelId || !Number.isFinite(date)) return undefined;
	return { post, id, channelId, text: comparableText(post.content), date };
}

/**
 * Each expected item's earlier posts among those GET /posts listed (any shape; a post listed twice,
 * as a repeating one is, counts once); items with a date take theirs first (see the header).
 */
export function matchEarlier(expected: Expected[], posts: unknown[]): Map<number, Found> {
	const byId = new Map<string, Listed>();
	for (const post of posts) {
		const listed =
			typeof post === 'object' && post !== null ? readListed(post as IDataObject) : undefined;
		if (listed && !byId.has(listed.id)) byId.set(listed.id, listed);
	}
	const listed = [...byId.values()];
	const taken = new Set<string>();
	const found = new Map<number, Found>();
	const inOrder = [...expected].sort(
		(a, b) =>
			Number(a.date === undefined) - Number(b.date === undefined) || a.itemIndex - b.itemIndex,
	);
	for (const item of inOrder) {
		const mine = new Set<string>();
		const matches = (post: Listed, channelId: string, text: string) =>
			!taken.has(post.id) &&
			!mine.has(post.id) &&
			post.channelId === channelId &&
			post.text === text &&
			(item.date === undefined
				? post.date >= item.range[0] && post.date <= item.range[1]
				: Math.abs(post.date - item.date) < MINUTE_MS);
		const perChannel = item.posts.map(({ channelId, text }) => {
			const post = listed.find((candidate) => matches(candidate, channelId, text));
			if (post) mine.add(post.id);
			return { channelId, post };
		});
		const hits = perChannel.flatMap(({ post }) => (post ? [post] : []));
		if (hits.length === 0) continue;
		if (hits.length === item.posts.length) {
			hits.forEach((post) => taken.add(post.id));
			found.set(item.itemIndex, { posts: hits });
		} else {
			const missing = perChannel.flatMap(({ channelId, post }) => (post ? [] : [channelId]));
			found.set(item.itemIndex, { partly: { found: hits, missing } });
		}
	}
	return found;
}

/**
 * After every item's checks: this item's posts an earlier run created, as GET /posts (one per
 * attempt, for every item's dates) lists them, named in words; `refused` when found on some of its
 * channels only (the run refuses it, Check Only reports it); undefined when nothing was expected of
 * it or nothing found: send it.
 */
async function earlierOf(context: IExecuteSingleFunctions) {
	const search = searchOf(context);
	const itemIndex = context.getItemIndex();
	if (!search.expected.has(itemIndex)) return undefined;
	search.found ??= (async () => {
		const expected = [...search.expected.values()];
		const listed: unknown[] = [];
		for (const [start, end] of windowsOf(expected.map((item) => item.range))) {
			const answer = (await apiRequest.call(context, 'GET', '/posts', {
				qs: { startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() },
				itemIndex: context.getItemIndex(),
				route: getManyPosts.route,
			})) as { posts?: unknown };
			if (Array.isArray(answer?.posts)) listed.push(...(answer.posts as unknown[]));
		}
		return matchEarlier(expected, listed);
	})();
	const found = (await search.found).get(itemIndex);
	if (!found) return undefined;
	const channels = await channelsById(context);
	const named = (id: string) => {
		const channel = channels.get(id);
		return channel ? `"${channel.name}" (${channel.platform})` : `channel ${id}`;
	};
	const inWords = (posts: Listed[]) =>
		posts.map((listed) => `post ${listed.id} on ${named(listed.channelId)}`).join(', ');
	if ('partly' in found) {
		const { found: posts, missing } = found.partly;
		return {
			refused: {
				message: `Item ${itemIndex + 1} was created before on some of its channels only: ${inWords(posts)}`,
				description: `No post with its text and date was found on ${missing.map(named).join(', ')}: it may have been deleted there. Sending would post twice where it exists and skipping would leave the others without it, so the node does not send it. Remove the channels where it exists from the item, or switch Options → Skip Posts Already Created off to post on every channel again.`,
			},
		};
	}
	return { posts: found.posts, channels, inWords: inWords(found.posts) };
}

/** The run: this item's earlier posts as its output; refuses one found partly. */
export async function earlierPosts(
	context: IExecuteSingleFunctions,
): Promise<INodeExecutionData[] | undefined> {
	const itemIndex = context.getItemIndex();
	const earlier = await earlierOf(context);
	if (!earlier) return undefined;
	if (earlier.refused) {
		const { message, description } = earlier.refused;
		throw new NodeOperationError(context.getNode(), message, { itemIndex, description });
	}
	const posts = earlier.posts.map(({ id, channelId, date, post }) =>
		postJson({
			postId: id,
			channelId,
			channel: earlier.channels.get(channelId),
			state: typeof post.state === 'string' ? post.state : null,
			date: new Date(date).toISOString(),
			releaseURL: typeof post.releaseURL === 'string' ? post.releaseURL : null,
			alreadySent: true,
		}),
	);
	recordAlreadySent(context, posts);
	return posts.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/**
 * Check Only: what Skip Posts Already Created would do with this item: not send it (each channel's
 * earlier post, and why in words), refuse it, or undefined: send it.
 */
export async function earlierInCheckOnly(
	context: IExecuteSingleFunctions,
): Promise<{ postIds: Map<string, string>; notSent: string } | { problem: string } | undefined> {
	const earlier = await earlierOf(context);
	if (!earlier) return undefined;
	if (earlier.refused)
		return { problem: `${earlier.refused.message}. ${earlier.refused.description}` };
	return {
		postIds: new Map(earlier.posts.map((listed) => [listed.channelId, listed.id])),
		notSent: `Item ${context.getItemIndex() + 1} would not be sent: every channel already has this post (${earlier.inWords}), which Options → Skip Posts Already Created outputs with alreadySent: true instead. To post it again, switch that option off.`,
	};
}
