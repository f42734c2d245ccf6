/**
 * Post → Create: follow-up delays (delays.ts), against the sandbox's production profile, which stores `delay` as the
 * real backend does (docs/real-backend.md): sent on follow-up parts as whole minutes, refused before sending otherwise.
 */
import { DELAY_MAX_MINUTES } from '../../../../../../nodes/SocialPublishing/resources/post/create/delays';
import { channel, createParams, jsonParams, parts } from '../../../createParameters';
import { byId, errorOf, jsonOf, useSandbox } from '../../../support';

const t = useSandbox({ profile: 'production' });

type SentBody = { posts: Array<{ value: Array<Record<string, unknown>> }> };

async function sentParts(): Promise<Array<Record<string, unknown>>> {
	const [sent] = await t.requests('POST', '/posts');
	return (sent.body as SentBody).posts[0].value;
}

describe('Post → Create: follow-up delays', () => {
	const thread = (...delays: unknown[]) =>
		createParams({
			parts: parts(
				{ content: 'The post' },
				...delays.map((delay, index) => ({ content: `Follow-up ${index + 1}`, delay })),
			),
			channels: [channel({ channel: byId(t.sandbox.seed.channels.mastodon.id) })],
		});

	it('sends each follow-up delay in minutes, leaves 0 out, and the service stores them', async () => {
		const result = await t.run(thread(5, 0, '15'));
		expect(result.error).toBeUndefined();
		expect((await sentParts()).map((part) => part.delay)).toEqual([undefined, 5, undefined, 15]);
		const [created] = jsonOf(result);
		expect(created.warnings).toBeUndefined();
		const stored = await t.sandbox.control.storedPost(String(created.postId));
		expect(stored?.parts.map((part) => part.delay ?? 0)).toEqual([0, 5, 0, 15]);
	});

	it('does not send a delay on the first part, and says so with the created post', async () => {
		const result = await t.run(
			createParams({
				parts: parts({ content: 'The post', delay: 30 }, { content: 'Reply', delay: 2 }),
				channels: [channel({ channel: byId(t.sandbox.seed.channels.mastodon.id) })],
			}),
		);
		expect(result.error).toBeUndefined();
		expect((await sentParts()).map((part) => part.delay)).toEqual([undefined, 2]);
		expect(jsonOf(result)[0].warnings).toEqual([
			'part 1 (the post): Delay (Minutes) 30 was not sent; a delay applies to follow-up parts (the post goes out at its date)',
		]);
	});

	it.each([
		[-5, 'Delay (Minutes): -5 is below 0'],
		[2.5, 'Delay (Minutes): 2.5 '],
		['abc', 'Delay (Minutes): "abc" '],
		[
			DELAY_MAX_MINUTES + 1,
			`Delay (Minutes): ${DELAY_MAX_MINUTES + 1} is more than ${DELAY_MAX_MINUTES} minutes (30 days)`,
		],
		[3_000_000_000, 'Delay (Minutes): 3000000000 is more than'],
	])('refuses a delay of %p before sending anything', async (delay, words) => {
		const result = await t.run(thread(1, delay));
		const error = errorOf(result);
		expect(error.message).toContain(`Item 1, Parts → part 3 (follow-up 2), ${words}`);
		expect(error.description).toMatch(new RegExp(`^To fix: .* 0 to ${DELAY_MAX_MINUTES} `));
		expect(await t.requests()).toHaveLength(0);
	});

	it('names the channel of per-channel parts', async () => {
		const { mastodon } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				channels: [
					channel({
						channel: byId(mastodon.id),
						platform: 'mastodon',
						parts: parts({ content: 'Post' }, { content: 'Reply', delay: -1 }),
					}),
				],
			}),
		);
		expect(errorOf(result).message).toBe(
			`Item 1, channel 1 ${mastodon.id} (Mastodon), part 2 (follow-up 1), Delay (Minutes): -1 is below 0`,
		);
		expect(await t.requests()).toHaveLength(0);
	});

	describe('in JSON mode', () => {
		const body = (delays: unknown[]) => ({
			type: 'schedule',
			date: '2030-01-15T10:00:00Z',
			shortLink: false,
			tags: [],
			posts: [
				{
					integration: { id: t.sandbox.seed.channels.mastodon.id },
					value: delays.map((delay, index) => ({
						content: `Part ${index + 1}`,
						image: [],
						...(delay === undefined ? {} : { delay }),
					})),
					settings: {},
				},
			],
		});

		it('keeps the delays as given (0 included) and says a first part carries one', async () => {
			const result = await t.run(jsonParams(body([3, 0, 7])));
			expect(result.error).toBeUndefined();
			expect((await sentParts()).map((part) => part.delay)).toEqual([3, 0, 7]);
			expect(jsonOf(result)[0].warnings).toEqual([
				'part 1 (the post) carries "delay": 3; the service keeps it but waits only before follow-up parts (the post goes out at its date)',
			]);
		});

		it.each([
			['"7"', '"7" is text'],
			[-1, '-1 is below 0'],
			[2.5, '2.5 '],
			[null, 'is empty'],
			[[], '[] '],
			[2 ** 31, `${2 ** 31} is more than ${DELAY_MAX_MINUTES} minutes (30 days)`],
		])('refuses %p, naming the channel and part', async (delay, words) => {
			const given = delay === '"7"' ? '7' : delay;
			const result = await t.run(jsonParams(body([undefined, given])));
			const error = errorOf(result);
			expect(error.message).toMatch(
				/^Item 1, channel 1 .* \(Mastodon\), part 2 \(follow-up 1\), Delay \(Minutes\): /,
			);
			expect(error.message).toContain(words);
			expect(await t.requests('POST', '/posts')).toHaveLength(0);
		});
	});
});
