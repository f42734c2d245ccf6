/**
 * A run that stops midway says what it sent, and running it again posts nothing twice
 * (shared/sendRecord.ts, resources/post/create/earlierPosts.ts): Post → Create with 8 items
 * against a POST /posts limit of 5, a 500, a dropped connection, Continue On Fail and n8n's
 * Retry On Fail, in the sandbox.
 */
import { sleep, type IDataObject } from 'n8n-workflow';

import { channel, createParams, parts } from '../createParameters';
import { byId, useSandbox } from '../support';

const WINDOW_S = 2;
const t = useSandbox({
	rateLimits: { 'POST /posts': { limit: 5, windowSeconds: WINDOW_S } },
});

const items = (count: number) =>
	Array.from({ length: count }, (_, index) => ({ text: `Post number ${index + 1}` }));

const createEach = (skipPostsAlreadyCreated?: boolean) =>
	createParams({
		parts: parts({ content: '={{ $json.text }}' }),
		channels: [channel({ channel: byId(t.sandbox.seed.channels.telegram.id) })],
		skipPostsAlreadyCreated,
	});

/** The texts of the posts the service holds, as GET /posts lists them. */
async function storedTexts(): Promise<string[]> {
	const res = await t.api().get('/posts', {
		params: { startDate: '2030-01-01T00:00:00Z', endDate: '2030-02-01T00:00:00Z' },
	});
	return (res.data.posts as IDataObject[]).map((post) => String(post.content)).sort();
}

async function postAnswers(): Promise<number[]> {
	return (await t.sandbox.control.requests())
		.filter((request) => request.method === 'POST' && request.path === '/posts')
		.map((request) => request.status);
}

const waitForTheWindow = async () => await sleep(WINDOW_S * 1000 + 200);

describe('a run that stops at the service’s limit', () => {
	it('sends items 1–5 in order, none after, names them with their posts, and a rerun creates only 6–8', async () => {
		const first = await t.run(createEach(), { items: items(8) });

		expect(await postAnswers()).toEqual([201, 201, 201, 201, 201]);
		expect(await storedTexts()).toEqual(items(5).map((item) => item.text));
		expect(first.error?.message).toMatch(/^Rate limit .*POST \/posts/);
		const description = String(first.error?.description);
		const stored = (
			await t.api().get('/posts', {
				params: { startDate: '2030-01-01T00:00:00Z', endDate: '2030-02-01T00:00:00Z' },
			})
		).data.posts as IDataObject[];
		const { telegram } = t.sandbox.seed.channels;
		const sentPart = items(5)
			.map((item, index) => {
				const post = stored.find((p) => p.content === item.text);
				return `item ${index + 1}: post ${String(post?.id)} on "${telegram.name}" (telegram)`;
			})
			.join('; ');
		expect(description).toContain(`Sent before it (5): ${sentPart}.`);
		expect(description).toContain('Item 6 was not sent. Not sent: items 7, 8.');
		expect(description).toContain('Running the same items again creates only what is missing');

		await waitForTheWindow();
		const again = await t.run(createEach(), { items: items(8) });

		expect(again.error).toBeUndefined();
		expect(await storedTexts()).toEqual(
			items(8)
				.map((item) => item.text)
				.sort(),
		);
		expect(again.items.map((item) => item.json.alreadySent)).toEqual([
			true,
			true,
			true,
			true,
			true,
			false,
			false,
			false,
		]);
		// The earlier posts are output as they are, each for its own item.
		expect(again.items.slice(0, 5).map((item) => item.json.postId)).toEqual(
			items(5).map((item) => stored.find((p) => p.content === item.text)?.id),
		);
		expect(again.items.map((item) => item.pairedItem)).toEqual(
			items(8).map((_, index) => ({ item: index })),
		);
		expect((await postAnswers()).filter((status) => status === 429)).toEqual([]);
	}, 20_000);

	it('with Continue On Fail, hands on the sent items and the others as errors, each in its place', async () => {
		const result = await t.run(createEach(), { items: items(8), continueOnFail: true });

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => Boolean(item.error))).toEqual([
			false,
			false,
			false,
			false,
			false,
			true,
			true,
			true,
		]);
		expect(result.items[5].error?.message).toMatch(/^Rate limit .*POST \/posts/);
		expect(result.items[6].error?.message).toBe('Item 7 was not sent: the run stopped at item 6');
		expect(await postAnswers()).toEqual([201, 201, 201, 201, 201]);
	});

	it('with Skip Posts Already Created off, says that running again creates the sent posts a second time', async () => {
		const first = await t.run(createEach(false), { items: items(7) });
		expect(String(first.error?.description)).toContain(
			'Skip Posts Already Created is off: running the same items again creates the posts of items 1–5 a second time',
		);
		await waitForTheWindow();
		await t.run(createEach(false), { items: items(2) });
		expect(await storedTexts()).toEqual(
			['Post number 1', 'Post number 1', 'Post number 2', 'Post number 2', 'Post number 3'].concat([
				'Post number 4',
				'Post number 5',
			]),
		);
	}, 20_000);
});

describe('a run that stops at an error of the service', () => {
	it('says that a post may have been created when no answer came, and a rerun finds nothing twice', async () => {
		await t.sandbox.control.addFault({ method: 'POST', path: '/posts', fault: 'error500' });
		const first = await t.run(createEach(), { items: items(3) });

		expect(await postAnswers()).toEqual([500]);
		const description = String(first.error?.description);
		expect(description).toContain('Nothing was sent before it.');
		expect(description).toContain(
			'Item 1 got no answer the node could read: its post may have been created',
		);
		expect(description).toContain('Not sent: items 2, 3.');

		const again = await t.run(createEach(), { items: items(3) });
		expect(again.error).toBeUndefined();
		expect(await storedTexts()).toEqual(items(3).map((item) => item.text));
	});

	it('under n8n’s Retry On Fail, the second attempt recognises what the first created', async () => {
		// The third POST /posts is refused by the window (limit 5 of which 3 are used first).
		for (const text of ['Filler A', 'Filler B', 'Filler C']) {
			await t.api().post('/posts', {
				type: 'schedule',
				date: '2030-01-20T10:00:00Z',
				shortLink: false,
				tags: [],
				posts: [
					{
						integration: { id: t.sandbox.seed.channels.telegram.id },
						value: [{ content: text, image: [] }],
					},
				],
			});
		}
		const result = await t.run(createEach(), {
			items: items(4),
			node: { retryOnFail: true, maxTries: 2, waitBetweenTries: (WINDOW_S + 0.5) * 1000 },
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.alreadySent)).toEqual([true, true, false, false]);
		expect((await storedTexts()).filter((text) => text.startsWith('Post'))).toEqual(
			items(4).map((item) => item.text),
		);
	}, 20_000);
});
