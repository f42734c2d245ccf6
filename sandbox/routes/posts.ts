/** Section 4.3 (posts) and the state table of section 3. */
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { Channel } from '../../nodes/SocialPublishing/shared/channel';
import {
	checkCreatePostRequest,
	SETTINGS_TYPE_KEY,
} from '../../nodes/SocialPublishing/shared/postRules';
import { cleanHtml, shortenLinks } from '../content';
import { orgOf, type SandboxContext } from '../context';
import { DAY_MS, parseApiDate } from '../dates';
import { badRequest, fieldErrors, notFound, paymentRequired, platformViolation } from '../errors';
import { PLANS, billingMonth } from '../plans';
import { publishPost, recentPlatformItems } from '../publishing';
import type { MediaRef, Org, Post, PostPart } from '../store';

const MAX_RANGE_DAYS = 370;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/** Section 2.3: a post as GET /posts shows it (at one of its repetitions). */
function postView(org: Org, post: Post, publishDate: string) {
	const channel = org.channels.find((c) => c.id === post.channelId);
	return {
		id: post.id,
		content: post.parts[0]?.content ?? '',
		publishDate,
		releaseURL: post.releaseURL,
		releaseId: post.releaseId,
		state: post.state,
		error: post.error,
		intervalInDays: post.intervalInDays,
		group: post.group,
		creationMethod: post.creationMethod,
		tags: post.tags,
		integration: {
			id: post.channelId,
			providerIdentifier: channel?.platform ?? null,
			name: channel?.name ?? null,
			picture: channel?.picture ?? null,
		},
	};
}

/** Section 8: counts `count` posts in the billing month of `publishAt`, or answers 402 when the plan has no room. */

/**
 * Settings as the service stores them: as given, unknown keys included (service-notes), with the `__type`
 * discriminator its own clients send set to the channel's platform, whatever it said.
 */
export function storedSettings(settings: unknown, platform: string | undefined): Json | undefined {
	if (!isObject(settings)) return undefined;
	return SETTINGS_TYPE_KEY in settings && platform
		? { ...settings, [SETTINGS_TYPE_KEY]: platform }
		: settings;
}
export function chargeMonthlyPosts(
	ctx: SandboxContext,
	org: Org,
	publishAt: string,
	count: number,
): void {
	const limit = org.plan ? PLANS[org.plan].monthlyPosts : 0;
	const month = billingMonth(publishAt);
	const used = org.usage[month] ?? 0;
	if (limit !== null && used + count > limit)
		throw paymentRequired(
			`The ${org.plan} plan allows ${limit} posts a month; ${month} has ${used} and this needs ${count} more`,
			ctx.settings.billingUrl,
		);
	org.usage[month] = used + count;
}

/** Media paths (parts and youtube thumbnail) that are not under the service's storage. */
function foreignMediaPaths(ctx: SandboxContext, posts: unknown[]): string[] {
	const prefix = `${ctx.storageOrigin}/`;
	const messages: string[] = [];
	const check = (path: unknown, at: string) => {
		if (typeof path === 'string' && !ctx.isStoragePath(path))
			messages.push(
				`${at} must point to the service's storage (${prefix}...): upload the file with POST /upload or POST /upload-from-url first`,
			);
	};
	posts.forEach((post, i) => {
		if (!isObject(post)) return;
		if (Array.isArray(post.value))
			post.value.forEach((part, j) => {
				if (isObject(part) && Array.isArray(part.image))
					part.image.forEach(
						(m, k) => isObject(m) && check(m.path, `posts.${i}.value.${j}.image.${k}.path`),
					);
			});
		if (isObject(post.settings) && isObject(post.settings.thumbnail))
			check(post.settings.thumbnail.path, `posts.${i}.settings.thumbnail.path`);
	});
	return messages;
}

/**
 * A POST /posts body checked all-or-nothing, as the service checks it (production loosens it first: settings coerced,
 * type unchecked, HTML cleaned); throws the first refusal, so nothing is written when it throws.
 */
