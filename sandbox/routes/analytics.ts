/** Section 4.5: analytics series, generated, cached for an hour of the sandbox clock. */
import { createHash } from 'node:crypto';
import { Router } from 'express';
import { orgOf, type SandboxContext } from '../context';
import { DAY_MS, dayOf } from '../dates';
import { fieldErrors, notFound } from '../errors';
import { channelOrThrow } from './channels';

const CACHE_MS = 60 * 60 * 1000;

/** Series labels by platform; platforms not listed give no analytics (empty array). */
const CHANNEL_LABELS: Record<string, string[]> = {
	facebook: ['Page Impressions', 'Posts Engagement', 'Page Fans'],
	instagram: ['Impressions', 'Reach', 'Followers'],
	linkedin: ['Impressions', 'Clicks', 'Followers'],
	tiktok: ['Video Views', 'Likes', 'Followers'],
	youtube: ['Views', 'Watch Time (minutes)', 'Subscribers'],
	threads: ['Views', 'Likes', 'Replies'],
	bluesky: ['Likes', 'Reposts', 'Followers'],
	x: ['Impressions', 'Likes', 'Retweets', 'Replies'],
};
const POST_LABELS: Record<string, string[]> = {
	facebook: ['Impressions', 'Reactions'],
	instagram: ['Impressions', 'Likes', 'Comments'],
	linkedin: ['Impressions', 'Reactions'],
	youtube: ['Views', 'Likes'],
	threads: ['Views', 'Likes'],
	x: ['Impressions', 'Likes', 'Retweets'],
};

interface Series {
	label: string;
	data: Array<{ total: number; date: string }>;
	percentageChange: number;
}

/** Pseudo-random but reproducible numbers: the same key and generation time give the same series. */
function generate(labels: string[], days: number, nowMs: number, key: string): Series[] {
	return labels.map((label) => {
		const data = Array.from({ length: days }, (_, i) => {
			const dayMs = nowMs - (days - 1 - i) * DAY_MS;
			const hash = createHash('sha256')
				.update(`${key}|${label}|${dayOf(dayMs)}|${nowMs}`)
				.digest();
			return { total: hash.readUInt16BE(0) % 1000, date: dayOf(dayMs) };
		});
		const half = Math.floor(days / 2);
		const before = data.slice(0, half).reduce((s, d) => s + d.total, 0);
		const after = data.slice(half).reduce((s, d) => s + d.total, 0);
		const percentageChange =
			before === 0 ? 0 : Math.round(((after - before) / before) * 10000) / 100;
		return { label, data, percentageChange };
	});
}

function daysParam(raw: unknown): number {
	if (raw === undefined) return 7;
	if (typeof raw !== 'string' || !/^\d+$/.test(raw))
		throw fieldErrors(['date must be an integer number']);
	const days = Number(raw);
	if (days < 1) throw fieldErrors(['date must not be less than 1']);
	return days;
}

export function analyticsRoutes(ctx: SandboxContext): Router {
	const router = Router();
	const cached = (key: string, make: (nowMs: number) => Series[]): Series[] => {
		const cache = ctx.store.analyticsCache;
		const now = ctx.clock.nowMs();
		const hit = cache.get(key);
		if (hit && hit.until > now) return hit.series as Series[];
		const series = make(now);
		cache.set(key, { until: now + CACHE_MS, series });
		return series;
	};

	router.get('/analytics/post/:postId', (req, res) => {
		const org = orgOf(res);
		const days = daysParam(req.query.date);
		const post = ctx.store.post(org, req.params.postId);
		if (!post) throw notFound('Post not found');
		if (post.missingReleaseId) {
			res.json({ missing: true });
			return;
		}
		const channel = ctx.store.channel(org, post.channelId);
		const labels = channel ? POST_LABELS[channel.platform] : undefined;
		if (post.state !== 'PUBLISHED' || !labels || !post.releaseId) {
			res.json([]);
			return;
		}
		const key = `post|${post.id}|${post.releaseId}|${days}`;
		res.json(cached(key, (now) => generate(labels, days, now, key)));
	});

	router.get('/analytics/:id', (req, res) => {
		const org = orgOf(res);
		const days = daysParam(req.query.date);
		const channel = channelOrThrow(ctx, org, req.params.id);
		const labels = CHANNEL_LABELS[channel.platform];
		if (!labels) {
			res.json([]);
			return;
		}
		const key = `channel|${channel.id}|${days}`;
		res.json(cached(key, (now) => generate(labels, days, now, key)));
	});

	return router;
}
