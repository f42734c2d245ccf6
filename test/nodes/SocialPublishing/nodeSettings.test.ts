/**
 * n8n's node settings on Post → Create and Post → Update with 2 input items, through n8n's engine
 * (issue 38, parts 4 and 7): Execute Once, Retry On Fail, Continue On Fail, the error output and
 * Always Output Data, each case with its items, their pairedItem and what is said; and one numbering,
 * items counted from 1 in the run's error as n8n's editor shows it. Execute Once on every other
 * write: executeOnce.test.ts.
 */
import {
	sleep,
	type IDataObject,
	type INodeExecutionData,
	type INodeParameters,
} from 'n8n-workflow';

import { SEED_IDS } from '../../../sandbox';
import { shownInTheEditor } from '../../helpers/editorError';
import { channel, createParams, parts } from './createParameters';
import { createPosts, daysFromNow, FAST, UNKNOWN_ID, useSandbox } from './support';

const t = useSandbox({ profile: 'production' });
const { channels } = SEED_IDS;

const create: INodeParameters = createParams({
	parts: parts({ content: '={{ $json.text }}' }),
	channels: [channel({ channel: { __rl: true, mode: 'id', value: channels.mastodon } })],
});
const update: INodeParameters = {
	resource: 'post',
	operation: 'update',
	postId: '={{ $json.postId }}',
	updateFields: { settingsJson: '{"visibility": "public"}' },
	mediaAndFollowUps: 'none',
};
const texts = [{ text: 'First of two' }, { text: 'Second of two' }];
/** Item 2 refused by Post → Create's checks (no text). */
const secondRefused = [texts[0], { text: '' }];
const REFUSED = /^Item 2, channel 1 .*: needs text, media, or both$/;

const pairs = (items: INodeExecutionData[]) => items.map((output) => output.pairedItem);
const paired = (...indexes: number[]) => indexes.map((item) => ({ item }));

async function queued(): Promise<string[]> {
	const ids: string[] = [];
	for (const days of [3, 4]) {
		const [post] = await createPosts(t, {
			date: daysFromNow(days),
			channels: [channels.mastodon],
			content: `Queued in ${days} days`,
		});
		ids.push(post.postId);
	}
	return ids;
}

/** The posts the service holds with these texts, by text. */
async function stored(): Promise<Record<string, string[]>> {
	const answer = await t.api().get('/posts', {
		params: { startDate: '2029-01-01T00:00:00Z', endDate: '2031-01-01T00:00:00Z' },
	});
	const byText: Record<string, string[]> = {};
	for (const post of answer.data.posts as IDataObject[])
		(byText[String(post.content)] ??= []).push(String(post.id));
	return byText;
}

const visibility = async (id: string) =>
	(await t.sandbox.control.storedPost(id))?.settings?.visibility;

describe('Execute Once', () => {
	it('Post → Create sends item 1’s post alone, at once', async () => {
		const started = Date.now();
		const result = await t.run(create, { items: texts, node: { executeOnce: true } });

		expect(Date.now() - started).toBeLessThan(5000);
		expect(result.error).toBeUndefined();
		expect((await stored())['Second of two']).toBeUndefined();
		const [first] = (await stored())['First of two'];
		expect(result.items.map((output) => output.json.postId)).toEqual([first]);
		expect(pairs(result.items)).toEqual(paired(0));
	});

	it('Post → Update changes item 1’s post alone, at once', async () => {
		const [a, b] = await queued();
		const started = Date.now();
		const result = await t.run(update, {
			items: [{ postId: a }, { postId: b }],
			node: { executeOnce: true },
		});

		expect(Date.now() - started).toBeLessThan(5000);
		expect(result.error).toBeUndefined();
		expect(result.items.map((output) => output.json.postId)).toEqual([a]);
		expect(pairs(result.items)).toEqual(paired(0));
		expect([await visibility(a), await visibility(b)]).toEqual(['public', undefined]);
	});
});

