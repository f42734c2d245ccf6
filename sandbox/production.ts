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
 * - routes/posts.ts: `createPostBody` (what POST /posts checks), the discord lookup, `postView` (GET /posts items) and
 *   the GET /posts range;
 * - media/index.ts: the upload answer.
 */
import { Router, type RequestHandler } from 'express';
import { PLATFORMS } from '../nodes/SocialPublishing/shared/platforms';
import { checkSettings, serviceSentence } from '../nodes/SocialPublishing/shared/postRules';
import { API_BASE, orgOf, type ProductionHooks, type SandboxContext } from './context';
import { cleanHtmlAsService } from './content';
import { ApiError, badRequest, fieldErrors, internalError, notFound } from './errors';
import { isPlatform } from './plans';
import { editPosts, isPostEdit } from './postEdits';
import type { Quirk } from './quirks';
import { rateLimitedRouteOf } from './rateLimit';
import { channelView } from './routes/channels';
import type { Channel, Org, Post } from './store';

/** The channel secrets production echoes on DELETE /integrations/:id; recognisable so tests can prove they never leak. */
export function channelTokens(channelId: string): { token: string; refreshToken: string } {
	return {
		token: `sandbox-channel-token-${channelId}`,
		refreshToken: `sandbox-channel-refresh-token-${channelId}`,
	};
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/** The sandbox's tags have no creation time; their records show this one. */
const TAG_RECORD_TIME = '2026-01-01T00:00:00.000Z';

const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };

