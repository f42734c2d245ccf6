import { NodeOperationError, type IExecuteSingleFunctions } from 'n8n-workflow';

import { runItems, runState, RunSlot, RunState } from './runState';

/**
 * All or nothing per run, for every write (Post → Create, Delete, Set Status, uploads...): n8n runs
 * the items of a declarative node concurrently, so without this a run whose second item breaks a
 * rule would create the first item's post (or delete its post) and fail, and running it again would
 * publish that post twice. Each item passes its checks, then waits here until every item of the run
 * has been checked; if any failed and Continue On Fail is off, none is sent, and every item fails
 * with the first failed item's own error (n8n shows one error of the run: it must be the problem to
 * fix, not "item 2 failed"), its description saying that nothing was sent for any item. With
 * Continue On Fail on, the valid items go on.
 */

interface Run {
	total: number;
	/**
	 * Items that began their checks in this attempt (n8n's Retry On Fail runs the same items again).
	 */
	started: Set<number>;
	/** Item index → the error of its checks, or undefined when they passed. */
	settled: Map<number, unknown>;
	/** Item index → its error's own description, before the run's sentence is added to it. */
	ownDescriptions: Map<number, string | undefined>;
	release: Array<() => void>;
	/** The run's second step (`uploadedWithTheOtherItems`): the items that passed these checks. */
	uploads?: Run;
	/**
	 * What the steps after the checks keep for this attempt (sendRecord.ts: the order and record of
	 * the run's writes; Post → Create's search for earlier posts): new with each attempt.
	 */
	attempt: RunState;
}

/** The run's batch (shared/runState.ts), started afresh by each attempt. */
const BATCH = new RunSlot<{ run?: Run }>('the all-or-nothing batch');

/**
 * An item that never reaches its checks (n8n refused a parameter before the request) must not hold
 * the others forever; items still checking are waited for.
 */
const WAIT_LIMIT_MS = 30_000;

/** The other items that failed, as the run's error names them after the first. */
function othersInWords(others: number[]): string {
	if (others.length === 0) return '';
	const items = `item${others.length > 1 ? 's' : ''} ${others.join(', ')}`;
	return ` (and ${items}, whose own errors show under Continue On Fail)`;
}
function newRun(total: number): Run {
	return {
		total,
		started: new Set(),
		settled: new Map(),
		ownDescriptions: new Map(),
		release: [],
		attempt: new RunState(),
	};
}

function runOf(context: IExecuteSingleFunctions, itemIndex: number): Run | undefined {
	const items = runItems(context);
	if (!items) return undefined;
	const batch = runState(context).get(BATCH, () => ({}));
	// An item starting again means a new attempt on the same items: its outcomes start afresh.
	if (!batch.run || batch.run.started.has(itemIndex)) batch.run = newRun(items.length);
	const run = batch.run;
	run.started.add(itemIndex);
	return run;
}

/**
 * Runs one item's checks, then holds its request until every item's checks are done (see above).
 * `waitLimitMs`: how long an item waits for one that has not started its checks (shorter in tests).
 */
export async function checkedWithTheOtherItems<T>(
	context: IExecuteSingleFunctions,
	checks: () => Promise<T>,
	waitLimitMs = WAIT_LIMIT_MS,
): Promise<T> {
	const itemIndex = context.getItemIndex();
	const run = runOf(context, itemIndex);
	if (!run) return await checks();
	// One item has no other to wait for, and its error needs no sentence about the others.
	if (run.total < 2) {
		let passed = false;
		try {
			const value = await checks();
			passed = true;
			return value;
		} finally {
			run.settled.set(itemIndex, passed ? undefined : 'its checks failed');
		}
	}
	return await heldForTheOthers(context, run, checks, waitLimitMs, nothingSent);
}

/**
 * The state of this item's attempt, kept from its checks on (`checkedWithTheOtherItems`) and new
 * with each attempt (n8n's Retry On Fail runs the same items again); undefined for an item that
 * did not go through them (or a context without the run's items).
 */
export function attemptOf(
	context: IExecuteSingleFunctions,
): { state: RunState; passed: number[] } | undefined {
	const run = runItems(context) && runState(context).get(BATCH, () => ({})).run;
	if (!run || !run.started.has(context.getItemIndex())) return undefined;
	const passed = [...run.settled]
		.filter(([, error]) => error === undefined)
		.map(([index]) => index)
		.sort((a, b) => a - b);
	return { state: run.attempt, passed };
}

/**
 * The run's second step, for writes a request needs before it is sent (the media of a post,
 * uploaded only once every item's checks passed): each item that passed `checkedWithTheOtherItems`
 * does its writes, then waits here for the others that passed; if one failed (an address the
 * service could not fetch), no item's request is sent, and the run's error says the files already
 * uploaded stay in the media library. Without Continue On Fail every item of such a run has passed
 * its checks.
 */
