import {
	NodeApiError,
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteSingleFunctions,
	type INode,
} from 'n8n-workflow';

import { failureError, rateLimitError, retryAfterSeconds, type Failure } from '../errors';
import type { RouteMatch } from '../routeFacts';
import { announcedBytes, BrokenAnswer } from './answers';
import { Pacer } from './pacing';
import { MAX_RATE_LIMIT_WAITS, type TransportPolicy } from './policy';

/**
 * One request under the policy: the pacer's admission, a wall-clock deadline, GET retried on 5xx,
 * timeouts and dropped connections with doubling backoff, a 429 waited for within the cap, and
 * every failure read from what n8n's HTTP client left of it and worded (shared/errors.ts).
 */

const MAX_BACKOFF_MS = 30_000;

export interface Target {
	method: string;
	path: string;
	itemIndex?: number;
	/** The Base URL the path is relative to, for a redirect's error to say where the API is. */
	baseUrl?: string;
	/** The route it goes to, as its sender declared it (shared/routeFacts.ts); none: no facts. */
	route?: RouteMatch;
}

const TIMEOUT_CODES = /^(ECONNABORTED|ETIMEDOUT|ESOCKETTIMEDOUT)$/;
const UNREACHABLE_CODES = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/;

export function lowerCaseKeys(headers: unknown): IDataObject {
	const entries = headers && typeof headers === 'object' ? Object.entries(headers) : [];
	return Object.fromEntries(entries.map(([key, value]) => [key.toLowerCase(), value]));
}

interface ClientError {
	cause?: unknown;
	code?: string;
	message?: string;
	isAxiosError?: boolean;
	response?: { status?: number; data?: unknown; headers?: unknown };
}

/** What went wrong in one attempt, or undefined when the error is not about the HTTP exchange. */
function failureOf(
	error: unknown,
	target: Target,
	policy: TransportPolicy,
	attempts: number,
): Failure | undefined {
	const { method, path, baseUrl, route } = target;
	const base = { method, path, attempts, timeoutMs: policy.timeoutMs, baseUrl, route };
	if (error instanceof BrokenAnswer)
		return { ...base, status: error.status, headers: error.headers, broken: error.problem };
	const outer = error as ClientError | undefined;
	const cause = (outer?.cause ?? outer) as ClientError | undefined;
	// What n8n 1.x leaves of a failed exchange: its n8n-workflow drops the `cause` of a NodeApiError
	// that wraps an Error, leaving the status or the client's code in `httpCode` and the body in
	// `context.data` (the headers are lost). The node's own NodeApiErrors wrap a plain object
	// (`errorResponse`), so they are not taken for one.
	const bare =
		error instanceof NodeApiError && error.cause === undefined && error.errorResponse === undefined
			? error.httpCode || undefined
			: undefined;
	const bareStatus = bare && /^\d{3}$/.test(bare) ? Number(bare) : 0;
	const response = cause?.response?.status
		? cause.response
		: bareStatus
			? { status: bareStatus, data: (error as NodeApiError).context.data, headers: {} }
			: undefined;
	if (response?.status) {
		const headers = lowerCaseKeys(response.headers);
		if (response.status >= 300)
			return { ...base, status: response.status, body: response.data, headers };
		// A success status then an error: the body broke off on the way ("aborted", a reset).
		const announced = announcedBytes(headers);
		const broken = `it was cut off before its end${announced ? ` (${announced} bytes announced)` : ''}`;
		return { ...base, status: response.status, headers, broken };
	}
	const code = cause?.code ?? outer?.code ?? (bareStatus ? undefined : bare);
	// Only the HTTP client's own errors are about the exchange, not the node's checks of an answer.
	if ((!cause?.isAxiosError && !code) || code === 'ERR_CANCELED') return undefined;
	const text = `${cause?.message ?? ''} ${outer?.message ?? ''}`;
	if ((code && TIMEOUT_CODES.test(code)) || /timeout of \d+ms exceeded|timed out/i.test(text))
		return { ...base, network: 'timeout' };
	if (code && UNREACHABLE_CODES.test(code)) return { ...base, network: 'unreachable' };
	if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up|ECONNRESET|aborted/i.test(text))
		return { ...base, network: 'dropped' };
	return cause?.isAxiosError ? { ...base, network: 'dropped' } : undefined;
}

/**
 * An error raised around the exchange rather than by it (a check of the answer, a cancelled
 * execution). The node's own errors pass as they are; anything else is re-worded without its
 * cause, which could hold the request and so the key.
 */
function notAboutHttp(node: INode, error: unknown, target: Target) {
	const cause = (error as { cause?: ClientError & { config?: unknown } } | undefined)?.cause;
	const carriesRequest = Boolean(cause && (cause.isAxiosError || cause.config));
	if ((error instanceof NodeOperationError || error instanceof NodeApiError) && !carriesRequest)
		return error;
	const message = error instanceof Error ? error.message : String(error);
	return new NodeApiError(
		node,
		{ route: `${target.method} ${target.path}` },
		{ message: `${target.method} ${target.path} failed: ${message}`, itemIndex: target.itemIndex },
	);
}

function retryable(method: string, failure: Failure): boolean {
	if (method !== 'GET') return false;
	if (failure.broken) return true;
	// A route whose timeout is final (find-slot: production never answers for an unknown channel).
	if (failure.network === 'timeout' && failure.route?.facts.timeoutIsFinal) return false;
	if (failure.network === 'timeout' || failure.network === 'dropped') return true;
	return (failure.status ?? 0) >= 500;
}

