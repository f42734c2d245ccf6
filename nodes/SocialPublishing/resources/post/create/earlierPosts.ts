/**
 * Skip Posts Already Created (on unless switched off): running the same items again (a manual
 * rerun, n8n's Retry On Fail, a failed execution retried, the next day too) creates nothing
 * twice, while a workflow that posts the same text each day from a new trigger item posts each
 * day. Text and date cannot tell those apart; what the node sent can:
 * - every post it creates carries a mark in its `settings` (`markPosts`): `n8nItemMark`, a hash of
 *   the workflow, the node, the item it came from (the trigger's, `originOf`), the channels and the
 *   texts sent; and `n8nSentAt`, when it was sent. The service keeps keys it does not know inside
 *   `settings` and GET /posts lists them (docs/real-backend.md, "A client's own settings keys");
 *   Post → Update resends a post's settings, mark included;
 * - once every item passed its checks, one GET /posts per attempt covers every item's dates
 *   (`LOOK_BACK_DAYS` back for Now, a year ahead for the next free slot, around the date for
 *   Schedule and Draft; a window per 370 days);
 * - in item order, an item whose every channel has a post with its mark takes those posts: it is
 *   not sent, and they are its output, with `alreadySent: true` and why in `skipped`. A post is
 *   taken by one item only (two equal items of a run made two posts). An item with such a post on
 *   some of its channels only is refused: sending would post twice on those, skipping would lose
 *   the others.
 * A post without the mark (made in the service's app, by another client, or by hand) is never
 * taken for an item's own, whatever its text. A post listed without any `settings` (a service as
 * the spec's GET /posts, which lists none) can only be matched by its text and date
 * (`matchEarlier`).
 */
