import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';
import {
	advance,
	EMPTY_CURSOR,
	MAX_BOUNDARY_IDS,
	isNew,
	isPastCursor,
	kindOf,
	newestFirst,
	oldestFirst,
	readCursor,
	timeOf,
	type Cursor,
	type Notification,
	type NotificationKind,
} from './cursor';
import { listNotifications, PAGE_SIZE, type NotificationPage } from './listNotifications';
import { stateStore } from './stateStore';

export const DEFAULT_MAX_PER_POLL = 1000;
export const DEFAULT_TIMEOUT_SECONDS = 30;

interface Settings {
	maxPerPoll: number;
	includeOnFirstPoll: number;
	timeoutMs: number;
	kinds: NotificationKind[];
	contentContains: string;
}

function settingsOf(context: IPollFunctions): Settings {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const filters = context.getNodeParameter('filters', {}) as IDataObject;
	const whole = (value: unknown, fallback: number, min: number, name: string): number => {
		const n = value === undefined || value === '' ? fallback : Number(value);
		if (!Number.isInteger(n) || n < min) {
			throw new NodeOperationError(
				context.getNode(),
				`Options → ${name} must be a whole number of ${min} or more (got ${String(value)})`,
			);
		}
		return n;
	};
	const maxPerPoll = whole(
		options.maxPerPoll,
		DEFAULT_MAX_PER_POLL,
		1,
		'Max Notifications per Poll',
	);
	return {
		maxPerPoll,
		includeOnFirstPoll: Math.min(
			whole(options.includeOnFirstPoll, 0, 0, 'Include Latest on First Poll'),
			maxPerPoll,
		),
		timeoutMs: whole(options.timeout, DEFAULT_TIMEOUT_SECONDS, 1, 'Timeout (Seconds)') * 1000,
		kinds: Array.isArray(filters.kinds) ? (filters.kinds as NotificationKind[]) : [],
		contentContains: typeof filters.contentContains === 'string' ? filters.contentContains : '',
	};
}

function matches(settings: Settings, notification: Notification): boolean {
	if (settings.kinds.length > 0 && !settings.kinds.includes(kindOf(notification.content)))
		return false;
	const wanted = settings.contentContains.trim().toLowerCase();
	return wanted === '' || notification.content.toLowerCase().includes(wanted);
}

function toItem(notification: Notification, warning?: string): INodeExecutionData {
	return {
		json: {
			id: notification.id,
			content: notification.content,
			link: notification.link,
			createdAt: notification.createdAt,
			kind: kindOf(notification.content),
			...(warning ? { pollWarning: warning } : {}),
		},
	};
}

/**
 * Most pages one poll reads: the new ones it may emit and the ids of the cursor's instant, a page
 * each more for notifications written while it reads. Past it the service is listing the same
 * notifications again (pages that never reach the cursor): the poll stops and says so.
 */
export function maxTriggerPages(maxPerPoll: number): number {
	return Math.ceil((maxPerPoll + MAX_BOUNDARY_IDS) / PAGE_SIZE) + 2;
}

interface Reading {
	/** Unseen notifications, in the order read, each once. */
	unseen: Notification[];
	/** True when the read went down to what the cursor covers (or to the end of the list). */
	reached: boolean;
	/** Requests sent. */
	pages: number;
	/** Why it stopped before that, for the warning. */
	limit?: string;
	/** Page 0 as read: its first notification is the newest the service lists. */
	firstPage: NotificationPage;
}

/**
 * Pages 0, 1, ... until a page reaches what the cursor already covers (or the list ends), keeping
 * what is new. Pages shift while new notifications arrive between two page reads; a notification
 * seen twice is kept once, and none is skipped by such a shift (it only pushes items later).
 * Reads at most one page beyond Max Notifications per Poll: that page tells whether the burst fit.
 */