export function checkedPostsBody(
	ctx: SandboxContext,
	org: Org,
	raw: unknown,
): { body: Json; posts: Json[] } {
	// Channels on platforms the rules table does not know are the service's to check, as in production.
	const channelOf = (id: string): Channel | undefined => {
		const c = ctx.store.channel(org, id);
		return c
			? {
					id: c.id,
					name: c.name,
					platform: c.platform,
					premium: c.premium,
					disabled: c.disabled,
				}
			: undefined;
	};
	const input: unknown = ctx.production ? ctx.production.createPostBody(ctx, org, raw) : raw;
	const problems = checkCreatePostRequest(input, channelOf);
	const body = input as Json;
	const posts = Array.isArray(body?.posts) ? (body.posts as Json[]) : [];

	const fieldMessages = problems.flatMap((v) => (v.kind === 'field' ? [v.message] : []));
	fieldMessages.push(...foreignMediaPaths(ctx, posts));
	if (fieldMessages.length) throw fieldErrors(fieldMessages);
	for (const v of problems) {
		if (v.kind === 'channel') throw notFound(`Integration not found: ${v.path} is ${v.channelId}`);
		if (v.kind === 'platform') throw platformViolation(v.platform, v.channelName, v.message);
	}
	posts.forEach((item, i) => {
		const channel = ctx.store.channel(org, (item.integration as Json).id as string)!;
		if (channel.platform !== 'discord' || ctx.production?.on('discordChannelUnchecked')) return;
		const wanted = (item.settings as Json).channel;
		if (!(channel.discordChannels ?? []).some((d) => d.id === wanted))
			throw platformViolation(
				'discord',
				channel.name,
				`posts.${i}.settings.channel: ${String(wanted)} is not a channel of the connected server; take an id from the channels tool`,
			);
	});
	return { body, posts };
}

/** A part as stored: its HTML cleaned, links shortened when asked, media references kept, production's delay. */
export function storedPart(ctx: SandboxContext, body: Json, part: Json, id: string): PostPart {
	let content = cleanHtml(part.content as string);
	if (body.shortLink === true)
		content = shortenLinks(content, ctx.origin, (code, url) => ctx.store.shortLinks.set(code, url));
	const image = (part.image as MediaRef[]).map(({ id: mediaId, path, alt }) => ({
		id: mediaId,
		path,
		...(alt !== undefined ? { alt } : {}),
	}));
	const delay = ctx.production?.on('followUpDelay') ? part.delay : undefined;
	return { id, content, image, ...(typeof delay === 'number' ? { delay } : {}) };
}

/** The body's tags the organisation has (by label; an unknown label is ignored). */
export function storedTags(org: Org, body: Json): Post['tags'] {
	return (body.tags as Array<{ value: string; label: string }>).flatMap((t) => {
		const tag = org.tags.find((x) => x.name === t.label);
		return tag ? [{ value: tag.id, label: tag.name }] : [];
	});
}

