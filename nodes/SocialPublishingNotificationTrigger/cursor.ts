/**
 * What the trigger remembers between polls, and the rules that decide whether a notification is
 * new. Pure functions over plain data: the poll reads pages, these decide.
 *
 * The service lists notifications newest first with offset pages and no "since" filter, so the
 * cursor is the newest `createdAt` already emitted plus the ids seen at exactly that time
 * (several notifications may share one timestamp, and a page may end in the middle of them).
 * The state is bounded: only ids at one timestamp are kept, at most MAX_BOUNDARY_IDS of them.
 */

/** A notification as GET /notifications lists it (spec 2.4). */
export interface Notification {
	id: string;
	content: string;
	link: string | null;
	createdAt: string;
}

/** Stored in the node's static data under `cursor`. */
export interface Cursor {
	/** createdAt of the newest notification already handled; null: none existed yet (all are new). */
	createdAt: string | null;
	/** Ids handled whose createdAt equals `createdAt`. */
	ids: string[];
	/** Set when more than MAX_BOUNDARY_IDS shared `createdAt`: all of that instant counts as seen. */
	allAtCreatedAt?: boolean;
}

/** Past this many notifications sharing one instant, the instant is closed as a whole (bounded state). */
export const MAX_BOUNDARY_IDS = 1000;

export const timeOf = (notification: Pick<Notification, 'createdAt'>): number =>
	Date.parse(notification.createdAt);

/** True when the notification was not handled by an earlier poll. */
export function isNew(cursor: Cursor, notification: Notification): boolean {
	if (cursor.createdAt === null) return true;
	const at = timeOf(notification);
	const boundary = Date.parse(cursor.createdAt);
	if (at > boundary) return true;
	if (at < boundary) return false;
	return !cursor.allAtCreatedAt && !cursor.ids.includes(notification.id);
}

/**
 * True when the notification is older than everything the cursor may still be missing: the list
 * is newest first, so nothing after it on later pages can be new. (A notification at the boundary
 * instant proves nothing: an unseen one of the same instant may follow it.)
 */
export function isPastCursor(cursor: Cursor, notification: Notification): boolean {
	if (cursor.createdAt === null) return false;
	const at = timeOf(notification);
	const boundary = Date.parse(cursor.createdAt);
	return at < boundary || (at === boundary && cursor.allAtCreatedAt === true);
}

/**
 * The cursor after handling `handled` (notifications judged new by `isNew`, or every notification
 * read on a first poll). Unchanged when nothing was handled.
 */
export function advance(cursor: Cursor, handled: Notification[]): Cursor {
	if (handled.length === 0) return cursor;
	const newest = Math.max(...handled.map(timeOf));
	const newestItem = handled.find((n) => timeOf(n) === newest) as Notification;
	const sameInstant =
		cursor.createdAt !== null && Date.parse(cursor.createdAt) === newest && !cursor.allAtCreatedAt
			? [...cursor.ids]
			: [];
	for (const n of handled) if (timeOf(n) === newest && !sameInstant.includes(n.id)) sameInstant.push(n.id);
	if (sameInstant.length > MAX_BOUNDARY_IDS) {
		return { createdAt: newestItem.createdAt, ids: [], allAtCreatedAt: true };
	}
	return { createdAt: newestItem.createdAt, ids: sameInstant };
}

/** The cursor before any notification exists: everything that appears later is new. */
export const EMPTY_CURSOR: Cursor = { createdAt: null, ids: [] };

/** Reads a cursor back from static data; undefined when the trigger never polled (first activation). */
export function cursorFrom(staticData: Record<string, unknown>): Cursor | undefined {
	const stored = staticData.cursor as Partial<Cursor> | undefined;
	if (!stored || typeof stored !== 'object' || !Array.isArray(stored.ids)) return undefined;
	if (stored.createdAt !== null && typeof stored.createdAt !== 'string') return undefined;
	return {
		createdAt: stored.createdAt,
		ids: stored.ids.filter((id): id is string => typeof id === 'string'),
		...(stored.allAtCreatedAt === true ? { allAtCreatedAt: true } : {}),
	};
}

/** Oldest first; notifications of one instant keep the reverse of the API's newest-first order. */
export function oldestFirst(newestFirst: Notification[]): Notification[] {
	return newestFirst
		.map((n, index) => ({ n, index }))
		.sort((a, b) => timeOf(a.n) - timeOf(b.n) || b.index - a.index)
		.map(({ n }) => n);
}

export type NotificationKind = 'published' | 'failed' | 'other';

/** The kind of event when the text makes it plain; `other` otherwise (never guessed further). */
export function kindOf(content: string): NotificationKind {
	if (/\b(error|errors|failed|failure|could not|couldn't)\b/i.test(content)) return 'failed';
	if (/\bpublished\b/i.test(content)) return 'published';
	return 'other';
}
