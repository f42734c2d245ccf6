/**
 * Control routes under /_sandbox (not part of the API): tests and the demo drive the clock, plan, keys, faults and
 * channel behaviour, and read the request log. Mounted only when the sandbox is started with `control: true`.
 * They act on the main organisation (the first of the seed).
 */
import { randomBytes } from 'node:crypto';
import express, { Router } from 'express';
import type { SandboxContext } from './context';
import { ApiError } from './errors';
import type { FaultSpec } from './faults';
import { PLAN_NAMES } from './plans';
import { publishDue } from './publishing';
import type { ChannelBehaviour, OAuthTokenStatus, PlanName, PublishOutcome } from './store';

type Json = Record<string, unknown>;

const invalid = (message: string) => new ApiError(400, { error: message });

const OUTCOMES: PublishOutcome[] = ['success', 'error', 'missingReleaseId'];
const TOKEN_STATUSES: OAuthTokenStatus[] = ['valid', 'revoked', 'expired'];

export function controlRoutes(ctx: SandboxContext, reset: () => void): Router {
	const router = Router();
	router.use(express.json());
	const org = () => ctx.store.mainOrg;

	router.get('/requests', (_req, res) => {
		res.json({ requests: ctx.requestLog.list() });
	});
	router.delete('/requests', (_req, res) => {
		ctx.requestLog.clear();
		res.json({ cleared: true });
	});

	router.get('/clock', (_req, res) => {
		res.json({ now: ctx.clock.now().toISOString(), mode: ctx.clock.mode });
	});
	router.post('/clock', (req, res) => {
		const body = (req.body ?? {}) as Json;
		if (typeof body.advanceSeconds === 'number') ctx.clock.advance(body.advanceSeconds);
		else if (typeof body.now === 'string') {
			if (Number.isNaN(Date.parse(body.now))) throw invalid('now must be an ISO 8601 date');
			ctx.clock.set(body.now);
		} else throw invalid('send {advanceSeconds: number} or {now: ISO date}');
		res.json({ now: ctx.clock.now().toISOString(), mode: ctx.clock.mode });
	});

	router.post('/publish-due', (_req, res) => {
		res.json({ published: publishDue(ctx) });
	});

	// A post of the main organisation as stored (every part with its id and delay), or null once deleted.
	router.get('/posts/:id', (req, res) => {
		res.json({ post: ctx.store.post(org(), req.params.id) ?? null });
	});

	router.get('/org', (_req, res) => {
		const o = org();
		res.json({
			id: o.id,
			name: o.name,
			plan: o.plan,
			usage: o.usage,
			channels: o.channels.length,
			posts: o.posts.length,
		});
	});
	router.put('/plan', (req, res) => {
		const plan = (req.body as Json)?.plan;
		if (plan !== null && !PLAN_NAMES.includes(plan as PlanName))
			throw invalid(`plan must be one of ${PLAN_NAMES.join(', ')} or null`);
		org().plan = plan as PlanName | null;
		res.json({ plan });
	});
	router.put('/usage', (req, res) => {
		const { month, count } = (req.body ?? {}) as Json;
		if (typeof month !== 'string' || !/^\d{4}-\d{2}$/.test(month) || typeof count !== 'number')
			throw invalid('send {month: "YYYY-MM", count: number}');
		org().usage[month] = count;
		res.json({ usage: org().usage });
	});

	router.post('/rotate-key', (_req, res) => {
		org().apiKey = `sbx_live_${randomBytes(16).toString('hex')}`;
		res.json({ apiKey: org().apiKey });
	});
	router.post('/oauth-tokens', (req, res) => {
		const status = ((req.body ?? {}) as Json).status ?? 'valid';
		if (!TOKEN_STATUSES.includes(status as OAuthTokenStatus))
			throw invalid(`status must be one of ${TOKEN_STATUSES.join(', ')}`);
		const token = `pos_${randomBytes(20).toString('hex')}`;
		org().oauthTokens.push({ token, status: status as OAuthTokenStatus });
		res.json({ token });
	});

	router.post('/notifications', (req, res) => {
		const body = (req.body ?? {}) as Json;
		const count = body.count;
		if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 100000)
			throw invalid('count must be an integer from 1 to 100000');
		const base =
			typeof body.createdAt === 'string' ? Date.parse(body.createdAt) : ctx.clock.nowMs();
		if (Number.isNaN(base)) throw invalid('createdAt must be an ISO 8601 date');
		const content = typeof body.content === 'string' ? body.content : 'Sandbox notification';
		const ids: string[] = [];
		for (let i = 0; i < count; i++) {
			// The last one added is the newest, one second apart unless they should share one time.
			const at = body.sameCreatedAt === true ? base : base - (count - 1 - i) * 1000;
			const text = count === 1 ? content : `${content} #${i + 1}`;
			ids.push(ctx.store.addNotification(org(), text, null, new Date(at).toISOString()).id);
		}
		res.json({ added: count, ids, total: org().notifications.length });
	});

	router.get('/faults', (_req, res) => {
		res.json({ faults: ctx.faults.list() });
	});
	router.post('/faults', (req, res) => {
		const problem = ctx.faults.add(req.body as FaultSpec);
		if (problem) throw invalid(problem);
		res.json({ faults: ctx.faults.list() });
	});
	router.delete('/faults', (_req, res) => {
		ctx.faults.clear();
		res.json({ faults: [] });
	});

	router.patch('/channels/:id', (req, res) => {
		const channel = ctx.store.channel(org(), req.params.id);
		if (!channel) throw new ApiError(404, { error: 'no such channel in the main organisation' });
		const body = (req.body ?? {}) as Json;
		const behaviour: Partial<ChannelBehaviour> = {};
		if (body.publishOutcome !== undefined) {
			if (!OUTCOMES.includes(body.publishOutcome as PublishOutcome))
				throw invalid(`publishOutcome must be one of ${OUTCOMES.join(', ')}`);
			behaviour.publishOutcome = body.publishOutcome as PublishOutcome;
		}
		if (typeof body.errorMessage === 'string') behaviour.errorMessage = body.errorMessage;
		if (typeof body.signInExpired === 'boolean') behaviour.signInExpired = body.signInExpired;
		Object.assign(channel.behaviour, behaviour);
		if (body.postingTimes !== undefined) {
			const times = body.postingTimes;
			if (!Array.isArray(times) || times.some((t) => !Number.isInteger(t) || t < 0 || t >= 1440))
				throw invalid('postingTimes must be minutes after midnight UTC (0-1439)');
			channel.postingTimes = times as number[];
		}
		if (typeof body.disabled === 'boolean') channel.disabled = body.disabled;
		if (typeof body.premium === 'boolean') channel.premium = body.premium;
		// A platform outside the rules table (the real service has more), to see how clients treat one.
		if (body.platform !== undefined) {
			if (typeof body.platform !== 'string' || !/^[a-z][a-z0-9-]*$/.test(body.platform))
				throw invalid('platform must be a platform identifier like linkedin-page');
			channel.platform = body.platform;
		}
		if (Array.isArray(body.discordChannels))
			channel.discordChannels = body.discordChannels as Array<{ id: string; name: string }>;
		res.json(channel);
	});

	router.put('/settings', (req, res) => {
		const body = (req.body ?? {}) as Json;
		if (body.allowLoopbackUploadUrls !== undefined) {
			if (typeof body.allowLoopbackUploadUrls !== 'boolean')
				throw invalid('allowLoopbackUploadUrls must be a boolean');
			ctx.settings.allowLoopbackUploadUrls = body.allowLoopbackUploadUrls;
		}
		if (body.closedPlatforms !== undefined) {
			if (!Array.isArray(body.closedPlatforms))
				throw invalid('closedPlatforms must be an array of identifiers');
			ctx.settings.closedPlatforms = body.closedPlatforms.map(String);
		}
		// Other keys (e.g. the media part's uploadFromUrlTimeoutMs) are kept as given.
		for (const [key, value] of Object.entries(body))
			if (!['allowLoopbackUploadUrls', 'closedPlatforms'].includes(key))
				(ctx.settings as unknown as Json)[key] = value;
		res.json(ctx.settings);
	});

	router.post('/reset', (_req, res) => {
		reset();
		res.json({ reset: true });
	});

	router.use((req, res) => {
		res.status(404).json({ error: `no control route ${req.method} /_sandbox${req.path}` });
	});
	return router;
}