export function postRoutes(ctx: SandboxContext): Router {
	const router = Router();

	const postOrThrow = (org: Org, id: string): Post => {
		const post = ctx.store.post(org, id);
		if (!post) throw notFound('Post not found');
		return post;
	};

	router.get('/posts', (req, res) => {
		const org = orgOf(res);
		const messages: string[] = [];
		const dateParam = (name: 'startDate' | 'endDate'): number => {
			const raw = req.query[name];
			if (raw === undefined) messages.push(`${name} should not be null or undefined`);
			else if (typeof raw !== 'string' || Number.isNaN(parseApiDate(raw)))
				messages.push(`${name} must be a valid ISO 8601 date string`);
			else return parseApiDate(raw);
			return NaN;
		};
		const start = dateParam('startDate');
		let end = dateParam('endDate');
		const customer = req.query.customer;
		if (customer !== undefined && typeof customer !== 'string')
			messages.push('customer must be a string');
		if (messages.length) throw fieldErrors(messages);
		// Section 8: a longer range is cut, not refused (production does not cut it).
		const uncut = ctx.production?.on('postListUncut') ?? false;
		if (!uncut) end = Math.min(end, start + MAX_RANGE_DAYS * DAY_MS);

		const channelIds = customer
			? new Set(org.channels.filter((c) => c.customerId === customer).map((c) => c.id))
			: undefined;
		const shown: Array<{ post: Post; at: number }> = [];
		for (const post of org.posts) {
			if (channelIds && !channelIds.has(post.channelId)) continue;
			const first = Date.parse(post.publishDate);
			if (!post.intervalInDays) {
				if (first >= start && first <= end) shown.push({ post, at: first });
				continue;
			}
			// A repeating post appears once per repetition inside the range (production: from its first date on).
			const step = post.intervalInDays * DAY_MS;
			let at = first >= start || uncut ? first : first + Math.ceil((start - first) / step) * step;
			for (; at <= end; at += step) shown.push({ post, at });
		}
		shown.sort((a, b) => a.at - b.at);
		const view = (post: Post, at: number) => {
			const spec = postView(org, post, new Date(at).toISOString());
			return ctx.production ? ctx.production.postView(org, post, spec) : spec;
		};
		res.json({ posts: shown.map(({ post, at }) => view(post, at)) });
	});

	router.post('/posts', (req, res) => {
		const org = orgOf(res);
		const { body, posts } = checkedPostsBody(ctx, org, req.body);

		const type = body.type as 'draft' | 'schedule' | 'now';
		const nowIso = ctx.clock.now().toISOString();
		const publishDate =
			type === 'now' ? nowIso : new Date(parseApiDate(body.date as string)).toISOString();
		if (type !== 'draft') {
			const count = posts.reduce((sum, item) => sum + (item.value as unknown[]).length, 0);
			chargeMonthlyPosts(ctx, org, publishDate, count);
		}

		const tags = storedTags(org, body);
		const requestGroup = randomUUID();
		const groupPerChannel = ctx.production?.on('groupPerChannel') ?? false;
		const inter = typeof body.inter === 'number' ? body.inter : null;
		const created = posts.map((item) => {
			const group = groupPerChannel ? randomUUID() : requestGroup;
			const id = randomUUID();
			const parts = (item.value as Json[]).map((part, i) =>
				storedPart(ctx, body, part, i === 0 ? id : randomUUID()),
			);
			const post: Post = {
				id,
				orgId: org.id,
				channelId: (item.integration as Json).id as string,
				group,
				parts,
				settings: storedSettings(
					item.settings,
					ctx.store.channel(org, (item.integration as Json).id as string)?.platform,
				),
				publishDate,
				state: type === 'draft' ? 'DRAFT' : 'QUEUE',
				releaseURL: null,
				releaseId: null,
				error: null,
				intervalInDays: inter,
				creationMethod: 'API',
				tags,
				missingReleaseId: false,
				createdAt: nowIso,
			};
			org.posts.push(post);
			ctx.store.issuedPostIds.add(id);
			return post;
		});
		if (type === 'now') for (const post of created) publishPost(ctx, org, post);
		res.status(201).json(created.map((p) => ({ postId: p.id, integration: p.channelId })));
	});

	router.put('/posts/:id/status', (req, res) => {
		const org = orgOf(res);
		const body: Json = isObject(req.body) ? req.body : {};
		const messages: string[] = [];
		if (body.status === undefined || body.status === null)
			messages.push('status should not be null or undefined');
		else if (body.status !== 'draft' && body.status !== 'schedule')
			messages.push('status must be one of the following values: draft, schedule');
		if (body.republish !== undefined && typeof body.republish !== 'boolean')
			messages.push('republish must be a boolean value');
		if (messages.length) throw fieldErrors(messages);
		const post = postOrThrow(org, req.params.id);
		if (post.state === 'PUBLISHED') {
			if (body.republish !== true || body.status !== 'schedule')
				throw badRequest(
					'The post is already published; send status "schedule" with republish: true to queue it again',
				);
		}
		if (body.status === 'draft') {
			post.state = 'DRAFT';
		} else {
			chargeMonthlyPosts(ctx, org, post.publishDate, post.parts.length);
			post.state = 'QUEUE';
			post.error = null;
			post.releaseId = null;
			post.releaseURL = null;
			post.missingReleaseId = false;
		}
		res.json({ id: post.id, state: post.state });
	});

	router.delete('/posts/group/:group', (req, res) => {
		const org = orgOf(res);
		const before = org.posts.length;
		org.posts = org.posts.filter((p) => p.group !== req.params.group);
		const deleted = org.posts.length < before;
		res.json(deleted ? { deleted: true, id: req.params.group } : { deleted: false, id: null });
	});

	router.delete('/posts/:id', (req, res) => {
		const org = orgOf(res);
		const post = postOrThrow(org, req.params.id);
		// Follow-up parts live inside the post; other channels' posts of the same group stay.
		org.posts = org.posts.filter((p) => p !== post);
		res.json({ deleted: true, id: post.id });
	});

	router.get('/posts/:id/missing', (req, res) => {
		const org = orgOf(res);
		const post = postOrThrow(org, req.params.id);
		const channel = ctx.store.channel(org, post.channelId);
		res.json(post.missingReleaseId && channel ? recentPlatformItems(channel, post) : []);
	});

	router.put('/posts/:id/release-id', (req, res) => {
		const org = orgOf(res);
		const body: Json = isObject(req.body) ? req.body : {};
		if (body.releaseId === undefined || body.releaseId === null)
			throw fieldErrors(['releaseId should not be null or undefined']);
		if (typeof body.releaseId !== 'string') throw fieldErrors(['releaseId must be a string']);
		const post = ctx.store.post(org, req.params.id);
		const channel = post && ctx.store.channel(org, post.channelId);
		if (!post || !channel || !post.missingReleaseId)
			throw notFound('No post waiting for a release id');
		const item = recentPlatformItems(channel, post).find((i) => i.id === body.releaseId);
		if (!item)
			throw fieldErrors([
				`releaseId must be one of the ids listed by GET /posts/${post.id}/missing`,
			]);
		post.releaseId = item.id;
		post.releaseURL = item.url;
		post.missingReleaseId = false;
		res.json({ id: post.id, releaseId: post.releaseId });
	});

	return router;
}