async function readUnseen(
	context: IPollFunctions,
	cursor: Cursor,
	settings: Settings,
): Promise<Reading> {
	const unseen: Notification[] = [];
	const seenIds = new Set<string>();
	const started = Date.now();
	const budgetMs =
		typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : Infinity;
	let slowestPageMs = 0;
	let firstPage: NotificationPage | undefined;
	for (let page = 0; ; page++) {
		const pageStarted = Date.now();
		const answer = await listNotifications.call(context, page, settings.timeoutMs);
		firstPage ??= answer;
		slowestPageMs = Math.max(slowestPageMs, Date.now() - pageStarted);
		// Every notification of the page is judged: a page is not always sorted newest first, and a
		// new one may follow one older than the cursor. Paging stops after the page that reached it.
		let reached = false;
		for (const n of answer.notifications) {
			if (isPastCursor(cursor, n)) reached = true;
			else if (isNew(cursor, n) && !seenIds.has(n.id)) {
				seenIds.add(n.id);
				unseen.push(n);
			}
		}
		// An empty page ends the list, whatever it says about more: nothing lies past it.
		if (reached || !answer.hasMore || answer.notifications.length === 0) {
			return { unseen, reached: true, pages: page + 1, firstPage };
		}
		if (page + 1 >= maxTriggerPages(settings.maxPerPoll)) {
			return {
				unseen,
				reached: false,
				pages: page + 1,
				limit: `the service still said there was more after ${page + 1} pages`,
				firstPage,
			};
		}
		if (unseen.length > settings.maxPerPoll) {
			return {
				unseen,
				reached: false,
				pages: page + 1,
				limit: `Max Notifications per Poll is ${settings.maxPerPoll}`,
				firstPage,
			};
		}
		// n8n abandons a poll that outlives its budget: stop early enough to hand over what was read.
		if (Date.now() - started + 2 * slowestPageMs > budgetMs) {
			return {
				unseen,
				reached: false,
				pages: page + 1,
				limit: 'the poll ran out of time',
				firstPage,
			};
		}
	}
}

/** The items to emit and, when some new ones are left out, the sentence that says so. */
function bounded(reading: Reading, settings: Settings): { emit: Notification[]; warning?: string } {
	const emit = newestFirst(reading.unseen).slice(0, settings.maxPerPoll);
	const skipped = reading.unseen.length - emit.length;
	if (reading.reached && skipped === 0) return { emit };
	const limit = reading.limit ?? `Max Notifications per Poll is ${settings.maxPerPoll}`;
	const left = reading.reached ? `${skipped}` : `at least ${skipped}`;
	return {
		emit,
		warning: `Stopped short (${limit}): emitted the newest ${emit.length} new notifications; ${left} older ones that arrived since the previous poll were skipped.`,
	};
}

/**
 * The ids of the cursor's instant guard against a notification written in that same millisecond
 * while the previous poll was reading. When a later poll finds nothing new and that instant alone
 * made it read more than one page, the instant is closed: a notification stamped with a time long
 * past is not expected (as for any time before the cursor), and each idle poll is one request
 * again.
 */
function closesInstant(cursor: Cursor, reading: Reading): boolean {
	return (
		reading.unseen.length === 0 &&
		reading.reached &&
		reading.pages > 1 &&
		cursor.createdAt !== null &&
		!cursor.allAtCreatedAt
	);
}

/**
 * First poll after activation: from now on, plus the latest N when asked. Also how the trigger
 * starts again from a stored state it did not write (with N = 0, reusing page 0 when it was already
 * read).
 */
async function firstPoll(
	context: IPollFunctions,
	settings: Settings,
	firstPage?: NotificationPage,
) {
	const latest: Notification[] = [];
	for (let page = 0; ; page++) {
		const answer =
			page === 0 && firstPage
				? firstPage
				: await listNotifications.call(context, page, settings.timeoutMs);
		for (const n of answer.notifications) if (!latest.some((m) => m.id === n.id)) latest.push(n);
		if (!answer.hasMore || answer.notifications.length === 0) break;
		// The newest instant must be read whole, or its unread part would look new next time: it goes
		// on when the page holds nothing older than it (pages are not always sorted within).
		const newest = latest.reduce((at, n) => Math.max(at, timeOf(n)), -Infinity);
		const newestInstantGoesOn = answer.notifications.every((n) => timeOf(n) === newest);
		if (latest.length >= settings.includeOnFirstPoll && !newestInstantGoesOn) break;
		if ((page + 1) * PAGE_SIZE >= settings.maxPerPoll) break;
	}
	// Everything listed now counts as seen, whether it is emitted or not.
	const cursor = advance(EMPTY_CURSOR, latest);
	return { cursor, emit: newestFirst(latest).slice(0, settings.includeOnFirstPoll) };
}

/**
 * A stored time later than the newest notification listed and than this machine's clock: the
 * trigger never writes one (it stores times of listed notifications), and left as it is, every
 * notification until that time would be passed over. (A time later than the newest listed but
 * already past is kept: the newest notifications were removed, and later ones will be newer than
 * it.)
 */
function isAheadOfEverything(cursor: Cursor, newestListed: Notification): boolean {
	if (cursor.createdAt === null) return false;
	const at = Date.parse(cursor.createdAt);
	return at > timeOf(newestListed) && at > Date.now();
}

