import { NodeOperationError, type IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * All or nothing per run, for every write (Post → Create, Delete, Set Status, uploads...): n8n runs the items of a
 * declarative node concurrently, so without this a run whose second item breaks a rule would create the first
 * item's post (or delete its post) and fail, and running it again would publish that post twice. Each item passes
 * its checks, then waits here until every item of the run has been checked; if any failed and Continue On Fail is
 * off, none is sent. With Continue On Fail on, the valid items go on.
 */

interface Run {
	total: number;
	/** Items that began their checks in this attempt (n8n's Retry On Fail runs the same items again). */
	started: Set<number>;
	/** Item index → whether it failed its checks. */
	settled: Map<number, boolean>;
	release: Array<() => void>;
}

/** Keyed by the run's input items (one array per run of the node, shared by its items' contexts). */
const runs = new WeakMap<object, Run>();

/** An item that never reaches its checks (n8n refused a parameter before the request) must not hold the others forever. */
const WAIT_LIMIT_MS = 30_000;

function runOf(context: IExecuteSingleFunctions, itemIndex: number): Run | undefined {
	const items = context.getExecuteData()?.data?.main?.[0];
	if (!Array.isArray(items) || items.length < 2) return undefined;
	let run = runs.get(items);
	// An item starting again means a new attempt on the same items: its outcomes start afresh.
	if (!run || run.started.has(itemIndex)) {
		run = { total: items.length, started: new Set(), settled: new Map(), release: [] };
		runs.set(items, run);
	}
	run.started.add(itemIndex);
	return run;
}

/** Runs one item's checks, then holds its request until every item's checks are done (see above). */
export async function checkedWithTheOtherItems<T>(context: IExecuteSingleFunctions, checks: () => Promise<T>): Promise<T> {
	const itemIndex = context.getItemIndex();
	const run = runOf(context, itemIndex);
	if (!run) return await checks();
	let outcome: { value: T } | { error: unknown };
	try {
		outcome = { value: await checks() };
	} catch (error) {
		outcome = { error };
	}
	run.settled.set(itemIndex, 'error' in outcome);
	if (run.settled.size >= run.total) run.release.splice(0).forEach((release) => release());
	else {
		// AbortSignal.timeout: a limit that never keeps the process alive once the wait is over.
		const limit = AbortSignal.timeout(WAIT_LIMIT_MS);
		const allChecked = await new Promise<boolean>((resolve) => {
			const onLimit = () => resolve(false);
			limit.addEventListener('abort', onLimit, { once: true });
			run.release.push(() => {
				limit.removeEventListener('abort', onLimit);
				resolve(true);
			});
		});
		if (!allChecked && !('error' in outcome)) {
			throw new NodeOperationError(context.getNode(), `Nothing was sent for item ${itemIndex + 1}: not every item of the run could be checked`, {
				itemIndex,
				description: 'An item of this run stopped before its checks (see the other errors). Fix it and run again; no post was created.',
			});
		}
	}
	if ('error' in outcome) throw outcome.error;
	const failed = [...run.settled].filter(([, bad]) => bad).map(([index]) => index + 1).sort((a, b) => a - b);
	if (failed.length > 0 && !context.continueOnFail()) {
		throw new NodeOperationError(
			context.getNode(),
			`Nothing was sent for item ${itemIndex + 1}: item${failed.length > 1 ? 's' : ''} ${failed.join(', ')} failed the checks`,
			{
				itemIndex,
				description:
					'The node sends all the items of a write run or none, so that running it again after a fix does nothing twice. Fix the items named (their own errors say how), or turn on Continue On Fail to send the valid items and get the others as error items.',
			},
		);
	}
	return outcome.value;
}
