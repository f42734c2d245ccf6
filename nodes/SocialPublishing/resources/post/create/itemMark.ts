/**
 * The mark Skip Posts Already Created puts in each post it creates (earlierPosts.ts says why): what
 * makes an item this item across runs, hashed.
 */
import { createHash } from 'crypto';
import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { entriesOf, isObject, type PostRequest } from './request';

/** The keys of the mark inside each created post's `settings`. */
export const ITEM_MARK_KEY = 'n8nItemMark';
export const SENT_AT_KEY = 'n8nSentAt';

/** The most a post's body grows by its mark: a settings object of its own, the two keys. */
export const MARK_ROOM_BYTES = JSON.stringify({
	settings: { [ITEM_MARK_KEY]: '0'.repeat(32), [SENT_AT_KEY]: new Date(0).toISOString() },
}).length;

/** JSON with every object's keys in order, so that the same value always hashes the same. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (isObject(value))
		return `{${Object.keys(value)
			.sort()
			.filter((key) => value[key] !== undefined)
			.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
			.join(',')}}`;
	return JSON.stringify(value) ?? 'null';
}

/** An item's JSON and its files' names, types and sizes (a file's bytes are not read). */
const itemShape = (item: INodeExecutionData | undefined) => [
	item?.json,
	Object.entries(item?.binary ?? {}).map(([name, file]) => [
		name,
		file?.fileName,
		file?.mimeType,
		file?.fileSize,
	]),
];

/**
 * What the item came from: its item in the workflow's first nodes (the trigger's, through n8n's
 * item links), so that what the nodes between add (a Check Only report, a time) does not make a
 * rerun new; the input item where the links cannot be followed (a Code node that drops them, a
 * tool's call).
 */
function originOf(context: IExecuteSingleFunctions): unknown {
	const input = itemShape(context.getInputData());
	try {
		const roots = context
			.getParentNodes(context.getNode().name)
			.filter((node) => context.getParentNodes(node.name, { depth: 1 }).length === 0);
		const proxy = context.getWorkflowDataProxy(context.getItemIndex());
		const origins = roots.flatMap((root) => {
			try {
				return [itemShape(proxy.$(root.name).item as INodeExecutionData)];
			} catch {
				return [];
			}
		});
		return origins.length > 0 ? origins : input;
	} catch {
		return input;
	}
}

/**
 * The item's mark: the same for the same workflow, node, origin (above) and texts, whatever the
 * run (media ids, which each run's uploads make anew, and dates, which `$now` moves, are left out).
 */
export function itemMark(context: IExecuteSingleFunctions, request: PostRequest): string {
	const texts = entriesOf(request.body, 'posts').map((post) => [
		entriesOf(post, 'value').map((part) => part.content ?? null),
	]);
	const node = context.getNode();
	const channels = request.channels.map((channel) => channel.id);
	return createHash('sha256')
		.update(
			canonical([
				context.getWorkflow().id ?? null,
				node.id ?? node.name,
				originOf(context),
				channels,
				texts,
			]),
		)
		.digest('hex')
		.slice(0, 32);
}
