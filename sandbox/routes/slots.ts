/** Section 4.4: the first free posting time of a channel. */
import { Router } from 'express';
import { orgOf, type SandboxContext } from '../context';
import { DAY_MS } from '../dates';
import { notFound } from '../errors';
import { channelOrThrow } from './channels';

const MINUTE_MS = 60_000;
/** How far ahead a free slot is looked for. */
const SEARCH_DAYS = 400;

export function slotRoutes(ctx: SandboxContext): Router {
	const router = Router();

	router.get('/find-slot/:id', (req, res) => {
		const org = orgOf(res);
		const channel = channelOrThrow(ctx, org, req.params.id);
		if (channel.postingTimes.length === 0)
			throw notFound('No posting times configured for this channel');
		const times = [...channel.postingTimes].sort((a, b) => a - b);
		const taken = new Set(
			org.posts
				.filter((p) => p.channelId === channel.id)
				.map((p) => Math.floor(Date.parse(p.publishDate) / MINUTE_MS)),
		);
		const now = ctx.clock.nowMs();
		const today = Math.floor(now / DAY_MS) * DAY_MS;
		for (let day = 0; day < SEARCH_DAYS; day++) {
			for (const minutes of times) {
				const at = today + day * DAY_MS + minutes * MINUTE_MS;
				if (at > now && !taken.has(at / MINUTE_MS)) {
					res.json({ date: new Date(at).toISOString().slice(0, 16) + ':00' });
					return;
				}
			}
		}
		throw notFound('No free posting time in the next 400 days');
	});

	return router;
}
