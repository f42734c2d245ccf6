import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_MAX_IN_FLIGHT } from './pacing';

/** How requests are sent: the node's Request Options, with defaults for the node, its loaders and the trigger. */

export interface TransportPolicy {
	timeoutMs: number;
	/** Further attempts of a failed GET. */
	retries: number;
	/** Wait before the first retry; doubled for each further one. */
	retryDelayMs: number;
	/** Longest total wait of one request for rate-limit windows and 429 answers, in seconds; 0 never waits. */
	maxRateLimitWaitS: number;
	/** Most requests of one run out at a time. */
	maxInFlight: number;
	includeRateLimitInfo: boolean;
}

export const DEFAULT_POLICY: TransportPolicy = {
	timeoutMs: 30_000,
	retries: 2,
	retryDelayMs: 1_000,
	maxRateLimitWaitS: 60,
	maxInFlight: DEFAULT_MAX_IN_FLIGHT,
	includeRateLimitInfo: false,
};

/** Loaders fill a dropdown while the user waits: answer or fail fast. */
export const LOADER_POLICY: TransportPolicy = {
	...DEFAULT_POLICY,
	timeoutMs: 15_000,
	retries: 1,
	maxRateLimitWaitS: 0,
};

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

export type ParameterReader = { getNodeParameter(name: string, fallback?: unknown): unknown };

export function nodePolicy(context: ParameterReader, defaults: TransportPolicy): TransportPolicy {
	try {
		return policyOf(context.getNodeParameter('requestOptions', {}) as IDataObject, defaults);
	} catch {
		return defaults;
	}
}
