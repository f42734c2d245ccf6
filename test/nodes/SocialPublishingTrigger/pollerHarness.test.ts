/**
 * The poller harness (test/helpers/engine.ts createPoller) commits static data the way n8n's poll
 * runner does; the trigger's fault tests rely on it, so it is checked here with a toy poll node
 * that bumps a counter in its static data and then returns, emits or throws as told.
 */
import type { INodeExecutionData, INodeType, IPollFunctions } from 'n8n-workflow';
import { createPoller, registerNodeType } from '../../helpers/engine';

const TOY = 'test.counterPoller';

class CounterPoller implements INodeType {
	description = {
		displayName: 'Counter Poller',
		name: 'counterPoller',
		group: ['trigger'],
		version: 1,
		description: 'Test poller',
		defaults: { name: 'Counter Poller' },
		polling: true,
		inputs: [],
		outputs: ['main'],
		properties: [{ displayName: 'Then', name: 'then', type: 'string', default: 'null' }],
	} as unknown as INodeType['description'];

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const state = this.getWorkflowStaticData('node');
		state.count = Number(state.count ?? 0) + 1;
		const then = this.getNodeParameter('then') as string;
		if (then === 'throw') throw new Error('source unreachable');
		return then === 'emit' ? [[{ json: { count: state.count } }]] : null;
	}
}
registerNodeType(TOY, new CounterPoller());

const credentials = { baseUrl: 'http://127.0.0.1:1', apiKey: 'unused' };
const poller = (then: string, count?: number) =>
	createPoller(
		credentials,
		TOY,
		{ then },
		count === undefined ? {} : { 'node:Node Under Test': { count } },
	);

test('a scheduled poll that returns null or emits is committed', async () => {
	const quiet = poller('null');
	await quiet.poll();
	await quiet.poll();
	expect(quiet.staticData()).toEqual({ count: 2 });

	const emitting = poller('emit');
	expect(await emitting.poll()).toEqual([[{ json: { count: 1 } }]]);
	expect(emitting.staticData()).toEqual({ count: 1 });
	expect(emitting.restart().staticData()).toEqual({ count: 1 });
});

test('a poll that throws is not committed, and the harness tells that it had changed its state', async () => {
	const failing = poller('throw', 5);
	await expect(failing.poll()).rejects.toThrow('source unreachable');
	expect(failing.staticData()).toEqual({ count: 5 });
	expect(failing.lastFailedPollChangedState()).toBe(true);
});

test('the activation poll is committed only when it emits; manual runs never are', async () => {
	const quiet = poller('null', 1);
	await quiet.poll('activation');
	await quiet.poll('manual');
	expect(quiet.staticData()).toEqual({ count: 1 });

	const emitting = poller('emit', 1);
	await emitting.poll('activation');
	expect(emitting.staticData()).toEqual({ count: 2 });
});
