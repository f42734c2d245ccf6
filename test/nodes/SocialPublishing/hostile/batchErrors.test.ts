/**
 * The error a user sees when a write run is refused (issue 19). n8n shows one error of a failed run: it must be
 * the bad item's own problem, with "Nothing was sent for any item of this run" in its description, never "item 1:
 * item 2 failed the checks". And a refusal in JSON mode names a channel the service knows (name and platform).
 */
import type { INodeParameters } from 'n8n-workflow';
import { channel, createParams, jsonParams, parts } from '../createParameters';
import { errorOf, useSandbox } from '../support';

const t = useSandbox();
const POST = '0a0a0000-0000-4000-8000-000000000001';
const NOTHING_SENT =
	'Nothing was sent for any item of this run: the node sends all the items of a write run or none';

/** What every refused run must show: no words of a broken message, no key. */
function expectClean(shown: { message: string; description?: string }) {
	const text = `${shown.message}\n${shown.description ?? ''}`;
	for (const word of [
		'undefined',
		'null',
		'NaN',
		'[object Object]',
		'Invalid time value',
		'    at ',
	])
		expect(text).not.toContain(word);
	expect(text).not.toContain(t.sandbox.apiKey);
	expect(shown.message).not.toMatch(/failed the checks/);
}

const threads = () => t.sandbox.seed.channels.threads.id;
const createFromText = (): INodeParameters =>
	createParams({
		parts: parts({ content: '={{ $json.text }}' }),
		channels: [
			channel({ channel: { __rl: true, mode: 'id', value: threads() }, platform: 'threads' }),
		],
	});

describe("Post → Create, Continue On Fail off: the shown error is the bad item's own", () => {
	test.each<[string, string[], number, string]>([
		['item 2 of 3 empty', ['Fine', '', 'Also fine'], 2, 'Fix item 2, or turn on Continue On Fail'],
		['item 1 of 3 empty', ['', 'Fine', 'Also fine'], 1, 'Fix item 1, or turn on Continue On Fail'],
		['item 3 of 3 empty', ['Fine', 'Also fine', ''], 3, 'Fix item 3, or turn on Continue On Fail'],
		[
			'items 2 and 3 empty: item 2 shown, item 3 named',
			['Fine', '', ''],
			2,
			'Fix item 2 (and item 3, whose own errors show under Continue On Fail)',
		],
		[
			'items 1, 2 and 4 empty',
			['', '', 'Fine', ''],
			1,
			'Fix item 1 (and items 2, 4, whose own errors show under Continue On Fail)',
		],
		[
			'item 2 of 2 over the length limit',
			['Fine', 'x'.repeat(501)],
			2,
			'Fix item 2, or turn on Continue On Fail',
		],
	])('%s', async (_name, texts, shownItem, fix) => {
		const result = await t.run(createFromText(), { items: texts.map((text) => ({ text })) });
		const shown = errorOf(result);
		expect(shown.message).toMatch(
			new RegExp(
				`^Item ${shownItem}, channel 1 ${threads()} \\(Threads\\), Parts → part 1 \\(the post\\)`,
			),
		);
		expect(shown.description).toContain(NOTHING_SENT);
		expect(shown.description).toContain(fix);
		expect(result.items).toEqual([]);
		// Nothing written; the good items read the channel list (once for the run) during their checks.
		expect(await t.routes()).toEqual(['GET /integrations']);
		expectClean(shown);
	});

	test("a single bad item: its own error, without the run's sentence", async () => {
		const result = await t.run(createFromText(), { items: [{ text: '' }] });
		const shown = errorOf(result);
		expect(shown.message).toMatch(/^Item 1, channel 1 .*, the part: /);
		expect(shown.description).not.toContain('any item of this run');
		expect(await t.routes()).toEqual([]);
	});

	test('Continue On Fail on: the good items are sent, the bad one is an error item with its own words', async () => {
		const result = await t.run(createFromText(), {
			items: [{ text: 'Fine' }, { text: '' }],
			continueOnFail: true,
		});
		const errors = result.items
			.filter((item) => item.json.error)
			.map((item) => String(item.json.error));
		expect(errors).toEqual([expect.stringMatching(/^Item 2, channel 1 .*, the part: /)]);
		expect((await t.routes()).filter((route) => route === 'POST /posts')).toHaveLength(1);
	});
});

describe("other writes: the shown error is the bad item's own", () => {
	test('Post → Delete, item 2 not an ID', async () => {
		const result = await t.run(
			{ resource: 'post', operation: 'delete', postId: '={{ $json.id }}' },
			{ items: [{ id: POST }, { id: 'not an id' }, { id: POST }] },
		);
		const shown = errorOf(result);
		expect(shown.message).toMatch(/"Post ID" is not an ID/);
		expect(shown.description).toContain(NOTHING_SENT);
		expect(await t.requests('DELETE')).toEqual([]);
		expectClean(shown);
	});

	test('Post → Set Status, item 2 a status the API does not have', async () => {
		const result = await t.run(
			{ resource: 'post', operation: 'setStatus', postId: POST, status: '={{ $json.status }}' },
			{ items: [{ status: 'draft' }, { status: 'published' }] },
		);
		const shown = errorOf(result);
		expect(shown.message).toMatch(/"Status" has a value the service does not take/);
		expect(shown.description).toContain(NOTHING_SENT);
		expect(await t.requests('PUT')).toEqual([]);
		expectClean(shown);
	});
});

describe('JSON mode names a channel the service knows', () => {
	const body = (id: string, content: string) => ({
		type: 'draft',
		date: '2030-01-15T10:00:00Z',
		shortLink: false,
		tags: [],
		posts: [{ integration: { id }, value: [{ content, image: [] }], settings: {} }],
	});

	test('a known channel: its name and platform, never "(platform unknown)"', async () => {
		const result = await t.run(jsonParams(body(threads(), '')));
		const shown = errorOf(result);
		expect(shown.message).toMatch(
			new RegExp(
				`^Item 1, channel 1 "${t.sandbox.seed.channels.threads.name}" \\(Threads\\), part 1 \\(the post\\), the part: `,
			),
		);
		// One read of the channel list to name it; nothing written.
		expect(await t.routes()).toEqual(['GET /integrations']);
		expectClean(shown);
	});

	test('an id the service does not know: named by its id, said plainly', async () => {
		const unknown = '0e000000-0000-4000-8000-0000000000ff';
		const result = await t.run(jsonParams(body(unknown, '')));
		const shown = errorOf(result);
		expect(shown.message).toMatch(
			new RegExp(
				`^Item 1, channel 1 ${unknown} \\(not among the service's channels\\), part 1 .*, the part: `,
			),
		);
		expect(await t.routes()).toEqual(['GET /integrations']);
	});

	test("in a run of items: item 2's own problem, its channel named", async () => {
		const result = await t.run(
			{ ...jsonParams({}), requestJson: '={{ JSON.stringify($json.body) }}' },
			{ items: [{ body: body(threads(), 'Fine') }, { body: body(threads(), '') }] },
		);
		const shown = errorOf(result);
		expect(shown.message).toMatch(
			new RegExp(
				`^Item 2, channel 1 "${t.sandbox.seed.channels.threads.name}" \\(Threads\\), part 1 \\(the post\\), the part: `,
			),
		);
		expect(shown.description).toContain(NOTHING_SENT);
		expect(await t.routes()).not.toContain('POST /posts');
	});
});
