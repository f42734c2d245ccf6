/**
 * The production profile: the departures of the production service (v1.47) from the spec, as listed in
 * shared/spec/service-notes.md ("Where production departs from the spec"), layered over the spec sandbox.
 *
 * `startSandbox({ profile: 'production' })` turns every quirk on; `productionQuirks` switches single ones
 * (`{ findSlotHangs: false }` in production, or `{ findSlotHangs: true }` on top of the spec profile).
 * With no quirk on, `ctx.production` is absent and the sandbox is exactly the spec one.
 *
 * Hooks into the spec sandbox (nothing else is copied or changed):
 * - app.ts: JSON body limit, rate-limit middleware, and `routes(ctx)` mounted before the spec routes;
 * - routes/posts.ts: `createPostBody` (what POST /posts checks) and `postView` (GET /posts items).
 */
import { Router, type RequestHandler } from 'express';
import { PLATFORMS } from '../nodes/SocialPublishing/shared/platforms';
import { API_BASE } from './app';
import { orgOf, type SandboxContext } from './context';
import { ApiError, badRequest, fieldErrors, internalError, notFound } from './errors';
import { isPlatform } from './plans';
import { rateLimitedRouteOf } from './rateLimit';
import type { Channel, Org, Post } from './store';

export type SandboxProfile = 'spec' | 'production';

export const QUIRKS = [
	/** GET /posts: tags shaped `[{tag: {id, name, color}}]` instead of `{value, label}`. */
	'postTagsNested',
	/** GET /posts: `settings` as a JSON string. */
	'postSettingsString',
	/** GET /posts: repetitions of a repeating post carry `actualDate` (the post's own first date). */
	'repeatActualDate',
	/** GET /media: absent (404 "Cannot GET"). */
	'noMediaLibrary',
	/** Only POST /posts is limited; its 429 has `Retry-After` = the window (3600) and no X-RateLimit headers. */
	'onlyPostsRateLimited',
	/** Unknown ids answer 500 on release-id, DELETE post, DELETE channel and channel analytics. */
	'unknownIdsError500',
	/** GET /find-slot/:id with an unknown or disabled channel never answers. */
	'findSlotHangs',
	/** DELETE /posts/:id deletes the whole group; both post deletes answer `{error: true}`, matched or not. */
	'deleteAnswersError',
	/** DELETE /integrations/:id answers the full channel record, access and refresh tokens included. */
	'deleteChannelEchoesRecord',
	/** PUT /posts/:id/status for an unknown post: 400 `Post not found`. */
	'statusUnknownPost400',
	/** POST /posts: string settings are coerced (`"false"` becomes true) instead of refused. */
	'settingsCoerced',
	/** POST /posts: an unknown `type` schedules the post. */
	'typeUnchecked',
	/** JSON bodies over 100 kB answer 413. */
	'jsonLimit100kb',
	/** GET /groups and PUT /posts/:id/settings exist. */
	'extraRoutes',
] as const;

export type Quirk = (typeof QUIRKS)[number];
export type QuirkSwitches = Partial<Record<Quirk, boolean>>;

/** The quirks on for a profile, after the single switches; throws on a name that is not a quirk. */
export function resolveQuirks(profile: SandboxProfile = 'spec', switches: QuirkSwitches = {}): Set<Quirk> {
	if (profile !== 'spec' && profile !== 'production')
		throw new Error(`profile must be "spec" or "production", not "${String(profile)}"`);
	const on = new Set<Quirk>(profile === 'production' ? QUIRKS : []);
	for (const [name, value] of Object.entries(switches)) {
		if (!(QUIRKS as readonly string[]).includes(name))
			throw new Error(`unknown production quirk "${name}" (known: ${QUIRKS.join(', ')})`);
		if (value) on.add(name as Quirk);
		else on.delete(name as Quirk);
	}
	return on;
}

/** The channel secrets production echoes on DELETE /integrations/:id; recognisable so tests can prove they never leak. */
export function channelTokens(channelId: string): { token: string; refreshToken: string } {
	return { token: `sandbox-channel-token-${channelId}`, refreshToken: `sandbox-channel-refresh-token-${channelId}` };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };

/** The channel as production stores it (what DELETE /integrations/:id answers). */
function channelRecord(org: Org, channel: Channel, deletedAt: string) {
	return {
		id: channel.id,
		internalId: `sandbox-${channel.handle ?? channel.id}`,
		organizationId: org.id,
		name: channel.name,
		picture: channel.picture,
		providerIdentifier: channel.identifier,
		type: 'social',
		...channelTokens(channel.id),
		tokenExpiration: null,
		disabled: channel.disabled,
		profile: channel.profile,
		inBetweenSteps: false,
		refreshNeeded: false,
		postingTimes: JSON.stringify(channel.postingTimes.map((time) => ({ time }))),
		customerId: channel.customerId ?? null,
		deletedAt,
	};
}

export class ProductionProfile {
	constructor(readonly quirks: ReadonlySet<Quirk>) {}

	on(quirk: Quirk): boolean {
		return this.quirks.has(quirk);
	}

	/** express.json's limit (the spec sandbox takes 10 MB). */
	get jsonLimit(): string | undefined {
		return this.on('jsonLimit100kb') ? '100kb' : undefined;
	}

