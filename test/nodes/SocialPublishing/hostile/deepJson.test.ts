/**
 * JSON nested thousands of levels deep in any JSON parameter of any operation (issue 30: 10,000 levels in Run Tool's
 * Input (JSON) ended in "Maximum call stack size exceeded"). Every JSON parameter is found by walking the node's
 * description, so a new one cannot be left out; each is read through shared/userValues.ts `readJson` and refused with
 * the depth bound's words (bounds.ts MAX_JSON_DEPTH), before anything is written, whatever the depth and the mix of
 * lists and objects (fast-check), given as text or as a value.
 */
import fc from 'fast-check';
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { SocialPublishing } from '../../../../nodes/SocialPublishing/SocialPublishing.node';
import { MAX_JSON_DEPTH } from '../../../../nodes/SocialPublishing/shared/bounds';
import { answers, byRoute, type Handler } from '../../../helpers/hostileServer';
import { channel as channelEntry, createParams, parts } from '../createParameters';
import { byId } from '../support';
import { CHANNEL, EVERY_OPERATION } from './everyOperation';
import { expectHostileOutcome, useHostileService } from './support';

const t = useHostileService();

/** Every parameter of type json, as `resource.operation: path` (collections and lists walked). */
function jsonParameters(): string[] {
	const found: string[] = [];
	const walk = (properties: INodeProperties[], path: string, where: string) => {
		for (const property of properties) {
			const name = path ? `${path}.${property.name}` : property.name;
			if (property.type === 'json') found.push(`${where}: ${name}`);
			for (const option of (property.options ?? []) as Array<
				Partial<INodeProperties> & { values?: INodeProperties[] }
			>) {
				if (Array.isArray(option.values))
					walk(option.values as INodeProperties[], `${name}.${String(option.name)}`, where);
				else if (option.type !== undefined) walk([option as INodeProperties], name, where);
			}
		}
	};
	for (const property of new SocialPublishing().description.properties) {
		const show = property.displayOptions?.show ?? {};
		const where = `${String(show.resource?.[0])}.${String(show.operation?.[0])}`;
		walk([property], '', where);
	}
	return found;
}

interface JsonCase {
	/** The label the refusal names. */
	label: string;
	/** The node's parameters with `value` in the JSON parameter (an object where an expression gives one). */
	parameters: (value: unknown) => Record<string, unknown>;
	/** The write that must never be sent, and the look-ups answered before it. */
	write: string;
	before?: Record<string, Handler>;
}

const updateLookups = EVERY_OPERATION.find((o) => o.name === 'Post → Update')?.before ?? {};

/** One run per JSON parameter, keyed as jsonParameters() names them. */
const CASES: Record<string, JsonCase> = {
	'channel.runTool: inputJson': {
		label: 'Input (JSON)',
		parameters: (value) => ({
			resource: 'channel',
			operation: 'runTool',
			channel: byId('c1'),
			tool: 'channels',
			inputMode: 'json',
			inputJson: value,
		}),
		write: 'POST /integration-trigger/c1',
	},
	'post.create: requestJson': {
		label: 'Request (JSON)',
		parameters: (value) => ({
			resource: 'post',
			operation: 'create',
			inputMode: 'json',
			requestJson: value,
		}),
		write: 'POST /posts',
		before: { 'GET /integrations': answers.json(200, [CHANNEL]) },
	},
	'post.create: channels.channel.settingsJson': {
		label: 'Settings (JSON)',
		parameters: (value) => ({
			...createParams({
				parts: parts({ content: 'Hello' }),
				channels: [channelEntry({ channel: byId('c1'), platform: 'threads', settingsJson: '{}' })],
			}),
			channels: {
				channel: [
					{
						...channelEntry({ channel: byId('c1'), platform: 'threads', settingsJson: '{}' }),
						settingsJson: value,
					},
				],
			},
		}),
		write: 'POST /posts',
		before: { 'GET /integrations': answers.json(200, [CHANNEL]) },
	},
	'post.update: updateFields.settingsJson': {
		label: 'Settings (JSON)',
		parameters: (value) => ({
			resource: 'post',
			operation: 'update',
			postId: 'p1',
			updateFields: { settingsJson: value },
		}),
		write: 'PUT /posts/p1/settings',
		before: updateLookups,
	},
};

