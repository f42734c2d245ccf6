/**
 * Post events from two listings of GET /posts: pure functions over plain data (the poll reads,
 * these decide). The API gives a post's state and link but no timestamps, no error and no deleted
 * posts (service-notes, "A post's life after it is sent"), so an event is a difference between the
 * snapshot kept from the previous poll and the listing read now:
 * - Post Created: an id not in the snapshot (with `enteredRange` when its date was beyond the
 *   range read last time: it may have been created earlier);
 * - Post Changed: its text, settings, date, link or state (other than to PUBLISHED or ERROR)
 *   differ, with before and after;
 * - Post Published / Post Failed: its state became PUBLISHED / ERROR; a repeating post (one id,
 *   listed once per repetition) is published again when its link changes, once per repetition;
 *   a failure the poll held back for its notification (`holdFailures`) comes out on the next diff;
 * - Post Deleted: an id of the snapshot whose date is still inside the range read and that is no
 *   longer listed: deleted, or its date moved outside the range (the API cannot tell which).
 * The snapshot is bounded (MAX_WATCHED_POSTS): past it, the posts nearest to now are watched.
 */
import type { IDataObject } from 'n8n-workflow';

export const POST_EVENTS = [
	'postCreated',
	'postChanged',
	'postPublished',
	'postFailed',
	'postDeleted',
] as const;
export type PostEventName = (typeof POST_EVENTS)[number];

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Posts the snapshot holds at most (about 200 bytes each in the workflow's static data: 1 MB). */
export const MAX_WATCHED_POSTS = 5000;

/** A post as GET /posts lists it at one repetition, read into the trigger's words. */
export interface ListedPost {
	id: string;
	channel: PostChannel;
	/** The listed `publishDate`: the repetition's date for a repeating post (ISO 8601). */
	date: string;
	/** Production's `actualDate` (a repeating post's own first date), when listed. */
	firstDate?: string;
	/** Repeat interval in days; null when the post does not repeat. */
	interval: number | null;
	state: string;
	releaseURL: string | null;
	content: string;
	/** The settings, parsed when listed as JSON text (production). */
	settings: unknown;
	/** The post as listed. */
	raw: IDataObject;
}

export interface PostChannel {
	id: string;
	name: string | null;
	platform: string | null;
}

/** One post of the snapshot, in short keys: the static data is written with the workflow. */
interface Kept {
	/** state */
	s: string;
	/** date (ms): the post's own date; for a repeating post, one of its repetitions */
	d: number;
	/** repeat interval in days, 0 when none */
	i: number;
	/** fingerprint of the text */
	c: string;
	/** fingerprint of the settings */
	g: string;
	/** fingerprint of the link, '' when none */
	u: string;
	/** channel id (its name and platform are in `channels`) */
	ch: string;
	/**
	 * Present while its Post Failed is held back for the notification (`holdFailures`): the state
	 * before the failure (null for a post first listed failed).
	 */
	p?: string | null;
}

/** What the trigger keeps between polls under `posts`. */
export interface Snapshot {
	v: 1;
	/** The range the previous poll read (ms): a post dated outside it was not listed then. */
	from: number;
	to: number;
	posts: Record<string, Kept>;
	channels: Record<string, { n: string | null; p: string | null }>;
	/**
	 * The newest notification already read for failures' reasons (cursor.ts `Cursor`): a reason
	 * is taken only from a notification written after it.
	 */
	mark?: { createdAt: string | null; ids: string[]; allAtCreatedAt?: boolean };
}

export interface PostEvent {
	event: PostEventName;
	postId: string;
	channel: PostChannel;
	stateBefore: string | null;
	stateAfter: string | null;
	dateBefore: string | null;
	dateAfter: string | null;
	/** Post Changed: what changed (`text`, `settings`, `date`, `link`, `state`). */
	changes?: string[];
	releaseURL: string | null;
	text: string | null;
	/** The post as listed (null for Post Deleted: it is no longer listed). */
	post: IDataObject | null;
	/** A repeating post's repetition this event is about. */
	repetitionDate?: string;
	/** Post Created: its date came into the range read since the previous poll. */
	enteredRange?: boolean;
	/** A sentence for what the API cannot tell (Post Deleted, Created on entering the range). */
	note?: string;
	/** Post Failed held back by the previous poll (`holdFailures`): not held again. Not output. */
	held?: true;
}

export interface Range {
	from: number;
	to: number;
}

/** 53-bit FNV-1a style fingerprint: two 32-bit lanes, as hex (equal text, equal fingerprint). */
export function fingerprint(text: string): string {
	let a = 0x811c9dc5;
	let b = 0x01000193;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		a = Math.imul(a ^ code, 0x01000193) >>> 0;
		b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
	}
	return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** JSON with keys sorted, so that settings listed in another key order read as the same. */
export function stableJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.entries(value as Record<string, unknown>)
			.filter(([, v]) => v !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
	}
	return JSON.stringify(value ?? null);
}

