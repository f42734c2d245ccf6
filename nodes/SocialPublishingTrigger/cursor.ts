/**
 * What the trigger remembers between polls, and the rules that decide whether a notification is
 * new. Pure functions over plain data: the poll reads pages, these decide.
 *
 * The service lists notifications newest first with offset pages and no "since" filter, so the
 * cursor is the newest `createdAt` already emitted plus the ids seen at exactly that time
 * (several notifications may share one timestamp, and a page may end in the middle of them).
 * The state is bounded: only ids at one timestamp are kept, at most MAX_BOUNDARY_IDS of them, each
 * at most MAX_ID_LENGTH characters; past either, the instant is closed as a whole.
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
	/**
	 * Set when the ids of `createdAt` could not be kept (too many, too long): all of that instant
	 * counts as seen.
	 */
	allAtCreatedAt?: boolean;
}

/**
 * Past this many notifications sharing one instant, the instant is closed as a whole (bounded
 * state).
 */
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
 * is newest first, so nothing on later pages can be new (within its own page the order is not
 * relied on: the poll judges the whole page). (A notification at the boundary instant proves
 * nothing: an unseen one of the same instant may follow it.)
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
	for (const n of handled)
		if (timeOf(n) === newest && !sameInstant.includes(n.id)) sameInstant.push(n.id);
	if (
		sameInstant.length > MAX_BOUNDARY_IDS ||
		sameInstant.some((id) => id.length > MAX_ID_LENGTH)
	) {
		return { createdAt: newestItem.createdAt, ids: [], allAtCreatedAt: true };
	}
	return { createdAt: newestItem.createdAt, ids: sameInstant };
}

/** The cursor before any notification exists: everything that appears later is new. */
export const EMPTY_CURSOR: Cursor = { createdAt: null, ids: [] };

/**
 * Ids longer than this are not kept (the service's ids are UUIDs, 36 characters): the instant is
 * closed instead.
 */
export const MAX_ID_LENGTH = 200;

/**
 * A stored time longer than this is not one the trigger wrote (an ISO 8601 timestamp is about 30
 * characters).
 */
const MAX_TIME_LENGTH = 64;

/**
 * What static data holds under `cursor`, judged against what the trigger itself writes:
 * - `never`: nothing stored, the trigger never polled (first activation);
 * - `good`: a cursor as the trigger writes it;
 * - `timeOnly`: its time is a good one but the rest is not: the cursor keeps that time and closes
 *   its instant (nothing at or before it is emitted again; a notification of that very millisecond
 *   not yet emitted would be passed over, which `reason` lets the poll say);
 * - `unusable`: no time to start from; `reason` says why, in words for n8n's log.
 */
export type StoredCursor =
	| { kind: 'never' }
	| { kind: 'good'; cursor: Cursor }
	| { kind: 'timeOnly'; cursor: Cursor; reason: string }
	| { kind: 'unusable'; reason: string };

/**
 * Milliseconds of an ISO 8601 time, or undefined when it is not text the trigger would have stored.
 */
function storedTime(value: string): number | undefined {
	if (value.length > MAX_TIME_LENGTH) return undefined;
	const at = Date.parse(value);
	return Number.isFinite(at) ? at : undefined;
}

/** What a stored value is instead of a position, in words for n8n's log. */
export function whatItIs(value: unknown): string {
	if (value === null) return 'it is empty (null)';
	if (Array.isArray(value)) return 'it is a list';
	if (typeof value === 'string') return 'it is text';
	if (typeof value === 'number') return 'it is a number';
	if (typeof value === 'boolean') return 'it is true or false';
	return 'it is not a position';
}

/** Why the ids part is not one the trigger writes; undefined when it is. */
function idsProblem(stored: Record<string, unknown>): string | undefined {
	const ids = stored.ids;
	// The length first: a huge list is refused without walking it.
	if (!Array.isArray(ids)) return 'its ids are not a list of ids';
	if (ids.length > MAX_BOUNDARY_IDS) {
		return `it holds ${ids.length} ids, more than the ${MAX_BOUNDARY_IDS} it keeps`;
	}
	if (!ids.every((id) => typeof id === 'string')) return 'its ids are not a list of ids';
	if (ids.some((id: string) => id.length > MAX_ID_LENGTH))
		return 'an id is longer than any it keeps';
	if (stored.allAtCreatedAt !== undefined && typeof stored.allAtCreatedAt !== 'boolean') {
		return 'its "whole instant seen" mark is not true or false';
	}
	return undefined;
}

/**
 * Reads the cursor back from static data, telling a cursor the trigger wrote from anything else.
 */
export function readCursor(staticData: Record<string, unknown>): StoredCursor {
	if (!('cursor' in staticData) || staticData.cursor === undefined) return { kind: 'never' };
	const stored = staticData.cursor;
	if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
		return { kind: 'unusable', reason: whatItIs(stored) };
	}
	const fields = stored as Record<string, unknown>;
	const problem = idsProblem(fields);
	const createdAt = fields.createdAt;
	if (createdAt === undefined) return { kind: 'unusable', reason: 'its time is missing' };
	if (createdAt === null) {
		const holdsIds = Array.isArray(fields.ids) && fields.ids.length > 0;
		if (problem || holdsIds || fields.allAtCreatedAt === true) {
			return {
				kind: 'unusable',
				reason: problem ?? 'it says no notification existed, yet names some as seen',
			};
		}
		return { kind: 'good', cursor: { createdAt: null, ids: [] } };
	}
	if (typeof createdAt !== 'string') return { kind: 'unusable', reason: 'its time is not text' };
	if (storedTime(createdAt) === undefined)
		return { kind: 'unusable', reason: 'its time is not a date' };
	if (problem)
		return {
			kind: 'timeOnly',
			reason: problem,
			cursor: { createdAt, ids: [], allAtCreatedAt: true },
		};
	return {
		kind: 'good',
		cursor: {
			createdAt,
			ids: [...(fields.ids as string[])],
			...(fields.allAtCreatedAt === true ? { allAtCreatedAt: true } : {}),
		},
	};
}

/**
 * Newest first, notifications of one instant in the order given: what the API promises, made sure
 * of (a page is not always sorted).
 */
export function newestFirst(notifications: Notification[]): Notification[] {
	return notifications
		.map((n, index) => ({ n, index }))
		.sort((a, b) => timeOf(b.n) - timeOf(a.n) || a.index - b.index)
		.map(({ n }) => n);
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
