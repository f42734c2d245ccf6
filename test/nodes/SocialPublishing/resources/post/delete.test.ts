/**
 * Post → Delete against the sandbox's production profile, which answers 500 to DELETE /posts/:id for a post it does
 * not have, a deleted one included (service notes): after that 500 the node looks at GET /posts, never sending the
 * DELETE again, and says "already deleted, or never existed" apart from a service failing on a post still there.
 */
import { SEED_IDS } from '../../../../../sandbox';
import { createPosts, daysFromNow, errorOf, jsonOf, useSandbox } from '../../support';

const t = useSandbox({ profile: 'production' });
const { telegram, threads } = SEED_IDS.channels;

const deletePost = (postId: string, options: Parameters<typeof t.run>[1] = {}) =>
	t.run({ resource: 'post', operation: 'delete', postId }, options);

async function onePost(channel = telegram) {
	const [post] = await createPosts(t, { date: daysFromNow(3), channels: [channel] });
	return post.postId;
}

describe('Post → Delete of a post already deleted (production answers 500)', () => {
	it('says "already deleted, or never existed", the range GET /posts was read over, and sends one DELETE', async () => {
		const postId = await onePost();
		expect(jsonOf(await deletePost(postId))).toEqual([{ deleted: true, id: postId }]);
		await t.sandbox.control.clearRequests();

		const error = errorOf(await deletePost(postId));

		expect(error.message).toBe(`Post ${postId} is already deleted, or never existed`);
		expect(error.description).toMatch(
			new RegExp(
				`^The service answered HTTP 500 to DELETE /posts/${postId}, as it does for a post it does not have, and GET /posts lists no post ${postId} dated \\d{4}-\\d\\d-\\d\\d to \\d{4}-\\d\\d-\\d\\d \\(a deleted post is never listed\\)\\. It was deleted before`,
			),
		);
		expect(error.description).toContain('turn on Continue On Fail');
		expect(error.httpCode).toBe('500');
		// One DELETE, then the look: the year before and ten ahead, read only.
		const routes = await t.routes();
		expect(routes.filter((route) => !route.startsWith('GET '))).toEqual([
			`DELETE /posts/${postId}`,
		]);
		expect(routes.filter((route) => route === 'GET /posts')).toHaveLength(11);
		expect(routes[0]).toBe(`DELETE /posts/${postId}`);
	});

	it('says the service failed, not "already deleted", when the post is still listed after the 500', async () => {
		const postId = await onePost();
		await t.sandbox.control.clearRequests();
		await t.sandbox.control.addFault({ method: 'DELETE', path: '/posts/:id', fault: 'error500' });

		const error = errorOf(await deletePost(postId));

		expect(error.message).toBe(
			`The service failed to delete post ${postId} (HTTP 500): the post is still there`,
		);
		expect(error.description).toMatch(
			new RegExp(`^GET /posts still lists post ${postId} \\(QUEUE, dated \\d{4}-\\d\\d-\\d\\d `),
		);
		expect(error.description).toContain('the node does not send a delete again on its own');
		expect(error.description).not.toContain('already deleted');
		// Sent once (a write is never retried), found in the first window read.
		expect(await t.routes()).toEqual([`DELETE /posts/${postId}`, 'GET /posts']);
		expect(await t.sandbox.control.storedPost(postId)).toBeDefined();
	});

	it('keeps "not found, or the service failed" when GET /posts fails too, and says so', async () => {
		const postId = await onePost();
		await t.sandbox.control.addFault({ method: 'DELETE', path: '/posts/:id', fault: 'error500' });
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/posts',
			fault: 'error500',
			times: 10,
		});

		const error = errorOf(await deletePost(postId));

		expect(error.message).toBe(`Post ${postId} was not found, or the service failed (HTTP 500)`);
		expect(error.description).toContain(
			'The node asked GET /posts whether the post is still there, and that failed too (The service failed on GET /posts (HTTP 500) (tried 2 times)): the service itself is probably failing. Try again later.',
		);
		expect(await t.requests('DELETE')).toHaveLength(1);
	});

	it('Continue On Fail: two items naming one post delete it once; the other is an error item, paired', async () => {
		const postId = await onePost();
		const kept = await onePost(threads);

		const result = await t.run(
			{ resource: 'post', operation: 'delete', postId: '={{ $json.id }}' },
			{ continueOnFail: true, items: [{ id: postId }, { id: postId }, { id: kept }] },
		);

		// The two requests for the post are in flight together: either item may be the one answered 500.
		const [first, second, third] = result.items;
		const deleted = [first, second].filter((item) => !item.error);
		const failed = [first, second].filter((item) => item.error);
		expect(deleted.map((item) => item.json)).toEqual([{ deleted: true, id: postId }]);
		expect(failed.map((item) => item.error?.message)).toEqual([
			`Post ${postId} is already deleted, or never existed`,
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(third.json).toEqual({ deleted: true, id: kept });
		expect(await t.requests('DELETE')).toHaveLength(3);
	});

	it('on the error output: the error item says it, paired to its input item', async () => {
		const postId = await onePost();
		await deletePost(postId);

		const result = await t.run(
			{ resource: 'post', operation: 'delete', postId: '={{ $json.id }}' },
			{ onError: 'continueErrorOutput', items: [{ id: postId }] },
		);

		expect(result.items).toEqual([]);
		expect(result.errorItems).toEqual([
			expect.objectContaining({
				// n8n keeps the input item's fields beside the error.
				json: {
					id: postId,
					error: `Post ${postId} is already deleted, or never existed`,
					message: expect.stringContaining('It was deleted before'),
				},
				pairedItem: { item: 0 },
			}),
		]);
	});
});
