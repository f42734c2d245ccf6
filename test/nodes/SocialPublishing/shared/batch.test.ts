/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped: a check that takes its time */
import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import {
	checkedWithTheOtherItems,
	uploadedWithTheOtherItems,
} from '../../../../nodes/SocialPublishing/shared/batch';
import {
	keepFailureForTheHook,
	pairedToTheItem,
} from '../../../../nodes/SocialPublishing/shared/pairedItems';
import { inTurn, takeTurn } from '../../../../nodes/SocialPublishing/shared/sendRecord';

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
				getNodeParameter: (_name: string, fallback: unknown) => fallback,
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

test('an item still checking (a media URL uploading) is waited for past the limit', async () => {
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
});

describe('an item n8n fails before the node runs (its checks never begin)', () => {
	const neverBegun =
		"Nothing was sent for item 1: item 2 of this run did not reach the node's checks";

	test('is not waited for: RoutingNode starts every item in one pass, so the others know at once', async () => {
		const [alone] = runContexts([{ json: {} }, { json: {} }]);
		const started = Date.now();
		const error = await checkedWithTheOtherItems(alone, pass).catch((e: unknown) => e);
		expect(Date.now() - started).toBeLessThan(1000);
		expect(error).toMatchObject({
			message: neverBegun,
			description:
				"n8n fails an item before the node runs when it cannot read one of the item's parameters (an expression that fails for that item). The node sends all the items of a write run or none. Fix that item's parameters, or turn on Continue On Fail to send the other items and get that one as an error item.",
		});
	});

	test('under Continue On Fail the others go on', async () => {
		const [alone] = runContexts([{ json: {} }, { json: {} }], true);
		await expect(checkedWithTheOtherItems(alone, pass)).resolves.toBe('checked');
	});

	test('with Request Options → Batching, an item of a later batch is waited for through the pauses, then no longer', async () => {
		const LIMIT_MS = 40;
		const batching = (context: IExecuteSingleFunctions) =>
			({
				...context,
				getNodeParameter: (name: string, fallback: unknown) =>
					name === 'requestOptions.batching.batch'
						? { batchSize: 1, batchInterval: LIMIT_MS * 2 }
						: fallback,
			}) as unknown as IExecuteSingleFunctions;
		const [first, second] = runContexts([{ json: {} }, { json: {} }]).map(batching);
		const later = new Promise((resolve) => setTimeout(resolve, LIMIT_MS * 2)).then(
			async () => await checkedWithTheOtherItems(second, pass, LIMIT_MS),
		);
		await expect(
			Promise.all([checkedWithTheOtherItems(first, pass, LIMIT_MS), later]),
		).resolves.toEqual(['checked', 'checked']);
		const [alone] = runContexts([{ json: {} }, { json: {} }]).map(batching);
		const started = Date.now();
		await expect(checkedWithTheOtherItems(alone, pass, LIMIT_MS)).rejects.toThrow(neverBegun);
		expect(Date.now() - started).toBeGreaterThanOrEqual(LIMIT_MS * 3 - 5);
	});
});

describe('uploadedWithTheOtherItems: the writes before the request, once every item is checked', () => {
	/** An item as Post → Create runs it: checks, then uploads, then (here) the request. */
	async function item(
		context: IExecuteSingleFunctions,
		checks: () => Promise<string>,
		uploads: () => Promise<string>,
		log: string[],
	): Promise<string> {
		await checkedWithTheOtherItems(context, checks);
		await uploadedWithTheOtherItems(context, 'create', uploads);
		log.push(`request of item ${context.getItemIndex() + 1}`);
		return 'sent';
	}

	test('nothing is uploaded while an item of the run fails its checks', async () => {
		const log: string[] = [];
		const upload = (name: string) => async () => {
			log.push(`upload of ${name}`);
			return 'uploaded';
		};
		const [first, second] = runContexts([{ json: {} }, { json: {} }]);
		await Promise.allSettled([
			item(first, pass, upload('item 1'), log),
			item(second, fail, upload('item 2'), log),
		]);
		expect(log).toEqual([]);
	});

	test('an upload that fails stops every request, and the run says the files already uploaded stay', async () => {
		const log: string[] = [];
		const [first, second] = runContexts([{ json: {} }, { json: {} }]);
		const uploaded = async () => {
			log.push('upload of item 1');
			return 'uploaded';
		};
		const refused = async () => {
			throw new Error('the service could not upload "https://media.example.com/missing.png"');
		};
		const outcomes = await Promise.allSettled([
			item(first, pass, uploaded, log),
			item(second, pass, refused, log),
		]);
		expect(log).toEqual(['upload of item 1']);
		const errors = outcomes.map((o) =>
			o.status === 'rejected' ? (o.reason as Error & { description: string }) : undefined,
		);
		for (const error of errors) {
			expect(error?.message).toBe(
				'the service could not upload "https://media.example.com/missing.png"',
			);
			expect(error?.description).toBe(
				'No post was created for any item of this run: the node sends all the items of a write ' +
					"run or none. The files uploaded for the run's items before this failure stay in the " +
					'media library (Media → Get Many lists them); running again uploads them again. Fix ' +
					'item 2, or turn on Continue On Fail to send the valid items and get the others as ' +
					'error items.',
			);
		}
	});

	test('with Continue On Fail the items that passed their checks upload and go on without waiting for the others', async () => {
		const log: string[] = [];
		const [first, second, third] = runContexts([{ json: {} }, { json: {} }, { json: {} }], true);
		const upload = async () => 'uploaded';
		const outcomes = await Promise.allSettled([
			item(first, pass, upload, log),
			item(second, fail, upload, log),
			item(third, pass, upload, log),
		]);
		expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
		expect(log.sort()).toEqual(['request of item 1', 'request of item 3']);
	});

	test('a single item uploads and goes on', async () => {
		const [only] = runContexts([{ json: {} }]);
		await expect(uploadedWithTheOtherItems(only, 'create', async () => 'uploaded')).resolves.toBe(
			'uploaded',
		);
	});
});

test('an item that stops after its checks, before its turn, is on record as not sent: the items after it go on', async () => {
	const log: string[] = [];
	const contexts = runContexts([{ json: {} }, { json: {} }, { json: {} }], true);
	// A post's preSend as RoutingNode runs it (every preSend kept for the hook): checks, uploads, turn.
	const preSend = keepFailureForTheHook(async function (this: IExecuteSingleFunctions, options) {
		await checkedWithTheOtherItems(this, pass);
		await uploadedWithTheOtherItems(this, 'create', async () => {
			if (this.getItemIndex() === 1) throw new Error('the upload failed');
		});
		await takeTurn(this);
		return options;
	});
	// The request hook as the transport wraps it: paired to the item, the post in its turn.
	const hook = pairedToTheItem(async function () {
		return await inTurn(this, async () => {
			log.push(`post of item ${this.getItemIndex() + 1}`);
			return [{ json: { postId: `p${this.getItemIndex() + 1}` } }];
		});
	});
	const outputs = await Promise.all(
		contexts.map(async (context) => {
			const options = await preSend.call(context, { url: '/posts' });
			const requestData = { options } as unknown as DeclarativeRestApiSettings.ResultOptions;
			return await hook.call(context as unknown as IExecutePaginationFunctions, requestData);
		}),
	);
	expect(outputs.map(([output]) => output.json)).toEqual([
		{ postId: 'p1' },
		{ error: 'the upload failed' },
		{ postId: 'p3' },
	]);
	expect(log).toEqual(['post of item 1', 'post of item 3']);
});
