/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped: a check that takes its time */
import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { checkedWithTheOtherItems } from '../../../../nodes/SocialPublishing/shared/batch';

/** The contexts n8n gives the items of one run: the same input items, each its own index. */
function runContexts(
	items: INodeExecutionData[],
	continueOnFail = false,
): IExecuteSingleFunctions[] {
	return items.map(
		(_item, index) =>
			({
				getExecuteData: () => ({ data: { main: [items] } }),
				getItemIndex: () => index,
				getNode: () => ({ name: 'Social Publishing' }),
				continueOnFail: () => continueOnFail,
			}) as unknown as IExecuteSingleFunctions,
	);
}

const pass = async () => 'checked';
const fail = async () => {
	throw new Error('a rule is broken');
};

test('one failed item stops the others, which all show its own error (n8n shows one) and say nothing was sent', async () => {
	const [first, second, third] = runContexts([{ json: {} }, { json: {} }, { json: {} }]);
	const outcomes = await Promise.allSettled([
		checkedWithTheOtherItems(first, pass),
		checkedWithTheOtherItems(second, fail),
		checkedWithTheOtherItems(third, pass),
	]);
	const errors = outcomes.map((o) =>
		o.status === 'rejected' ? (o.reason as Error & { description: string }) : undefined,
	);
	expect(errors.map((error) => error?.message)).toEqual([
		'a rule is broken',
		'a rule is broken',
		'a rule is broken',
	]);
	for (const error of errors) {
		expect(error?.description).toBe(
			'Nothing was sent for any item of this run: the node sends all the items of a write run or none, so that running it again after a fix does nothing twice. Fix item 2, or turn on Continue On Fail to send the valid items and get the others as error items.',
		);
	}
});

test('with Continue On Fail the valid items go on', async () => {
	const [first, second] = runContexts([{ json: {} }, { json: {} }], true);
	const outcomes = await Promise.allSettled([
		checkedWithTheOtherItems(first, pass),
		checkedWithTheOtherItems(second, fail),
	]);
	expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
});

test('a second attempt on the same items (Retry On Fail) starts afresh', async () => {
	const items = [{ json: {} }, { json: {} }];
	const [first, second] = runContexts(items);
	await Promise.allSettled([
		checkedWithTheOtherItems(first, pass),
		checkedWithTheOtherItems(second, fail),
	]);
	const [again1, again2] = runContexts(items);
	await expect(
		Promise.all([checkedWithTheOtherItems(again1, pass), checkedWithTheOtherItems(again2, pass)]),
	).resolves.toEqual(['checked', 'checked']);
});

test('a single item does not wait', async () => {
	const [only] = runContexts([{ json: {} }]);
	await expect(checkedWithTheOtherItems(only, pass)).resolves.toBe('checked');
});

test('an item still checking (a media URL uploading) is waited for past the limit; one that never starts is not', async () => {
	const LIMIT_MS = 40;
	const slow = async () => {
		await new Promise((resolve) => setTimeout(resolve, LIMIT_MS * 4));
		return 'checked';
	};
	const [first, second] = runContexts([{ json: {} }, { json: {} }]);
	await expect(
		Promise.all([
			checkedWithTheOtherItems(first, pass, LIMIT_MS),
			checkedWithTheOtherItems(second, slow, LIMIT_MS),
		]),
	).resolves.toEqual(['checked', 'checked']);
	const [alone] = runContexts([{ json: {} }, { json: {} }]);
	await expect(checkedWithTheOtherItems(alone, pass, LIMIT_MS)).rejects.toThrow(
		'Nothing was sent for item 1: not every item of the run could be checked',
	);
});
