/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * Routes production has beyond the spec (service-notes, "Routes the production code has beyond the spec"): POST
 * /generate-video and POST /video/function. Kinds, credits, trial and delay are settings (sandbox/video.ts).
 */
import { Router } from 'express';
import { orgOf, type SandboxContext } from '../context';
import { ApiError, fieldErrors, internalError, paymentRequired } from '../errors';
import { saveMadeMedia } from '../media';
import {
	sandboxVoices,
	smallVideo,
	VIDEO_KINDS,
	videoSettings,
	type VideoSettings,
} from '../video';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
	typeof v === 'object' && v !== null && !Array.isArray(v);
const OUTPUTS = ['vertical', 'horizontal'];
const MAX_IMAGES = 3;
/** Production's answer to an empty AI video allowance (real backend 74b01ad, 2026-12-07). */
export const NO_VIDEO_CREDITS =
	'You have reached the maximum number of generated videos for your subscription. Please upgrade your subscription to generate more videos.';

/**
 * What the kind's own parameters lack, worded as the service's validator does (class-validator; a
 * number given as the prompt is taken as its text, as production does).
 */
function paramProblems(kind: string, params: Json): string[] {
	const problems: string[] = [];
	if (typeof params.prompt !== 'string' && typeof params.prompt !== 'number')
		problems.push('prompt must be a string');
	if (kind === 'image-text-slides' && typeof params.voice !== 'string')
		problems.push('voice must be a string');
	if (kind === 'veo3') {
		const images = params.images;
		if (Array.isArray(images) && images.length > MAX_IMAGES)
			problems.push(`images must contain no more than ${MAX_IMAGES} elements`);
		if (!Array.isArray(images)) problems.push('images must be an array');
	}
	return problems;
}

export function videoRoutes(ctx: SandboxContext): Router {
	const router = Router();

	router.post('/generate-video', async (req, res) => {
		const org = orgOf(res);
		const settings = videoSettings(ctx);
		// As production: the body's type and output are validated first, then the allowance, then the
		// trial, then the kind's own parameters.
		const body: Json = isObject(req.body) ? req.body : {};
		const problems: string[] = [];
		if (typeof body.type !== 'string' || !settings.videoKinds.includes(body.type))
			problems.push(`type must be any of: ${settings.videoKinds.join(', ')}`);
		if (typeof body.output !== 'string' || !OUTPUTS.includes(body.output))
			problems.push(`output must be one of the following values: ${OUTPUTS.join(', ')}`);
		if (problems.length > 0) throw fieldErrors(problems);
		if (settings.aiVideoCredits <= 0)
			throw paymentRequired(NO_VIDEO_CREDITS, ctx.settings.billingUrl);
		const kind = body.type as string;
		if (kind === 'veo3' && settings.trialAccount)
			throw new ApiError(406, {
				statusCode: 406,
				message: 'This video is not available in trial mode',
			});
		const paramFaults = paramProblems(kind, isObject(body.customParams) ? body.customParams : {});
		if (paramFaults.length > 0) throw fieldErrors(paramFaults);
		// The service waits for the provider; the credit is spent once the video is made.
		await new Promise((resolve) => setTimeout(resolve, settings.videoDelayMs));
		if (res.destroyed) return;
		(ctx.settings as VideoSettings).aiVideoCredits = videoSettings(ctx).aiVideoCredits - 1;
		const media = saveMadeMedia(ctx, org, {
			data: smallVideo(),
			mime: 'video/mp4',
			ext: 'mp4',
			kind: 'video',
		});
		res.status(201).json(media);
	});

	router.post('/video/function', (req, res) => {
		const body: Json = isObject(req.body) ? req.body : {};
		const kind = body.identifier;
		const name = body.functionName;
		const problems = [
			...(typeof kind === 'string' ? [] : ['identifier must be a string']),
			...(typeof name === 'string' ? [] : ['functionName must be a string']),
		];
		if (problems.length > 0) throw fieldErrors(problems);
		if (!(VIDEO_KINDS as readonly string[]).includes(kind as string)) throw internalError();
		// Production's body here is `{statusCode, message}` alone.
		if (kind !== 'image-text-slides' || name !== 'loadVoices')
			throw new ApiError(400, {
				statusCode: 400,
				message: `Function ${String(name)} not found on video instance`,
			});
		// Without the voices provider's key (the kind not enabled), the call fails inside the service.
		if (!videoSettings(ctx).videoKinds.includes(kind)) throw internalError();
		res.status(201).json({ voices: sandboxVoices(ctx.origin) });
	});

	return router;
}
