import type { INodeProperties } from 'n8n-workflow';

import type { ValueRule } from './routing';

/** Fields used by several resources. */

/** n8n's optional-settings collection: "Options" (Add Option) or "Filters" (Add Filter). */
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

/** The Limit of `returnAllAndLimit`, checked before any request: 0 or less would read nothing. */
export const limitRule: ValueRule = {
	name: 'limit',
	label: 'Limit',
	atLeast: 1,
	when: (context) => context.getNodeParameter('returnAll', false) !== true,
};
