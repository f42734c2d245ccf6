import { ROUTES as routeOf } from '../../../../nodes/SocialPublishing/resources';

// Plain data: importing the operations' routes is enough, no node to construct first.
it('the table of routes finds the id a route acts on, from the routes the operations declare', () => {
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
