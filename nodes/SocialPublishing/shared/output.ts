import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
} from 'n8n-workflow';

import { idParameter } from './preSend';
import { parseSettings, redactSecrets, toItems } from './utils';

/**
 * postReceive steps: what each operation outputs. Every step gets the raw answer from RoutingNode
 * and returns the items; none passes a secret through (production's DELETE /integrations/:id
 * echoes the channel's tokens).
 */

type Step = (this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse) => Promise<INodeExecutionData[]>;

/** The answer, without secrets, one item per element of a list (or of the list under `key`). */
export function itemsOf(key?: string): Step {
	return async function (_items, response) {
		const body = response.body as IDataObject | unknown[];
		const list = key && body && !Array.isArray(body) ? (body as IDataObject)[key] : body;
		return toItems(redactSecrets(list ?? []));
	};
}

/** `{output: X}` answers: the object X, or one item per element when X is a list. */
export const outputItems: Step = async function (_items, response) {
	const output = (response.body as IDataObject | undefined)?.output;
	if (output !== null && typeof output === 'object') return toItems(redactSecrets(output));
	return [{ json: { output: (output ?? null) as IDataObject[string] } }];
};

/** Channel → Get Many: the optional filters applied to GET /integrations (it has no query of its own). */
export const filterChannels: Step = async function (_items, response) {
	const filters = this.getNodeParameter('filters', {}) as IDataObject;
	const platforms = (filters.platforms as string[] | undefined) ?? [];
	const status = (filters.status as string | undefined) ?? 'all';
	const customer = String(filters.customer ?? '').trim();
	const channels = (Array.isArray(response.body) ? response.body : []) as IDataObject[];
	const kept = channels.filter((channel) => {
		if (platforms.length && !platforms.includes(String(channel.identifier))) return false;
		if (status === 'enabled' && channel.disabled === true) return false;
		if (status === 'disabled' && channel.disabled !== true) return false;
		if (customer && (channel.customer as IDataObject | undefined)?.id !== customer) return false;
		return true;
	});
	return toItems(redactSecrets(kept));
};

/** Channel → Delete: `{deleted: true, id}`, whatever the service echoed. */
export const channelDeleted: Step = async function () {
	return [{ json: { deleted: true, id: idParameter(this, 'channel') } }];
};

/** Post → Delete: the spec answers `{deleted: true, id}`, production `{error: true}` on success. */
export const postDeleted: Step = async function (_items, response) {
	const body = (response.body ?? {}) as IDataObject;
	return [{ json: { deleted: body.deleted !== false, id: idParameter(this, 'postId') } }];
};

/** Post → Delete Group: `{deleted: false}` when nothing matched (spec); production always answers `{error: true}`. */
export const groupDeleted: Step = async function (_items, response) {
	const body = (response.body ?? {}) as IDataObject;
	const group = idParameter(this, 'group');
	return [{ json: { deleted: body.deleted !== false, group } }];
};

/** Post → Get Many: one item per post, `settings` parsed when it came as a JSON string. */
export const postItems: Step = async function (_items, response) {
	const posts = ((response.body as IDataObject | undefined)?.posts ?? []) as IDataObject[];
	return toItems((redactSecrets(posts) as IDataObject[]).map(parseSettings));
};

/** Slot → Find Next Free: the date as the service gives it (usable as a post date) and as ISO 8601 UTC. */
export const slotItem: Step = async function (_items, response) {
	const date = String((response.body as IDataObject | undefined)?.date ?? '');
	const utc = date && !/(Z|[+-]\d\d:?\d\d)$/.test(date) ? `${date}Z` : date;
	return [{ json: { channelId: idParameter(this, 'channel'), date, dateUtc: Number.isNaN(Date.parse(utc)) ? null : new Date(utc).toISOString() } }];
};

/** Analytics → Get Post Analytics: `{missing: true}` explained instead of passed on. */
export const postAnalyticsItems: Step = async function (_items, response) {
	const body = response.body as IDataObject | unknown[];
	if (body && !Array.isArray(body) && (body as IDataObject).missing === true) {
		const postId = idParameter(this, 'postId');
		throw new NodeOperationError(this.getNode(), `Post ${postId} has no analytics yet: its platform did not report the published item's ID`, {
			itemIndex: this.getItemIndex(),
			description:
				'Run Post → Get Missing Items for this post to see the channel\'s recent items, then Post → Set Release ID with the right one; analytics work after that.',
		});
	}
	return toItems(redactSecrets(Array.isArray(body) ? body : []));
};
