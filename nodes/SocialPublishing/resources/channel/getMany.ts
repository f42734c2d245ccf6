import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { customerFilter, optionalFields } from '../../shared/descriptions';
import { PLATFORM_IDS, PLATFORMS } from '../../shared/platforms';
import { toItems, type OutputStep } from '../../shared/items';
import { redactSecrets } from '../../shared/secrets';
import { checkValues, defineOperation, routeTo } from '../../shared/routing';

const fields: INodeProperties[] = [
	optionalFields('Filters', [
		customerFilter('channels of this client'),
		{
			displayName: 'Platforms',
			name: 'platforms',
			type: 'multiOptions',
			default: [],
			description: 'Only channels on these platforms',
			options: PLATFORM_IDS.map((id) => ({ name: PLATFORMS[id].displayName, value: id })).sort(
				(a, b) => a.name.localeCompare(b.name),
			),
		},
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			default: 'all',
			options: [
				{ name: 'All', value: 'all' },
				{ name: 'Disabled Only', value: 'disabled' },
				{ name: 'Enabled Only', value: 'enabled' },
			],
		},
	]),
];

/** Channel → Get Many: the Filters, applied to GET /integrations (it has no query of its own). */
const filterChannels: OutputStep = async function (_items, response) {
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

export const getManyChannels = defineOperation(
	'channel',
	{
		name: 'Get Many',
		value: 'getMany',
		action: 'Get many channels',
		description: 'List the connected channels (GET /integrations)',
		routing: routeTo('GET', '/integrations', {
			preSend: [
				checkValues({
					name: 'filters.platforms',
					label: 'Filters → Platforms',
					oneOf: PLATFORM_IDS,
				}),
			],
			postReceive: [filterChannels],
			facts: {
				answer: { is: 'the list of channels', shape: { list: { object: { id: 'text' } } } },
			},
		}),
	},
	fields,
);
