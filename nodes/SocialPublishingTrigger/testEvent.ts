/**
 * "Fetch Test Event" on Trigger On → Post Events: one item, of an event the user chose. Pure but
 * for `reasonOfTestFailure`, which reads one page of notifications.
 * - Post Created, Published, Failed: the listed post nearest to now (on the channels watched)
 *   whose present state is that event's (any post was created; PUBLISHED; ERROR), as that event;
 *   a failed one with a reason from the newest notifications.
 * - Post Changed, Deleted: a difference between two polls, which one listing cannot show: never
 *   real.
 * - No real one: a sample of a chosen event (one that can be real first), every field the real
 *   event has, marked `sample: true` with `sampleNote` saying why; on a listed channel when any.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import type { Notification } from './cursor';
import { candidatesFor, reasonsUnread, type Reason } from './failureReasons';
import { listNotifications, PAGE_SIZE } from './listNotifications';
import {
	DELETED_NOTE,
	type ListedPost,
	type PostChannel,
	type PostEvent,
	type PostEventName,
	type Range,
} from './postEvents';

/** The events a present state can show, each with the listed state it needs (null: any). */
const FROM_STATE: Array<[PostEventName, string | null]> = [
	['postFailed', 'ERROR'],
	['postPublished', 'PUBLISHED'],
	['postCreated', null],
];
/** Then the events seen only between two polls. */
const BETWEEN_POLLS: PostEventName[] = ['postChanged', 'postDeleted'];

export const NO_EVENT_CHOSEN = 'No event is chosen under Post Events';
export const NO_EVENT_CHOSEN_FIX = 'Choose the events that start the workflow, then fetch again.';

export const SAMPLE_NO_POST = (what: string, range: Range) =>
	`This is a sample, not a real event: GET /posts lists no ${what} between ${iso(range.from)} and ${iso(range.to)} on the channels watched, so its values are made up for setting up the nodes after this trigger. Once active, the trigger emits real events only.`;

export const SAMPLE_BETWEEN_POLLS = (eventName: string) =>
	`This is a sample, not a real event: a ${eventName} is a difference between two polls, and GET /posts shows posts only as they are now, so none can be shown before the trigger runs; its values are made up for setting up the nodes after this trigger.`;

export const SAMPLE_FAILURE_REASON =
	'Sample failure reason: here comes the text of the failure notification the service writes for a failed post.';

// One line, so that the sentence stays whole for grep (a template Prettier does not break).
const TEST_REASON_NOT_FOUND = `No failure notification naming this channel or its platform, written at or after the post's date, is among the newest ${PAGE_SIZE}: the reason was not found.`;
export { TEST_REASON_NOT_FOUND };

const iso = (ms: number) => new Date(ms).toISOString();
const NAMES: Record<PostEventName, string> = {
	postCreated: 'Post Created',
	postChanged: 'Post Changed',
	postPublished: 'Post Published',
	postFailed: 'Post Failed',
	postDeleted: 'Post Deleted',
};

/** The event a listed post shows for the chosen events, the most telling first; undefined: none. */
export function eventOfListed(
	post: ListedPost,
	chosen: readonly PostEventName[],
): PostEventName | undefined {
	return FROM_STATE.find(
		([event, state]) => chosen.includes(event) && (state === null || post.state === state),
	)?.[0];
}

/** The listed post (already on the channels watched) nearest to now that shows a chosen event. */
export function realTestEvent(
	listing: ListedPost[],
	chosen: readonly PostEventName[],
	now: number,
): PostEvent | undefined {
	const distance = (p: ListedPost) => Math.abs(Date.parse(p.date) - now);
	const nearest = listing
		.filter((p) => eventOfListed(p, chosen) !== undefined)
		.sort((a, b) => distance(a) - distance(b))[0];
	if (!nearest) return undefined;
	// The state before is not known from one listing: null, as for a post first listed in it.
	return {
		event: eventOfListed(nearest, chosen)!,
		postId: nearest.id,
		channel: { ...nearest.channel },
		stateBefore: null,
		stateAfter: nearest.state,
		dateBefore: null,
		dateAfter: nearest.date,
		releaseURL: nearest.releaseURL,
		text: nearest.content,
		post: nearest.raw,
		...(nearest.interval ? { repetitionDate: nearest.date } : {}),
	};
}

