/**
 * What the transport and the error wording need to know about a route, declared by the operation
 * that sends it (`routeTo(method, url, { facts })`) instead of being guessed from paths. Plain
 * data, no registry: each operation holds its route (`operation.route`); the node's request hook
 * takes the route of the item's operation (resources/index.ts); loaders, hooks and the trigger
 * name the route they send to (`apiRequest(..., { route: findNextFreeSlot.route })`). The
 * transport hands the match on with the request (`Target.route`, `Failure.route`).
 */

import type { AnswerContract } from './transport/answers';

/** What the id in a route's path is. */
export type SubjectKind = 'channel' | 'post' | 'group';

export interface Explained {
	message: string;
	description: string;
}

/** One failed exchange as a route's own wording sees it. */
export interface Outcome {
	/** The id the path names ('' when none). */
	id: string;
	/** The service's own words, if any. */
	said?: string;
	/** How long the node waited, for a timeout. */
	seconds?: number;
}

/** A route's own reading of an outcome, or undefined to leave it to the general wording. */
export type Explain = (outcome: Outcome) => Explained | undefined;

export interface RouteFacts {
	/**
	 * A timeout is the answer, not a hiccup: production never answers GET /find-slot for an unknown
	 * or disabled channel, so a retry would only wait again.
	 */
	timeoutIsFinal?: boolean;
	/**
	 * A write the service may have made although no answer came (a timeout, a dropped connection):
	 * what may have happened and how to check, for the error. Such a request is never re-sent.
	 */
	mayApplyWithoutAnswer?: string;
	/**
	 * Wording for outcomes that mean something particular on this route (by HTTP status, or
	 * `timeout`).
	 */
	explain?: Partial<Record<number | 'timeout', Explain>>;
	/**
	 * What a success answer must look like (transport/answers.ts); anything else is an error, retried
	 * on a GET. Every route an operation sends declares one.
	 */
	answer?: AnswerContract;
}

/**
 * Each `{field}` a route path is filled from: the field's label as the editor shows it, and what
 * its id is (none: not an id, e.g. a platform's name).
 */
export const PATH_FIELDS: Record<string, { label: string; subject?: SubjectKind }> = {
	channel: { label: 'Channel', subject: 'channel' },
	postId: { label: 'Post ID', subject: 'post' },
	group: { label: 'Group', subject: 'group' },
	platform: { label: 'Platform' },
};

/** A route as an operation declares it, e.g. `/analytics/{channel}` (`{field}`: its id). */
export interface Route {
	method: string;
	template: string;
	facts: RouteFacts;
}

export function declareRoute(method: string, template: string, facts: RouteFacts = {}): Route {
	return { method: method.toUpperCase(), template, facts };
}

export interface RouteMatch {
	facts: RouteFacts;
	/** The id the path names, and what it is. */
	subject?: { kind: SubjectKind; id: string };
}

/** A request to no declared route: no facts. */
export const NO_ROUTE: RouteMatch = { facts: {} };

/**
 * A request (query ignored) to the route its sender names: the route's facts, and the id in the
 * path's `{field}` segment when the path is that route's (Post → Update may send POST /posts).
 */
export function matchRoute(route: Route | undefined, method: string, path: string): RouteMatch {
	if (!route) return NO_ROUTE;
	const declared = route.template.split('/');
	const sent = path.split('?')[0].split('/');
	const same =
		route.method === method.toUpperCase() &&
		declared.length === sent.length &&
		declared.every((part, at) => part.startsWith('{') || part === sent[at]);
	const at = declared.findIndex((part) => part.startsWith('{'));
	const kind = at < 0 ? undefined : PATH_FIELDS[declared[at].slice(1, -1)]?.subject;
	if (!same || !kind || !sent[at]) return { facts: route.facts };
	return { facts: route.facts, subject: { kind, id: decodeURIComponent(sent[at]) } };
}
