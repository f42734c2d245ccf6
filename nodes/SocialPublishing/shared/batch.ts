import { NodeOperationError, type IExecuteSingleFunctions } from 'n8n-workflow';

import { beginItem, runState, Step, type Run } from './runState';
import type { PostWrite } from './sendRecord';

/**
 * All or nothing per run, for every write (why: runState.ts): each item passes its checks, then
 * waits here for the others; if any failed and Continue On Fail is off, none is sent, and every
 * item fails with the first failed item's own error (the problem to fix), saying so.
 */

/** An item that never reaches its checks (n8n refused a parameter) must not hold the others. */
const WAIT_LIMIT_MS = 30_000;

/** The other items that failed, as the run's error names them after the first. */
const othersInWords = (others: number[]) =>
	others.length === 0
		? ''
		: ` (and item${others.length > 1 ? 's' : ''} ${others.join(', ')}, whose own errors show under Continue On Fail)`;

/**
 * Runs one item's checks, then holds its request until every item's checks are done (see above).
 * `waitLimitMs`: how long to wait for an item that has not started its checks (shorter in tests).
 */
export async function checkedWithTheOtherItems<T>(
	context: IExecuteSingleFunctions,
	checks: () => Promise<T>,
	waitLimitMs = WAIT_LIMIT_MS,
): Promise<T> {
	const run = beginItem(context);
	if (!run) return await checks();
	return await heldForTheOthers(context, run, run.checks, checks, waitLimitMs, nothingSent);
}

/**
 * The run's second step, for writes a request needs before it is sent (a post's media), held the
 * same way. `write` also says what running again does to the posts sent (sendRecord.ts).
 */
export async function uploadedWithTheOtherItems<T>(
	context: IExecuteSingleFunctions,
	write: PostWrite,
	uploads: () => Promise<T>,
	waitLimitMs = WAIT_LIMIT_MS,
): Promise<T> {
	const run = runState(context);
	run.write = write;
	if (!run.begun.has(context.getItemIndex())) return await uploads();
	run.uploads ??= new Step(run.passed().length);
	const sentence = nothingPosted(write);
	return await heldForTheOthers(context, run, run.uploads, uploads, waitLimitMs, sentence);
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
	waitLimitMs: number,
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
	if (!(await everyItemSettled(run, step, waitLimitMs)) && !('error' in outcome)) {
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
 * Waits until every item of the step has settled: false when the limit passes while an item has not
 * begun its checks; else the wait goes on (an upload may take minutes; requests have timeouts).
 */
async function everyItemSettled(run: Run, step: Step, waitLimitMs: number): Promise<boolean> {
	const limitPassed = () => {
		const limit = AbortSignal.timeout(waitLimitMs);
		return new Promise<true>((pass) => limit.addEventListener('abort', () => pass(true)));
	};
	let limit = limitPassed();
	while (step.outcomes.size < step.total) {
		if (!(await Promise.race([run.change().then(() => false), limit]))) continue;
		if (run.begun.size < run.total) return false;
		limit = limitPassed();
	}
	return true;
}
