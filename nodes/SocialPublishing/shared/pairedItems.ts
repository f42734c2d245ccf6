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

import { recordNotSent } from './sendRecord';

/**
 * n8n's item contract: every output item says which input item it came from (`pairedItem`), so
 * that `$('Earlier node').item` resolves in a later node, and the error output can show the input
 * item beside its error. RoutingNode sets none (runState.ts): it pushes what the request hook
 * returns, and under Continue On Fail a rejected item as `{json: {}, error}`. So the hook hands
 * back every item of its input item paired (`pairedToTheItem`), its failure included as an error
 * item, and a preSend's failure is kept for the hook (`keepFailureForTheHook`) instead of
 * rejecting the item.
 */

/** Put on the request options by a preSend that failed under Continue On Fail: its error. */
const FAILED_BEFORE_SENDING = Symbol('failedBeforeSending');

type MarkedOptions = IHttpRequestOptions & { [FAILED_BEFORE_SENDING]?: unknown };

/**
 * A preSend whose failure, under Continue On Fail, goes with the request options to the request
 * hook, which returns it as the item's error item, paired; the item's later preSends are skipped
 * and nothing is sent. Without Continue On Fail it throws as before (all-or-nothing runs,
 * shared/batch.ts, rely on it).
 */
export function keepFailureForTheHook(step: PreSendAction): PreSendAction {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		if (FAILED_BEFORE_SENDING in requestOptions) return requestOptions;
		try {
			return await step.call(this, requestOptions);
		} catch (error) {
			// Stopped before sending: on record as not sent, so that the run's later posts do not wait
			// for it (shared/sendRecord.ts).
			recordNotSent(this);
			if (!this.continueOnFail()) throw withoutErrorCode(error, this);
			(requestOptions as MarkedOptions)[FAILED_BEFORE_SENDING] = error ?? new Error('failed');
			return requestOptions;
		}
	};
}

/**
 * An error of the node's own (a check, a refusal before sending) as RoutingNode hands it on
 * unchanged: it wraps anything but a NodeApiError in one whose error code is "none", which the
 * editor then shows as "Error code: none" beside a problem that had no HTTP exchange at all. The
 * message, description and item stay.
 */
function withoutErrorCode(error: unknown, context: IExecuteSingleFunctions): unknown {
	if (!(error instanceof NodeOperationError)) return error;
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
 * The error item of input item `itemIndex`, paired. n8n replaces the json of an item that
 * carries `error` by `{error: message}` (WorkflowExecute's normalizeNodeErrors, both lines), which
 * would drop the fix and, on the error output, the input item's fields n8n puts beside it. So on
 * the error output the item goes as `{error, message}` without `error` attached: n8n routes such
 * an item there (both lines) and adds the input item's fields; `message` is how to fix it. On the
 * regular output (Continue) it carries the error, whose details the editor shows.
 */
function errorItem(
	context: IExecuteSingleFunctions,
	error: unknown,
	itemIndex: number,
): INodeExecutionData {
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
 * preSend's) is the item's one error item. Without Continue On Fail a failure is thrown unchanged.
 * The errors come here with the key already replaced (the transport's `keyGuarded`, and apiRequest
 * for a preSend's look-ups), as they reach n8n without it.
 */
export function pairedToTheItem(hook: RequestHook): RequestHook {
	return async function (this, requestData) {
		const itemIndex = this.getItemIndex();
		// Kept by a preSend only under Continue On Fail.
		if (FAILED_BEFORE_SENDING in requestData.options)
			return [
				errorItem(this, (requestData.options as MarkedOptions)[FAILED_BEFORE_SENDING], itemIndex),
			];
		try {
			// Each item paired to the input item (a pairing set by a step is kept).
			return (await hook.call(this, requestData)).map((item) =>
				item.pairedItem === undefined ? { ...item, pairedItem: { item: itemIndex } } : item,
			);
		} catch (error) {
			if (!this.continueOnFail()) throw withoutErrorCode(error, this);
			return [errorItem(this, error, itemIndex)];
		}
	};
}