describe('Retry On Fail', () => {
	const retry = { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 };

	it('Post → Create: the service fails item 2’s post; the second try sends it and not item 1’s again', async () => {
		await t.sandbox.control.addFault({
			method: 'POST',
			path: '/posts',
			fault: 'error500',
			skip: 1,
		});
		const result = await t.run(create, { items: texts, node: retry });

		expect(result.error).toBeUndefined();
		const posts = await stored();
		expect([posts['First of two'], posts['Second of two']].map((ids) => ids?.length)).toEqual([
			1, 1,
		]);
		expect(result.items.map((output) => output.json.postId)).toEqual([
			posts['First of two'][0],
			posts['Second of two'][0],
		]);
		expect(pairs(result.items)).toEqual(paired(0, 1));
	});

	it('Post → Update: the service fails item 2’s edit; the second try changes both', async () => {
		const [a, b] = await queued();
		await t.sandbox.control.addFault({
			method: 'PUT',
			path: '/posts/:id/settings',
			fault: 'error500',
			skip: 1,
		});
		const result = await t.run(update, { items: [{ postId: a }, { postId: b }], node: retry });

		expect(result.error).toBeUndefined();
		expect(result.items.map((output) => output.json.postId)).toEqual([a, b]);
		expect(pairs(result.items)).toEqual(paired(0, 1));
		expect([await visibility(a), await visibility(b)]).toEqual(['public', 'public']);
	});

	it('an item refused at every try: each try sends nothing, and the error names item 2', async () => {
		const started = Date.now();
		const result = await t.run(create, { items: secondRefused, node: retry });

		expect(Date.now() - started).toBeLessThan(5000);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(REFUSED);
		expect(result.error?.description).toContain(
			'Nothing was sent for any item of this run: the node sends all the items of a write run or none',
		);
		expect(await t.requests('POST', '/posts')).toEqual([]);
	});
});

describe.each(['continueRegularOutput', 'continueErrorOutput'] as const)(
	'On Error: %s',
	(onError) => {
		/** Item 1's output and item 2's error, where On Error puts them, each paired. */
		function expectItem2Failed(
			result: Awaited<ReturnType<typeof t.run>>,
			input: IDataObject,
			message: RegExp,
		) {
			expect(result.error).toBeUndefined();
			const [sent, ...rest] = result.items;
			expect(sent.json.postId).toEqual(expect.any(String));
			const failed = onError === 'continueErrorOutput' ? result.errorItems : rest;
			expect(onError === 'continueErrorOutput' ? rest : result.errorItems).toEqual([]);
			expect(pairs([sent])).toEqual(paired(0));
			expect(pairs(failed)).toEqual(paired(1));
			const [error] = failed;
			expect(error.json.error).toMatch(message);
			if (onError === 'continueErrorOutput') {
				// Beside item 2's own fields, with how to fix it.
				expect(error.json).toMatchObject(input);
				expect(error.json.message).toEqual(expect.any(String));
			} else expect(error.error?.message).toMatch(message);
		}

		it('Post → Create: item 2 refused by its checks, item 1 sent', async () => {
			const result = await t.run(create, { items: secondRefused, onError });

			expectItem2Failed(result, secondRefused[1], REFUSED);
			expect(Object.keys(await stored())).toEqual(['First of two']);
		});

		it('Post → Update: item 2’s post unknown, item 1’s changed', async () => {
			const [a] = await queued();
			const result = await t.run(update, {
				items: [{ postId: a }, { postId: UNKNOWN_ID }],
				onError,
			});

			expectItem2Failed(result, { postId: UNKNOWN_ID }, new RegExp(UNKNOWN_ID));
			expect(await visibility(a)).toBe('public');
		});

		it('Post → Create: an item n8n fails before the node runs (an expression), the other sent at once', async () => {
			const failing = createParams({
				parts: parts({ content: "={{ $json.fail ? $('No such node').item.json.x : $json.text }}" }),
				channels: [channel({ channel: { __rl: true, mode: 'id', value: channels.mastodon } })],
			});
			const input = [texts[0], { text: 'Second of two', fail: true }];
			const started = Date.now();
			const result = await t.run(failing, { items: input, onError });

			expect(Date.now() - started).toBeLessThan(5000);
			expect(result.error).toBeUndefined();
			expect(Object.keys(await stored())).toEqual(['First of two']);
			const [sent, ...rest] = result.items;
			expect(sent.json.postId).toEqual((await stored())['First of two'][0]);
			expect(pairs([sent])).toEqual(paired(0));
			// n8n's own error item (RoutingNode's: the node never sees the item): n8n pairs it on the
			// regular output by position, and not at all on the error output.
			const failed = onError === 'continueErrorOutput' ? result.errorItems : rest;
			expect(failed.map((output) => output.json)).toEqual([
				{ error: "Referenced node doesn't exist" },
			]);
			expect(pairs(failed)).toEqual(onError === 'continueErrorOutput' ? [undefined] : paired(1));
		});

		it('with Always Output Data, both items refused: n8n’s one empty item, paired to both', async () => {
			const result = await t.run(create, {
				items: [{ text: '' }, { text: '' }],
				onError,
				node: { alwaysOutputData: true },
			});

			expect(result.error).toBeUndefined();
			const failures = onError === 'continueErrorOutput' ? result.errorItems : result.items;
			expect(failures.map((output) => output.json.error)).toEqual([
				expect.stringMatching(/^Item 1, /),
				expect.stringMatching(/^Item 2, /),
			]);
			expect(pairs(failures)).toEqual(paired(0, 1));
			if (onError === 'continueErrorOutput')
				expect(result.items).toEqual([
					{
						json: {},
						pairedItem: [
							{ item: 0, input: 0 },
							{ item: 1, input: 0 },
						],
					},
				]);
			expect(await t.requests('POST', '/posts')).toEqual([]);
		});
	},
);

