/**
 * What the transport and the error wording need to know about a route, declared by whoever
 * sends to it (`routeTo(method, url, { facts })`, `apiRequest(..., { route })`), not guessed.
 */

import type { IExecuteSingleFunctions } from 'n8n-workflow';

import type { AnswerContract } from './transport/answers';

/** What the id in a route's path is. */
export type SubjectKind = 'channel' | 'post' | 'group';

export type Explained = { message: string; description: string };

/**
 * A route's own reading of a failed exchange (the id the path names, '' when none; the service's
 * words; the seconds waited, for a timeout), or undefined to leave it to the general wording.
 */
type Explain = (outcome: { id: string; said?: string; seconds?: number }) => Explained | undefined;

/**
 * A look at the service after a failed exchange, before it is worded: the id the path names, and
 * the words the failure has so far (`explain`'s or the general ones). Reads only, never sends the
 * request again; its own failure is its to word. Undefined keeps the words.
 */
export type LookAfter = (
	context: IExecuteSingleFunctions,
	failed: { id: string; explained: Explained },
) => Promise<Explained | undefined>;

export interface RouteFacts {
	/** A timeout is the answer (GET /find-slot for an unknown channel): a retry would wait again. */
	timeoutIsFinal?: boolean;
	/** A write the service may have made although no answer came: how to check (never re-sent). */
	mayApplyWithoutAnswer?: string;
	/**
	 * The route's own timeout in ms, read from its operation's fields, in place of the Timeout under
	 * Request Options (undefined: that one).
	 */
	timeoutMs?: (context: {
		getNodeParameter(name: string, fallback?: unknown): unknown;
	}) => number | undefined;
	/** Wording for what means something particular on this route (by status, or `timeout`). */
	explain?: Partial<Record<number | 'timeout', Explain>>;
	/** What to look at after a failure of this status (a 500 on DELETE /posts/:id: is it there?). */
	lookAfter?: Partial<Record<number, LookAfter>>;
	/** What a success answer must look like (transport/answers.ts); every operation declares one. */
	answer?: AnswerContract;
}

/** Each `{field}` a route path is filled from: its label, and what its id is (none: not an id). */
export const PATH_FIELDS: Record<string, { label: string; subject?: SubjectKind }> = {
	channel: { label: 'Channel', subject: 'channel' },
	postId: { label: 'Post ID', subject: 'post' },
	group: { label: 'Group', subject: 'group' },
	platform: { label: 'Platform' },
};

/** A route as an operation declares it, e.g. `/analytics/{channel}` (`{field}`: its id). */
export function declareRoute(method: string, template: string, facts: RouteFacts = {}) {
	return { method: method.toUpperCase(), template, facts };
}
export type Route = ReturnType<typeof declareRoute>;

export interface RouteMatch {
	facts: RouteFacts;
	/** The id the path names, and what it is. */
	subject?: { kind: SubjectKind; id: string };
}

/**
 * A request (query ignored) to the route its sender names: the route's facts, and the id in the
 * path's `{field}` segment when the path is that route's (Post → Update may send POST /posts).
 */
export function matchRoute(route: Route | undefined, method: string, path: string): RouteMatch {
	if (!route) return { facts: {} };
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
