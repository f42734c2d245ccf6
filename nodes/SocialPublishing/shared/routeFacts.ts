/**
 * What the transport and the error wording need to know about a route, declared by the operation that sends it
 * (`routeTo(method, url, { facts })`) instead of being guessed from paths. Loaders, hooks and the trigger send to
 * the same routes, so facts are looked up by method and path, whoever sends.
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
	 * A timeout is the answer, not a hiccup: production never answers GET /find-slot for an unknown or disabled
	 * channel, so a retry would only wait again.
	 */
	timeoutIsFinal?: boolean;
	/**
	 * A write the service may have made although no answer came (a timeout, a dropped connection): what may have
	 * happened and how to check, for the error. Such a request is never re-sent.
	 */
	mayApplyWithoutAnswer?: string;
	/** Wording for outcomes that mean something particular on this route (by HTTP status, or `timeout`). */
	explain?: Partial<Record<number | 'timeout', Explain>>;
	/**
	 * What a success answer must look like (transport/answers.ts); anything else is an error, retried on a GET. Every
	 * route an operation sends declares one.
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

interface DeclaredRoute {
	method: string;
	pattern: RegExp;
	subject?: SubjectKind;
	facts: RouteFacts;
}

const routes: DeclaredRoute[] = [];

/** Declares a route (`/analytics/{channel}`) and its facts; the path's `{field}` says what its id is. */
export function declareRoute(method: string, template: string, facts: RouteFacts = {}): void {
	const field = /\{(\w+)\}/.exec(template)?.[1];
	const source = template
		.split(/\{\w+\}/)
		.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('([^/?]+)');
	const declared = {
		method: method.toUpperCase(),
		pattern: new RegExp(`^${source}$`),
		subject: field ? (SUBJECT_OF_FIELD[field] ?? undefined) : undefined,
		facts,
	};
	const same = routes.findIndex(
		(r) => r.method === declared.method && r.pattern.source === declared.pattern.source,
	);
	if (same >= 0) routes[same] = { ...declared, facts: { ...routes[same].facts, ...facts } };
	else routes.push(declared);
}

export interface RouteMatch {
	facts: RouteFacts;
	/** The id the path names, and what it is. */
	subject?: { kind: SubjectKind; id: string };
}

/** The declared route a request goes to (query ignored); routes nobody declared have no facts. */
export function routeOf(method: string, path: string): RouteMatch {
	const bare = path.split('?')[0];
	const m = method.toUpperCase();
	for (const route of routes) {
		if (route.method !== m) continue;
		const match = route.pattern.exec(bare);
		if (!match) continue;
		const id = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
		return {
			facts: route.facts,
			...(route.subject && id !== undefined ? { subject: { kind: route.subject, id } } : {}),
		};
	}
	return { facts: {} };
}
