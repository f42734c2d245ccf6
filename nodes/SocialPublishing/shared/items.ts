import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { redactSecrets } from './secrets';

/**
 * Answers turned into n8n items (postReceive steps shared by several operations). Every step gets
 * the raw answer from RoutingNode and returns the items; none passes a secret through.
 */

export type OutputStep = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

/** An item's JSON: an object as it is, anything else under `value`. */
const jsonOf = (value: unknown) =>
	(value !== null && typeof value === 'object' ? value : { value }) as IDataObject;

/** One item per element of a list answer; an object answer is one item. */
export function toItems(body: unknown): INodeExecutionData[] {
	if (Array.isArray(body)) return body.map((element) => ({ json: jsonOf(element) }));
	if (body === undefined || body === null || body === '') return [];
	return [{ json: jsonOf(body) }];
}

/** The answer, without secrets, one item per element of a list (or of the list under `key`). */
export function itemsOf(key?: string): OutputStep {
	return async function (_items, response) {
		const body = response.body as IDataObject | unknown[];
		const list = key && body && !Array.isArray(body) ? (body as IDataObject)[key] : body;
		return toItems(redactSecrets(list ?? []));
	};
}

/** `{output: X}` answers: the object X, or one item per element when X is a list. */
export const outputItems: OutputStep = async function (_items, response) {
	const output = (response.body as IDataObject | undefined)?.output;
	if (output !== null && typeof output === 'object') return toItems(redactSecrets(output));
	return [{ json: { output: (output ?? null) as IDataObject[string] } }];
};
