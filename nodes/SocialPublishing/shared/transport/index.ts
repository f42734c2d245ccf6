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
import { MAX_PAGES_PER_CALL } from '../bounds';
import { toItems } from '../items';
import { pairedToTheItem, type RequestHook } from '../pairedItems';
import { matchRoute, type Route } from '../routeFacts';
import { runState, RunSlot } from '../runState';
import { keyRedactor, MIN_KEY_LENGTH, type KeyRedactor } from '../secrets';
import { inTurn } from '../sendRecord';
import { BrokenAnswer, brokenAnswer } from './answers';
import { pacerOf } from './pacing';
import { DEFAULT_POLICY, LOADER_POLICY, nodePolicy, type TransportPolicy } from './policy';
import { rateLimitInfo } from './rateLimits';
import { lookedAfter, lowerCaseKeys, sendWithPolicy, type SendOptions, type Target } from './send';

export { DEFAULT_POLICY, policyOf, type TransportPolicy } from './policy';
export { lowerCaseKeys, sendWithPolicy } from './send';

/**
 * The one place where requests to the service are sent, for every route. Where each behaviour is:
 * - here: the node's request hook (`requestHook`, `paginated` for several pages) and `apiRequest`
 *   for loaders, look-ups and the trigger: the key checked, then replaced in all that comes back;
 *   redirects refused; every answer checked before any step reads it;
 * - send.ts: one request under the policy: a wall-clock deadline on every attempt, GET retried
 *   with backoff, a 429 sent again after its wait, every failure worded (../errors.ts);
 * - policy.ts: the Request Options and their defaults; the bounds of a 429's wait;
 * - pacing.ts: the run's pacer: a few requests in flight, each rate-limited route inside its
 *   window, a 429 closing its route for the run;
 * - rateLimits.ts: the documented limits, and X-RateLimit-* and Retry-After read;
 * - answers.ts: what a success answer of a route must look like.
 * RoutingNode gives a declarative node one hook around its HTTP call, the
 * `requestOperations.pagination` function: the node sets `requestHook` there and every operation
 * opts in with `routing.send.paginate: true` (`paginated(...)` through `routing.operations`).
 */

export const CREDENTIAL_TYPE = 'socialPublishingApi';

/**
 * An HTML page means the Base URL reaches the web application; any other answer must be the route's
 * success (answers.ts) within the bounds: a BrokenAnswer otherwise, which send.ts retries on a GET.
 */
function assertApiAnswer(node: () => INode, response: IN8nHttpFullResponse, target: Target): void {
	const headers = response.headers as IDataObject;
	const type = String(headers['content-type'] ?? '');
	const body = response.body;
	if (
		type.includes('text/html') ||
		(typeof body === 'string' && !type.includes('json') && body.trimStart().startsWith('<'))
	) {
		throw new NodeApiError(
			node(),
			{ route: `${target.method} ${target.path}`, status: response.statusCode },
			{
				message: `The Base URL did not answer like the API on ${target.method} ${target.path} (an HTML page came back)`,
				description: EXPECTED_BASE_URL,
				httpCode: String(response.statusCode),
				itemIndex: target.itemIndex,
			},
		);
	}
	const problem = brokenAnswer(target.route?.facts.answer, body, headers);
	if (problem) throw new BrokenAnswer(response.statusCode, headers, problem);
}

/**
 * One request under the policy (send.ts), the key replaced in each attempt's error (its cause kept
 * for send.ts to read) and in the error handed on to n8n. Structural: no wording can quote the key.
 */
async function keyGuarded<T>(
	node: () => INode,
	target: Target,
	policy: TransportPolicy,
	redactor: KeyRedactor,
	request: (signal?: AbortSignal) => Promise<T>,
	options: SendOptions<T>,
): Promise<T> {
	const attempt = async (signal?: AbortSignal) => {
		try {
			return await request(signal);
		} catch (error) {
			throw redactor.error(error, { keepCause: true });
		}
	};
	try {
		return await sendWithPolicy(node, target, policy, attempt, options);
	} catch (error) {
		throw redactor.error(error);
	}
}