describe('an item n8n fails before the node runs, without Continue On Fail', () => {
	it('fails the run at once with n8n’s error; the other item ends unsent, with no rejection left', async () => {
		const failing = createParams({
			parts: parts({ content: "={{ $json.fail ? $('No such node').item.json.x : $json.text }}" }),
			channels: [channel({ channel: { __rl: true, mode: 'id', value: channels.mastodon } })],
		});
		const started = Date.now();
		const result = await t.run(failing, { items: [texts[0], { text: 'Second', fail: true }] });

		expect(Date.now() - started).toBeLessThan(5000);
		expect(result.error?.message).toBe("Referenced node doesn't exist");
		// Item 1 ends after n8n has failed the run: nothing is sent, nothing rejects unhandled.
		await sleep(300);
		expect(await t.requests('POST', '/posts')).toEqual([]);
	});
});

describe('Request Options → Batching, which starts the items apart', () => {
	it('Post → Create, 1 item per batch 400 ms apart: both checked, then both sent in item order', async () => {
		const batching = { batching: { batch: { batchSize: 1, batchInterval: 400 } } };
		const started = Date.now();
		const result = await t.run(
			{ ...create, requestOptions: { ...FAST, ...batching } },
			{ items: texts },
		);

		expect(result.error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(400);
		const posts = await stored();
		expect(result.items.map((output) => output.json.postId)).toEqual([
			posts['First of two'][0],
			posts['Second of two'][0],
		]);
		expect(pairs(result.items)).toEqual(paired(0, 1));
	});
});

describe('Always Output Data on a run that outputs items', () => {
	it('changes nothing: Post → Create’s 2 posts, paired', async () => {
		const result = await t.run(create, { items: texts, node: { alwaysOutputData: true } });

		expect(result.error).toBeUndefined();
		expect(result.items.map((output) => output.json.postId)).toEqual([
			expect.any(String),
			expect.any(String),
		]);
		expect(pairs(result.items)).toEqual(paired(0, 1));
	});
});

describe('one numbering: the run’s error as n8n’s editor shows it counts items from 1', () => {
	it('Post → Create, item 2 refused: "Item 2", and n8n adds no "[item 1]"', async () => {
		const result = await t.run(create, { items: secondRefused });

		const saved = JSON.parse(JSON.stringify(result.run.data.resultData.error)) as IDataObject;
		expect(saved.context).toEqual({ runIndex: 0 });
		const shown = shownInTheEditor(result.run.data.resultData.error, 2);
		expect(shown).toMatch(REFUSED);
		expect(result.error?.description).toContain('Fix item 2');
		expect(await t.requests('POST', '/posts')).toEqual([]);
	});

	it('Post → Update, item 2’s post unknown: its own words name item 2; n8n adds nothing', async () => {
		const [a] = await queued();
		const result = await t.run(update, { items: [{ postId: a }, { postId: UNKNOWN_ID }] });

		const shown = shownInTheEditor(result.run.data.resultData.error, 2);
		expect(shown).toMatch(new RegExp(`^Item 2, Post ID: .*${UNKNOWN_ID}`));
		expect(shown).not.toMatch(/\[item/);
	});

	it('Post → Set Status, the service fails item 2: its words end with "[item 2]", as n8n’s would', async () => {
		const [a, b] = await queued();
		await t.sandbox.control.addFault({
			method: 'PUT',
			path: `/posts/${b}/status`,
			fault: 'error500',
		});
		const result = await t.run(
			{ resource: 'post', operation: 'setStatus', postId: '={{ $json.postId }}', status: 'draft' },
			{ items: [{ postId: a }, { postId: b }] },
		);

		const shown = shownInTheEditor(result.run.data.resultData.error, 2);
		expect(shown).toMatch(new RegExp(`^Post ${b} .* \\[item 2\\]$`));
		expect(shown.match(/\bitem \d+/gi)).toEqual(['item 2']);
		// n8n keeps the index it counts from 0 on the error in memory, not in what it saves.
		expect(result.error?.context?.itemIndex).toEqual(expect.any(Number));
	});

	it('a run of one item names no item', async () => {
		const result = await t.run(update, { items: [{ postId: UNKNOWN_ID }] });

		const shown = shownInTheEditor(result.run.data.resultData.error, 1);
		expect(shown).toContain(UNKNOWN_ID);
		expect(shown).not.toMatch(/\[item/);
	});
});
