/** Section 8: the monthly post allowance of the Starter plan and how posts are counted. */
import { postBody, useTestSandbox } from './support';

const t = useTestSandbox();
beforeEach(async () => await t.sb.control.setPlan('Starter'));

const MARCH = '2026-03';
const usage = async () => (await t.sb.control.org()).usage;

/** A telegram post with `parts` parts on `channels` channels. */
function body(type: string, channels = 1, parts = 1, date = '2026-03-02T10:00:00Z') {
	const telegram = t.sb.seed.channels.telegram.id;
	return {
		...postBody(telegram, { type, date }),
		posts: Array.from({ length: channels }, () => ({
			integration: { id: telegram },
			value: Array.from({ length: parts }, (_, i) => ({ content: `part ${i + 1}`, image: [] })),
		})),
	};
}

it('counts each channel and each follow-up part', async () => {
	expect((await t.api.post('/posts', body('schedule', 3, 2))).status).toBe(201);
	expect(await usage()).toEqual({ [MARCH]: 6 });
});

it('does not count drafts; counts moving to schedule, not moving to draft', async () => {
	const res = await t.api.post('/posts', body('draft', 1, 3));
	expect(await usage()).toEqual({});
	const id = res.data[0].postId;
	await t.api.put(`/posts/${id}/status`, { status: 'schedule' });
	expect(await usage()).toEqual({ [MARCH]: 3 });
	await t.api.put(`/posts/${id}/status`, { status: 'draft' });
	expect(await usage()).toEqual({ [MARCH]: 3 });
});

it('counts a post in the billing month of its publication', async () => {
	await t.api.post('/posts', body('schedule', 1, 1, '2026-04-30T23:30:00Z'));
	expect(await usage()).toEqual({ '2026-04': 1 });
});

it('answers 402 with a billing url when the allowance is used up, and creates nothing', async () => {
	await t.sb.control.setUsage(MARCH, 399);
	const over = await t.api.post('/posts', body('schedule', 1, 2));
	expect(over.status).toBe(402);
	expect(over.data).toEqual({
		statusCode: 402,
		message: expect.stringContaining('400'),
		url: expect.stringMatching(/^http.*billing/),
	});
	expect((await t.sb.control.org()).posts).toBe(0);
	// Exactly the last one still fits, and another month is free.
	expect((await t.api.post('/posts', body('schedule', 1, 1))).status).toBe(201);
	expect((await t.api.post('/posts', body('now', 1, 1))).status).toBe(402);
	expect((await t.api.post('/posts', body('schedule', 1, 1, '2026-04-02T10:00:00Z'))).status).toBe(
		201,
	);
	expect((await t.api.post('/posts', body('draft', 1, 1))).status).toBe(201);
});

it('reaches the allowance by real requests too (400 parts)', async () => {
	for (let i = 0; i < 4; i++)
		expect((await t.api.post('/posts', body('schedule', 1, 100))).status).toBe(201);
	expect((await t.api.post('/posts', body('schedule', 1, 1))).status).toBe(402);
});

it('has no monthly limit on Pro and Business', async () => {
	await t.sb.control.setPlan('Pro');
	await t.sb.control.setUsage(MARCH, 10_000);
	expect((await t.api.post('/posts', body('schedule'))).status).toBe(201);
});
