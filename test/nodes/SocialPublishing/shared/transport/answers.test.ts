/**
 * The response contract (nodes/SocialPublishing/shared/transport/answers.ts), over any JSON value: each is either
 * accepted as the route's success (and a list then gives one item per element, nothing lost) or refused in words;
 * never a thrown TypeError, never an unworded "undefined" or "null".
 */
import fc from 'fast-check';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { SocialPublishing } from '../../../../../nodes/SocialPublishing/SocialPublishing.node';
import { toItems } from '../../../../../nodes/SocialPublishing/shared/items';
import { ROUTES as routeOf } from '../../routes';
import {
	brokenAnswer,
	type AnswerContract,
} from '../../../../../nodes/SocialPublishing/shared/transport/answers';
import { answers } from '../../../../helpers/hostileServer';
import { expectHostileOutcome, useHostileService } from '../../hostile/support';

/** Every route an operation sends, from the node's description: its `{field}`s filled with a sample id. */
const ROUTES: Array<[string, string]> = new SocialPublishing().description.properties
	.filter((p: INodeProperties) => p.name === 'operation')
	.flatMap((p) => p.options as INodePropertyOptions[])
	.map((o): [string, string] => [
		String(o.routing?.request?.method),
		String(o.routing?.request?.url).replace(/\{(\w+)\}/g, '$11'),
	]);
const contracts = ROUTES.map(
	([method, path]) =>
		[`${method} ${path}`, routeOf(method, path).facts.answer] as [
			string,
			AnswerContract | undefined,
		],
);

const UNWORDED = /\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]/;

it('every route an operation sends declares what its success looks like', () => {
	expect(contracts.filter(([, contract]) => !contract).map(([route]) => route)).toEqual([]);
});

describe.each(contracts)('%s', (_route, contract) => {
	it('any JSON value is accepted or refused in words, never thrown', () => {
		fc.assert(
			fc.property(fc.jsonValue(), (value) => {
				const problem = brokenAnswer(contract, value, {});
				if (problem === undefined) return;
				expect(problem).toMatch(/^(it |"|element )/);
				expect(problem).not.toMatch(UNWORDED);
			}),
			{ numRuns: 300 },
		);
	});

	it('an accepted list becomes one item per element', () => {
		fc.assert(
			fc.property(
				fc.array(
					fc
						.dictionary(fc.string(), fc.jsonValue())
						.map((element) => ({ id: 'x', postId: 'p', integration: 'c', ...element })),
				),
				(list) => {
					if (brokenAnswer(contract, list, {}) === undefined)
						expect(toItems(list)).toHaveLength(list.length);
				},
			),
			{ numRuns: 100 },
		);
	});
});

it('the words name where an answer departs, counted from 1, and never quote its values', () => {
	const channels = routeOf('GET', '/integrations').facts.answer;
	expect(brokenAnswer(channels, [{ id: 'a' }, { id: 'b' }, { name: 'secret-value' }], {})).toBe(
		'"id" of element 3 is missing',
	);
	expect(brokenAnswer(channels, [{ id: 7 }], {})).toBe('"id" of element 1 is a number, not a text');
	expect(brokenAnswer(channels, '[{"id":', { 'content-length': '20' })).toBe(
		'it was cut off after 7 of 20 bytes',
	);
	expect(brokenAnswer(channels, 'secret-value', {})).toBe('it is a text, not a list');
	expect(
		brokenAnswer(routeOf('GET', '/find-slot/c1').facts.answer, { date: 'secret-value' }, {}),
	).toBe('"date" is a text that is not a date');
});

describe('through the node: GET /integrations answering any JSON value', () => {
	const t = useHostileService();
	it('outputs every channel or fails in words, never 0 items silently', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					fc.jsonValue(),
					fc.array(fc.record({ id: fc.string({ minLength: 1 }), name: fc.string() })),
				),
				async (value) => {
					t.server.reset();
					t.server.respond(answers.json(200, value));
					const run = await t.run({ resource: 'channel', operation: 'getMany' });
					const { message } = expectHostileOutcome(run, { withinMs: 5_000 });
					if (message) {
						expect(message).toMatch(
							/^GET \/integrations answered HTTP 200 .*the list of channels.* \(tried 2 times\)$/,
						);
						expect(run.requests).toHaveLength(2);
					} else {
						expect(Array.isArray(value)).toBe(true);
						expect(run.result.items).toHaveLength((value as unknown[]).length);
					}
				},
			),
			{ numRuns: 40 },
		);
	});
});