export async function uploadedWithTheOtherItems<T>(
	context: IExecuteSingleFunctions,
	uploads: () => Promise<T>,
	posts: PostWrite = 'created',
	waitLimitMs = WAIT_LIMIT_MS,
): Promise<T> {
	const itemIndex = context.getItemIndex();
	const checked = runItems(context) && runState(context).get(BATCH, () => ({})).run;
	if (!checked || !checked.started.has(itemIndex) || checked.total < 2) return await uploads();
	const passed = [...checked.settled.values()].filter((error) => error === undefined).length;
	if (!checked.uploads || checked.uploads.started.has(itemIndex)) checked.uploads = newRun(passed);
	const run = checked.uploads;
	run.started.add(itemIndex);
	return await heldForTheOthers(context, run, uploads, waitLimitMs, nothingPosted(posts));
}

/** The run's sentence after a failed item's own words: what was not sent, and how to go on. */
type RunSentence = (failedIndex: number, others: number[]) => string;

const nothingSent: RunSentence = (failedIndex, others) =>
	`Nothing was sent for any item of this run: the node sends all the items of a write run or none, so that running it again after a fix does nothing twice. Fix item ${failedIndex + 1}${othersInWords(others)}, or turn on Continue On Fail to send the valid items and get the others as error items.`;

/** What the writes held back after the uploads do to posts: Post → Create's, or Post → Update's. */
export type PostWrite = 'created' | 'changed';

const nothingPosted =
	(posts: PostWrite): RunSentence =>
	(failedIndex, others) =>
		`No post was ${posts} for any item of this run: the node sends all the items of a write run or none. The files uploaded for the run's items before this failure stay in the media library (Media → Get Many lists them); running again uploads them again. Fix item ${failedIndex + 1}${othersInWords(others)}, or turn on Continue On Fail to send the valid items and get the others as error items.`;

/** One item's step, then the wait for the run's other items in the same step (see above). */
async function heldForTheOthers<T>(
	context: IExecuteSingleFunctions,
	run: Run,
	step: () => Promise<T>,
	waitLimitMs: number,
	sentence: RunSentence,
): Promise<T> {
	const itemIndex = context.getItemIndex();
	let outcome: { value: T } | { error: unknown };
	try {
		outcome = { value: await step() };
	} catch (error) {
		outcome = { error };
	}
	const error = 'error' in outcome ? (outcome.error ?? new Error('the checks failed')) : undefined;
	run.settled.set(itemIndex, error);
	run.ownDescriptions.set(
		itemIndex,
		(error as { description?: string | null } | undefined)?.description ?? undefined,
	);
	if (run.settled.size >= run.total) run.release.splice(0).forEach((release) => release());
	else {
		// AbortSignal.timeout: a limit that never keeps the process alive once the wait is over. It is
		// for an item that never starts its checks; while every item has started, the wait goes on (an
		// item may be uploading a media URL, which the service may take a minute to fetch; each request
		// has its own timeout).
		const allChecked = await new Promise<boolean>((resolve) => {
			let limit = AbortSignal.timeout(waitLimitMs);
			const onLimit = () => {
				if (run.started.size < run.total) return resolve(false);
				limit = AbortSignal.timeout(waitLimitMs);
				limit.addEventListener('abort', onLimit, { once: true });
			};
			limit.addEventListener('abort', onLimit, { once: true });
			run.release.push(() => {
				limit.removeEventListener('abort', onLimit);
				resolve(true);
			});
		});
		if (!allChecked && !('error' in outcome)) {
			throw new NodeOperationError(
				context.getNode(),
				`Nothing was sent for item ${itemIndex + 1}: not every item of the run could be checked`,
				{
					itemIndex,
					description:
						'An item of this run stopped before its checks (see the other errors). Fix it and run again; no post was created.',
				},
			);
		}
	}
	const failed = [...run.settled]
		.filter(([, error]) => error !== undefined)
		.sort(([a], [b]) => a - b);
	if (failed.length === 0 || context.continueOnFail()) {
		if ('error' in outcome) throw outcome.error;
		return outcome.value;
	}
	const [firstIndex, firstError] = failed[0];
	const others = failed.slice(1).map(([index]) => index + 1);
	throw runError(
		context,
		firstIndex,
		firstError,
		run.ownDescriptions.get(firstIndex),
		sentence(firstIndex, others),
	);
}

/**
 * The error every item of a failed run throws: the failed item's own (its message, its item), with
 * the run's sentence after its description. The failed item keeps its error object; the others
 * throw a copy.
 */
function runError(
	context: IExecuteSingleFunctions,
	failedIndex: number,
	error: unknown,
	ownDescription: string | undefined,
	nothingSent: string,
): Error {
	const own = (error instanceof Error ? error : new Error(String(error))) as Error & {
		description?: string | null;
	};
	const description = ownDescription ? `${ownDescription}\n\n${nothingSent}` : nothingSent;
	if (context.getItemIndex() === failedIndex) {
		own.description = description;
		return own;
	}
	return new NodeOperationError(context.getNode(), own.message, {
		itemIndex: failedIndex,
		description,
	});
}