/** Sends the request RoutingNode built for one item (each page), under the policy. */
function prepare(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	redactor: KeyRedactor,
	route: Route | undefined,
) {
	const policy = nodePolicy(context, DEFAULT_POLICY, route?.facts);
	requestData.options.timeout = policy.timeoutMs;
	// The API never redirects: a redirect is a Base URL that is not quite the API's, and following it
	// would send the key elsewhere or re-send a write. Refused and explained (../errors.ts).
	requestData.options.disableFollowRedirect = true;
	const method = String(requestData.options.method ?? 'GET').toUpperCase();
	const path = String(requestData.options.url ?? '');
	const baseUrl = String(requestData.options.baseURL ?? '');
	const itemIndex = context.getItemIndex();
	const target = { method, path, itemIndex, baseUrl, route: matchRoute(route, method, path) };
	// A first postReceive step in front of the operation's own replaces the key in the answer before
	// any step reads it, checks the answer is the API's, and keeps the last raw answer (its
	// X-RateLimit-* headers, and the paging fields the items lose).
	const captured: { headers?: IDataObject; body?: unknown } = {};
	// Without steps of its own an operation gets RoutingNode's default: a list answer becomes items.
	const splitList = requestData.postReceive.length === 0;
	const inspect: PostReceiveAction = async function (items, response) {
		// One walk for the three: the items hold the answer's body, which is then copied once.
		const [body, headers, redacted] = redactor.value([
			response.body,
			lowerCaseKeys(response.headers),
			items,
		] as const);
		response.body = body;
		response.headers = headers;
		assertApiAnswer(() => this.getNode(), response, target);
		captured.headers = headers;
		captured.body = body;
		return splitList && redacted.length === 1 ? toItems(redacted[0].json) : redacted;
	};
	requestData.postReceive.unshift({ data: { parameterValue: undefined }, actions: [inspect] });
	const send = () =>
		keyGuarded(
			() => context.getNode(),
			target,
			policy,
			redactor,
			async (signal) => {
				captured.headers = undefined;
				return await context.makeRoutingRequest({
					...requestData,
					options: { ...requestData.options, abortSignal: signal },
				});
			},
			{
				// A streamed upload (a Blob-like multipart body) may take longer than the timeout.
				deadline: typeof (requestData.options.body as { stream?: unknown })?.stream !== 'function',
				// RoutingNode sends with the item's own context, this pagination context's prototype.
				cancelSignalOf: Object.getPrototypeOf(context) as object,
				pacer: pacerOf(context, policy.maxInFlight),
				headersOf: () => captured.headers,
			},
		);
	// The items handed back to n8n, which shows, saves and logs them: the key replaced.
	const finish = (items: INodeExecutionData[]) => {
		if (!policy.includeRateLimitInfo) return redactor.value(items);
		const rateLimit = rateLimitInfo(captured.headers);
		return redactor.value(items.map((item) => ({ ...item, json: { ...item.json, rateLimit } })));
	};
	return { target, captured, send, finish };
}

/**
 * Checks the credential's key and answers what replaces it in everything that comes back. A key
 * the service is sure to refuse (empty, short, with "Bearer " in front: the service takes the whole
 * header as the key) is stopped unsent, and never quoted: sent, it would cost a 401 and a re-send.
 */
function checkedKey(node: () => INode, credentials: IDataObject, itemIndex?: number): KeyRedactor {
	refuseUnusableBaseUrl(node, credentials, itemIndex);
	const key = String(credentials.apiKey ?? '').trim();
	const refused = !key
		? [
				'The credential has no API key',
				'Paste the organisation\'s API key (Settings → Developers → Access) or a "pos_" OAuth token into the credential.',
			]
		: key.length < MIN_KEY_LENGTH
			? [
					`The API key in the credential has only ${key.length} characters`,
					'A key of the service is much longer: copy the whole key again from Settings → Developers → Access and paste it into the credential.',
				]
			: /^bearer\s/i.test(key)
				? [
						'The API key in the credential starts with "Bearer "',
						'Paste the key bare: the service takes the whole Authorization header as the key. Remove "Bearer " in the credential.',
					]
				: undefined;
	if (refused) {
		throw new NodeOperationError(node(), refused[0], { itemIndex, description: refused[1] });
	}
	return keyRedactor(key);
}

/** The items of one run share one read of the credential: n8n decrypts it on each read. */
const CREDENTIALS = new RunSlot<Promise<IDataObject>>("the run's credential");

const ANSWERED_WITHOUT_SENDING = Symbol('answeredWithoutSending');

/**
 * For a preSend that answers the item itself (Check Only of Post → Create and Post → Update, a
 * post an earlier run created): these items are the output, and nothing is sent.
 */
export function answerWithoutSending<T extends object>(
	requestOptions: T,
	items: INodeExecutionData[],
): T {
	(requestOptions as Record<symbol, unknown>)[ANSWERED_WITHOUT_SENDING] = items;
	return requestOptions;
}

/** How an operation walks its pages: sets the next page's query from the last answer, or ends. */
export interface PageWalk {
	/** Sets the first page's query; false when there is nothing to ask. */
	start(qs: IDataObject): boolean;
	/** Sets the next page's query from the last raw answer; false when done. */
	next(answer: unknown, qs: IDataObject): boolean;
}

/**
 * The node's request hook (`requestOperations.pagination`): one request (or, with `walk`, the
 * pages) of one item, to the route `routeOf` gives. A post of a write run goes in its turn and its
 * fate is kept (../sendRecord.ts); its items (under Continue On Fail its error item) are paired.
 */