	/** Replaces the spec rate limiting when only POST /posts is limited. */
	rateLimitMiddleware(ctx: SandboxContext): RequestHandler | undefined {
		if (!this.on('onlyPostsRateLimited')) return undefined;
		return (req, res, next) => {
			if (rateLimitedRouteOf(req.method, req.path) !== 'POST /posts') return next();
			const verdict = ctx.rateLimiter.hit(orgOf(res).id, 'POST /posts');
			if (!verdict.allowed)
				throw new ApiError(429, THROTTLED, {
					'Retry-After': String(ctx.rateLimiter.rules['POST /posts'].windowSeconds),
				});
			res.set(verdict.headers);
			next();
		};
	}

	/** What POST /posts checks and stores: settings coerced and the type loosened as production does. */
	createPostBody(ctx: SandboxContext, org: Org, body: unknown): unknown {
		if (!isObject(body)) return body;
		const copy = structuredClone(body);
		if (this.on('typeUnchecked') && typeof copy.type === 'string' && !['draft', 'schedule', 'now'].includes(copy.type))
			copy.type = 'schedule';
		if (this.on('settingsCoerced') && Array.isArray(copy.posts))
			for (const item of copy.posts) {
				if (!isObject(item) || !isObject(item.settings) || !isObject(item.integration)) continue;
				const channel = ctx.store.channel(org, String(item.integration.id));
				if (!channel || !isPlatform(channel.identifier)) continue;
				for (const field of PLATFORMS[channel.identifier].settings ?? []) {
					const value = item.settings[field.name];
					// Implicit conversion: any non-empty string is true, "false" included.
					if (field.type === 'boolean' && typeof value === 'string') item.settings[field.name] = value !== '';
				}
			}
		return copy;
	}

	/** One GET /posts item as production shows it. */
	postView(org: Org, post: Post, view: Json): Json {
		const shown: Json = { ...view };
		if (this.on('postSettingsString')) shown.settings = JSON.stringify(post.settings ?? {});
		if (this.on('postTagsNested'))
			shown.tags = post.tags.map(({ value, label }) => {
				const tag = org.tags.find((t) => t.id === value);
				return { tag: { id: value, name: label, color: tag?.color ?? null } };
			});
		if (this.on('repeatActualDate') && post.intervalInDays) shown.actualDate = post.publishDate;
		return shown;
	}

	/** Routes answered differently from the spec (or only in production); anything else falls through to the spec. */
	routes(ctx: SandboxContext): Router {
		const router = Router();
		const { store } = ctx;
		const unknownIs500 = this.on('unknownIdsError500');

		if (this.on('noMediaLibrary'))
			router.get('/media', (req, res) => {
				res.status(404).json({ statusCode: 404, message: `Cannot GET ${API_BASE}${req.path}`, error: 'Not Found' });
			});

		if (this.on('findSlotHangs'))
			router.get('/find-slot/:id', (req, res, next) => {
				const channel = store.channel(orgOf(res), req.params.id);
				if (channel && !channel.disabled) return next();
				// Never answers: the socket stays open until the client gives up or the sandbox closes.
			});

		if (unknownIs500) {
			router.get('/analytics/:id', (req, res, next) => {
				if (!store.channel(orgOf(res), req.params.id)) throw internalError();
				next();
			});
			router.put('/posts/:id/release-id', (req, res, next) => {
				if (!store.post(orgOf(res), req.params.id)) throw internalError();
				next();
			});
		}

		if (this.on('statusUnknownPost400'))
			router.put('/posts/:id/status', (req, res, next) => {
				// The body is validated first (the spec route does it); only a valid body reaches the lookup.
				const body: Json = isObject(req.body) ? req.body : {};
				const valid =
					(body.status === 'draft' || body.status === 'schedule') &&
					(body.republish === undefined || typeof body.republish === 'boolean');
				if (valid && !store.post(orgOf(res), req.params.id)) throw badRequest('Post not found');
				next();
			});

		if (this.on('deleteAnswersError')) {
			router.delete('/posts/group/:group', (req, res) => {
				const org = orgOf(res);
				org.posts = org.posts.filter((p) => p.group !== req.params.group);
				res.json({ error: true });
			});
			router.delete('/posts/:id', (req, res, next) => {
				const org = orgOf(res);
				const post = store.post(org, req.params.id);
				if (!post) return unknownIs500 ? next(internalError()) : next();
				org.posts = org.posts.filter((p) => p.group !== post.group);
				res.json({ error: true });
			});
		} else if (unknownIs500)
			router.delete('/posts/:id', (req, res, next) => {
				if (!store.post(orgOf(res), req.params.id)) throw internalError();
				next();
			});

		router.delete('/integrations/:id', (req, res, next) => {
			const org = orgOf(res);
			const channel = store.channel(org, req.params.id);
			if (!channel) return unknownIs500 ? next(internalError()) : next();
			if (!this.on('deleteChannelEchoesRecord')) return next();
			org.channels = org.channels.filter((c) => c !== channel);
			org.posts = org.posts.filter((p) => p.channelId !== channel.id);
			res.json(channelRecord(org, channel, ctx.clock.now().toISOString()));
		});

		if (this.on('extraRoutes')) {
			router.get('/groups', (_req, res) => {
				res.json(orgOf(res).customers.map(({ id, name }) => ({ id, name })));
			});
			router.put('/posts/:id/settings', (req, res) => {
				const post = store.post(orgOf(res), req.params.id);
				if (!post) throw notFound('Post not found');
				const settings: unknown = isObject(req.body) ? req.body.settings : undefined;
				if (!isObject(settings)) throw fieldErrors(['settings must be an object']);
				if (post.state !== 'QUEUE' && post.state !== 'DRAFT')
					throw badRequest('Only a scheduled post or a draft can change its settings');
				post.settings = { ...post.settings, ...settings };
				res.json({ id: post.id, settings: post.settings });
			});
		}
		return router;
	}
}
