import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { channelLocator } from '../../shared/descriptions';

const fields: INodeProperties[] = [
	channelLocator(),
	{
		displayName: 'Tool Name or ID',
		name: 'tool',
		type: 'options',
		required: true,
		typeOptions: { loadOptionsMethod: 'getChannelTools', loadOptionsDependsOn: ['channel.value'] },
		default: '',
		description: 'A tool of the channel (e.g. "channels" of a Discord channel). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Input',
		name: 'inputMode',
		type: 'options',
		default: 'fields',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json' },
		],
		description: 'How to give the tool\'s input (its "data"), as Channel → Get Settings describes it',
	},
	{
		displayName: 'Input Fields',
		name: 'inputFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { inputMode: ['fields'] } },
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{ displayName: 'Name', name: 'key', type: 'string', default: '' },
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description: 'Sent as text. For numbers, booleans or nested values use "Using JSON" (the service may read the text "false" as true).',
					},
				],
			},
		],
	},
	{
		displayName: 'Input (JSON)',
		name: 'inputJson',
		type: 'json',
		default: '{}',
		displayOptions: { show: { inputMode: ['json'] } },
	},
];

export const channelRunToolFields = updateDisplayOptions({ show: { resource: ['channel'], operation: ['runTool'] } }, fields);
