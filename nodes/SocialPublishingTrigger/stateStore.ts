import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { whatItIs } from './cursor';

/**
 * Where the trigger keeps its position between polls: the node's static data, as n8n hands it.
 * n8n hands back whatever is stored there, and a value that is not an object (text, null, a list:
 * an edited or imported workflow) can neither be read nor written by the node, so the position is
 * kept aside: in the workflow's global static data under a key of the node's own, or, when that is
 * no object either, in this process's memory (lost on a restart). Once the node's static data is
 * an object again, the position kept aside is read from there once and written home.
 *
 * Two keys are kept: `cursor` (new notifications, cursor.ts) and `posts` (post events, the
 * snapshot of postEvents.ts); a trigger watches one or the other.
 */
export type StateKey = 'cursor' | 'posts';
const STATE_KEYS: StateKey[] = ['cursor', 'posts'];

export interface StateStore {
	/** What holds the stored position under its key (`cursor`: cursor.ts `readCursor`). */
	data: Record<string, unknown>;
	/** Set while the position is kept aside: why, and where it is kept. */
	aside?: { reason: string; where: string };
	/** Keeps the position under its key (called once a poll, after every request succeeded). */
	save(key: StateKey, value: unknown): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Last resort, per workflow and node: both static data objects are unusable. */
const inMemory = new Map<string, Record<string, unknown>>();

function globalData(context: IPollFunctions): unknown {
	try {
		return context.getWorkflowStaticData('global') as unknown;
	} catch {
		return undefined;
	}
}

export function stateStore(context: IPollFunctions): StateStore {
	const own = context.getWorkflowStaticData('node') as unknown;
	const name = context.getNode().name;
	const slot = `socialPublishingTrigger:${name}`;
	const global = globalData(context);
	const asideInGlobal = isRecord(global) && isRecord(global[slot]) ? global[slot] : undefined;

	if (isRecord(own)) {
		// The position kept aside while the node's data was unusable comes home.
		const data = !STATE_KEYS.some((key) => key in own) && asideInGlobal ? asideInGlobal : own;
		return {
			data,
			save(key, value) {
				own[key] = value as IDataObject;
				if (isRecord(global) && slot in global) delete global[slot];
			},
		};
	}

	const reason = whatItIs(own);
	if (isRecord(global)) {
		const data = asideInGlobal ?? {};
		return {
			data,
			aside: { reason, where: "the workflow's global static data" },
			save(key, value) {
				global[slot] = { ...data, [key]: value } as unknown as IDataObject;
			},
		};
	}
	const key = `${String(context.getWorkflow().id)}:${name}`;
	return {
		data: inMemory.get(key) ?? {},
		aside: { reason, where: "this n8n process's memory" },
		save(stateKey, value) {
			inMemory.set(key, { ...(inMemory.get(key) ?? {}), [stateKey]: value });
		},
	};
}
