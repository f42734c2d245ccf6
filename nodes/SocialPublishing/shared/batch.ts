import { NodeOperationError, type IExecuteSingleFunctions } from 'n8n-workflow';

import { beginItem, runState, Step, type Run } from './runState';
import type { PostWrite } from './sendRecord';

/**
 * All or nothing per run, for every write (why: runState.ts): each item passes its checks, then
 * waits here for the others; if any failed and Continue On Fail is off, none is sent, and every
 * item fails with the first failed item's own error (the problem to fix), saying so.
 *
 * The items waited for: RoutingNode starts its items in one synchronous pass, and each item's
 * checks begin in it (its one preSend starts there; the pass awaits nothing but the pauses of
 * Request Options → Batching). So once the items begun have settled, an item not begun never will:
 * n8n failed it before the node ran (an expression it could not resolve for that item), with an
 * error of its own. Under Continue On Fail that is the item's error item and the others go on;
 * without, n8n has failed the run with it, and the others end unsent (`afterTheRunFailed`).
 */

/** After Batching's pauses, how long an item still to begin is waited for. */
const WAIT_LIMIT_MS = 30_000;

/** The other items that failed, as the run's error names them after the first. */
const othersInWords = (others: number[]) =>
	others.length === 0
		? ''
		: ` (and item${others.length > 1 ? 's' : ''} ${others.join(', ')}, whose own errors show under Continue On Fail)`;

/**
 * Runs one item's checks, then holds its request until every item's checks are done (see above).
 * `waitLimitMs`: how long, after Batching's pauses, an item not begun is waited for (shorter in
 * tests).
 */
export async function checkedWithTheOtherItems<T>(
	context: IExecuteSingleFunctions,
	checks: () => Promise<T>,
	waitLimitMs = WAIT_LIMIT_MS,
): Promise<T> {
	const run = beginItem(context);
	if (!run) return await checks();
	const pauses = batchingPauses(context, run.total);
	const waitMs = pauses > 0 ? pauses + waitLimitMs : 0;
	return await heldForTheOthers(context, run, run.checks, checks, waitMs, nothingSent);
}

/**
 * The run's second step, for writes a request needs before it is sent (a post's media), held the
 * same way. `write` also says what running again does to the posts sent (sendRecord.ts).
 */
export async function uploadedWithTheOtherItems<T>(
	context: IExecuteSingleFunctions,
	write: PostWrite,
	uploads: () => Promise<T>,
): Promise<T> {
	const run = runState(context);
	run.write = write;
	if (!run.begun.has(context.getItemIndex())) return await uploads();
	run.uploads ??= new Step(run.passed().length);
	const sentence = nothingPosted(write);
	return await heldForTheOthers(context, run, run.uploads, uploads, 0, sentence);
}

/** RoutingNode's pauses before it starts the run's last item (Request Options → Batching). */
function batchingPauses(context: IExecuteSingleFunctions, total: number): number {
	const batch = (context.getNodeParameter('requestOptions.batching.batch', {}) ?? {}) as {
		batchSize?: number;
		batchInterval?: number;
	};
	const interval = Number(batch.batchInterval);
	if (!(interval > 0) || total < 2) return 0;
	const size = Number(batch.batchSize) > 0 ? Number(batch.batchSize) : 1;
	return Math.floor((total - 1) / size) * interval;
}

/** Errors thrown by `afterTheRunFailed`. */
const AFTER_THE_RUN_FAILED = new WeakSet<object>();

/** Whether `afterTheRunFailed` threw this error (pairedItems.ts hands it back, unread). */
export const isAfterTheRunFailed = (error: unknown): boolean =>
	typeof error === 'object' && error !== null && AFTER_THE_RUN_FAILED.has(error);

/**
 * The end of an item of a run where items never began their checks, without Continue On Fail: n8n
 * has failed the run with the first of those items' own error (see above), so this item is not
 * sent, and its error is handed back as its item (pairedItems.ts), which n8n drops with the run.
 */
function afterTheRunFailed(context: IExecuteSingleFunctions, neverBegun: number[]): Error {
	const itemIndex = context.getItemIndex();
	const error = new NodeOperationError(
		context.getNode(),
		`Nothing was sent for item ${itemIndex + 1}: item ${neverBegun[0] + 1} of this run did not reach the node's checks`,
		{
			itemIndex,
			description:
				"n8n fails an item before the node runs when it cannot read one of the item's parameters (an expression that fails for that item). The node sends all the items of a write run or none. Fix that item's parameters, or turn on Continue On Fail to send the other items and get that one as an error item.",
		},
	);
	AFTER_THE_RUN_FAILED.add(error);
	return error;
}

