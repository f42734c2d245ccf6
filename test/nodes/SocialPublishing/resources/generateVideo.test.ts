/**
 * Media → Generate Video and its Voice list, through the engine against the sandbox (sandbox/routes/video.ts): the body
 * each kind sends, the checks made before any credit is spent, the long wait of its own, never a second try, the
 * service's refusals in words, and the output Post → Create takes as media.
 */
import type { INodeParameters } from 'n8n-workflow';

import { readExample, nodeOf } from '../../../../examples/examples';
import { listSearch } from '../../../helpers/engine';
import { channel, createParams, parts } from '../createParameters';
import { byId, errorOf, FAST, jsonOf, NODE_TYPE, useSandbox } from '../support';

const t = useSandbox();

const slides = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'media',
	operation: 'generateVideo',
	kind: 'image-text-slides',
	output: 'vertical',
	voice: byId('sbxvoice03cleo'),
	prompt: 'Three tips for spring gardening',
	...extra,
});
const veo3 = (images: Array<{ id: string; path: string }>, extra: INodeParameters = {}) =>
	slides({ kind: 'veo3', output: 'horizontal', images: { image: images }, ...extra });

const sentBodies = async () =>
	(await t.requests('POST', '/generate-video')).map((request) => request.body);

beforeEach(async () => {
	await t.sandbox.control.settings({ videoDelayMs: 0 });
});

describe('Media → Generate Video', () => {
	it('Image Text Slides: sends the kind, output, voice and prompt, and outputs the saved media item', async () => {
		const result = await t.run(slides());
		expect(result.error).toBeUndefined();
		expect(await sentBodies()).toEqual([
			{
				type: 'image-text-slides',
				output: 'vertical',
				customParams: { voice: 'sbxvoice03cleo', prompt: 'Three tips for spring gardening' },
			},
		]);
		const [video] = jsonOf(result);
		expect(video).toEqual({
			id: expect.any(String),
			name: expect.stringMatching(/\.mp4$/),
			originalName: null,
			path: expect.stringContaining('/uploads/'),
			thumbnail: null,
			alt: null,
		});
	});

	it('Veo3: sends the prompt and the library images by ID and path', async () => {
		const image = { id: 'm1', path: `${t.sandbox.origin}/uploads/2026/03/01/a.png` };
		expect((await t.run(veo3([image, image]))).error).toBeUndefined();
		expect(await sentBodies()).toEqual([
			{
				type: 'veo3',
				output: 'horizontal',
				customParams: { prompt: 'Three tips for spring gardening', images: [image, image] },
			},
		]);
	});

	it('refuses a 4th image, a missing prompt and an empty voice before sending anything', async () => {
		const image = { id: 'm1', path: `${t.sandbox.origin}/uploads/a.png` };
		const four = await t.run(veo3([image, image, image, image]));
		expect(errorOf(four).message).toBe('Veo3 takes at most 3 images; 4 are given');
		expect(errorOf(await t.run(slides({ prompt: '  ' }))).message).toBe('"Prompt" is empty');
		// An expression that gives nothing (an empty Voice is refused by the editor itself).
		const noVoice = await t.run(slides({ voice: byId('={{ $json.none }}') }));
		expect(errorOf(noVoice).message).toBe('"Voice" is empty');
		const half = await t.run(veo3([{ id: 'm1', path: '' }]));
		expect(errorOf(half).message).toBe('Image 1 needs both its Media ID and its Media Path');
		expect(await sentBodies()).toEqual([]);
	});

	it('its output is taken by Post → Create as media, with the same mapping as an Upload', async () => {
		const video = await t.run(slides());
		const create = createParams({
			parts: parts({
				content: 'Spring tips',
				media: [{ id: '={{ $json.id }}', path: '={{ $json.path }}' }],
			}),
			channels: [
				channel({ channel: byId(t.sandbox.seed.channels.telegram.id), platform: 'telegram' }),
				channel({ channel: byId(t.sandbox.seed.channels.mastodon.id), platform: 'mastodon' }),
			],
		});
		const posted = await t.run(create, { items: video.items.map((item) => item.json) });
		expect(posted.error).toBeUndefined();
		const [{ body }] = await t.requests('POST', '/posts');
		const { id, path } = jsonOf(video)[0];
		for (const entry of (body as { posts: Array<{ value: Array<{ image: unknown[] }> }> }).posts)
			expect(entry.value[0].image).toEqual([{ id, path }]);
	});

	describe('slow, and each try spends a credit', () => {
		it('waits as long as "Wait For Video (Minutes)" says, not the Timeout of Request Options', async () => {
			await t.sandbox.control.settings({ videoDelayMs: 600 });
			// Request Options' Timeout is shorter than the video takes; the operation's own wait (3 s) is not.
			const result = await t.run(
				slides({ waitMinutes: 0.05, requestOptions: { ...FAST, timeout: 200 } }),
			);
			expect(result.error).toBeUndefined();
		});

		it('a timeout is sent once, and says the video may still be made and where to find it', async () => {
			await t.sandbox.control.settings({ videoDelayMs: 1500 });
			const result = await t.run(slides({ waitMinutes: 0.005 }));
			const error = errorOf(result);
			expect(error.message).toBe(
				'The video was not ready within 0.3 s; the service may still make it',
			);
			expect(error.description).toContain('Media → Get Many');
			expect(await t.settledRequests(1, 'POST', '/generate-video')).toHaveLength(1);
		});

		it('a 500 is not sent again', async () => {
			await t.sandbox.control.addFault({
				method: 'POST',
				path: '/generate-video',
				fault: 'error500',
				times: 3,
			});
			const result = await t.run(slides({ requestOptions: { ...FAST, maxRetries: 3 } }));
			expect(errorOf(result).httpCode).toBe('500');
			expect(await t.requests('POST', '/generate-video')).toHaveLength(1);
		});
	});

	describe("the service's refusals, in words", () => {
		it('no credits left', async () => {
			await t.sandbox.control.settings({ aiVideoCredits: 0 });
			const error = errorOf(await t.run(slides()));
			expect(error.message).toMatch(/^No AI video credits left: /);
			expect(error.httpCode).toBe('402');
		});

		it('Veo3 on a trial account (406)', async () => {
			await t.sandbox.control.settings({ trialAccount: true });
			const error = errorOf(await t.run(veo3([])));
			expect(error.message).toBe(
				'This video kind is not available on a trial account: This video is not available in trial mode',
			);
		});

		it('an install with no video kinds enabled (400 with an empty list)', async () => {
			await t.sandbox.control.settings({ videoKinds: [] });
			const error = errorOf(await t.run(slides()));
			expect(error.message).toBe('This install has no video kinds enabled');
		});

		it('a kind the install does not offer names those it does', async () => {
			await t.sandbox.control.settings({ videoKinds: ['image-text-slides'] });
			const error = errorOf(await t.run(veo3([])));
			expect(error.message).toBe(
				'This install does not offer this video kind; it offers: image-text-slides',
			);
		});
	});
});

