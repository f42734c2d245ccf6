/** The run's record (shared/runState.ts): one per attempt of a run, shared by its items and their requests. */
import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { beginItem, runState, RunSlot } from '../../../../nodes/SocialPublishing/shared/runState';

/** The contexts n8n gives the items of one run: the same input items, each its own index. */
const contextsOf = (items: INodeExecutionData[]) =>
	items.map(
		(_item, index) =>
			({
				getExecuteData: () => ({ data: { main: [items] } }),
				getItemIndex: () => index,
			}) as unknown as IExecuteSingleFunctions,
	);

const SEEN = new RunSlot<string[]>('what the test saw');

test('the items of one run, and a request made from an item’s context, share one record', () => {
	const items = [{ json: {} }, { json: {} }];
	const [first, second] = contextsOf(items);
	const request = Object.create(first) as IExecuteSingleFunctions;
	runState(first)
		.get(SEEN, () => [])
		.push('first');
	runState(second)
		.get(SEEN, () => [])
		.push('second');
	expect(runState(request).get(SEEN, () => [])).toEqual(['first', 'second']);
	expect(runState(first).total).toBe(2);
});

test('another run (a new array of items, even equal) has a record of its own', () => {
	const [one] = contextsOf([{ json: {} }]);
	const [other] = contextsOf([{ json: {} }]);
	runState(one)
		.get(SEEN, () => [])
		.push('one');
	expect(runState(other).get(SEEN, () => [])).toEqual([]);
});

test('a context without execute data is a record for itself alone', () => {
	const broken = {
		getExecuteData: () => {
			throw new Error('no execute data');
		},
	} as unknown as IExecuteSingleFunctions;
	const [inRun] = contextsOf([{ json: {} }]);
	expect(runState(broken)).toBe(runState(broken));
	expect(runState(broken)).not.toBe(runState(inRun));
	expect(runState(broken).total).toBe(0);
});

test('an item beginning its checks again (Retry On Fail) starts a new record for the whole run', () => {
	const items = [{ json: {} }, { json: {} }];
	const [first, second] = contextsOf(items);
	const attempt = beginItem(first);
	beginItem(second);
	attempt?.get(SEEN, () => []).push('attempt 1');
	expect(beginItem(second)).toBe(beginItem(first));
	expect(runState(first)).not.toBe(attempt);
	expect(runState(first).get(SEEN, () => [])).toEqual([]);
	expect([...runState(first).begun].sort()).toEqual([0, 1]);
});

test('under Execute Once the run is the first item alone: n8n hands RoutingNode one item, the execute data keeps them all', () => {
	const items = [{ json: {} }, { json: {} }];
	const [first] = items.map(
		(_item, index) =>
			({
				getExecuteData: () => ({ data: { main: [items] } }),
				getItemIndex: () => index,
				getNode: () => ({ name: 'Social Publishing', executeOnce: true }),
			}) as unknown as IExecuteSingleFunctions,
	);
	expect(runState(first).total).toBe(1);
	expect(beginItem(first)?.total).toBe(1);
	// Again (Retry On Fail): the new record counts the same.
	expect(beginItem(first)?.total).toBe(1);
});
