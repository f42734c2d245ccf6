import {
	NodeApiError,
	NodeOperationError,
	sleep,
	type DeclarativeRestApiSettings,
	type IDataObject,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IHookFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
	type IPollFunctions,
	type PostReceiveAction,
} from 'n8n-workflow';

import { EXPECTED_BASE_URL } from '../../../credentials/SocialPublishingApi.credentials';
import { failureError, rateLimitError, retryAfterSeconds, type Failure } from './errors';
import { toItems } from './items';
import { routeOf } from './routeFacts';
import { DEFAULT_MAX_IN_FLIGHT, Pacer, pacerOf } from './pacing';

/**
 * The one place where requests to the service are sent, for every route.
 *
 * n8n's RoutingNode gives a declarative node a single hook around its HTTP call: the
 * `requestOperations.pagination` function. The node sets `sendThroughTransport` once at description level
 * and every operation opts in with `routing.send.paginate: true`; operations that read several
 * pages swap in `paginated(...)` through `routing.operations`, which sends each page the same way.
 * Loaders and the trigger call `apiRequest`, which applies the same policy:
 * - a timeout on every request (production's find-slot never answers for a bad channel);
 * - GET retried on 5xx, timeouts and dropped connections, with exponential backoff (not a
 *   find-slot timeout, which in production means an unknown or disabled channel);
 *   other methods are never retried blindly (a POST may have been applied);
 * - paced (shared/pacing.ts): a few requests of a run in flight at a time, each limited endpoint kept inside its
 *   window, waiting for the window rather than sending what the service would refuse;
 * - 429 waited for as Retry-After says, up to the user's cap, then an error saying when to retry;
 * - every other failure turned into an error that says what happened and how to fix it.
 */

export const CREDENTIAL_TYPE = 'socialPublishingApi';

