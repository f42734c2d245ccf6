/**
 * The route of a request as tests name it, by method and path: the operation whose route it is, matched as the
 * transport matches a request to the route its sender names (shared/routeFacts.ts `matchRoute`). The node itself
 * never looks a path up: each request goes with its operation's route.
 */
import { OPERATIONS } from '../../../nodes/SocialPublishing/resources';
import { matchRoute, type RouteMatch } from '../../../nodes/SocialPublishing/shared/routeFacts';

const isPathOf = (template: string, path: string) => {
	const declared = template.split('/');
	const sent = path.split('?')[0].split('/');
	return (
		declared.length === sent.length &&
		declared.every((part, at) => part.startsWith('{') || part === sent[at])
	);
};

export function ROUTES(method: string, path: string): RouteMatch {
	const route = OPERATIONS.map((operation) => operation.route).find(
		(candidate) => candidate.method === method && isPathOf(candidate.template, path),
	);
	return matchRoute(route, method, path);
}
