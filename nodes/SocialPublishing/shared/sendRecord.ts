/**
 * Exactly once, and on record, for the posts of Post → Create and Update (why: runState.ts): one at
 * a time in item order (`takeTurn`), each item's fate kept (`inTurn`); a failure stops the run and
 * its error ends with the record (`inWords`): what was sent, what was not, what running again does.
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { outcomeOf } from './batch';
import { runState, type Run } from './runState';

/** Posts an item sent, or found sent by an earlier run. */
type Sent = { kind: 'sent' | 'alreadySent'; posts: IDataObject[] };

/** What became of one item's request. */
export type Fate =
	| Sent
	/** Refused before anything was applied: by the node, the service's limit or the service. */
	| { kind: 'notSent' }
	/** No answer, or an answer that could not be read: the service may have created the posts. */
	| { kind: 'mayBeSent' };

/** The write a run's posts are, which says what running the same items again does to them. */
export type PostWrite = 'create' | 'update';

function settle(run: Run, itemIndex: number, fate: Fate): void {
	if (run.fates.has(itemIndex)) return;
	run.holding.delete(itemIndex);
	run.fates.set(itemIndex, fate);
	run.changed();
}

/**
 * Waits until every earlier item of the run that passed its checks is done; then this item may
 * send. After a stop it is not sent: the error says why.
 */
export async function takeTurn(context: IExecuteSingleFunctions): Promise<void> {
	const run = runState(context);
	const itemIndex = context.getItemIndex();
	const before = run.passed().filter((index) => index < itemIndex);
	while (!before.every((index) => run.fates.has(index))) await run.change();
	const { stop } = run;
	if (stop) {
		settle(run, itemIndex, { kind: 'notSent' });
		throw new NodeOperationError(
			context.getNode(),
			`Item ${itemIndex + 1} was not sent: the run stopped at item ${stop.itemIndex + 1}`,
			{
				itemIndex,
				description: `Item ${stop.itemIndex + 1}: ${stop.message}. The node sends a run's posts one at a time in item order and sends none after a failure that is not one item's own (the service's limit, its errors, no answer). Running the same items again creates only the posts not created yet (Options → Skip Posts Already Created).`,
			},
		);
	}
	run.holding.add(itemIndex);
}

/** An item found already sent by an earlier run (its posts as output): it is not sent again. */
export function recordAlreadySent(context: IExecuteSingleFunctions, posts: IDataObject[]): void {
	settle(runState(context), context.getItemIndex(), { kind: 'alreadySent', posts });
}

/** An item that stopped after its checks and before its turn (uploads, a look-up): not sent. */
export function recordNotSent(context: IExecuteSingleFunctions): void {
	settle(runState(context), context.getItemIndex(), { kind: 'notSent' });
}

/**
 * Runs the item's request (the request hook's `work`) and keeps its fate; a failure stops the run
 * (see above) and, without Continue On Fail, its error carries the record.
 */
export async function inTurn(
	context: IExecuteSingleFunctions,
	work: () => Promise<INodeExecutionData[]>,
): Promise<INodeExecutionData[]> {
	const run = runState(context);
	const itemIndex = context.getItemIndex();
	if (!run.holding.has(itemIndex)) return await work();
	const outcome = await outcomeOf(work);
	if ('value' in outcome) {
		settle(run, itemIndex, { kind: 'sent', posts: outcome.value.map((item) => item.json) });
		return outcome.value;
	}
	const { error } = outcome;
	const continueOnFail = context.continueOnFail();
	// NaN when the error had no HTTP status (no answer, or the node's own).
	const code = Number((error as { httpCode?: unknown } | undefined)?.httpCode);
	// An error about the service or the run, not the item, stops the others.
	const aboutTheRun = !Number.isInteger(code) || [401, 402, 403, 429].includes(code) || code >= 500;
	if (!continueOnFail || aboutTheRun)
		run.stop ??= { itemIndex, message: (error as Error)?.message ?? String(error) };
	// A 4xx answer (a 429 included) means nothing was applied; anything else may have been.
	settle(run, itemIndex, { kind: code >= 400 && code < 500 ? 'notSent' : 'mayBeSent' });
	if (!continueOnFail && error instanceof Error) {
		const own = error as Error & { description?: string | null };
		const record = inWords(context, run, itemIndex);
		own.description = own.description ? `${own.description}\n\n${record}` : record;
	}
	throw error;
}

