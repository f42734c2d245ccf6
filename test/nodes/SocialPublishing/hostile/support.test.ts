/**
 * The hostile harness itself: its assertion must catch a key that leaves, unworded text and a wrong request count,
 * or every hostile case built on it could pass without checking anything.
 */
import { NodeApiError } from 'n8n-workflow';

import { answers } from '../../../helpers/hostileServer';
import {
	captureN8nLog,
	expectHostileOutcome,
	TELLTALE,
	keyForms,
	stringsIn,
	useHostileService,
	type HostileRun,
} from './support';

const t = useHostileService();

const channel = {
	id: 'c1',
	name: 'Main',
	identifier: 'x',
	picture: '',
	disabled: false,
	profile: 'main',
	customer: null,
};

describe('the hostile harness', () => {
	it('runs the node against the server, which logs what it received', async () => {
		t.server.respond(answers.json(200, [channel]));
		const run = await t.run({ resource: 'channel', operation: 'getMany' });
		expectHostileOutcome(run, { succeeds: true, requests: 1, withinMs: 10_000 });
		expect(t.server.requests[0]).toMatchObject({ method: 'GET', path: '/integrations' });
		expect(t.server.requests[0].headers.authorization).toBe(TELLTALE);
	});

	it('finds the key in every form, inside errors and their causes', () => {
		const error = new NodeApiError(
			{ id: '1', name: 'n', type: 't', typeVersion: 1, position: [0, 0], parameters: {} },
			{ nested: { deep: [encodeURIComponent(TELLTALE)] } },
		);
		expect(
			keyForms().every((form) => stringsIn({ error, form }).some((text) => text.includes(form))),
		).toBe(true);
		expect(stringsIn(error).some((text) => text.includes(encodeURIComponent(TELLTALE)))).toBe(true);
	});

	it('fails a case whose output carries the key, whose words are unworded, or whose request count is off', () => {
		const leaked = {
			result: { items: [{ json: { echo: `Bearer ${TELLTALE}` } }], run: { data: {} } },
			ms: 1,
			log: [],
			requests: [],
		} as unknown as HostileRun;
		expect(() => expectHostileOutcome(leaked, { succeeds: true })).toThrow(/output items/);
		const logged = {
			result: { items: [], run: { data: {} } },
			ms: 1,
			log: [`warn sent ${TELLTALE}`],
			requests: [],
		} as unknown as HostileRun;
		expect(() => expectHostileOutcome(logged)).toThrow(/n8n's log/);
		const unworded = {
			result: {
				items: [],
				error: Object.assign(new Error('Channel is undefined'), { description: '' }),
				run: { data: {} },
			},
			ms: 1,
			log: [],
			requests: [],
		} as unknown as HostileRun;
		expect(() => expectHostileOutcome(unworded, { message: 'Channel' })).toThrow(/unworded/);
		const quiet = {
			result: { items: [{ json: {} }], run: { data: {} } },
			ms: 1,
			log: [],
			requests: [],
		} as unknown as HostileRun;
		expect(() => expectHostileOutcome(quiet, { succeeds: true, requests: 1 })).toThrow(/count/);
	});
});

describe("n8n's log as the harness captures it", () => {
	it('receives what a node context logs through this.logger', async () => {
		const { PollContext } = await import('n8n-core');
		const capture = captureN8nLog();
		try {
			const logger =
				Object.getOwnPropertyDescriptor(PollContext.prototype, 'logger')?.get ??
				Object.getOwnPropertyDescriptor(Object.getPrototypeOf(PollContext.prototype), 'logger')
					?.get;
			(logger?.call({}) as { warn(message: string): void }).warn('a line from a node');
		} finally {
			capture.stop();
		}
		expect(capture.lines).toEqual(['warn a line from a node']);
	});
});
