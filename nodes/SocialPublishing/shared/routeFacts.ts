/**
 * What the transport and the error wording need to know about a route, declared by the operation
 * that sends it (`routeTo(method, url, { facts })`) instead of being guessed from paths. Plain
 * data, no registry: each operation holds its route (`operation.route`); the node's request hook
 * looks requests up in the table of its operations' routes (resources/index.ts `ROUTES`); loaders,
 * hooks and the trigger name the route they send to (`apiRequest(..., { route:
 * findNextFreeSlot.route })`). The transport hands the match on with the request (`Target.route`,
 * `Failure.route`).
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

/** What a `{field}` of a route path names (null: not an id, e.g. a platform's name). */
export const SUBJECT_OF_FIELD: Record<string, SubjectKind | null> = {
	channel: 'channel',
	postId: 'post',
	group: 'group',
	platform: null,
};

/**
 * A route as an operation declares it (`/analytics/{channel}`): the path's `{field}` says what its
 * id is.
 */
export interface Route {
	method: string;
	template: string;
	pattern: RegExp;
	subject?: SubjectKind;
	facts: RouteFacts;
}

export function declareRoute(method: string, template: string, facts: RouteFacts = {}): Route {
	const field = /\{(\w+)\}/.exec(template)?.[1];
	const source = template
		.split(/\{\w+\}/)
		.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('([^/?]+)');
	return {
		method: method.toUpperCase(),
		template,
		pattern: new RegExp(`^${source}$`),
		subject: field ? (SUBJECT_OF_FIELD[field] ?? undefined) : undefined,
		facts,
	};
}

export interface RouteMatch {
	facts: RouteFacts;
	/** The id the path names, and what it is. */
	subject?: { kind: SubjectKind; id: string };
}

/** A request to no declared route: no facts. */
export const NO_ROUTE: RouteMatch = { facts: {} };

/** The request (query ignored) as `route` sees it, or undefined when it is not that route. */
export function matchRoute(route: Route, method: string, path: string): RouteMatch | undefined {
	if (route.method !== method.toUpperCase()) return undefined;
	const match = route.pattern.exec(path.split('?')[0]);
	if (!match) return undefined;
	const id = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
	return {
		facts: route.facts,
		...(route.subject && id !== undefined ? { subject: { kind: route.subject, id } } : {}),
	};
}

/** Finds the route of a request among several (the node's operations). */
export type RouteTable = (method: string, path: string) => RouteMatch;

export function routeTable(routes: readonly Route[]): RouteTable {
	return (method, path) => {
		for (const route of routes) {
			const match = matchRoute(route, method, path);
			if (match) return match;
		}
		return NO_ROUTE;
	};
}
