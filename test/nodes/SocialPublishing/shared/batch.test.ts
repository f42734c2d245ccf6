import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { checkedWithTheOtherItems } from '../../../../nodes/SocialPublishing/shared/batch';

/** The contexts n8n gives the items of one run: the same input items, each its own index. */
function runContexts(items: INodeExecutionData[], continueOnFail = false): IExecuteSingleFunctions[] {
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

test('one failed item stops the others, which say which item failed', async () => {
	const [first, second] = runContexts([{ json: {} }, { json: {} }]);
	const outcomes = await Promise.allSettled([checkedWithTheOtherItems(first, pass), checkedWithTheOtherItems(second, fail)]);
	expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).message : o.value))).toEqual([
		'Nothing was sent for item 1: item 2 failed the checks',
		'a rule is broken',
	]);
});

test('with Continue On Fail the valid items go on', async () => {
	const [first, second] = runContexts([{ json: {} }, { json: {} }], true);
	const outcomes = await Promise.allSettled([checkedWithTheOtherItems(first, pass), checkedWithTheOtherItems(second, fail)]);
	expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
});

test('a second attempt on the same items (Retry On Fail) starts afresh', async () => {
	const items = [{ json: {} }, { json: {} }];
	const [first, second] = runContexts(items);
	await Promise.allSettled([checkedWithTheOtherItems(first, pass), checkedWithTheOtherItems(second, fail)]);
	const [again1, again2] = runContexts(items);
	await expect(Promise.all([checkedWithTheOtherItems(again1, pass), checkedWithTheOtherItems(again2, pass)])).resolves.toEqual(['checked', 'checked']);
});

test('a single item does not wait', async () => {
	const [only] = runContexts([{ json: {} }]);
	await expect(checkedWithTheOtherItems(only, pass)).resolves.toBe('checked');
});