describe('Voice list', () => {
	const search = async (filter?: string) =>
		await listSearch(
			t.credentials,
			'searchVoices',
			{ resource: 'media', operation: 'generateVideo' } as never,
			'voice',
			filter,
			undefined,
			NODE_TYPE,
		);

	it('lists the voices of POST /video/function loadVoices by name, for one request', async () => {
		const { results } = await search();
		expect(results).toHaveLength(40);
		expect(results[0]).toEqual({ name: 'Ada', value: 'sbxvoice01ada' });
		const requests = await t.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'POST',
			path: '/video/function',
			body: { identifier: 'image-text-slides', functionName: 'loadVoices', params: {} },
		});
	});

	it('searches by name or ID', async () => {
		expect((await search('cleo')).results).toEqual([{ name: 'Cleo', value: 'sbxvoice03cleo' }]);
		expect((await search('VOICE40')).results.map((r) => r.name)).toEqual(['Noor']);
	});
});

it('the example workflow makes a slideshow video and schedules it on two channels, as it is', async () => {
	await t.sandbox.control.settings({ videoDelayMs: 0 });
	const example = readExample('videoSlides');
	const video = await t.run(
		nodeOf(example, 'Generate Slideshow Video').parameters as INodeParameters,
	);
	expect(video.error).toBeUndefined();
	const posted = await t.run(nodeOf(example, 'Schedule Video Post').parameters as INodeParameters, {
		items: video.items.map((item) => item.json),
	});
	expect(posted.error).toBeUndefined();
	expect(jsonOf(posted)).toHaveLength(2);
	const [{ body }] = await t.requests('POST', '/posts');
	const { id, path } = jsonOf(video)[0];
	const sent = body as {
		posts: Array<{ integration: { id: string }; value: Array<{ image: unknown[] }> }>;
	};
	expect(sent.posts.map((p) => p.integration.id).sort()).toEqual(
		[t.sandbox.seed.channels.mastodon.id, t.sandbox.seed.channels.telegram.id].sort(),
	);
	for (const entry of sent.posts) expect(entry.value[0].image).toEqual([{ id, path }]);
});
