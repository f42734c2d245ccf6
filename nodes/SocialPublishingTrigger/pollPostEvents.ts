import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';
import {
	advance,
	EMPTY_CURSOR,
	isNew,
	isPastCursor,
	readCursor,
	type Cursor,
	type Notification,
} from './cursor';
import { assignReasons, REASON_NOT_GIVEN, reasonsUnread, type Reason } from './failureReasons';
import { listNotifications } from './listNotifications';
import { listPosts } from './listPosts';
import { MAX_RANGE_DAYS } from '../SocialPublishing/resources/post/getMany';
import {
	DAY_MS,
	diffPosts,
	holdFailures,
	MAX_WATCHED_POSTS,
	POST_EVENTS,
	readSnapshot,
	type PostEvent,
	type PostEventName,
	type Range,
	type Snapshot,
} from './postEvents';
import { stateStore } from './stateStore';
import {
	NO_EVENT_CHOSEN,
	NO_EVENT_CHOSEN_FIX,
	realTestEvent,
	reasonOfTestFailure,
	sampleTestEvent,
} from './testEvent';

export const DEFAULT_DAYS_BACK = 7;
export const DEFAULT_DAYS_AHEAD = 60;
/** GET /posts covers at most 370 days in one request (spec 8): the range is one request. */
export { MAX_RANGE_DAYS };
/** Pages of GET /notifications read at most for failures' reasons (100 a page). */
export const MAX_REASON_PAGES = 3;
const DEFAULT_TIMEOUT_SECONDS = 30;

interface Settings {
	events: PostEventName[];
	channels: string[];
	daysBack: number;
	daysAhead: number;
	includeExisting: boolean;
	timeoutMs: number;
}

function settingsOf(context: IPollFunctions): Settings {
	const options = context.getNodeParameter('postOptions', {}) as IDataObject;
	const whole = (value: unknown, fallback: number, name: string, min = 0): number => {
		const n = value === undefined || value === '' ? fallback : Number(value);
		if (!Number.isInteger(n) || n < min) {
			throw new NodeOperationError(
				context.getNode(),
				`Options → ${name} must be a whole number of ${min} or more (got ${String(value)})`,
			);
		}
		return n;
	};
	const daysBack = whole(options.daysBack, DEFAULT_DAYS_BACK, 'Days Back');
	const daysAhead = whole(options.daysAhead, DEFAULT_DAYS_AHEAD, 'Days Ahead');
	if (daysBack + daysAhead > MAX_RANGE_DAYS) {
		throw new NodeOperationError(
			context.getNode(),
			`Options → Days Back (${daysBack}) and Days Ahead (${daysAhead}) add up to more than ${MAX_RANGE_DAYS} days`,
			{
				description: `GET /posts reads at most ${MAX_RANGE_DAYS} days in one request; shorten one of them.`,
			},
		);
	}
	const events = context.getNodeParameter('postEvents', [...POST_EVENTS]) as unknown;
	const channels = context.getNodeParameter('channels', []) as unknown;
	return {
		events: (Array.isArray(events) ? events : []).filter((e): e is PostEventName =>
			(POST_EVENTS as readonly string[]).includes(String(e)),
		),
		channels: (Array.isArray(channels) ? channels : []).map(String),
		daysBack,
		daysAhead,
		includeExisting: options.includeExisting === true,
		timeoutMs: whole(options.timeout, DEFAULT_TIMEOUT_SECONDS, 'Timeout (Seconds)', 1) * 1000,
	};
}

const picked = (settings: Settings, event: PostEvent) =>
	settings.events.includes(event.event) &&
	(settings.channels.length === 0 || settings.channels.includes(event.channel.id));

function toItem(
	event: PostEvent,
	reason: Reason | undefined,
	warning?: string,
): INodeExecutionData {
	return {
		json: {
			event: event.event,
			postId: event.postId,
			channel: { ...event.channel },
			stateBefore: event.stateBefore,
			stateAfter: event.stateAfter,
			dateBefore: event.dateBefore,
			dateAfter: event.dateAfter,
			...(event.changes ? { changes: event.changes } : {}),
			releaseURL: event.releaseURL,
			reason: reason?.reason ?? null,
			...(reason?.reasonNote ? { reasonNote: reason.reasonNote } : {}),
			...(reason?.reasonNotification ? { reasonNotification: reason.reasonNotification } : {}),
			...(reason?.reasonCandidates ? { reasonCandidates: reason.reasonCandidates } : {}),
			text: event.text,
			...(event.repetitionDate ? { repetitionDate: event.repetitionDate } : {}),
			...(event.enteredRange ? { enteredRange: true } : {}),
			...(event.note ? { note: event.note } : {}),
			post: event.post,
			...(warning ? { pollWarning: warning } : {}),
		},
	};
}

/**
 * Notifications written since `mark`, newest first: pages until one reaches it, at most
 * MAX_REASON_PAGES. Returns the mark moved over all it read.
 */
async function notificationsSince(
	context: IPollFunctions,
	mark: Cursor,
	timeoutMs: number,
): Promise<{ unseen: Notification[]; mark: Cursor }> {
	const unseen: Notification[] = [];
	for (let page = 0; page < MAX_REASON_PAGES; page++) {
		const answer = await listNotifications.call(context, page, timeoutMs);
		let reached = false;
		for (const n of answer.notifications) {
			if (isPastCursor(mark, n)) reached = true;
			else if (isNew(mark, n) && !unseen.some((m) => m.id === n.id)) unseen.push(n);
		}
		if (reached || !answer.hasMore || answer.notifications.length === 0) break;
	}
	return { unseen, mark: advance(mark, unseen) };
}

