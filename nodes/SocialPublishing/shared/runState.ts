/**
 * What one run of the node keeps between its items and their requests, in one place: each concern
 * owns a typed slot (`new RunSlot<T>(what)` in its own file) and reads it with
 * `runState(context).get(slot, create)`.
 * The key. RoutingNode gives a declarative node no run object: every item runs with its own
 * context, concurrently, and each request gets a further context made from the item's. What is the
 * same object for every item of one run, and for every call they make (hooks, look-ups, the
 * transport), is the run's input: the array of items that `getExecuteData().data.main[0]` gives,
 * one array per run of the node. The next run (another execution, or the same node again in a loop)
 * has a new array, so its state starts empty; the WeakMap lets the state go with the array. A
 * context without execute data (should not happen in a run) is its own key: state for that call
 * only.
 *
 * Slots: the all-or-nothing batch (batch.ts), the credential read once (transport/index.ts), the
 * pacer (transport/pacing.ts), Post → Create's look-ups (create/lookups.ts), its media URLs
 * uploaded (create/mediaUrls.ts) and what its preSend sent for its postReceive (create/output.ts).
 */

import type { IExecuteSingleFunctions } from 'n8n-workflow';

/** A context of a run's item, or of one of its requests. */
export type RunContext = Pick<IExecuteSingleFunctions, 'getExecuteData'>;

/** A slot of the run's state, owned by one concern; `T` is what it holds. */
export class RunSlot<T> {
	/** Only to type the slot. */
	declare readonly holds?: T;

	constructor(readonly what: string) {}
}

export class RunState {
	private readonly slots = new Map<RunSlot<unknown>, unknown>();

	/** The slot's value for this run, made by `create` the first time it is asked for. */
	get<T>(slot: RunSlot<T>, create: () => NoInfer<T>): T {
		if (!this.slots.has(slot)) this.slots.set(slot, create());
		return this.slots.get(slot) as T;
	}
}

const runs = new WeakMap<object, RunState>();

/** The run's input items, or undefined where the context has none. */
export function runItems(context: RunContext): unknown[] | undefined {
	try {
		const items = context.getExecuteData()?.data?.main?.[0];
		return Array.isArray(items) ? items : undefined;
	} catch {
		return undefined;
	}
}

/** The state of the run `context` belongs to (see above for the key). */
export function runState(context: RunContext): RunState {
	const key: object = runItems(context) ?? context;
	let state = runs.get(key);
	if (!state) {
		state = new RunState();
		runs.set(key, state);
	}
	return state;
}