/**
 * Ends one attempt at `ms` whatever the HTTP client does: its own `timeout` rides on socket timers
 * that a reused keep-alive socket, a body still being written or a trickling answer can leave
 * unarmed. n8n's request helper replaces the request's `abortSignal` with the execution's cancel
 * signal (`context`'s), so for the attempt the context answers with one that fires on either.
 */
async function withinDeadline<T>(
	ms: number,
	context: { getExecutionCancelSignal?: () => AbortSignal | undefined } | undefined,
	attempt: (signal?: AbortSignal) => Promise<T>,
): Promise<T> {
	const signal = AbortSignal.timeout(ms);
	let onAbort = () => {};
	const expired = new Promise<never>((_resolve, reject) => {
		onAbort = () =>
			reject(Object.assign(new Error(`timeout of ${ms}ms exceeded`), { code: 'ETIMEDOUT' }));
		signal.addEventListener('abort', onAbort, { once: true });
	});
	const own = context?.getExecutionCancelSignal;
	if (typeof own === 'function') {
		context!.getExecutionCancelSignal = () => {
			const execution = own.call(context);
			return execution ? AbortSignal.any([execution, signal]) : signal;
		};
	}
	try {
		return await Promise.race([attempt(signal), expired]);
	} finally {
		signal.removeEventListener('abort', onAbort);
		if (typeof own === 'function') context!.getExecutionCancelSignal = own;
	}
}

export interface SendOptions<T> {
	/**
	 * Whether the timeout is a wall-clock limit on the whole attempt (default). Streamed uploads
	 * turn it off and keep the client's timeout, which only fires when no bytes move.
	 */
	deadline?: boolean;
	/** The context n8n's request helper takes the execution's cancel signal from. */
	cancelSignalOf?: object;
	/** The run's pacer (pacing.ts); without one the request is paced on its own. */
	pacer?: Pacer;
	/** The answer's headers (lower-cased), for the pacer to read the X-RateLimit-* figures. */
	headersOf?: (result: T) => IDataObject | undefined;
}

/**
 * Runs one request (`attempt` sends it once) under the policy. `node` may be a getter: n8n copies
 * the node on each getNode(), so it is only asked for when an error is made.
 */
export async function sendWithPolicy<T>(
	node: INode | (() => INode),
	target: Target,
	policy: TransportPolicy,
	attempt: (signal?: AbortSignal) => Promise<T>,
	options: SendOptions<T> = {},
): Promise<T> {
	const nodeOf = (): INode => (typeof node === 'function' ? node() : node);
	const method = target.method.toUpperCase();
	const pacer = options.pacer ?? new Pacer(policy.maxInFlight);
	const started = Date.now();
	let attempts = 0;
	let rateLimitWaits = 0;
	let answered429 = false;
	for (;;) {
		attempts++;
		// The endpoint's window (and a place in flight), within what is left of Max Rate-Limit Wait.
		const ticket = await pacer.admit(
			method,
			target.path,
			policy.maxRateLimitWaitS * 1000 - (Date.now() - started),
		);
		if ('waitSeconds' in ticket) {
			throw rateLimitError(
				nodeOf(),
				{ method, path: target.path, status: 429 },
				ticket.waitSeconds,
				policy.maxRateLimitWaitS,
				target.itemIndex,
				!answered429,
			);
		}
		try {
			const result = await (options.deadline === false
				? attempt()
				: withinDeadline(policy.timeoutMs, options.cancelSignalOf, attempt));
			const headers = options.headersOf?.(result);
			if (headers) pacer.learn(ticket, 200, headers);
			return result;
		} catch (error) {
			const failure = failureOf(error, { ...target, method }, policy, attempts);
			if (!failure) throw notAboutHttp(nodeOf(), error, { ...target, method });
			const wait = retryAfterSeconds(failure.headers);
			pacer.learn(ticket, failure.status, failure.headers, wait);
			if (failure.status === 429) {
				// A 429 means the request was not applied, so sending it again is safe for any method; the
				// pacer holds it (and the run's other requests to that endpoint) until Retry-After, or
				// refuses if that is past the cap.
				answered429 = true;
				if (wait !== undefined && rateLimitWaits < MAX_RATE_LIMIT_WAITS) {
					rateLimitWaits++;
					attempts--;
					continue;
				}
				throw rateLimitError(nodeOf(), failure, wait, policy.maxRateLimitWaitS, target.itemIndex);
			}
			if (retryable(method, failure) && attempts <= policy.retries) {
				ticket.release();
				await sleep(Math.min(MAX_BACKOFF_MS, policy.retryDelayMs * 2 ** (attempts - 1)));
				continue;
			}
			throw failureError(nodeOf(), failure, target.itemIndex);
		} finally {
			ticket.release();
		}
	}
}

/**
 * Runs `send` (a request sent under the policy); when it fails with a status its route looks after
 * (routeFacts.ts `lookAfter`: a 500 on DELETE /posts/:id), the route looks at the service, and its
 * words replace the error's (same error, same status). The request is not sent again.
 */
export async function lookedAfter<T>(
	context: IExecuteSingleFunctions,
	target: Target,
	send: () => Promise<T>,
): Promise<T> {
	const outcome = await send().then(
		(value) => ({ value }),
		(error: unknown) => ({ error }),
	);
	if ('value' in outcome) return outcome.value;
	const failed = outcome.error;
	const look =
		failed instanceof NodeApiError
			? target.route?.facts.lookAfter?.[Number(failed.httpCode)]
			: undefined;
	if (look && failed instanceof NodeApiError) {
		const explained = { message: failed.message, description: failed.description ?? '' };
		const said = await look(context, { id: target.route?.subject?.id ?? '', explained });
		if (said) [failed.message, failed.description] = [said.message, said.description];
	}
	throw failed;
}
