import { explainFailure, subjectOf } from '../../../../nodes/SocialPublishing/shared/errors';

it('subjectOf finds the id a route acts on', () => {
	expect(subjectOf('/analytics/post/p1')).toEqual({ kind: 'post', id: 'p1' });
	expect(subjectOf('/analytics/c1')).toEqual({ kind: 'channel', id: 'c1' });
	expect(subjectOf('/posts/group/g1')).toEqual({ kind: 'group', id: 'g1' });
	expect(subjectOf('/posts/p1/release-id')).toEqual({ kind: 'post', id: 'p1' });
	expect(subjectOf('/integration-trigger/c%201')).toEqual({ kind: 'channel', id: 'c 1' });
	expect(subjectOf('/posts')).toBeUndefined();
});

it('explainFailure words a platform rule violation with the channel and a fix', () => {
	const explained = explainFailure({
		method: 'POST',
		path: '/posts',
		status: 400,
		body: { statusCode: 400, provider: 'instagram', name: 'Acme Bakery Instagram', message: 'Should have at least one media' },
	});
	expect(explained.message).toBe('Channel "Acme Bakery Instagram" (instagram) refused the post: Should have at least one media');
});