/** Whether Post → Create's Skip Posts Already Created is on (unless switched off). */
export const skipsPostsAlreadyCreated = (context: IExecuteSingleFunctions) =>
	context.getNodeParameter('skipPostsAlreadyCreated', true) !== false;

/** What running the same items again does, the record's last sentence. */
function rerunInWords(
	context: IExecuteSingleFunctions,
	write: PostWrite | undefined,
	sent: number[],
): string {
	if (write === 'update')
		return 'Running the same items again sends the same changes again: a post already changed is changed to the same text and date.';
	if (skipsPostsAlreadyCreated(context))
		return 'Running the same items again creates only what is missing: Skip Posts Already Created (on unless switched off) finds the posts this node created for them with GET /posts and outputs them with alreadySent: true.';
	return `Skip Posts Already Created is off: running the same items again creates the posts of ${sent.length > 0 ? itemNumbers(sent) : 'the items sent'} a second time; remove those items or switch the option on first.`;
}

const itemNumbers = (indexes: number[]): string => {
	const numbers = indexes.map((index) => index + 1);
	if (numbers.length > 2 && numbers.every((n, i) => i === 0 || n === numbers[i - 1] + 1))
		return `items ${numbers[0]}–${numbers[numbers.length - 1]}`;
	return `item${numbers.length > 1 ? 's' : ''} ${numbers.join(', ')}`;
};

/** "post 7f3a on "Acme X" (x)" for each post an item's fate lists. */
const postsInWords = ({ posts }: { posts: IDataObject[] }): string =>
	posts
		.map((post) => {
			const name = typeof post.channelName === 'string' ? `"${post.channelName}"` : undefined;
			const channel = name ?? `channel ${String(post.integration ?? '?')}`;
			const platform = typeof post.platform === 'string' ? ` (${post.platform})` : '';
			return `post ${String(post.postId ?? '?')} on ${channel}${platform}`;
		})
		.join(', ');

/**
 * The record of the run stopped at `stoppedAt`, for its error: what was sent (in item order, with
 * post ids and channels), what was not, and what running again does.
 */
function inWords(context: IExecuteSingleFunctions, run: Run, stoppedAt: number): string {
	const passed = run.passed();
	const before = passed.filter((index) => index < stoppedAt);
	const after = passed.filter((index) => index > stoppedAt);
	const sent = before.filter((index) => run.fates.get(index)?.kind === 'sent');
	const already = before.filter((index) => run.fates.get(index)?.kind === 'alreadySent');
	const listed = (indexes: number[]) =>
		indexes
			.map((index) => `item ${index + 1}: ${postsInWords(run.fates.get(index) as Sent)}`)
			.join('; ');
	return [
		`The node sends a run's posts one at a time in item order and stopped at item ${stoppedAt + 1}.`,
		sent.length > 0
			? `Sent before it (${sent.length}): ${listed(sent)}.`
			: 'Nothing was sent before it.',
		already.length > 0 &&
			`Already created before (by an earlier run, or an earlier try of Retry On Fail), not sent again: ${listed(already)}.`,
		run.fates.get(stoppedAt)?.kind === 'mayBeSent'
			? `Item ${stoppedAt + 1} got no answer the node could read: its post may have been created (Post → Get Many shows it).`
			: `Item ${stoppedAt + 1} was not sent.`,
		after.length > 0 && `Not sent: ${itemNumbers(after)}.`,
		rerunInWords(context, run.write, sent),
	]
		.filter(Boolean)
		.join(' ');
}
