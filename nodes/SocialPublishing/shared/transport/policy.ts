import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { RouteFacts } from '../routeFacts';

/**
 * How requests are sent: the node's Request Options, with defaults for the node, its loaders and
 * the trigger.
 */

export interface TransportPolicy {
	timeoutMs: number;
	/** Further attempts of a failed GET. */
	retries: number;
	/** Wait before the first retry; doubled for each further one. */
	retryDelayMs: number;
	/** Longest total wait of one request for rate-limit windows and 429s, in s; 0 never waits. */
	maxRateLimitWaitS: number;
	/** Most requests of one run out at a time. */
	maxInFlight: number;
	includeRateLimitInfo: boolean;
}

/**
 * The node's Request Options. n8n adds its own declarative options (Timeout, Proxy, Batching,
 * Ignore SSL Issues) to a collection of this name; these join them. Their defaults are stated here
 * once (n8n's lint wants each as a literal) and are the policy's (`DEFAULT_POLICY`).
 */
export const requestOptionsCollection: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	isNodeSetting: true,
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Include Rate Limit Info',
			name: 'includeRateLimitInfo',
			type: 'boolean',
			default: false,
			description:
				'Whether to add the X-RateLimit-* figures of the answer (limit, remaining, seconds to reset) to each output item as "rateLimit" (null where the route sends none)',
		},
		{
			displayName: 'Max Rate-Limit Wait (S)',
			name: 'maxRateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 60,
			description:
				"Longest time in seconds an item waits for a rate-limit window (a 429's Retry-After, or a window its route has used up); a longer wait fails the item, unsent, with the time to retry. 0 never waits.",
		},
		{
			displayName: 'Max Requests in Flight',
			name: 'maxInFlight',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 16,
			description:
				"Most requests of one run sent at the same time (n8n starts every item at once). Requests to a rate-limited route also wait for its window, as the service's X-RateLimit figures say, instead of being refused.",
		},
		{
			displayName: 'Retries of Reads',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 2,
			description:
				'How many more times to send a GET request after a 5xx answer, a timeout or a dropped connection (a timeout of Find Next Free is not retried: it means an unknown or disabled channel). Requests that change data are never re-sent after such failures.',
		},
		{
			displayName: 'Retry Delay (Ms)',
			name: 'retryDelay',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 1000,
			description: 'Wait before the first retry, in milliseconds; doubled for each further retry',
		},
	],
};

/**
 * The defaults, read by policyOf from the Request Options fields above, and 30 s for n8n's own
 * Timeout option, which it adds without a default of ours: the loaders and the trigger tune them,
 * the docs state them (test/docs/figures.test.ts checks).
 */
export const DEFAULT_POLICY: Readonly<TransportPolicy> = policyOf(
	Object.fromEntries(
		(requestOptionsCollection.options as INodeProperties[]).map((o) => [o.name, o.default]),
	),
	{ timeoutMs: 30_000 } as TransportPolicy,
);

/** Loaders fill a dropdown while the user waits: answer or fail fast. */
export const LOADER_POLICY: TransportPolicy = {
	...DEFAULT_POLICY,
	timeoutMs: 15_000,
	retries: 1,
	maxRateLimitWaitS: 0,
};

/**
 * Two bounds on rate-limit waits hold whatever Max Rate-Limit Wait says: at most
 * `MAX_RATE_LIMIT_WAITS` 429s in one call (a service that keeps answering `Retry-After: 0` cannot
 * hold the node), and whatever a service announces is read as at most `MAX_ANNOUNCED_WAIT_S`, a day
 * (production's window is an hour).
 */
export const MAX_RATE_LIMIT_WAITS = 5;
export const MAX_ANNOUNCED_WAIT_S = 86_400;

function numberOr(value: unknown, fallback: number, min = 0): number {
	const n = typeof value === 'number' ? value : Number(value);
	return Number.isFinite(n) && n >= min ? n : fallback;
}

/** The policy from the node's Request Options (`timeout` is n8n's own option, in ms). */
export function policyOf(
	options: IDataObject | undefined,
	defaults: TransportPolicy = DEFAULT_POLICY,
): TransportPolicy {
	const o = options ?? {};
	return {
		timeoutMs: numberOr(o.timeout, defaults.timeoutMs, 1),
		retries: Math.floor(numberOr(o.maxRetries, defaults.retries)),
		retryDelayMs: numberOr(o.retryDelay, defaults.retryDelayMs),
		maxRateLimitWaitS: numberOr(o.maxRateLimitWait, defaults.maxRateLimitWaitS),
		maxInFlight: Math.floor(numberOr(o.maxInFlight, defaults.maxInFlight, 1)),
		includeRateLimitInfo:
			o.includeRateLimitInfo === undefined
				? defaults.includeRateLimitInfo
				: o.includeRateLimitInfo === true,
	};
}

/**
 * The node's policy; a context without Request Options (a loader, the trigger): the defaults. A
 * route that waits longer than the Timeout there (Generate Video) sets its own from a field
 * (routeFacts.ts `timeoutMs`).
 */
export function nodePolicy(
	context: { getNodeParameter(name: string, fallback?: unknown): unknown },
	defaults: TransportPolicy,
	facts?: RouteFacts,
): TransportPolicy {
	let policy = defaults;
	try {
		policy = policyOf(context.getNodeParameter('requestOptions', {}) as IDataObject, defaults);
	} catch {
		// No Request Options here.
	}
	const own = facts?.timeoutMs?.(context);
	return own ? { ...policy, timeoutMs: own } : policy;
}