export interface TransportPolicy {
	timeoutMs: number;
	/** Further attempts of a failed GET. */
	retries: number;
	/** Wait before the first retry; doubled for each further one. */
	retryDelayMs: number;
	/** Longest total wait for 429 answers, in seconds; 0 never waits. */
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
export const LOADER_POLICY: TransportPolicy = { ...DEFAULT_POLICY, timeoutMs: 15_000, retries: 1, maxRateLimitWaitS: 0 };

/** Most 429 waits in one call, so a service that keeps answering `Retry-After: 0` cannot hold the node. */
const MAX_RATE_LIMIT_WAITS = 5;
const MAX_BACKOFF_MS = 30_000;

function numberOr(value: unknown, fallback: number, min = 0): number {
	const n = typeof value === 'number' ? value : Number(value);
	return Number.isFinite(n) && n >= min ? n : fallback;
}

/** The policy from the node's Request Options (`timeout` is n8n's own option, in ms). */
export function policyOf(options: IDataObject | undefined, defaults: TransportPolicy = DEFAULT_POLICY): TransportPolicy {
	const o = options ?? {};
	return {
		timeoutMs: numberOr(o.timeout, defaults.timeoutMs, 1),
		retries: Math.floor(numberOr(o.maxRetries, defaults.retries)),
		retryDelayMs: numberOr(o.retryDelay, defaults.retryDelayMs),
		maxRateLimitWaitS: numberOr(o.maxRateLimitWait, defaults.maxRateLimitWaitS),
		maxInFlight: Math.floor(numberOr(o.maxInFlight, defaults.maxInFlight, 1)),
		includeRateLimitInfo: o.includeRateLimitInfo === undefined ? defaults.includeRateLimitInfo : o.includeRateLimitInfo === true,
	};
}

type ParameterReader = { getNodeParameter(name: string, fallback?: unknown): unknown };

function nodePolicy(context: ParameterReader, defaults: TransportPolicy): TransportPolicy {
	try {
		return policyOf(context.getNodeParameter('requestOptions', {}) as IDataObject, defaults);
	} catch {
		return defaults;
	}
}

interface Target {
	method: string;
	path: string;
	itemIndex?: number;
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function lowerCaseKeys(headers: unknown): IDataObject {
	const out: IDataObject = {};
	if (headers && typeof headers === 'object') {
		for (const [key, value] of Object.entries(headers as IDataObject)) out[key.toLowerCase()] = value;
	}
	return out;
}

/**
 * What n8n 1.x leaves of a failed exchange. Its n8n-workflow (1.120) drops the `cause` of a NodeApiError that
 * wraps an Error (a class field resets it), so n8n's request helpers hand back only the status or the client's
 * error code in `httpCode` and the answer's body in `context.data`; the answer's headers are lost. n8n 2.x keeps
 * the client's error as `cause`, which `failureOf` reads first. The node's own NodeApiErrors wrap a plain object
 * (kept as `errorResponse`), never an Error, so they are not taken for one of these.
 */
function wrappedWithoutCause(error: unknown): { status?: number; code?: string; body?: unknown } | undefined {
	if (!(error instanceof NodeApiError) || error.cause !== undefined || error.errorResponse !== undefined || !error.httpCode) return undefined;
	const status = /^\d{3}$/.test(error.httpCode) ? Number(error.httpCode) : undefined;
	return status ? { status, body: error.context.data } : { code: error.httpCode };
}

/** What went wrong in one attempt, or undefined when the error is not about the HTTP exchange. */
function failureOf(error: unknown, target: Target, policy: TransportPolicy, attempts: number): Failure | undefined {
	const outer = error as { cause?: unknown; code?: string; message?: string } | undefined;
	const cause = (outer?.cause ?? outer) as
		| { response?: { status?: number; data?: unknown; headers?: unknown }; code?: string; message?: string; isAxiosError?: boolean }
		| undefined;
	const base = { method: target.method, path: target.path, attempts, timeoutMs: policy.timeoutMs };
	if (cause?.response?.status) {
		return { ...base, status: cause.response.status, body: cause.response.data, headers: lowerCaseKeys(cause.response.headers) };
	}
	const bare = wrappedWithoutCause(error);
	if (bare?.status) return { ...base, status: bare.status, body: bare.body, headers: {} };
	const code = cause?.code ?? outer?.code ?? bare?.code;
	// Only the HTTP client's own errors are about the exchange; the node's checks of an answer are not.
	if (!cause?.isAxiosError && !code) return undefined;
	const text = `${cause?.message ?? ''} ${outer?.message ?? ''}`;
	if (code === 'ERR_CANCELED') return undefined;
	if ((code && TIMEOUT_CODES.has(code)) || /timeout of \d+ms exceeded|timed out/i.test(text)) return { ...base, network: 'timeout' };
	if (code && UNREACHABLE_CODES.has(code)) return { ...base, network: 'unreachable' };
	if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up|ECONNRESET|aborted/i.test(text)) return { ...base, network: 'dropped' };
	if (cause?.isAxiosError) return { ...base, network: 'dropped' };
	return undefined;
}

/**
 * An error raised around the exchange rather than by it (a check of the answer, a cancelled
 * execution). The node's own errors pass as they are; anything else is re-worded without its
 * cause, which could hold the request and so the key.
 */
function notAboutHttp(node: INode, error: unknown, target: Target): NodeApiError | NodeOperationError {
	const cause = (error as { cause?: { config?: unknown; isAxiosError?: boolean } } | undefined)?.cause;
	const carriesRequest = Boolean(cause && (cause.isAxiosError || cause.config));
	if ((error instanceof NodeOperationError || error instanceof NodeApiError) && !carriesRequest) return error;
	const message = error instanceof Error ? error.message : String(error);
	return new NodeApiError(node, { route: `${target.method} ${target.path}` }, { message: `${target.method} ${target.path} failed: ${message}`, itemIndex: target.itemIndex });
}

function retryable(method: string, failure: Failure): boolean {
	if (method !== 'GET') return false;
	// A route whose timeout is final (find-slot: production never answers for an unknown channel) only waits again.
	if (failure.network === 'timeout' && routeOf(method, failure.path).facts.timeoutIsFinal) return false;
	if (failure.network === 'timeout' || failure.network === 'dropped') return true;
	return (failure.status ?? 0) >= 500;
}

/**
 * Ends one attempt at `ms` whatever the HTTP client does. The client's own `timeout` rides on
 * socket timers that start when a socket is handed over and that a reused keep-alive socket, a
 * request body still being written or a request whose options lost `timeout` can leave unarmed;
 * a wall-clock limit here is the one place that holds for every route and method. The timer
 * (AbortSignal.timeout) never keeps the process alive.
 */
async function withinDeadline<T>(ms: number, attempt: () => Promise<T>): Promise<T> {
	const signal = AbortSignal.timeout(ms);
	let onAbort = () => {};
	const deadline = new Promise<never>((_resolve, reject) => {
		onAbort = () => reject(Object.assign(new Error(`timeout of ${ms}ms exceeded`), { code: 'ETIMEDOUT' }));
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		return await Promise.race([attempt(), deadline]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

/** A streamed upload (a Blob-like multipart body) may take longer than the timeout while its bytes flow. */
export function isStreamedBody(body: unknown): boolean {
	return typeof (body as { stream?: unknown } | undefined)?.stream === 'function';
}

export interface SendOptions<T> {
	/**
	 * Whether the timeout is a wall-clock limit on the whole attempt (default). Streamed uploads
	 * turn it off and keep the client's timeout, which only fires when no bytes move.
	 */
	deadline?: boolean;
	/** The run's pacer (shared/pacing.ts); without one the request is paced on its own. */
	pacer?: Pacer;
	/** The answer's headers (lower-cased), for the pacer to read the X-RateLimit-* figures. */
	headersOf?: (result: T) => IDataObject | undefined;
}

/** Runs one request (`attempt` sends it once) under the policy; throws errors that explain themselves. */
export async function sendWithPolicy<T>(
	node: INode,
	target: Target,
	policy: TransportPolicy,
	attempt: () => Promise<T>,
	options: SendOptions<T> = {},
): Promise<T> {
	const method = target.method.toUpperCase();
	const once = options.deadline === false ? attempt : async () => await withinDeadline(policy.timeoutMs, attempt);
	const pacer = options.pacer ?? new Pacer(policy.maxInFlight);
	const started = Date.now();
	let attempts = 0;
	let rateLimitWaits = 0;
	let answered429 = false;
	for (;;) {
		attempts++;
		// Waits for the endpoint's window (and a place in flight), within what is left of Max Rate-Limit Wait.
		const ticket = await pacer.admit(method, target.path, policy.maxRateLimitWaitS * 1000 - (Date.now() - started));
		if ('waitSeconds' in ticket) {
			throw rateLimitError(node, { method, path: target.path, status: 429 }, ticket.waitSeconds, policy.maxRateLimitWaitS, target.itemIndex, !answered429);
		}
		try {
			const result = await once();
			const headers = options.headersOf?.(result);
			if (headers) pacer.learn(ticket, 200, headers);
			return result;
		} catch (error) {
			const failure = failureOf(error, { ...target, method }, policy, attempts);
			if (!failure) throw notAboutHttp(node, error, { ...target, method });
			const wait = retryAfterSeconds(failure.headers);
			pacer.learn(ticket, failure.status, failure.headers, wait);
			if (failure.status === 429) {
				// A 429 means the request was not applied, so sending it again is safe for any method; the pacer holds it
				// (and the run's other requests to that endpoint) until Retry-After, or refuses if that is past the cap.
				answered429 = true;
				if (wait !== undefined && rateLimitWaits < MAX_RATE_LIMIT_WAITS) {
					rateLimitWaits++;
					attempts--;
					continue;
				}
				throw rateLimitError(node, failure, wait, policy.maxRateLimitWaitS, target.itemIndex);
			}
			if (retryable(method, failure) && attempts <= policy.retries) {
				ticket.release();
				await sleep(Math.min(MAX_BACKOFF_MS, policy.retryDelayMs * 2 ** (attempts - 1)));
				continue;
			}
			throw failureError(node, failure, target.itemIndex);
		} finally {
			ticket.release();
		}
	}
}

/** The API answers JSON; an HTML page means the Base URL reaches the web application instead. */
function assertApiAnswer(node: INode, response: IN8nHttpFullResponse, target: Target): void {
	const type = String(lowerCaseKeys(response.headers)['content-type'] ?? '');
	const body = response.body;
	if (type.includes('text/html') || (typeof body === 'string' && body.trimStart().startsWith('<'))) {
		throw new NodeApiError(
			node,
			{ route: `${target.method} ${target.path}`, status: response.statusCode },
			{
				message: `The Base URL did not answer like the API on ${target.method} ${target.path} (an HTML page came back)`,
				description:
					EXPECTED_BASE_URL,
				httpCode: String(response.statusCode),
				itemIndex: target.itemIndex,
			},
		);
	}
}

interface Captured {
	headers?: IDataObject;
	body?: unknown;
}

/**
 * Puts a first postReceive step in front of the operation's own: it keeps the last raw answer
 * (its X-RateLimit-* headers, and the paging fields the items lose) and checks it is the API's.
 */
function captureAnswers(requestData: DeclarativeRestApiSettings.ResultOptions, target: Target): Captured {
	const captured: Captured = {};
	const capture: PostReceiveAction = async function (this: IExecuteSingleFunctions, items, response) {
		assertApiAnswer(this.getNode(), response, target);
		captured.headers = lowerCaseKeys(response.headers);
		captured.body = response.body;
		return items;
	};
	// Without steps of its own an operation gets RoutingNode's default (a list answer becomes items); keep it.
	const splitList: PostReceiveAction = async function (items) {
		return items.length === 1 ? toItems(items[0].json) : items;
	};
	const ownSteps = requestData.postReceive.length > 0;
	requestData.postReceive.unshift({ data: { parameterValue: undefined }, actions: ownSteps ? [capture] : [capture, splitList] });
	return captured;
}

function prepare(context: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) {
	const policy = nodePolicy(context, DEFAULT_POLICY);
	requestData.options.timeout = policy.timeoutMs;
	const target: Target = {
		method: String(requestData.options.method ?? 'GET').toUpperCase(),
		path: String(requestData.options.url ?? ''),
		itemIndex: context.getItemIndex(),
	};
	const captured = captureAnswers(requestData, target);
	const deadline = !isStreamedBody(requestData.options.body);
	const pacer = pacerOf(context, policy.maxInFlight);
	const attempt = async () => {
		captured.headers = undefined;
		return await context.makeRoutingRequest(requestData);
	};
	const send = async () =>
		await sendWithPolicy(context.getNode(), target, policy, attempt, { deadline, pacer, headersOf: () => captured.headers });
	const finish = (items: INodeExecutionData[]) => {
		if (!policy.includeRateLimitInfo) return items;
		const figures = rateLimitFigures(captured.headers);
		return items.map((item) => ({ ...item, json: { ...item.json, rateLimit: figures } }));
	};
	return { captured, send, finish, target };
}

/**
 * A key the service is sure to refuse, stopped before sending: empty, or with "Bearer " in front (the service takes
 * the whole header as the key). Sent, it would cost a 401 and n8n's own re-send of it. The key is never quoted.
 */
export function refuseUnusableKey(node: INode, credentials: IDataObject, itemIndex?: number): void {
	const key = String(credentials.apiKey ?? '').trim();
	if (!key) {
		throw new NodeOperationError(node, 'The credential has no API key', {
			itemIndex,
			description: 'Paste the organisation\'s API key (Settings → Developers → Access) or a "pos_" OAuth token into the credential.',
		});
	}
	if (/^bearer\s/i.test(key)) {
		throw new NodeOperationError(node, 'The API key in the credential starts with "Bearer "', {
			itemIndex,
			description: 'Paste the key bare: the service takes the whole Authorization header as the key. Remove "Bearer " in the credential.',
		});
	}
}

/** The node's request hook (`requestOperations.pagination`): one request of one item. */
export async function sendThroughTransport(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	refuseUnusableKey(this.getNode(), await this.getCredentials(CREDENTIAL_TYPE), this.getItemIndex());
	const { send, finish } = prepare(this, requestData);
	return finish(await send());
}

/** How an operation walks its pages: sets the query of the next page from the last answer, or ends. */
export interface PageWalk {
	/** Sets the first page's query; false when there is nothing to ask. */
	start(qs: IDataObject): boolean;
	/** Sets the next page's query from the last raw answer; false when done. */
	next(answer: unknown, qs: IDataObject): boolean;
}

/** Most pages one execution reads, whatever the service says. */
const MAX_PAGES = 1_000;

/**
 * A request hook for operations that read several pages (or date windows), set on the operation
 * with `routing.operations.pagination`. Each page goes through the same policy; Return All / Limit
 * are read from the operation's `returnAll` and `limit` fields when it has them.
 */
export function paginated(walk: (context: IExecutePaginationFunctions) => PageWalk) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		refuseUnusableKey(this.getNode(), await this.getCredentials(CREDENTIAL_TYPE), this.getItemIndex());
		const { send, finish, captured } = prepare(this, requestData);
		const returnAll = this.getNodeParameter('returnAll', true) as boolean;
		const limit = returnAll ? Infinity : (this.getNodeParameter('limit', 50) as number);
		const pages = walk(this);
		const qs = (requestData.options.qs ??= {}) as IDataObject;
		const items: INodeExecutionData[] = [];
		if (!pages.start(qs)) return [];
		for (let page = 0; page < MAX_PAGES; page++) {
			items.push(...(await send()));
			if (items.length >= limit || !pages.next(captured.body, qs)) break;
		}
		return finish(items.slice(0, limit));
	};
}

type ApiContext = IExecuteSingleFunctions | IPollFunctions | ILoadOptionsFunctions | IHookFunctions;

/** The credential's Base URL as the node's requestDefaults resolve it (BASE_URL_EXPRESSION): trimmed, no trailing slash. */
export function baseUrlOf(credentials: IDataObject): string {
	return String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
}

export interface ApiRequestOptions {
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	/** Defaults to the node's Request Options (loaders: a short timeout, one retry, no rate-limit wait). */
	policy?: TransportPolicy;
	itemIndex?: number;
}

/** The whole answer (body and headers) of one request under the policy. */
export async function apiRequestFull(
	this: ApiContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<{ body: unknown; headers: IDataObject }> {
	const loader = !('getItemIndex' in this) && !('getWorkflowStaticData' in this);
	const policy = options.policy ?? nodePolicy(this as ParameterReader, loader ? LOADER_POLICY : DEFAULT_POLICY);
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	refuseUnusableKey(this.getNode(), credentials, options.itemIndex);
	const request: IHttpRequestOptions = {
		method,
		baseURL: baseUrlOf(credentials),
		url: path,
		headers: { Accept: 'application/json' },
		json: true,
		timeout: policy.timeoutMs,
		returnFullResponse: true,
		...(options.qs ? { qs: options.qs } : {}),
		...(options.body ? { body: options.body } : {}),
	};
	const target: Target = { method, path, itemIndex: options.itemIndex };
	// Requests made for an item (Post → Create's look-ups) share the run's pacer; loaders and the trigger send alone.
	const pacer = 'getExecuteData' in this ? pacerOf(this, policy.maxInFlight) : undefined;
	const response = await sendWithPolicy(
		this.getNode(),
		target,
		policy,
		async () => (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, { ...request })) as IN8nHttpFullResponse,
		{ pacer, headersOf: (answer) => lowerCaseKeys(answer.headers) },
	);
	assertApiAnswer(this.getNode(), response, target);
	return { body: response.body, headers: lowerCaseKeys(response.headers) };
}

/** One request under the policy; answers the parsed body. For loaders, the trigger and hooks. */
export async function apiRequest<T = unknown>(
	this: ApiContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<T> {
	return (await apiRequestFull.call(this, method, path, options)).body as T;
}

/** The X-RateLimit-* figures of an answer, or null when the route sends none. */
export function rateLimitFigures(headers: IDataObject | undefined): IDataObject | null {
	if (!headers) return null;
	const read = (name: string) => {
		const value = headers[name];
		return value === undefined ? undefined : Number(value);
	};
	const limit = read('x-ratelimit-limit');
	const remaining = read('x-ratelimit-remaining');
	const reset = read('x-ratelimit-reset');
	if (limit === undefined && remaining === undefined && reset === undefined) return null;
	return { limit: limit ?? null, remaining: remaining ?? null, resetSeconds: reset ?? null };
}