const markOf = (snapshot: Snapshot | undefined): Cursor => {
	const read = readCursor({ cursor: snapshot?.mark });
	return read.kind === 'good' || read.kind === 'timeOnly' ? read.cursor : EMPTY_CURSOR;
};

function rangeOf(settings: Settings, now: number): Range {
	return { from: now - settings.daysBack * DAY_MS, to: now + settings.daysAhead * DAY_MS };
}

/**
 * "Fetch Test Event": one item of a chosen event, from the listed post nearest to now whose state
 * shows it, else a sample of one marked as such (testEvent.ts). Nothing is stored.
 */
async function sample(
	context: IPollFunctions,
	settings: Settings,
): Promise<INodeExecutionData[][]> {
	if (settings.events.length === 0) {
		throw new NodeOperationError(context.getNode(), NO_EVENT_CHOSEN, {
			description: NO_EVENT_CHOSEN_FIX,
		});
	}
	const now = Date.now();
	const range = rangeOf(settings, now);
	const listing = await listPosts.call(context, range, settings.timeoutMs);
	const mine = listing.filter(
		(p) => settings.channels.length === 0 || settings.channels.includes(p.channel.id),
	);
	const real = realTestEvent(mine, settings.events, now);
	if (real) {
		const reason =
			real.event === 'postFailed'
				? await reasonOfTestFailure(context, real, settings.timeoutMs)
				: undefined;
		return [[toItem(real, reason)]];
	}
	const made = sampleTestEvent(settings.events, mine[0]?.channel, range, now);
	const item = toItem(made.event, made.reason);
	return [[{ json: { sample: true, sampleNote: made.sampleNote, ...item.json } }]];
}

const triggerNamed = (context: IPollFunctions) =>
	`Social Publishing Trigger "${context.getNode().name}"`;

/**
 * The whole poll for post events: one GET /posts, GET /notifications only when a failure to emit
 * needs its reason (and once on the first poll, to mark where reasons start). A failure whose
 * notification is not written yet is emitted one poll later, with it when it came. Static data is
 * written once, after every request succeeded, and only when it changed.
 */
export async function pollPostEvents(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = settingsOf(this);
	if (this.getMode() === 'manual') return await sample(this, settings);

	const store = stateStore(this);
	const stored = store.data.posts;
	const previous = readSnapshot(stored);
	if (stored !== undefined && !previous) {
		this.logger.warn(
			`${triggerNamed(this)}: the post snapshot it keeps between polls was not one it writes. It starts again as a first poll: no event for the posts listed now.`,
			{ workflowId: this.getWorkflow().id, node: this.getNode().name },
		);
	}
	const now = Date.now();
	const range = rangeOf(settings, now);
	const listing = await listPosts.call(this, range, settings.timeoutMs);
	const includeExisting = settings.includeExisting && stored === undefined;
	const diff = diffPosts(previous, listing, range, now, includeExisting);

	let mark = markOf(previous);
	const reasons = new Map<PostEvent, Reason>();
	let held: PostEvent[] = [];
	const failures = diff.events.filter((e) => e.event === 'postFailed');
	if (!previous) {
		// Where failures' reasons start: nothing written before activation is a later failure's. The
		// newest page alone marks it.
		const newest = await listNotifications.call(this, 0, settings.timeoutMs);
		mark = advance(EMPTY_CURSOR, newest.notifications);
	} else if (failures.length > 0 && settings.events.includes('postFailed')) {
		// Read for every failure, picked channel or not: the mark moves past each one's notification,
		// which a later failure of another channel of the same platform could otherwise claim.
		try {
			const read = await notificationsSince(this, mark, settings.timeoutMs);
			mark = read.mark;
			const assigned = assignReasons(
				failures.map((f) => f.channel),
				read.unseen,
			);
			failures.forEach((f, index) => reasons.set(f, assigned[index]));
			// The service writes ERROR, then the notification: one poll between the two finds none.
			// Such a failure waits one poll for it (once; a post still listed).
			held = failures.filter(
				(f) => !f.held && f.post !== null && reasons.get(f)?.reasonNote === REASON_NOT_GIVEN,
			);
		} catch (error) {
			// The events are not held back for their reasons: each says it was not read.
			const why = (error as Error).message;
			failures.forEach((f) => reasons.set(f, { reason: null, reasonNote: reasonsUnread(why) }));
		}
	}
	const next: Snapshot = holdFailures({ ...diff.next, mark }, held);
	// Written only when it changes, so an idle poll leaves nothing for n8n to commit.
	if (JSON.stringify(next) !== JSON.stringify(stored)) store.save('posts', next);

	const warnings: string[] = [];
	if (diff.unwatched) {
		warnings.push(
			`GET /posts listed more than ${MAX_WATCHED_POSTS} posts: the ${MAX_WATCHED_POSTS} nearest to now are watched (${new Date(diff.unwatched.range.from).toISOString()} to ${new Date(diff.unwatched.range.to).toISOString()}), ${diff.unwatched.count} others are not. Shorten Options → Days Back / Days Ahead.`,
		);
	}
	if (store.aside) {
		warnings.push(
			`The data n8n keeps for this trigger between polls is not an object (${store.aside.reason}): its snapshot is kept in ${store.aside.where} instead.`,
		);
	}
	const warning = warnings.length > 0 ? warnings.join(' ') : undefined;
	const items = diff.events
		.filter((e) => !held.includes(e) && picked(settings, e))
		.map((e) => toItem(e, reasons.get(e), warning));
	return items.length > 0 ? [items] : null;
}