const triggerNamed = (context: IPollFunctions) =>
	`Social Publishing Trigger "${context.getNode().name}"`;

const logContext = (context: IPollFunctions) => ({
	workflowId: context.getWorkflow().id,
	node: context.getNode().name,
});

/** n8n's log line for a stored state the trigger starts again from. */
function logStateNotWritten(context: IPollFunctions, what: string): void {
	context.logger.warn(
		`${triggerNamed(context)}: ${what}. It starts again from the newest notification and emits none of those listed now; notifications written since its last successful poll, if any, are not emitted.`,
		logContext(context),
	);
}

/** The whole poll. Static data is written once, after every request succeeded. */
export async function pollNotifications(
	this: IPollFunctions,
): Promise<INodeExecutionData[][] | null> {
	const settings = settingsOf(this);

	if (this.getMode() === 'manual') {
		// "Fetch test event": a sample from the first page; the cursor is left alone.
		const answer = await listNotifications.call(this, 0, settings.timeoutMs);
		const sample = answer.notifications.find((n) => matches(settings, n));
		if (!sample) {
			throw new NodeOperationError(
				this.getNode(),
				answer.notifications.length === 0
					? 'No notifications yet'
					: `None of the latest ${answer.notifications.length} notifications matches the filters`,
				{
					description:
						'Publish a post (the service writes a notification for each published or failed post), or loosen the filters, then fetch again.',
				},
			);
		}
		return [[toItem(sample)]];
	}

	const store = stateStore(this);
	const stored = readCursor(store.data);
	const startingAgain = { ...settings, includeOnFirstPoll: 0 };

	let emit: Notification[] = [];
	let next: Cursor;
	let warning: string | undefined;
	if (stored.kind === 'never' && store.aside) {
		// Nothing kept aside yet: whatever the node's data held, it cannot tell what was emitted.
		logStateNotWritten(
			this,
			`the data n8n keeps for it between polls is not an object (${store.aside.reason}), so it cannot keep its position there. It keeps it in ${store.aside.where} instead`,
		);
		({ cursor: next } = await firstPoll(this, startingAgain));
	} else if (stored.kind === 'never') {
		({ cursor: next, emit } = await firstPoll(this, settings));
	} else if (stored.kind === 'unusable') {
		// Nothing tells what was emitted: emitting none of what is listed now is the one choice that
		// repeats nothing.
		logStateNotWritten(
			this,
			`the position it keeps between polls was not one it writes (${stored.reason})`,
		);
		({ cursor: next } = await firstPoll(this, startingAgain));
	} else {
		const cursor = stored.cursor;
		if (stored.kind === 'timeOnly') {
			this.logger.warn(
				`${triggerNamed(this)}: part of the position it keeps between polls was not one it writes (${stored.reason}). It keeps the stored time ${String(cursor.createdAt)} and counts every notification of that exact time as emitted; later ones are emitted as usual.`,
				logContext(this),
			);
		}
		const reading = await readUnseen(this, cursor, settings);
		const newestListed = newestFirst(reading.firstPage.notifications)[0];
		if (newestListed && isAheadOfEverything(cursor, newestListed)) {
			logStateNotWritten(
				this,
				`the position it keeps between polls (${String(cursor.createdAt)}) is later than every notification the service lists (the newest is from ${newestListed.createdAt})`,
			);
			({ cursor: next } = await firstPoll(this, startingAgain, reading.firstPage));
		} else {
			// The cursor moves over everything read, the skipped part of a cut-short burst included.
			next = advance(cursor, reading.unseen);
			if (closesInstant(cursor, reading))
				next = { createdAt: cursor.createdAt, ids: [], allAtCreatedAt: true };
			({ emit, warning } = bounded(reading, settings));
		}
	}
	// Written only when it changes, so an idle poll leaves nothing for n8n to commit.
	if (stored.kind !== 'good' || next !== stored.cursor) store.save('cursor', next);

	// In the items, where the user sees it: n8n's log is read by fewer.
	if (store.aside) {
		const aside = `The data n8n keeps for this trigger between polls is not an object (${store.aside.reason}): its position is kept in ${store.aside.where} instead.`;
		warning = warning ? `${warning} ${aside}` : aside;
	}
	// Filters apply after the cursor moved: what they drop is not read again.
	const items = oldestFirst(emit)
		.filter((n) => matches(settings, n))
		.map((n) => toItem(n, warning));
	return items.length > 0 ? [items] : null;
}
