import fc from 'fast-check';

import { OPERATIONS } from '../../../../nodes/SocialPublishing/resources';
import { updatePost } from '../../../../nodes/SocialPublishing/resources/post/update';
import { matchRoute } from '../../../../nodes/SocialPublishing/shared/routeFacts';
import { ROUTES as routeOf } from '../routes';

// Plain data: importing the operations' routes is enough, no node to construct first.
it('a request to the route its operation declares has its facts and the id the route acts on', () => {
	expect(routeOf('GET', '/analytics/post/p1').subject).toEqual({ kind: 'post', id: 'p1' });
	expect(routeOf('GET', '/analytics/c1').subject).toEqual({ kind: 'channel', id: 'c1' });
	expect(routeOf('DELETE', '/posts/group/g1').subject).toEqual({ kind: 'group', id: 'g1' });
	expect(routeOf('PUT', '/posts/p1/release-id').subject).toEqual({ kind: 'post', id: 'p1' });
	expect(routeOf('POST', '/integration-trigger/c%201').subject).toEqual({
		kind: 'channel',
		id: 'c 1',
	});
	expect(routeOf('GET', '/posts?startDate=x').subject).toBeUndefined();
	expect(routeOf('GET', '/find-slot/c1').facts.timeoutIsFinal).toBe(true);
	expect(routeOf('POST', '/posts').facts.mayApplyWithoutAnswer).toMatch(
		/^The post may have been created/,
	);
	expect(routeOf('PUT', '/posts/p1/status').facts.mayApplyWithoutAnswer).toMatch(
		/^The status may have been changed/,
	);
	expect(routeOf('GET', '/not-a-route/x')).toEqual({ facts: {} });
});

it('the id of any request to an operation’s route is read back as the node filled it in its path', () => {
	const routes = OPERATIONS.map((operation) => operation.route).filter((route) =>
		/\{(channel|postId|group)\}/.test(route.template),
	);
	expect(routes.length).toBeGreaterThan(5);
	fc.assert(
		fc.property(fc.constantFrom(...routes), fc.string({ minLength: 1 }), (route, id) => {
			const path = route.template.replace(/\{\w+\}/, encodeURIComponent(id));
			expect(matchRoute(route, route.method, `${path}?page=2`).subject?.id).toBe(id);
		}),
	);
});

it('a request its operation sends elsewhere (Post → Update’s POST /posts) keeps the operation’s facts, with no id', () => {
	const match = matchRoute(updatePost.route, 'POST', '/posts');
	expect(match.facts).toBe(updatePost.route.facts);
	expect(match.subject).toBeUndefined();
	expect(matchRoute(undefined, 'GET', '/posts')).toEqual({ facts: {} });
});