/** The run's sentence after a failed item's own words: what was not sent, and how to go on. */
type RunSentence = (failedIndex: number, others: number[]) => string;

const nothingSent: RunSentence = (failedIndex, others) =>
	`Nothing was sent for any item of this run: the node sends all the items of a write run or none, so that running it again after a fix does nothing twice. Fix item ${failedIndex + 1}${othersInWords(others)}, or turn on Continue On Fail to send the valid items and get the others as error items.`;

const nothingPosted =
	(write: PostWrite): RunSentence =>
	(failedIndex, others) =>
		`No post was ${write === 'create' ? 'created' : 'changed'} for any item of this run: the node sends all the items of a write run or none. The files uploaded for the run's items before this failure stay in the media library (Media → Get Many lists them); running again uploads them again. Fix item ${failedIndex + 1}${othersInWords(others)}, or turn on Continue On Fail to send the valid items and get the others as error items.`;

/** A step's value, or its error, without throwing. */
export async function outcomeOf<T>(
	step: () => Promise<T>,
): Promise<{ value: T } | { error: unknown }> {
	return await step().then(
		(value) => ({ value }),
		(error: unknown) => ({ error }),
	);
}

/** One item's step, then the wait for the run's other items in the same step (see above). */
async function heldForTheOthers<T>(
	context: IExecuteSingleFunctions,
	run: Run,
	step: Step,
	work: () => Promise<T>,
	waitMs: number,
	sentence: RunSentence,
): Promise<T> {
	const itemIndex = context.getItemIndex();
	const outcome = await outcomeOf(work);
	const error = 'error' in outcome ? (outcome.error ?? new Error('the checks failed')) : undefined;
	const description = (error as { description?: string | null } | undefined)?.description;
	step.outcomes.set(
		itemIndex,
		error === undefined ? {} : { error, description: description ?? undefined },
	);
	run.changed();
	const neverBegun = await everyItemSettled(run, step, waitMs);
	if (neverBegun.length > 0 && !context.continueOnFail())
		throw afterTheRunFailed(context, neverBegun);
	const failed = [...step.outcomes]
		.filter(([, settled]) => settled.error !== undefined)
		.sort(([a], [b]) => a - b);
	// One item alone needs no sentence about the others.
	if (failed.length === 0 || context.continueOnFail() || step.total < 2) {
		if ('error' in outcome) throw outcome.error;
		return outcome.value;
	}
	// Every item throws the first failed item's error (its message, its item) with the run's
	// sentence after its own description: the failed item its error object, the others a copy.
	const [[firstIndex, first], ...others] = failed;
	const numbers = others.map(([index]) => index + 1);
	const said = sentence(firstIndex, numbers);
	const words = first.description ? `${first.description}\n\n${said}` : said;
	const own: Error & { description?: string | null } =
		first.error instanceof Error ? first.error : new Error(String(first.error));
	if (itemIndex !== firstIndex)
		throw new NodeOperationError(context.getNode(), own.message, {
			itemIndex: firstIndex,
			description: words,
		});
	own.description = words;
	throw own;
}

/**
 * Waits until every item of the step has settled, and returns the run's items that never began
 * their checks (see above). For the checks, the items begun are waited for; the items still to
 * begin, up to `waitMs` (0: none will, without Batching). The uploads wait for every item that
 * passed (an upload may take minutes; requests have timeouts).
 */
async function everyItemSettled(run: Run, step: Step, waitMs: number): Promise<number[]> {
	if (step !== run.checks) {
		while (step.outcomes.size < step.total) await run.change();
		return [];
	}
	let late =
		waitMs > 0
			? new Promise<true>((pass) =>
					AbortSignal.timeout(waitMs).addEventListener('abort', () => pass(true)),
				)
			: undefined;
	while (step.outcomes.size < run.begun.size || (late && run.begun.size < run.total))
		if (await Promise.race([run.change().then(() => false), ...(late ? [late] : [])]))
			late = undefined;
	return [...Array(run.total).keys()].filter((index) => !run.begun.has(index));
}