const SAMPLE_CHANNEL: PostChannel = {
	id: 'sample-channel-id',
	name: 'Sample channel',
	platform: 'x',
};
const SAMPLE_POST_ID = 'sample-post-id';

export interface SampleEvent {
	event: PostEvent;
	reason: Reason | undefined;
	sampleNote: string;
}

/**
 * The sample of the first chosen event a listing could show (else of Post Changed or Deleted), with
 * the values the real event of its kind has; on `channel` when one is listed.
 */
export function sampleTestEvent(
	chosen: readonly PostEventName[],
	channel: PostChannel | undefined,
	range: Range,
	now: number,
): SampleEvent {
	const fromState = FROM_STATE.filter(([event]) => chosen.includes(event));
	const kind = fromState[0]?.[0] ?? BETWEEN_POLLS.find((event) => chosen.includes(event))!;
	const states = fromState.map(([, state]) => state);
	const what = states.includes(null) ? 'post' : `post in state ${states.join(' or ')}`;
	const at = iso(Math.floor(now / 60_000) * 60_000);
	const on = channel ?? SAMPLE_CHANNEL;
	const state = kind === 'postPublished' ? 'PUBLISHED' : kind === 'postFailed' ? 'ERROR' : 'QUEUE';
	const releaseURL = kind === 'postPublished' ? 'https://example.com/sample-published-post' : null;
	const text = 'Sample post text: here comes the text of the post.';
	const post: IDataObject = {
		id: SAMPLE_POST_ID,
		content: text,
		publishDate: at,
		releaseURL,
		releaseId: releaseURL ? 'sample-release-id' : null,
		state,
		intervalInDays: null,
		group: 'sample-group-id',
		creationMethod: 'API',
		settings: {},
		tags: [],
		integration: { id: on.id, providerIdentifier: on.platform, name: on.name, picture: null },
	};
	const common = { postId: SAMPLE_POST_ID, channel: { ...on }, releaseURL, dateAfter: at };
	const sampleNote =
		fromState.length > 0 ? SAMPLE_NO_POST(what, range) : SAMPLE_BETWEEN_POLLS(NAMES[kind]);
	if (kind === 'postDeleted') {
		const event: PostEvent = {
			...common,
			event: kind,
			stateBefore: 'QUEUE',
			stateAfter: null,
			dateBefore: at,
			dateAfter: null,
			text: null,
			post: null,
			note: DELETED_NOTE(range),
		};
		return { event, reason: undefined, sampleNote };
	}
	const event: PostEvent = {
		...common,
		event: kind,
		stateBefore: kind === 'postCreated' ? null : 'QUEUE',
		stateAfter: state,
		dateBefore: kind === 'postCreated' ? null : at,
		text,
		post,
		...(kind === 'postChanged' ? { changes: ['text'] } : {}),
	};
	const reason: Reason | undefined =
		kind === 'postFailed'
			? {
					reason: SAMPLE_FAILURE_REASON,
					reasonNotification: { id: 'sample-notification-id', createdAt: at },
				}
			: undefined;
	return { event, reason, sampleNote };
}

/**
 * A listed failed post's reason: of the failure notifications naming its channel (or its platform),
 * the first written at or after its date. (The poll pairs a failure with the notifications written
 * since its previous poll, which a test event does not have.)
 */
export function reasonOfListedFailure(
	failure: Pick<PostEvent, 'channel' | 'dateAfter'>,
	notifications: Notification[],
): Reason {
	const since = Date.parse(failure.dateAfter ?? '');
	const first = candidatesFor(failure.channel, notifications)
		.filter((n) => Date.parse(n.createdAt) >= since)
		.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))[0];
	if (!first) return { reason: null, reasonNote: TEST_REASON_NOT_FOUND };
	return {
		reason: first.content,
		reasonNotification: { id: first.id, createdAt: first.createdAt },
	};
}

/** The reason of a real failed post shown as the test event: one page of notifications read. */
export async function reasonOfTestFailure(
	context: IPollFunctions,
	failure: PostEvent,
	timeoutMs: number,
): Promise<Reason> {
	try {
		const page = await listNotifications.call(context, 0, timeoutMs);
		return reasonOfListedFailure(failure, page.notifications);
	} catch (error) {
		return { reason: null, reasonNote: reasonsUnread((error as Error).message) };
	}
}
