import {
	NodeApiError,
	NodeOperationError,
	sleep,
	type IExecuteSingleFunctions,
} from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { findNextFreeSlot } from '../../slot/findNextFree';
import type { NodeProblem } from '../../../shared/postProblems';
import type { Channel } from '../../../shared/channel';
import { runState, RunSlot } from '../../../shared/runState';
import type { PostRequest } from './request';

/** Date "At the Next Free Slot": GET /find-slot/:id for each channel, the latest of their slots. */

/**
 * Slots handed out in this execution, per channel. Items are sent concurrently, so a second item
 * could be told the slot a first one is about to fill; it then asks again until the service no
 * longer offers that slot (up to 10 s: a slot still offered then was not taken, the earlier
 * request having failed).
 */
const SLOT_WAIT_MS = 250;
const SLOT_WAIT_TRIES = 40;

const LEDGER = new RunSlot<Map<string, Set<string>>>('the next free slots handed out');

async function findSlot(
	context: IExecuteSingleFunctions,
	channelId: string,
): Promise<string | NodeProblem> {
	const answer = await apiRequest
		.call(context, 'GET', `/find-slot/${encodeURIComponent(channelId)}`, {
			itemIndex: context.getItemIndex(),
			// Slot → Find Next Free's route: final timeout, its 404 and timeout worded for the channel.
			route: findNextFreeSlot.route,
		})
		.then(
			(body) => ({ body: body as { date?: unknown } | undefined }),
			(error: unknown) => ({ error }),
		);
	if ('error' in answer) {
		if (answer.error instanceof NodeApiError && answer.error.httpCode === '404') {
			return { kind: 'node', code: 'noPostingTimes', field: 'dateMode' };
		}
		throw answer.error;
	}
	// A UTC time without zone suffix (`2026-03-02T09:00:00`).
	const slot = answer.body?.date;
	const parsed =
		typeof slot === 'string'
			? Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(slot) ? slot : `${slot}Z`)
			: NaN;
	if (!Number.isNaN(parsed)) return new Date(parsed).toISOString();
	throw new NodeOperationError(
		context.getNode(),
		`GET /find-slot/${channelId} answered without a date`,
		{
			itemIndex: context.getItemIndex(),
		},
	);
}

/**
 * The latest of the channels' next free slots (see the Date field's help), or the problems found.
 * `reserve`: the slot is kept for this item, so that the run's other items wait for the next one.
 */
export async function nextFreeSlot(
	context: IExecuteSingleFunctions,
	request: PostRequest,
	known: Map<string, Channel>,
	{ reserve = true }: { reserve?: boolean } = {},
): Promise<string | NodeProblem[]> {
	const ledger = runState(context).get(LEDGER, () => new Map());
	const channelIds = request.channels.map((channel) => channel.id);
	const unique = [...new Set(channelIds)];
	const problems: NodeProblem[] = [];
	const slots: string[] = [];
	for (const id of unique) {
		const entryIndex = channelIds.indexOf(id);
		if (known.get(id)?.disabled) {
			problems.push({ kind: 'node', code: 'channelDisabled', entryIndex, field: 'dateMode' });
			continue;
		}
		let slot = await findSlot(context, id);
		for (
			let tries = 0;
			typeof slot === 'string' && ledger.get(id)?.has(slot) && tries < SLOT_WAIT_TRIES;
			tries++
		) {
			await sleep(SLOT_WAIT_MS);
			slot = await findSlot(context, id);
		}
		// Still offered after the wait: the earlier item did not take it (its request failed).
		if (typeof slot !== 'string') problems.push({ ...slot, entryIndex });
		else slots.push(slot);
	}
	if (problems.length > 0) return problems;
	const latest = slots.sort().at(-1) as string;
	// Check Only takes no slot: nothing will fill it.
	if (reserve) for (const id of unique) ledger.set(id, (ledger.get(id) ?? new Set()).add(latest));
	return latest;
}
