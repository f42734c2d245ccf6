/**
 * The one place that says why the node has plumbing: RoutingNode, which runs a declarative node,
 * gives it no run object and starts every item at once, each with its own context (and each
 * request with a further one); what it hands back for an item carries no `pairedItem`. So:
 * - a write's items would be sent as they come: all or nothing per run (batch.ts), the posts one
 *   at a time in item order, each fate on record (sendRecord.ts), requests paced (pacing.ts);
 * - every item paired to its input item, a failure its error item (pairedItems.ts);
 * - the state all that needs, kept here in one record per attempt of a run (`Run`), keyed in a
 *   WeakMap by what is the same object for every item of one run and every call they make: the
 *   run's input array (`getExecuteData().data.main[0]`). n8n's Retry On Fail runs the same items
 *   with the same array: an item beginning its checks again (`beginItem`) starts a new record.
 *   Under the node's Execute Once setting RoutingNode runs only the first of them (n8n's
 *   WorkflowExecute.handleExecuteOnce slices the items it hands RoutingNode, not that array): the
 *   run's `total` counts the items RoutingNode runs.
 * It also holds one typed slot per other concern (`runState(context).get(slot, create)`).
 */

import type { IExecuteSingleFunctions } from 'n8n-workflow';

import type { Fate, PostWrite } from './sendRecord';

/** A context of a run's item, or of one of its requests. */
export type RunContext = Pick<IExecuteSingleFunctions, 'getExecuteData'> &
	Partial<Pick<IExecuteSingleFunctions, 'getNode'>>;

/** A slot of the run's state, owned by one concern; `T` is what it holds. */
export class RunSlot<T> {
	/** Only to type the slot. */
	declare readonly holds?: T;

	constructor(readonly what: string) {}
}

/** A step every item of a write goes through before any is sent (batch.ts). */
export class Step {
	/** Each item's outcome: the error that stopped it (none: it passed), and its own words. */
	readonly outcomes = new Map<number, { error?: unknown; description?: string }>();

	constructor(readonly total: number) {}
}

/** One attempt of one run: everything its items share. */
export class Run {
	/** The items that began the checks of a write; one beginning them again is a new attempt. */
	readonly begun = new Set<number>();
	readonly checks: Step;
	/** The uploads after the checks, among the items that passed them. */
	uploads?: Step;
	/** The write the run's posts are (sendRecord.ts): what running again does. */
	write?: PostWrite;
	/** Item → what became of its post (sendRecord.ts). */
	readonly fates = new Map<number, Fate>();
	/** Items whose turn came and whose request is still to be sent. */
	readonly holding = new Set<number>();
	/** The item whose failure stopped the run's posts, and its message. */
	stop?: { itemIndex: number; message: string };
	private readonly slots = new Map<RunSlot<unknown>, unknown>();
	private waiting: Array<() => void> = [];

	constructor(readonly total: number) {
		this.checks = new Step(total);
	}

	/** The slot's value for this attempt, made by `create` the first time it is asked for. */
	get<T>(slot: RunSlot<T>, create: () => NoInfer<T>): T {
		if (!this.slots.has(slot)) this.slots.set(slot, create());
		return this.slots.get(slot) as T;
	}

	/** The items that passed their checks, in item order. */
	passed(): number[] {
		return [...this.checks.outcomes]
			.filter(([, outcome]) => outcome.error === undefined)
			.map(([index]) => index)
			.sort((a, b) => a - b);
	}

	/** Wakes every item waiting for the record to change (`change`). */
	changed(): void {
		this.waiting.splice(0).forEach((wake) => wake());
	}

	async change(): Promise<void> {
		await new Promise<void>((wake) => this.waiting.push(wake));
	}
}

const runs = new WeakMap<object, Run>();

/** The run's input items, or undefined where the context has none. */
function runItems(context: RunContext): unknown[] | undefined {
	try {
		const items = context.getExecuteData()?.data?.main?.[0];
		return Array.isArray(items) ? items : undefined;
	} catch {
		return undefined;
	}
}

/** How many of the run's input items RoutingNode runs: the first alone under Execute Once. */
function itemsRun(context: RunContext, items: unknown[]): number {
	return context.getNode?.().executeOnce === true ? Math.min(items.length, 1) : items.length;
}

/** The record of the attempt `context` belongs to (see above for the key). */
export function runState(context: RunContext): Run {
	const items = runItems(context);
	const key: object = items ?? context;
	let run = runs.get(key);
	if (!run) runs.set(key, (run = new Run(items ? itemsRun(context, items) : 0)));
	return run;
}

/**
 * The record of an item beginning its checks: a new one when the item began them already (a new
 * attempt); undefined for a context without the run's items.
 */
export function beginItem(context: IExecuteSingleFunctions): Run | undefined {
	const items = runItems(context);
	if (!items) return undefined;
	let run = runState(context);
	if (run.begun.has(context.getItemIndex()))
		runs.set(items, (run = new Run(itemsRun(context, items))));
	run.begun.add(context.getItemIndex());
	return run;
}
