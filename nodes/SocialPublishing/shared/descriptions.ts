import type { INodeProperties } from 'n8n-workflow';

import type { ValueRule } from './routing';

/** Fields used by several resources. */

/** n8n's optional-settings collection: "Options" (Add Option) or "Filters" (Add Filter), holding `options`. */
export function optionalFields(
	kind: 'Options' | 'Filters',
	options: INodeProperties[],
	overrides: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName: kind,
		name: kind === 'Options' ? 'options' : 'filters',
		type: 'collection',
		placeholder: kind === 'Options' ? 'Add Option' : 'Add Filter',
		default: {},
		options,
		...overrides,
	};
}

/** The channel picker: From List (search, shown as "name (platform)") or By ID. */
export function channelLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Channel',
		name: 'channel',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'A connected channel (account on a social platform)',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a channel...',
				typeOptions: { searchListMethod: 'searchChannels', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 0e000000-0000-4000-8000-000000000011',
				// No `validation` regex: n8n runs it with a 250 ms budget that a loaded machine overruns
				// ("Regular expression execution timed out"). The node checks the trimmed ID itself
				// (preSend `idParameter`, Post → Create's channel checks).
			},
		],
		...overrides,
	};
}

/** The customer (client) filter of a Get Many; `what` ends "Only the … of this client". */
export function customerFilter(
	what: string,
	overrides: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName: 'Customer Name or ID',
		name: 'customer',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getCustomers' },
		default: '',
		description: `Only the ${what}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		...overrides,
	};
}

export function postIdField(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Post ID',
		name: 'postId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3f2b0c9e-...',
		description: 'ID of the post, as Post → Get Many or Post → Create output it',
		...overrides,
	};
}

export function returnAllAndLimit(pageSize: number, what: string): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			hint: `The service sends ${what} ${pageSize} a page; the node reads pages until the limit is reached`,
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** The Limit of `returnAllAndLimit`, checked before any request: 0 or less would read nothing (an empty result). */
export const limitRule: ValueRule = {
	name: 'limit',
	label: 'Limit',
	atLeast: 1,
	when: (context) => context.getNodeParameter('returnAll', false) !== true,
};

/**
 * The node's Request Options. n8n adds its own declarative options (Timeout, Proxy, Batching,
 * Ignore SSL Issues) to a collection of this name when it loads the node; these join them.
 * The transport reads all of them (shared/transport/policy.ts `policyOf`).
 */
export const requestOptionsCollection: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	isNodeSetting: true,
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Include Rate Limit Info',
			name: 'includeRateLimitInfo',
			type: 'boolean',
			default: false,
			description:
				'Whether to add the X-RateLimit-* figures of the answer (limit, remaining, seconds to reset) to each output item as "rateLimit" (null where the route sends none)',
		},
		{
			displayName: 'Max Rate-Limit Wait (S)',
			name: 'maxRateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 60,
			description:
				"Longest time in seconds an item waits for a rate-limit window (a 429's Retry-After, or a window its route has used up); a longer wait fails the item, unsent, with the time to retry. 0 never waits.",
		},
		{
			displayName: 'Max Requests in Flight',
			name: 'maxInFlight',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 16,
			description:
				"Most requests of one run sent at the same time (n8n starts every item at once). Requests to a rate-limited route also wait for its window, as the service's X-RateLimit figures say, instead of being refused.",
		},
		{
			displayName: 'Retries of Reads',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 2,
			description:
				'How many more times to send a GET request after a 5xx answer, a timeout or a dropped connection (a timeout of Find Next Free is not retried: it means an unknown or disabled channel). Requests that change data are never re-sent after such failures.',
		},
		{
			displayName: 'Retry Delay (Ms)',
			name: 'retryDelay',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 1000,
			description: 'Wait before the first retry, in milliseconds; doubled for each further retry',
		},
	],
};