/** One post of a listing, its repetitions together (a listing may name a repetition twice). */
interface Seen {
	post: ListedPost;
	/** Dates of its listed repetitions (ms), sorted, each once. */
	dates: number[];
}

function group(listing: ListedPost[]): Map<string, Seen> {
	const byId = new Map<string, Seen>();
	for (const post of listing) {
		const at = Date.parse(post.date);
		if (!Number.isFinite(at)) continue;
		const seen = byId.get(post.id);
		if (!seen) byId.set(post.id, { post, dates: [at] });
		else if (!seen.dates.includes(at)) seen.dates.push(at);
	}
	for (const seen of byId.values()) seen.dates.sort((x, y) => x - y);
	return byId;
}

/** The post's own date as kept: `actualDate` when listed, else its earliest listed repetition. */
function ownDate(seen: Seen): number {
	const first = seen.post.firstDate ? Date.parse(seen.post.firstDate) : NaN;
	return Number.isFinite(first) ? first : seen.dates[0];
}

function keptOf(seen: Seen): Kept {
	const { post } = seen;
	return {
		s: post.state,
		d: ownDate(seen),
		i: post.interval ?? 0,
		c: fingerprint(post.content),
		g: fingerprint(stableJson(post.settings)),
		u: post.releaseURL ? fingerprint(post.releaseURL) : '',
		ch: post.channel.id,
	};
}

/**
 * True when the date changed. A repeating post listed without `actualDate` is kept at its earliest
 * listed repetition, which moves as the range moves: only a move off its schedule is a change.
 */
