/**
 * Routes production has beyond the spec (service-notes): POST /generate-video and POST /video/function, with the
 * kinds, credits, trial and delay set through PUT /_sandbox/settings. GET /groups is in production.test.ts.
 */
import axios from 'axios';
import { NO_VIDEO_CREDITS } from '../../sandbox/routes/video';
import { useTestSandbox } from './support';

const t = useTestSandbox();

const slides = (overrides: Record<string, unknown> = {}) => ({
	type: 'image-text-slides',
	output: 'vertical',
	customParams: { voice: 'sbxvoice01ada', prompt: 'Three tips for spring gardening' },
	...overrides,
});

beforeEach(async () => {
	await t.sb.control.settings({ videoDelayMs: 0 });
});

describe('POST /video/function', () => {
	it('loadVoices answers the same 40 voices each time', async () => {
		const body = { identifier: 'image-text-slides', functionName: 'loadVoices', params: {} };
		const first = await t.api.post('/video/function', body);
		expect(first.status).toBe(201);
		expect(first.data.voices).toHaveLength(40);
		expect(first.data.voices[0]).toEqual({
			id: 'sbxvoice01ada',
			name: 'Ada',
			preview_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/voices\/sbxvoice01ada\.mp3$/),
		});
		expect((await t.api.post('/video/function', body)).data).toEqual(first.data);
	});

	it('refuses a function the kind does not expose with 400, and an unknown kind with 500', async () => {
		const other = await t.api.post('/video/function', {
			identifier: 'image-text-slides',
			functionName: 'process',
		});
		expect(other.status).toBe(400);
		expect(other.data).toEqual({
			statusCode: 400,
			message: 'Function process not found on video instance',
		});
		const empty = await t.api.post('/video/function', {});
		expect(empty.status).toBe(400);
		expect(empty.data.message).toEqual([
			'identifier must be a string',
			'functionName must be a string',
		]);
		const unknown = await t.api.post('/video/function', {
			identifier: 'sora',
			functionName: 'loadVoices',
		});
		expect(unknown.status).toBe(500);
	});

	it('fails with 500 on an install without the voices provider, as the real backend without keys', async () => {
		await t.sb.control.settings({ videoKinds: [] });
		const res = await t.api.post('/video/function', {
			identifier: 'image-text-slides',
			functionName: 'loadVoices',
		});
		expect(res.status).toBe(500);
		expect(res.data).toEqual({ statusCode: 500, message: 'Internal server error' });
	});
});

describe('POST /generate-video', () => {
	it('saves a small MP4 in the library and answers the stored media item', async () => {
		const res = await t.api.post('/generate-video', slides());
		expect(res.status).toBe(201);
		expect(res.data).toEqual({
			id: expect.any(String),
			name: expect.stringMatching(/\.mp4$/),
			// As production saves a made file: no original name.
			originalName: null,
			path: expect.stringContaining('/uploads/'),
			thumbnail: null,
			alt: null,
		});
		const file = await axios.get(res.data.path, { responseType: 'arraybuffer' });
		expect(file.headers['content-type']).toBe('video/mp4');
		const bytes = Buffer.from(file.data);
		expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
		expect(bytes.includes(Buffer.from('mvhd'))).toBe(true);
		const media = (await t.api.get('/media')).data.results;
		expect(media.map((m: { id: string }) => m.id)).toContain(res.data.id);
	});

	it('takes the delay it is set to before answering', async () => {
		await t.sb.control.settings({ videoDelayMs: 300 });
		const started = Date.now();
		expect((await t.api.post('/generate-video', slides())).status).toBe(201);
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
	});

	it('makes veo3 with up to 3 library images, and refuses a 4th or a missing prompt', async () => {
		const image = { id: 'm1', path: `${t.sb.origin}/uploads/a.png` };
		const veo = (customParams: Record<string, unknown>) =>
			t.api.post('/generate-video', { type: 'veo3', output: 'horizontal', customParams });
		expect((await veo({ prompt: 'A calm sea', images: [image, image, image] })).status).toBe(201);
		const four = await veo({ prompt: 'A calm sea', images: [image, image, image, image] });
		expect(four.status).toBe(400);
		expect(four.data.message).toEqual(['images must contain no more than 3 elements']);
		const noPrompt = await veo({ images: [] });
		expect(noPrompt.data.message).toEqual(['prompt must be a string']);
	});

	it('refuses a kind not enabled and a bad output as one validator list', async () => {
		await t.sb.control.settings({ videoKinds: ['image-text-slides'] });
		const res = await t.api.post('/generate-video', slides({ type: 'veo3', output: 'square' }));
		expect(res.status).toBe(400);
		expect(res.data).toEqual({
			statusCode: 400,
			error: 'Bad Request',
			message: [
				'type must be any of: image-text-slides',
				'output must be one of the following values: vertical, horizontal',
			],
		});
	});

	it('answers an empty list on an install with no kinds, as the real backend without provider keys', async () => {
		await t.sb.control.settings({ videoKinds: [] });
		const res = await t.api.post('/generate-video', slides());
		expect(res.status).toBe(400);
		expect(res.data.message).toEqual(['type must be any of: ']);
	});

	it('refuses veo3 on a trial account with 406, and still makes slides there', async () => {
		await t.sb.control.settings({ trialAccount: true });
		const veo = await t.api.post('/generate-video', slides({ type: 'veo3' }));
		expect(veo.status).toBe(406);
		expect(veo.data).toEqual({
			statusCode: 406,
			message: 'This video is not available in trial mode',
		});
		expect((await t.api.post('/generate-video', slides())).status).toBe(201);
	});

	it('spends one credit a video and refuses with 402 once none is left', async () => {
		await t.sb.control.settings({ aiVideoCredits: 1 });
		expect((await t.api.post('/generate-video', slides())).status).toBe(201);
		const refused = await t.api.post('/generate-video', slides());
		expect(refused.status).toBe(402);
		expect(refused.data).toEqual({
			statusCode: 402,
			message: NO_VIDEO_CREDITS,
			url: expect.stringContaining('/billing'),
		});
		const { aiVideoCredits } = await t.sb.control.settings({});
		expect(aiVideoCredits).toBe(0);
	});

	it('with no credit left, a bad type or output is still refused first with its 400, as production checks the body before the allowance', async () => {
		await t.sb.control.settings({ aiVideoCredits: 0 });
		const badOutput = await t.api.post('/generate-video', slides({ output: 'square' }));
		expect(badOutput.status).toBe(400);
		expect(badOutput.data.message).toEqual([
			'output must be one of the following values: vertical, horizontal',
		]);
		expect((await t.api.post('/generate-video', slides())).status).toBe(402);
	});

	it('a refused request spends no credit', async () => {
		await t.sb.control.settings({ aiVideoCredits: 1 });
		expect((await t.api.post('/generate-video', slides({ output: 'square' }))).status).toBe(400);
		expect((await t.api.post('/generate-video', slides())).status).toBe(201);
	});
});
