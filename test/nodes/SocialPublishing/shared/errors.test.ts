import { ROUTES } from '../routes';
import {
	explainFailure as explainWithRoute,
	type Failure,
} from '../../../../nodes/SocialPublishing/shared/errors';

/** A failure on the route its operation declares, as the transport hands it on. */
const explainFailure = (failure: Failure) =>
	explainWithRoute({ ...failure, route: ROUTES(failure.method, failure.path) });

it('explainFailure words a platform rule problem with the channel and a fix', () => {
	const explained = explainFailure({
		method: 'POST',
		path: '/posts',
		status: 400,
		body: {
			statusCode: 400,
			provider: 'instagram',
			name: 'Acme Bakery Instagram',
			message: 'Should have at least one media',
		},
	});
	expect(explained.message).toBe(
		'Channel "Acme Bakery Instagram" (instagram) refused the post: Should have at least one media',
	);
});

it('a write without an answer says what may have been done and how to check, per route', () => {
	const status = explainFailure({
		method: 'PUT',
		path: '/posts/p1/status',
		network: 'timeout',
		timeoutMs: 30_000,
	});
	expect(status.message).toMatch(/30 s on PUT \/posts\/p1\/status$/);
	expect(status.description).toMatch(
		/^The status may have been changed: check the post with Post → Get Many/,
	);
	const created = explainFailure({ method: 'POST', path: '/posts', network: 'dropped' });
	expect(created.description).toMatch(/^The post may have been created/);
	// A read has nothing to check.
	expect(
		explainFailure({ method: 'GET', path: '/integrations', network: 'timeout', timeoutMs: 1000 })
			.description,
	).toMatch(/^The service may be slow/);
});

it("production's 400 for a channel it does not have reads as the channel not found", () => {
	const explained = explainFailure({
		method: 'POST',
		path: '/posts',
		status: 400,
		body: { statusCode: 400, message: 'Integration with id c9 not found' },
	});
	expect(explained.message).toBe('Channel c9 was not found');
	expect(explained.description).toContain('No post was created');
});