import {
	jsonParse,
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { runState, RunSlot } from '../../../shared/runState';
import { recordAlreadySent, skipsPostsAlreadyCreated } from '../../../shared/sendRecord';
import { apiRequest } from '../../../shared/transport';
import { DAY_MS, getManyPosts, MAX_RANGE_DAYS } from '../getMany';
import { channelsById } from './lookups';
import { postJson } from './output';
import { comparableText } from './comparableText';
import { ITEM_MARK_KEY, itemMark, SENT_AT_KEY } from './itemMark';
import { entriesOf, isObject, type PostRequest } from './request';

/** How far back a Now or next-free-slot item's earlier post is looked for. */
export const LOOK_BACK_DAYS = 7;
const MINUTE_MS = 60_000;

/** What one item will create: its mark, and per channel the text of its first part; where. */
export interface Expected {
	itemIndex: number;
	mark: string;
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
	/** The node's mark; null: settings listed without it; undefined: no settings listed. */
	mark: string | null | undefined;
	text: string;
	/** When the node sent it, as its mark says (else its date). */
	sentAt: number;
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

/** Before POST /posts: the mark into each post's settings (see the header). */
export function markPosts(context: IExecuteSingleFunctions, request: PostRequest): void {
	const mark = searchOf(context).expected.get(context.getItemIndex())?.mark;
	const marks = {
		[ITEM_MARK_KEY]: mark ?? itemMark(context, request),
		[SENT_AT_KEY]: new Date().toISOString(),
	};
	for (const post of entriesOf(request.body, 'posts')) {
		if (post.settings === undefined) post.settings = {};
		// Settings given as something else than an object are the service's to refuse.
		if (isObject(post.settings)) Object.assign(post.settings, marks);
	}
}

/** During the item's checks: what it will create, for the search after every item's checks. */
export function expectPost(context: IExecuteSingleFunctions, request: PostRequest): void {
	if (!skipsPostsAlreadyCreated(context)) return;
	const body = request.body;
	const now = Date.now();
	const sent = Date.parse(String(body.date ?? ''));
	const fixed = !request.wantsNextSlot && body.type !== 'now' && Number.isFinite(sent);
	const given = Number.isFinite(sent) ? sent : now;
	// Schedule and Draft: around the date sent. The next free slot: the slot an earlier run took is
	// ahead of that run, looked for in one request. Now: published when an earlier run sent it.
	const range: [number, number] = fixed
		? [sent - DAY_MS, sent + DAY_MS]
		: request.wantsNextSlot
			? [now - LOOK_BACK_DAYS * DAY_MS, now + (MAX_RANGE_DAYS - LOOK_BACK_DAYS) * DAY_MS]
			: [
					Math.min(now - LOOK_BACK_DAYS * DAY_MS, given - MINUTE_MS),
					Math.max(now, given) + MINUTE_MS,
				];
	const posts = entriesOf(body, 'posts');
	searchOf(context).expected.set(context.getItemIndex(), {
		itemIndex: context.getItemIndex(),
		mark: itemMark(context, request),
		posts: request.channels.map((channel, entryIndex) => ({
			channelId: channel.id,
			text: comparableText(entriesOf(posts[entryIndex], 'value')[0]?.content),
		})),
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

/** A listed post, with the node's mark where its settings are listed (production: as a string). */
function readListed(post: IDataObject): Listed | undefined {
	const integration = post.integration as IDataObject | undefined;
	const id = typeof post.id === 'string' ? post.id : undefined;
	const channelId = typeof integration?.id === 'string' ? integration.id : undefined;
	// A repeating post is listed once per repetition; production adds its first date as actualDate.
	const date = Date.parse(String(post.actualDate ?? post.publishDate ?? ''));
	if (!id || !channelId || !Number.isFinite(date)) return undefined;
	const settings: unknown =
		typeof post.settings === 'string'
			? jsonParse(post.settings, { fallbackValue: undefined })
			: post.settings;
	const marked = isObject(settings) ? settings[ITEM_MARK_KEY] : undefined;
	const mark = post.settings === undefined ? undefined : typeof marked === 'string' ? marked : null;
	const sentAt = Date.parse(String(isObject(settings) ? settings[SENT_AT_KEY] : ''));
	const text = comparableText(post.content);
	return { post, id, channelId, mark, text, date, sentAt: Number.isFinite(sentAt) ? sentAt : date };
}

/**
 * Each expected item's earlier posts among those GET /posts listed (any shape; a post listed twice,
 * as a repeating one is, counts once), the earliest sent first: a post whose settings are listed by
 * the node's mark; one listed without settings (a service as the spec's GET /posts, which lists
 * none) by its text (as the service stores it: markup, entities and spaces aside) at the item's
 * date (to the minute; any date in the range for Now and the next free slot), items with a date
 * first, so that a Now item does not take a scheduled item's post.
 */
export function matchEarlier(expected: Expected[], posts: unknown[]): Map<number, Found> {
	const byId = new Map<string, Listed>();
	for (const post of posts) {
		const listed = isObject(post) ? readListed(post as IDataObject) : undefined;
		if (listed && !byId.has(listed.id)) byId.set(listed.id, listed);
	}
	const listed = [...byId.values()].sort((a, b) => a.sentAt - b.sentAt);
	const taken = new Set<string>();
	const found = new Map<number, Found>();
	const inOrder = [...expected].sort(
		(a, b) =>
			Number(a.date === undefined) - Number(b.date === undefined) || a.itemIndex - b.itemIndex,
	);
	for (const item of inOrder) {
		const mine = new Set<string>();
		const sameTextAndDate = (post: Listed, text: string) =>
			post.text === text &&
			(item.date === undefined
				? post.date >= item.range[0] && post.date <= item.range[1]
				: Math.abs(post.date - item.date) < MINUTE_MS);
		const matches = (post: Listed, channelId: string, text: string) =>
			!taken.has(post.id) &&
			!mine.has(post.id) &&
			post.channelId === channelId &&
			(post.mark === undefined ? sameTextAndDate(post, text) : post.mark === item.mark);
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
	const everyFound = await search.found;
	const found = everyFound.get(itemIndex);
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
				description: `No post this node made for this item was found on ${missing.map(named).join(', ')}: it may have been deleted there. Sending would post twice where it exists and skipping would leave the others without it, so the node does not send it. Remove the channels where it exists from the item, or switch Skip Posts Already Created off to post on every channel again.`,
			},
		};
	}
	return {
		posts: found.posts,
		channels,
		inWords: inWords(found.posts),
		sentAt: new Date(Math.min(...found.posts.map((listed) => listed.sentAt))).toISOString(),
		skips: [...everyFound.values()].filter((each) => 'posts' in each).length,
		of: search.expected.size,
	};
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
	const { sentAt, skips, of } = earlier;
	const skipped = `Item ${itemIndex + 1} was not posted again: an earlier run of this node posted it at ${sentAt} (${earlier.inWords}) from the same input item with the same text, so this run is taken for a rerun of it (a rerun, Retry On Fail or a retried execution). This run skipped ${skips} of its ${of} items as posted before. To post it again, switch Skip Posts Already Created off, or let the item differ from the earlier run's (for example, pass on the trigger's date).`;
	const posts = earlier.posts.map(({ id, channelId, date, post }) => ({
		...postJson({
			postId: id,
			channelId,
			channel: earlier.channels.get(channelId),
			state: typeof post.state === 'string' ? post.state : null,
			date: new Date(date).toISOString(),
			releaseURL: typeof post.releaseURL === 'string' ? post.releaseURL : null,
			alreadySent: true,
		}),
		sentAt,
		skipped,
	}));
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
		notSent: `Item ${context.getItemIndex() + 1} would not be posted again: an earlier run of this node posted it at ${earlier.sentAt} (${earlier.inWords}) from the same input item with the same text, which Skip Posts Already Created outputs with alreadySent: true instead (${earlier.skips} of the ${earlier.of} items would be skipped so). To post it again, switch that option off.`,
	};
}