function dateChanged(before: Kept, after: Kept): boolean {
	if (before.i !== after.i) return true;
	if (before.i === 0) return before.d !== after.d;
	return (after.d - before.d) % (before.i * DAY_MS) !== 0;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The repetition an event of a repeating post is about: the listed one nearest to now. */
function nearestRepetition(seen: Seen, now: number): number {
	return seen.dates.reduce((best, at) => (Math.abs(at - now) < Math.abs(best - now) ? at : best));
}

const within = (at: number, range: Range) => at >= range.from && at <= range.to;

/** True when a kept post would be listed in `range` (a repeating one: any repetition in it). */
function listedIn(kept: Kept, range: Range): boolean {
	if (kept.i === 0) return within(kept.d, range);
	if (kept.d > range.to) return false;
	const step = kept.i * DAY_MS;
	const next =
		kept.d >= range.from ? kept.d : kept.d + Math.ceil((range.from - kept.d) / step) * step;
	return next <= range.to;
}

export const DELETED_NOTE = (range: Range) =>
	`The post is no longer listed between ${iso(range.from)} and ${iso(range.to)}: it was deleted, or its date moved outside that range. The API does not tell which.`;

export const ENTERED_RANGE_NOTE = (previousTo: number) =>
	`Its date is after ${iso(previousTo)}, the end of the range read by the previous poll: it may have been created before that poll.`;

export interface Diff {
	events: PostEvent[];
	next: Snapshot;
	/** Set when more posts were listed than the snapshot keeps: how many were left unwatched. */
	unwatched?: { count: number; range: Range };
}

/**
 * The events between the snapshot of the previous poll (undefined on a first poll) and a listing
 * of `range` read at `now` (this machine's clock), and the snapshot to keep. On a first poll no
 * event comes out unless `includeExisting` (one Post Created per listed post).
 */
export function diffPosts(
	previous: Snapshot | undefined,
	listing: ListedPost[],
	range: Range,
	now: number,
	includeExisting = false,
): Diff {
	let seen = group(listing);
	let watched = range;
	let unwatched: Diff['unwatched'];
	if (seen.size > MAX_WATCHED_POSTS) {
		// The posts nearest to now are watched; the range shrinks to a distance none left out has.
		const distance = (s: Seen) => Math.abs(nearestRepetition(s, now) - now);
		const sorted = [...seen.values()].sort((x, y) => distance(x) - distance(y));
		const cutAt = distance(sorted[MAX_WATCHED_POSTS]);
		const kept = sorted.filter((s) => distance(s) < cutAt);
		watched = {
			from: Math.max(range.from, now - cutAt + 1),
			to: Math.min(range.to, now + cutAt - 1),
		};
		unwatched = { count: seen.size - kept.length, range: watched };
		seen = new Map(kept.map((s) => [s.post.id, s]));
	}

	const events: PostEvent[] = [];
	// Maps, not objects, while building: an id such as "constructor" or "__proto__" is only an id.
	const posts = new Map<string, Kept>();
	const channels = new Map<string, Snapshot['channels'][string]>();
	const keptBefore = new Map(Object.entries(previous?.posts ?? {}));
	const channelsBefore = new Map(Object.entries(previous?.channels ?? {}));
	const keepChannel = (channel: PostChannel) => {
		channels.set(channel.id, { n: channel.name, p: channel.platform });
	};

	for (const [id, current] of seen) {
		const after = keptOf(current);
		posts.set(id, after);
		keepChannel(current.post.channel);
		const before = keptBefore.get(id);
		const { post } = current;
		const base = {
			postId: id,
			channel: post.channel,
			releaseURL: post.releaseURL,
			text: post.content,
			post: post.raw,
			...(post.interval ? { repetitionDate: iso(nearestRepetition(current, now)) } : {}),
		};
		const dateAfter = post.interval ? iso(nearestRepetition(current, now)) : iso(after.d);
		if (!before) {
			if (!previous && !includeExisting) continue;
			const lastRange = previous ?? { from: -Infinity, to: Infinity };
			const wasInRange = current.dates.some((at) => within(at, lastRange));
			const entered = !wasInRange && current.dates.every((at) => at > lastRange.to);
			// Older than anything read before (the range grew backwards, or the clock went back).
			if (!wasInRange && !entered) continue;
			events.push({
				event: 'postCreated',
				...base,
				stateBefore: null,
				stateAfter: after.s,
				dateBefore: null,
				dateAfter,
				...(entered && previous
					? { enteredRange: true, note: ENTERED_RANGE_NOTE(previous.to) }
					: {}),
			});
			// Created and sent between two polls: its fate is an event too.
			if (previous && after.s === 'PUBLISHED')
				events.push(terminal('postPublished', base, null, after, dateAfter));
			if (previous && after.s === 'ERROR')
				events.push(terminal('postFailed', base, null, after, dateAfter));
			continue;
		}
		// Held back by the previous poll for its notification: it comes out now, whatever came since.
		if (before.p !== undefined) events.push(heldFailure(before, base.channel, base));
		const published =
			after.s === 'PUBLISHED' &&
			(before.s !== 'PUBLISHED' || (after.i > 0 && after.u !== '' && after.u !== before.u));
		const failed = after.s === 'ERROR' && before.s !== 'ERROR';
		const changes: string[] = [];
		if (before.c !== after.c) changes.push('text');
		if (before.g !== after.g) changes.push('settings');
		if (dateChanged(before, after)) changes.push('date');
		if (before.u !== after.u && !published) changes.push('link');
		if (before.s !== after.s && !published && !failed) changes.push('state');
		if (changes.length > 0) {
			events.push({
				event: 'postChanged',
				...base,
				changes,
				stateBefore: before.s,
				stateAfter: after.s,
				dateBefore: iso(before.d),
				dateAfter: post.interval ? iso(after.d) : dateAfter,
			});
		}
		if (published) events.push(terminal('postPublished', base, before, after, dateAfter));
		if (failed) events.push(terminal('postFailed', base, before, after, dateAfter));
	}

	for (const [id, kept] of keptBefore) {
		if (seen.has(id)) continue;
		const channel = channelsBefore.get(kept.ch);
		const text = (value: unknown) => (typeof value === 'string' ? value : null);
		const postChannel = { id: kept.ch, name: text(channel?.n), platform: text(channel?.p) };
		const { p: heldFrom, ...before } = kept;
		if (heldFrom !== undefined) {
			events.push(
				heldFailure(kept, postChannel, { postId: id, releaseURL: null, text: null, post: null }),
			);
		}
		if (listedIn(before, watched)) {
			events.push({
				event: 'postDeleted',
				postId: id,
				channel: postChannel,
				stateBefore: before.s,
				stateAfter: null,
				dateBefore: iso(before.d),
				dateAfter: null,
				releaseURL: null,
				text: null,
				post: null,
				note: DELETED_NOTE(watched),
			});
		} else if (before.d > watched.to && posts.size < MAX_WATCHED_POSTS) {
			// Dated after the range (the clock went back, the range shrank): kept until it is in range.
			posts.set(id, before);
			keepChannel(postChannel);
		}
		// Dated before the range: it aged out of it, no event.
	}
	const next: Snapshot = {
		v: 1,
		from: watched.from,
		to: watched.to,
		posts: Object.fromEntries(posts),
		channels: Object.fromEntries(channels),
	};
	if (previous?.mark) next.mark = previous.mark;
	return { events, next, ...(unwatched ? { unwatched } : {}) };
}

/** The Post Failed a poll held back for its notification (`holdFailures`), as its failure was. */
function heldFailure(
	kept: Kept,
	channel: PostChannel,
	base: Pick<PostEvent, 'postId' | 'releaseURL' | 'text' | 'post' | 'repetitionDate'>,
): PostEvent {
	return {
		event: 'postFailed',
		...base,
		channel,
		stateBefore: kept.p ?? null,
		stateAfter: 'ERROR',
		dateBefore: kept.p === null ? null : iso(kept.d),
		dateAfter: iso(kept.d),
		held: true,
	};
}

/**
 * The snapshot to keep when the poll holds back these Post Failed events (still listed, not held
 * before) until the next poll: the service writes a failure's ERROR before its notification
 * (docs/real-backend.md, "Post events"), so a poll between the two finds no reason yet.
 */
export function holdFailures(next: Snapshot, failures: PostEvent[]): Snapshot {
	const posts = new Map(Object.entries(next.posts));
	for (const failure of failures) {
		const kept = posts.get(failure.postId);
		if (kept) posts.set(failure.postId, { ...kept, p: failure.stateBefore });
	}
	return { ...next, posts: Object.fromEntries(posts) };
}

function terminal(
	event: 'postPublished' | 'postFailed',
	base: Omit<PostEvent, 'event' | 'stateBefore' | 'stateAfter' | 'dateBefore' | 'dateAfter'>,
	before: Kept | null,
	after: Kept,
	dateAfter: string,
): PostEvent {
	return {
		event,
		...base,
		stateBefore: before?.s ?? null,
		stateAfter: after.s,
		dateBefore: before ? iso(before.d) : null,
		dateAfter,
	};
}

/** Milliseconds a Date can hold (ECMAScript: ±100,000,000 days around 1970). */
const MAX_TIME_MS = 8.64e15;
const isTime = (value: unknown): value is number =>
	typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_TIME_MS;
/** Longer repeat intervals are not ones the service lists (it counts in days). */
export const MAX_INTERVAL_DAYS = 100_000;

/** Reads the snapshot back; anything the trigger did not write reads as none (a first poll). */
export function readSnapshot(stored: unknown): Snapshot | undefined {
	if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return undefined;
	const s = stored as Record<string, unknown>;
	if (s.v !== 1 || !isTime(s.from) || !isTime(s.to)) return undefined;
	if (!s.posts || typeof s.posts !== 'object' || Array.isArray(s.posts)) return undefined;
	if (!s.channels || typeof s.channels !== 'object' || Array.isArray(s.channels)) return undefined;
	const posts = s.posts as Record<string, unknown>;
	if (Object.keys(posts).length > 2 * MAX_WATCHED_POSTS) return undefined;
	for (const kept of Object.values(posts)) {
		const k = kept as Record<string, unknown> | null;
		if (
			!k ||
			typeof k.s !== 'string' ||
			!isTime(k.d) ||
			!(Number.isInteger(k.i) && (k.i as number) >= 0 && (k.i as number) <= MAX_INTERVAL_DAYS) ||
			typeof k.c !== 'string' ||
			typeof k.g !== 'string' ||
			typeof k.u !== 'string' ||
			typeof k.ch !== 'string' ||
			!(k.p === undefined || k.p === null || typeof k.p === 'string')
		)
			return undefined;
	}
	return stored as Snapshot;
}
