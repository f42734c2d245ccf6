import type { IDataObject, INodeProperties, PreSendAction } from 'n8n-workflow';

import { channelLocator } from '../../shared/descriptions';
import { outputItems } from '../../shared/items';
import { defineOperation, failOnField, refuseOversizedBody, routeTo } from '../../shared/routing';
import {
	jsonDeeperThan,
	MAX_JSON_DEPTH,
	MAX_JSON_TEXT_CHARS,
	readJson,
} from '../../shared/userValues';

const fields: INodeProperties[] = [
	channelLocator(),
	{
		displayName: 'Tool Name or ID',
		name: 'tool',
		type: 'options',
		required: true,
		typeOptions: { loadOptionsMethod: 'getChannelTools', loadOptionsDependsOn: ['channel.value'] },
		default: '',
		description:
			'A tool of the channel (e.g. "channels" of a Discord channel). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
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
		description:
			'How to give the tool\'s input (its "data"), as Channel → Get Settings describes it',
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
						description:
							'Sent as text. For numbers, booleans or nested values use "Using JSON" (the service may read the text "false" as true).',
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

/** POST /integration-trigger/:id: `{methodName, data}`, from the tool and its input. */
const toolRequestBody: PreSendAction = async function (requestOptions) {
	const methodName = String(this.getNodeParameter('tool', '') ?? '').trim();
	if (!methodName)
		failOnField(
			this,
			'"Tool" is empty',
			'Pick a tool of the channel (Channel → Get Settings lists them).',
		);
	const mode = this.getNodeParameter('inputMode', 'fields') as string;
	let data: IDataObject = {};
	if (mode === 'json') {
		// Read within bounds (userValues.ts): 10,000 levels would overflow the stack writing the body.
		const read = readJson(this.getNodeParameter('inputJson', '{}') as unknown);
		if ('error' in read && read.why === 'notJson')
			failOnField(
				this,
				'"Input (JSON)" is not valid JSON',
				'Write a JSON object, e.g. {"query": "news"}.',
			);
		if ('error' in read)
			failOnField(
				this,
				`"Input (JSON)" ${read.error}`,
				`Give the tool a flatter or shorter input: at most ${MAX_JSON_DEPTH} levels of lists and objects, ${MAX_JSON_TEXT_CHARS} characters.`,
			);
		data = (read.value ?? {}) as IDataObject;
		if (!data || typeof data !== 'object' || Array.isArray(data))
			failOnField(
				this,
				'"Input (JSON)" must be a JSON object',
				'Write an object such as {"key": "value"}.',
			);
	} else {
		for (const { key, value } of this.getNodeParameter('inputFields.field', []) as IDataObject[]) {
			const name = String(key ?? '').trim();
			if (!name)
				failOnField(
					this,
					'An input field of the tool has no name',
					'Give every field under "Input Fields" a name, or remove it.',
				);
			// An expression's value nested past the bound would overflow the stack writing the body.
			if (jsonDeeperThan(value, MAX_JSON_DEPTH))
				failOnField(
					this,
					`"Input Fields" → "${name}" nests deeper than ${MAX_JSON_DEPTH} levels, more than the node reads`,
					`Give the field a flatter value: at most ${MAX_JSON_DEPTH} levels of lists and objects.`,
				);
			data[name] = value as IDataObject[string];
		}
	}
	const body = { methodName, data };
	refuseOversizedBody(
		this,
		body,
		mode === 'json' ? '"Input (JSON)"' : '"Input Fields"',
		'Give the tool less input in one run, or split it over several items.',
	);
	requestOptions.body = body;
	return requestOptions;
};

export const runChannelTool = defineOperation(
	'channel',
	{
		name: 'Run Tool',
		value: 'runTool',
		action: 'Run a tool of a channel',
		description:
			"Run one of the channel's tools, e.g. list a Discord server's channels (POST /integration-trigger/:channel)",
		routing: routeTo('POST', '/integration-trigger/{channel}', {
			preSend: [toolRequestBody],
			postReceive: [outputItems],
			facts: {
				// `{output: <the tool's result>}`; a tool that gives nothing makes it `{}`.
				answer: { is: "the tool's result", shape: 'object' },
				explain: {
					// The key worked: this route answers 401 when the channel's sign-in has lapsed.
					401: ({ id, said }) =>
						said && /expired|disconnected/i.test(said)
							? {
									message: `The sign-in of channel ${id} on its platform has expired`,
									description:
										"Reconnect the channel in the service's application (open the channel's preferences and reconnect it), then run the node again.",
								}
							: undefined,
					404: ({ id, said }) =>
						said === 'Tool not found'
							? {
									message: `Channel ${id} has no such tool`,
									description:
										'Pick a tool from the list; Channel → Get Settings shows the tools of a channel. The channel itself may also be unknown.',
								}
							: undefined,
				},
			},
		}),
	},
	fields,
);