export function requestHook(
	routeOf: (context: IExecutePaginationFunctions) => Route | undefined,
	walk?: (context: IExecutePaginationFunctions) => PageWalk,
): RequestHook {
	return pairedToTheItem(async function (this: IExecutePaginationFunctions, requestData) {
		return await inTurn(this, async () => {
			const read = await runState(this).get(CREDENTIALS, () =>
				this.getCredentials(CREDENTIAL_TYPE),
			);
			const redactor = checkedKey(() => this.getNode(), read, this.getItemIndex());
			const answered = (requestData.options as Record<symbol, unknown>)[ANSWERED_WITHOUT_SENDING];
			if (Array.isArray(answered)) return redactor.value(answered as INodeExecutionData[]);
			const sent = prepare(this, requestData, redactor, routeOf(this));
			if (!walk) return sent.finish(await lookedAfter(this, sent.target, sent.send));
			const returnAll = this.getNodeParameter('returnAll', true) as boolean;
			const limit = returnAll ? Infinity : (this.getNodeParameter('limit', 50) as number);
			const pages = walk(this);
			const qs = (requestData.options.qs ??= {}) as IDataObject;
			const items: INodeExecutionData[] = [];
			if (!pages.start(qs)) return [];
			for (let page = 1; ; page++) {
				items.push(...(await sent.send()));
				if (items.length >= limit || !pages.next(sent.captured.body, qs)) break;
				if (page < MAX_PAGES_PER_CALL) continue;
				// More after the most pages one call reads: an error, never a silent stop.
				const route = `${sent.target.method} ${sent.target.path}`;
				throw new NodeApiError(
					this.getNode(),
					{ route, pages: page },
					{
						message: `${route} still says there is more after ${page} pages (${items.length} results read), the most one run reads`,
						description:
							'Either the service keeps answering "more" without end, or there is more than one run should read. Turn Return All off and set a Limit, or narrow the search; if the results repeat, the service is at fault.',
						itemIndex: this.getItemIndex(),
					},
				);
			}
			return sent.finish(items.slice(0, limit));
		});
	});
}

/** The request hook of an operation that reads pages, for its route (`routeTo` gives it). */
export type PagedRequests = (route: Route) => RequestHook;

/**
 * A request hook for operations that read several pages (or date windows), set by routeTo's
 * `pagination`; Return All / Limit are the operation's `returnAll` and `limit` fields, if any.
 */
export function paginated(walk: (context: IExecutePaginationFunctions) => PageWalk): PagedRequests {
	return (route) => requestHook(() => route, walk);
}

export interface ApiRequestOptions {
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	/** Defaults to the node's Request Options (loaders: a short timeout, one retry, no 429 wait). */
	policy?: TransportPolicy;
	itemIndex?: number;
	/** The route sent to, with its facts: the sending operation's (`findNextFreeSlot.route`). */
	route?: Route;
}

/** One request under the policy; answers the parsed body. For loaders, the trigger and look-ups. */
export async function apiRequest<T = unknown>(
	this: IExecuteSingleFunctions | IPollFunctions | ILoadOptionsFunctions | IHookFunctions,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<T> {
	const loader = !('getItemIndex' in this) && !('getWorkflowStaticData' in this);
	const policy = options.policy ?? nodePolicy(this, loader ? LOADER_POLICY : DEFAULT_POLICY);
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const redactor = checkedKey(() => this.getNode(), credentials, options.itemIndex);
	const request: IHttpRequestOptions = {
		method,
		baseURL: baseUrlOf(credentials),
		url: path,
		headers: { Accept: 'application/json' },
		json: true,
		timeout: policy.timeoutMs,
		returnFullResponse: true,
		disableFollowRedirect: true,
		...(options.qs ? { qs: options.qs } : {}),
		...(options.body ? { body: options.body } : {}),
	};
	const route = matchRoute(options.route, method, path);
	const target = { method, path, itemIndex: options.itemIndex, baseUrl: request.baseURL, route };
	const response = await keyGuarded(
		() => this.getNode(),
		target,
		policy,
		redactor,
		async (signal) => {
			const answer = redactor.value(
				(await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
					...request,
					abortSignal: signal,
				})) as IN8nHttpFullResponse,
			);
			answer.headers = lowerCaseKeys(answer.headers);
			// Inside the attempt, so that a broken answer to a GET is retried like a dropped connection.
			assertApiAnswer(() => this.getNode(), answer, target);
			return answer;
		},
		{
			cancelSignalOf: this,
			// Requests made for an item (Post → Create's look-ups) share the run's pacer.
			pacer: 'getExecuteData' in this ? pacerOf(this, policy.maxInFlight) : undefined,
			headersOf: (answer) => answer.headers as IDataObject,
		},
	);
	return response.body as T;
}
