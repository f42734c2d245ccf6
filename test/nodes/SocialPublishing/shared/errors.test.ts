import { explainFailure } from '../../../../nodes/SocialPublishing/shared/errors';

it('explainFailure words a platform rule problem with the channel and a fix', () => {
	const explained = explainFailure({
		method: 'POST',
		path: '/posts',
		status: 400,
		body: { statusCode: 400, provider: 'instagram', name: 'Acme Bakery Instagram', message: 'Should have at least one media' },
	});
	expect(explained.message).toBe('Channel "Acme Bakery Instagram" (instagram) refused the post: Should have at least one media');
});
