import type { INodeProperties } from 'n8n-workflow';

/** Analytics `date`: the number of days covered. */
export const daysField: INodeProperties = {
	displayName: 'Days',
	name: 'days',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: 7,
	description: 'Number of days to cover. The service caches results for up to an hour.',
	routing: { send: { type: 'query', property: 'date' } },
};
