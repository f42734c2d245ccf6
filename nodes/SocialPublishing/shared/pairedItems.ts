import {
	NodeApiError,
	NodeOperationError,
	type DeclarativeRestApiSettings,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeExecutionData,
	type PreSendAction,
} from 'n8n-workflow';

import { isAfterTheRunFailed } from './batch';
import { runState } from './runState';
import { recordNotSent } from './sendRecord';

/**
 * n8n's item contract: every output item says which input item it came from (`pairedItem`), so
 * that `$('Earlier node').item` resolves later and the error output shows the input item.
 * RoutingNode sets none (runState.ts), so the request hook hands back every item paired
 * (`pairedToTheItem`), a failure as an error item, and a preSend's failure waits for the hook
 * (`keepFailureForTheHook`).
 */

/** Put on the request options by a preSend that failed under Continue On Fail: its error. */
const FAILED_BEFORE_SENDING = Symbol('failedBeforeSending');

type MarkedOptions = IHttpRequestOptions & { [FAILED_BEFORE_SENDING]?: unknown };

/**
 * A preSend whose failure, under Continue On Fail, goes with the request options to the request
 * hook (the item's error item; later preSends skipped, nothing sent); so does the end of an item
 * whose run n8n has already failed (shared/batch.ts `afterTheRunFailed`: n8n awaits it no more, and
 * a rejection would be unhandled). Otherwise it throws (all-or-nothing runs rely on it).
 */
export function keepFailureForTheHook(step: PreSendAction): PreSendAction {
	return async function (requestOptions) {
		if (FAILED_BEFORE_SENDING in requestOptions) return requestOptions;
		try {
			return await step.call(this, requestOptions);
		} catch (error) {
			// On record as not sent: the run's later posts do not wait for it (shared/sendRecord.ts).
			recordNotSent(this);
			if (!this.continueOnFail() && !isAfterTheRunFailed(error)) throw asTheRunsError(error, this);
			(requestOptions as MarkedOptions)[FAILED_BEFORE_SENDING] = error ?? new Error('failed');
			return requestOptions;
		}
	};
}

/**
 * An item's error as n8n fails the run with it:
 * - the node's own (a check, a refusal before sending) as a NodeApiError without a code:
 *   RoutingNode wraps anything else in one whose code the editor shows as "Error code: none";
 * - its item counted from 1, as the node's sentences count them. n8n's editor ends the message of a
 *   run of several items with " [item N]", N the error's `context.itemIndex` (which RoutingNode
 *   sets) counted from 0, unless the message says "item N" (NodeErrorView's addItemIndexSuffix, on
 *   n8n 2.41 and 1.123). So the index stays on the error for n8n's code but is not enumerable: it
 *   is not saved with the execution, and the editor adds nothing. The message names the item
 *   instead, as " [item N]" counted from 1, where it does not already (`namesItsItem`).
 */
function asTheRunsError(error: unknown, context: IExecuteSingleFunctions): unknown {
	const runError = error instanceof NodeOperationError ? withoutErrorCode(error, context) : error;
	if (!(runError instanceof NodeApiError)) return runError;
	const itemIndex = Number(runError.context.itemIndex ?? context.getItemIndex());
	Object.defineProperty(runError.context, 'itemIndex', {
		value: itemIndex,
		writable: true,
		enumerable: false,
		configurable: true,
	});
	if (runState(context).total > 1 && !namesItsItem(runError.message, itemIndex))
		runError.message = `${runError.message} [item ${itemIndex + 1}]`;
	return runError;
}

/** Whether a message names item `itemIndex` counted from 1 ("Item 2, channel 1…"). */
const namesItsItem = (message: string, itemIndex: number) =>
	new RegExp(`\\bitem ${itemIndex + 1}\\b`, 'i').test(message);

/** An error of the node's own as a NodeApiError without a code (see above). */
function withoutErrorCode(error: NodeOperationError, context: IExecuteSingleFunctions) {
	const wrapped = new NodeApiError(
		context.getNode(),
		{},
		{
			message: error.message,
			description: error.description ?? undefined,
			itemIndex: error.context.itemIndex as number | undefined,
		},
	);
	wrapped.context = { ...error.context };
	wrapped.httpCode = null;
	return wrapped;
}

/**
 * The error item of input item `itemIndex`, paired. n8n replaces the json of an item carrying
 * `error` by `{error: message}` (normalizeNodeErrors), dropping the fix and the input fields: on
 * the error output it goes as `{error, message}` (the fix); on the regular output, with the error.
 */
function errorItem(context: IExecuteSingleFunctions, error: unknown, itemIndex: number) {
	const nodeError =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(
					context.getNode(),
					error instanceof Error ? error : new Error(String(error)),
					{ itemIndex },
				);
	nodeError.context.itemIndex ??= itemIndex;
	const pairedItem = { item: itemIndex };
	if (context.getNode().onError === 'continueErrorOutput') {
		const fix = nodeError.description;
		return { json: { error: nodeError.message, ...(fix ? { message: fix } : {}) }, pairedItem };
	}
	return { json: { error: nodeError.message }, error: nodeError, pairedItem };
}

/** A request hook (`requestOperations.pagination`) as the transport writes it. */
export type RequestHook = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/**
 * A request hook whose items are paired to the item; under Continue On Fail, its failure (or its
 * preSend's) is the item's one error item. The errors come here with the key already replaced.
 */
export function pairedToTheItem(hook: RequestHook): RequestHook {
	return async function (this, requestData) {
		const itemIndex = this.getItemIndex();
		if (FAILED_BEFORE_SENDING in requestData.options)
			return [
				errorItem(this, (requestData.options as MarkedOptions)[FAILED_BEFORE_SENDING], itemIndex),
			];
		try {
			// Each item paired to the input item, in place (they are this call's); a step's pairing kept.
			const items = await hook.call(this, requestData);
			for (const item of items) item.pairedItem ??= { item: itemIndex };
			return items;
		} catch (error) {
			if (!this.continueOnFail() && !isAfterTheRunFailed(error)) throw asTheRunsError(error, this);
			return [errorItem(this, error, itemIndex)];
		}
	};
}
