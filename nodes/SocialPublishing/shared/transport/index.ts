import {
	NodeApiError,
	NodeOperationError,
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

import { EXPECTED_BASE_URL } from '../../../../credentials/SocialPublishingApi.credentials';
import { baseUrlOf, refuseUnusableBaseUrl } from '../baseUrl';
import { toItems } from '../items';
import { pacerOf } from './pacing';
import { DEFAULT_POLICY, LOADER_POLICY, nodePolicy, type ParameterReader, type TransportPolicy } from './policy';
import { isStreamedBody, lowerCaseKeys, sendWithPolicy, type Target } from './send';

export { DEFAULT_POLICY, LOADER_POLICY, policyOf, type TransportPolicy } from './policy';
export { isStreamedBody, lowerCaseKeys, sendWithPolicy } from './send';

/**
 * The one place where requests to the service are sent, for every route.
 *
 * n8n's RoutingNode gives a declarative node a single hook around its HTTP call: the
 * `requestOperations.pagination` function. The node sets `sendThroughTransport` once at description level
 * and every operation opts in with `routing.send.paginate: true`; operations that read several
 * pages swap in `paginated(...)` through `routing.operations`, which sends each page the same way.
 * Loaders and the trigger call `apiRequest`, which applies the same policy (policy.ts, send.ts):
 * - a timeout on every request (production's find-slot never answers for a bad channel);
 * - GET retried on 5xx, timeouts and dropped connections, with exponential backoff (not a
 *   find-slot timeout, which in production means an unknown or disabled channel);
 *   other methods are never retried blindly (a POST may have been applied);
 * - paced (pacing.ts): a few requests of a run in flight at a time, each rate-limited route (rateLimits.ts) kept
 *   inside its window, waiting for the window rather than sending what the service would refuse;
 * - 429 waited for as Retry-After says, up to the user's cap, then an error saying when to retry;
 * - every other failure turned into an error that says what happened and how to fix it (../errors.ts).
 */

export const CREDENTIAL_TYPE = 'socialPublishingApi';

/** The API answers JSON; an HTML page means the Base URL reaches the web application instead. */
function assertApiAnswer(node: () => INode, response: IN8nHttpFullResponse, target: Target): void {
	const type = String(lowerCaseKeys(response.headers)['content-type'] ?? '');
	const body = response.body;
	if (type.includes('text/html') || (typeof body === 'string' && body.trimStart().startsWith('<'))) {
		throw new NodeApiError(
			node(),
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
		assertApiAnswer(() => this.getNode(), response, target);
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
		await sendWithPolicy(() => context.getNode(), target, policy, attempt, { deadline, pacer, headersOf: () => captured.headers });
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
export function refuseUnusableKey(node: INode | (() => INode), credentials: IDataObject, itemIndex?: number): void {
	refuseUnusableBaseUrl(node, credentials, itemIndex);
	const nodeOf = (): INode => (typeof node === 'function' ? node() : node);
	const key = String(credentials.apiKey ?? '').trim();
	if (!key) {
		throw new NodeOperationError(nodeOf(), 'The credential has no API key', {
			itemIndex,
			description: 'Paste the organisation\'s API key (Settings → Developers → Access) or a "pos_" OAuth token into the credential.',
		});
	}
	if (/^bearer\s/i.test(key)) {
		throw new NodeOperationError(nodeOf(), 'The API key in the credential starts with "Bearer "', {
			itemIndex,
			description: 'Paste the key bare: the service takes the whole Authorization header as the key. Remove "Bearer " in the credential.',
		});
	}
}

/** The items of one run share one read of the credential: n8n reads and decrypts it on every getCredentials(). */
const runCredentials = new WeakMap<object, Promise<IDataObject>>();

/** Checks the run's credential (read once per run, keyed like shared/batch.ts by the run's input items) for this item. */
async function refuseUnusableCredential(context: IExecutePaginationFunctions): Promise<void> {
	const items = context.getExecuteData()?.data?.main?.[0];
	let credentials = Array.isArray(items) ? runCredentials.get(items) : undefined;
	if (!credentials) {
		credentials = context.getCredentials(CREDENTIAL_TYPE);
		if (Array.isArray(items)) runCredentials.set(items, credentials);
	}
	refuseUnusableKey(() => context.getNode(), await credentials, context.getItemIndex());
}

/** The node's request hook (`requestOperations.pagination`): one request of one item. */
export async function sendThroughTransport(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	await refuseUnusableCredential(this);
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
		await refuseUnusableCredential(this);
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
	refuseUnusableKey(() => this.getNode(), credentials, options.itemIndex);
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
		() => this.getNode(),
		target,
		policy,
		async () => (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, { ...request })) as IN8nHttpFullResponse,
		{ pacer, headersOf: (answer) => lowerCaseKeys(answer.headers) },
	);
	assertApiAnswer(() => this.getNode(), response, target);
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
