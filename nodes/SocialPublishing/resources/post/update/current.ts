/**
 * Post → Update, step 2 (see preSend.ts): the post as the service holds it now, if it can still be
 * changed, looked for in GET /posts (there is no GET /posts/:id) window by window, nearest first.
 * A post not found is unknown or deleted: sent, it would be created anew (docs/real-backend.md).
 * GET /posts shows a post's first part only, not its media or follow-up parts. The other posts of
 * its group are kept: an edit naming the group deletes what it does not send of it.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import type { NodeProblem } from '../../../shared/postProblems';
import { isObject } from '../../../shared/postRules/report';
import { apiRequest } from '../../../shared/transport';
import { DAY_MS, getManyPosts, MAX_RANGE_DAYS, parseSettings } from '../getMany';

/** Windows searched: this year ahead, the year before, 9 further years ahead (11 requests). */
const SEARCH_WINDOWS = { before: 1, ahead: 10 } as const;
const SPAN_MS = MAX_RANGE_DAYS * DAY_MS;

const text = (value: unknown): string =>
	typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** A tag as GET /posts shows it: `{value, label}` (spec) or `{tag: {id, name}}` (production). */
function tagName(tag: unknown): string | undefined {
	if (typeof tag !== 'object' || tag === null) return undefined;
	const nested = (tag as { tag?: unknown }).tag;
	if (typeof nested === 'object' && nested !== null)
		return text((nested as IDataObject).name) || undefined;
	return text((tag as IDataObject).label) || undefined;
}

/** The post as GET /posts lists it; `sharesGroupWith`: the other posts of its group. */
function readPost(listed: IDataObject, sharesGroupWith: ReturnType<typeof groupMates>) {
	const post = parseSettings(listed);
	const interval = post.intervalInDays;
	return {
		id: text(post.id),
		content: text(post.content),
		// A repeating post is shown at each repetition; production adds its first date, `actualDate`.
		publishDate: text(post.actualDate) || text(post.publishDate),
		state: text(post.state),
		group: text(post.group),
		channelId: text((post.integration as IDataObject | undefined)?.id),
		// Listed as an object (or a JSON string, parsed): kept; absent or unreadable: not known.
		settings: isObject(post.settings) ? (post.settings as IDataObject) : undefined,
		sharesGroupWith,
		// Resent as they are (POST /posts replaces a post's tags).
		tags: (Array.isArray(post.tags) ? post.tags : []).flatMap((tag) => tagName(tag) ?? []),
		...(typeof interval === 'number' && interval >= 1 ? { intervalInDays: interval } : {}),
	};
}

export type CurrentPost = ReturnType<typeof readPost>;

/** The other posts listed with the group of `found` (a repeating post is listed once per date). */
export function groupMates(posts: IDataObject[], found: IDataObject) {
	const mates = new Map<string, { id: string; channelName: string; platform: string }>();
	const group = text(found.group);
	for (const post of posts) {
		const id = text(post?.id);
		if (group === '' || text(post?.group) !== group || id === text(found.id) || mates.has(id))
			continue;
		const integration = (post.integration ?? {}) as IDataObject;
		mates.set(id, {
			id,
			channelName: text(integration.name),
			platform: text(integration.providerIdentifier),
		});
	}
	return [...mates.values()];
}

/** Where GET /posts listed the post: the post, and the posts listed with it. */
export type Listed = { found: IDataObject; posts: IDataObject[] } | { from: string; to: string };

/**
 * The post of this id as GET /posts lists it, window by window, nearest first (given its current
 * date, `near`, ms: the day either side of it first); else the range searched, as dates. Post →
 * Update's step 2, and Post → Delete's look after a 500 (a deleted post is never listed).
 */
export async function lookUpPost(
	context: IExecuteSingleFunctions,
	postId: string,
	now: number,
	near?: number,
): Promise<Listed> {
	// Nearest first: [start, end] in ms.
	const windows: Array<[number, number]> = [[now, now + SPAN_MS]];
	if (near !== undefined) windows.unshift([near - DAY_MS, near + DAY_MS]);
	for (let year = 1; year <= SEARCH_WINDOWS.before; year++)
		windows.push([now - year * SPAN_MS, now - (year - 1) * SPAN_MS - 1]);
	for (let year = 1; year < SEARCH_WINDOWS.ahead; year++)
		windows.push([now + year * SPAN_MS + 1, now + (year + 1) * SPAN_MS]);
	for (const [start, end] of windows) {
		const answer = (await apiRequest.call(context, 'GET', '/posts', {
			qs: { startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() },
			itemIndex: context.getItemIndex(),
			route: getManyPosts.route,
		})) as { posts?: unknown };
		const posts = Array.isArray(answer?.posts) ? (answer.posts as IDataObject[]) : [];
		const found = posts.find((post) => post?.id === postId);
		if (found) return { found, posts };
	}
	// The range searched: from the earliest window's start to the latest one's end.
	const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
	const from = day(now - SEARCH_WINDOWS.before * SPAN_MS);
	return { from, to: day(now + SEARCH_WINDOWS.ahead * SPAN_MS) };
}

/** Step 2: the post of this id, still changeable, or why not (published, or in no window). */
export async function findPost(
	context: IExecuteSingleFunctions,
	postId: string,
	now: number,
	near?: number,
): Promise<CurrentPost | NodeProblem> {
	const listed = await lookUpPost(context, postId, now, near);
	if (!('found' in listed))
		return { kind: 'node', code: 'postNotFound', field: 'postId', postId, ...listed };
	const post = readPost(listed.found, groupMates(listed.posts, listed.found));
	if (post.state !== 'PUBLISHED') return post;
	const { publishDate } = post;
	return { kind: 'node', code: 'postPublished', field: 'postId', postId, publishDate };
}