test('the table holds every JSON parameter of the description, and only those', () => {
	expect(Object.keys(CASES).sort()).toEqual(jsonParameters().sort());
});

/**
 * Nesting as text, `depth` levels in all under a top object (the parameters that want an object would refuse a list
 * at the top for that): each level below a list or an object, chosen by `kinds` in turn.
 */
function nestedText(depth: number, kinds: boolean[]): string {
	let open = '{"a":';
	let close = '}';
	for (let level = 1; level < depth; level++) {
		const list = kinds[level % kinds.length];
		open += list ? '[' : '{"a":';
		close = (list ? ']' : '}') + close;
	}
	return `${open}1${close}`;
}

/** The same nesting as a value, built without recursion. */
function nestedValue(depth: number, kinds: boolean[]): unknown {
	let value: unknown = 1;
	for (let level = depth - 1; level >= 0; level--)
		value = kinds[level % kinds.length] ? [value] : { a: value };
	return value;
}

const refusal = (label: string) =>
	new RegExp(
		`${label.replace(/[()]/g, '\\$&')}"?:? nests deeper than ${MAX_JSON_DEPTH} levels, more than the node reads`,
	);

async function runWith(key: string, value: unknown) {
	const aCase = CASES[key];
	t.server.reset();
	t.server.respond(
		byRoute({ ...(aCase.before ?? {}), [aCase.write]: answers.json(200, { output: {} }) }),
	);
	const run = await t.run(aCase.parameters(value) as INodeParameters);
	expectHostileOutcome(run, { message: refusal(aCase.label), withinMs: 10_000 });
	expect(run.requests).not.toContain(aCase.write);
	return run;
}

describe.each(Object.keys(CASES))('%s', (key) => {
	it('10,000 levels of lists in an object, as text: refused with the bound, nothing written', async () => {
		await runWith(key, nestedText(10_000, [true]));
	});

	it('property: any depth past the bound, any mix of lists and objects, as text', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: MAX_JSON_DEPTH + 1, max: 30_000 }),
				fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
				async (depth, kinds) => {
					await runWith(key, nestedText(depth, kinds));
				},
			),
			{ numRuns: 8 },
		);
	});

	// As a value, up to 800 levels: from about 1,300, n8n's RoutingNode overflows the stack itself while it reads the
	// parameters, before the node runs (as text, the way the editor saves a JSON parameter, any depth reaches the node).
	it('property: past the bound as a value (what an expression gives)', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: MAX_JSON_DEPTH + 1, max: 800 }),
				fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
				async (depth, kinds) => {
					// Run Tool, Request (JSON): an object at the top (a list is refused as not an object).
					await runWith(key, { a: nestedValue(depth - 1, kinds) });
				},
			),
			{ numRuns: 5 },
		);
	});

	it('within the bound: not refused for its depth', async () => {
		const aCase = CASES[key];
		t.server.respond(
			byRoute({ ...(aCase.before ?? {}), [aCase.write]: answers.json(200, { output: {} }) }),
		);
		const run = await t.run(
			aCase.parameters(nestedText(MAX_JSON_DEPTH - 1, [false])) as INodeParameters,
		);
		expect(run.result.error?.message ?? '').not.toMatch(/nests deeper/);
	});
});

it("Run Tool's Input Fields: a value nested past the bound (an expression's object) is refused the same way", async () => {
	t.server.respond(answers.json(200, { output: {} }));
	await fc.assert(
		fc.asyncProperty(
			fc.integer({ min: MAX_JSON_DEPTH + 1, max: 800 }),
			fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
			async (depth, kinds) => {
				t.server.requests.length = 0;
				const run = await t.run({
					resource: 'channel',
					operation: 'runTool',
					channel: byId('c1'),
					tool: 'channels',
					inputMode: 'fields',
					inputFields: { field: [{ key: 'query', value: nestedValue(depth, kinds) }] },
				} as INodeParameters);
				expectHostileOutcome(run, {
					message: `"Input Fields" → "query" nests deeper than ${MAX_JSON_DEPTH} levels, more than the node reads`,
					requests: 0,
				});
			},
		),
		{ numRuns: 5 },
	);
});
