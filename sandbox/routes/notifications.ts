/** Section 4.6: notifications, newest first, 100 a page from page 0. */
import { Router } from 'express';
import { orgOf } from '../context';
import { fieldErrors } from '../errors';

const PAGE_SIZE = 100;

export function notificationRoutes(): Router {
	const router = Router();

	router.get('/notifications', (req, res) => {
		const org = orgOf(res);
		const raw = req.query.page;
		let page = 0;
		if (raw !== undefined) {
			if (typeof raw !== 'string' || !/^-?\d+$/.test(raw))
				throw fieldErrors(['page must be an integer number', 'page must not be less than 0']);
			page = Number(raw);
			if (page < 0) throw fieldErrors(['page must not be less than 0']);
		}
		const sorted = [...org.notifications].sort(
			(a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.seq - a.seq,
		);
		const slice = sorted.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
		res.json({
			notifications: slice.map(({ id, content, link, createdAt }) => ({
				id,
				content,
				link,
				createdAt,
			})),
			total: sorted.length,
			page,
			limit: PAGE_SIZE,
			hasMore: (page + 1) * PAGE_SIZE < sorted.length,
		});
	});

	return router;
}