/** The channel as production stores it (what DELETE /integrations/:id answers). */
function channelRecord(org: Org, channel: Channel, deletedAt: string) {
	return {
		id: channel.id,
		internalId: `sandbox-${channel.handle ?? channel.id}`,
		organizationId: org.id,
		name: channel.name,
		picture: channel.picture,
		providerIdentifier: channel.platform,
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

/** The largest number the service's `delay` column holds (a 32-bit integer); beyond it the save fails with a 500. */
const DELAY_COLUMN_MAX = 2 ** 31 - 1;

/**
 * Each part's `delay` as the service converts it (to a number, then a whole number: `"7"` 7, `true` 1, `""` 0, 2.5 2);
 * one that is no number is refused, one beyond the column answers 500.
 */
function convertDelays(items: unknown[]): void {
	const refused: string[] = [];
	items.forEach((item, i) => {
		if (!isObject(item) || !Array.isArray(item.value)) return;
		item.value.forEach((part: unknown, j) => {
			if (!isObject(part) || part.delay === undefined) return;
			if (part.delay === null) return void delete part.delay;
			const n = typeof part.delay === 'object' ? NaN : Number(part.delay);
			if (!Number.isFinite(n)) {
				refused.push(
					`posts.${i}.value.${j}.delay must be a number conforming to the specified constraints`,
				);
				return;
			}
			const whole = Math.trunc(n) || 0;
			if (Math.abs(whole) > DELAY_COLUMN_MAX) throw internalError();
			part.delay = whole;
		});
	});
	if (refused.length) throw fieldErrors(refused);
}

export class ProductionProfile implements ProductionHooks {
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

	/**
	 * What POST /posts checks and stores, loosened as production does: an unknown channel refused first, values coerced,
	 * the type loosened, the HTML cleaned before the checks.
	 */
	createPostBody(ctx: SandboxContext, org: Org, body: unknown): unknown {
		if (!isObject(body)) return body;
		const copy = structuredClone(body);
		const items = Array.isArray(copy.posts) ? copy.posts : [];
		if (this.on('unknownChannel400'))
			for (const item of items) {
				const id = isObject(item) && isObject(item.integration) ? item.integration.id : undefined;
				if (typeof id !== 'string' || id === '')
					throw badRequest('All posts must have an integration id');
				if (!ctx.store.channel(org, id)) throw badRequest(`Integration with id ${id} not found`);
			}
		if (this.on('typeUnchecked') && !['draft', 'schedule', 'now'].includes(copy.type as string))
			copy.type = 'schedule';
		if (this.on('settingsCoerced')) {
			// Implicit conversion: any non-empty string is true ("false" included); a number in a string is that number.
			if (typeof copy.shortLink === 'string') copy.shortLink = copy.shortLink !== '';
			if (
				typeof copy.inter === 'string' &&
				copy.inter.trim() !== '' &&
				!Number.isNaN(Number(copy.inter))
			)
				copy.inter = Number(copy.inter);
			if (copy.inter === 0) delete copy.inter;
			for (const item of items) {
				if (!isObject(item) || !isObject(item.settings) || !isObject(item.integration)) continue;
				const channel = ctx.store.channel(org, String(item.integration.id));
				if (!channel || !isPlatform(channel.platform)) continue;
				for (const field of PLATFORMS[channel.platform].settings ?? []) {
					const value = item.settings[field.name];
					if (field.type === 'boolean' && typeof value === 'string')
						item.settings[field.name] = value !== '';
				}
			}
		}
		if (this.on('settingsTypeStored'))
			for (const item of items) {
				if (!isObject(item) || !isObject(item.integration)) continue;
				const channel = ctx.store.channel(org, String(item.integration.id));
				if (
					!channel ||
					(item.settings !== undefined && item.settings !== null && !isObject(item.settings))
				)
					continue;
				// Kept in place when sent, added last when not (the service spreads the settings, then sets it).
				item.settings = {
					...(isObject(item.settings) ? item.settings : {}),
					__type: channel.platform,
				};
			}
		if (this.on('followUpDelay')) convertDelays(items);
		if (this.on('htmlCleanedFirst'))
			for (const item of items) {
				if (!isObject(item) || !Array.isArray(item.value)) continue;
				for (const part of item.value)
					if (isObject(part) && typeof part.content === 'string')
						part.content = cleanHtmlAsService(part.content);
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
				const shownTag = { id: value, name: label, color: tag?.color ?? null };
				if (!this.on('tagsFullRecord')) return { tag: shownTag };
				const record = {
					orgId: org.id,
					deletedAt: null,
					createdAt: TAG_RECORD_TIME,
					updatedAt: TAG_RECORD_TIME,
				};
				return { tag: { ...shownTag, ...record } };
			});
		if (this.on('repeatActualDate') && post.intervalInDays) shown.actualDate = post.publishDate;
		if (this.on('postListUncut')) delete shown.error;
		return shown;
	}

	/** Routes answered differently from the spec (or only in production); anything else falls through to the spec. */
	routes(ctx: SandboxContext): Router {
		const router = Router();
		const { store } = ctx;
		const unknownIs500 = this.on('unknownIdsError500');

		if (this.on('editInPlace'))
			router.post('/posts', (req, res, next) => {
				if (!isPostEdit(req.body)) return next();
				res.status(201).json(editPosts(ctx, orgOf(res), req.body as Json));
			});

		if (this.on('noMediaLibrary'))
			router.get('/media', (req, res) => {
				res.status(404).json({
					statusCode: 404,
					message: `Cannot GET ${API_BASE}${req.path}`,
					error: 'Not Found',
				});
			});

		if (this.on('findSlotHangs'))
			router.get('/find-slot/:id', (req, res, next) => {
				const channel = store.channel(orgOf(res), req.params.id);
				if (channel && !channel.disabled && channel.postingTimes.length > 0) return next();
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

		if (this.on('missingUnknownEmpty'))
			router.get('/posts/:id/missing', (req, res, next) => {
				if (store.post(orgOf(res), req.params.id)) return next();
				res.json([]);
			});

		if (this.on('statusUnguarded'))
			router.put('/posts/:id/status', (req, res) => {
				// Only `status` is read (one of draft, schedule); the state changes whatever it was, published included.
				const body: Json = isObject(req.body) ? req.body : {};
				if (body.status !== 'draft' && body.status !== 'schedule')
					throw fieldErrors(['status must be one of the following values: draft, schedule']);
				const post = store.post(orgOf(res), req.params.id);
				if (!post)
					throw this.on('statusUnknownPost400')
						? badRequest('Post not found')
						: notFound('Post not found');
				post.state = body.status === 'draft' ? 'DRAFT' : 'QUEUE';
				res.json({ id: post.id, state: post.state });
			});
		else if (this.on('statusUnknownPost400'))
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
			router.get('/integrations', (req, res, next) => {
				// `?group=<customer id>` keeps that customer's channels.
				const group = req.query.group;
				if (typeof group !== 'string' || group === '') return next();
				const org = orgOf(res);
				res.json(
					org.channels.filter((c) => c.customerId === group).map((c) => channelView(org, c)),
				);
			});
			router.put('/posts/:id/settings', (req, res) => {
				const org = orgOf(res);
				const settings: unknown = isObject(req.body) ? req.body.settings : undefined;
				if (!isObject(settings)) throw fieldErrors(['settings must be an object']);
				const post = store.post(org, req.params.id);
				const isFollowUp = (id: string) =>
					org.posts.some((p) => p.parts.slice(1).some((part) => part.id === id));
				if (!post && isFollowUp(req.params.id))
					throw badRequest('This id belongs to a comment, pass the id of the main post');
				if (!post)
					throw new ApiError(404, {
						statusCode: 404,
						message: 'Post not found',
						error: 'Not Found',
					});
				if (post.state !== 'QUEUE' && post.state !== 'DRAFT')
					throw badRequest(
						'Only scheduled posts that were not published yet (or drafts) can be updated',
					);
				if (post.state === 'QUEUE' && Date.parse(post.publishDate) < ctx.clock.nowMs())
					throw badRequest('The publish time of this post already passed, it cannot be updated');
				const merged = { ...post.settings, ...settings };
				const channel = store.channel(org, post.channelId);
				// A draft's settings are not checked (only a scheduled post's).
				if (channel && isPlatform(channel.platform) && post.state !== 'DRAFT') {
					const [first] = checkSettings(channel.platform, merged);
					if (first?.kind === 'field') {
						// The service names the setting without the `settings.` its path starts with.
						const path = first.path.replace('settings.', '');
						throw badRequest(`${channel.name}: ${serviceSentence(path, first.fault)}`);
					}
				}
				post.settings = merged;
				res.json({ postId: post.id, publishDate: post.publishDate.slice(0, 19) });
			});
		}
		return router;
	}
}
