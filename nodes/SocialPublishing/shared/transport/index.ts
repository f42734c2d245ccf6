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
import { announcedCount, resetDelayMs } from './rateLimits';
import {
	DEFAULT_POLICY,
	LOADER_POLICY,
	nodePolicy,
	type ParameterReader,
	type TransportPolicy,
} from './policy';
import { isStreamedBody, lowerCaseKeys, sendWithPolicy, type Target } from './send';

export { DEFAULT_POLICY, LOADER_POLICY, policyOf, type TransportPolicy } from './policy';
export { isStreamedBody, lowerCaseKeys, sendWithPolicy } from './send';

/**
 * The one place where requests to the service are sent, for every route.
 * n8n's RoutingNode gives a declarative node a single hook around its HTTP call: the
 * `requestOperations.pagination` function. The node sets `sendThroughTransport` once at description
 * level and every operation opts in with `routing.send.paginate: true`; operations that read
 * several pages swap in `paginated(...)` through `routing.operations`, which sends each page the
 * same way. Loaders and the trigger call `apiRequest`, which applies the same policy (policy.ts,
 * send.ts):
 * - a timeout on every request (production's find-slot never answers for a bad channel);
 * - GET retried on 5xx, timeouts and dropped connections, with exponential backoff (not a
 *   find-slot timeout, which in production means an unknown or disabled channel);
 *   other methods are never retried blindly (a POST may have been applied);
 * - paced (pacing.ts): a few requests of a run in flight at a time, each rate-limited route
 *   (rateLimits.ts) kept inside its window, waiting for the window rather than sending what the
 *   service would refuse;
 * - 429 waited for as Retry-After says, up to the user's cap, then an error saying when to retry;
 * - every other failure turned into an error that says what happened and how to fix it
 *   (../errors.ts).
 */

export const CREDENTIAL_TYPE = 'socialPublishingApi';

/**
 * The API answers JSON; an HTML page means the Base URL reaches the web application instead. Any
 * other answer must be the route's success (its response contract, transport/answers.ts) within the
 * bounds (../bounds.ts): a BrokenAnswer otherwise, which send.ts retries on a GET and words as an
 * error.
 */
function assertApiAnswer(node: () => INode, response: IN8nHttpFullResponse, target: Target): void {
	const headers = lowerCaseKeys(response.headers);
	const type = String(headers['content-type'] ?? '');
	const body = response.body;
	if (
		type.includes('text/html') ||
		(typeof body === 'string' && body.trimStart().startsWith('<'))
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

interface Captured {
	headers?: IDataObject;
	body?: unknown;
}

/**
 * Puts a first postReceive step in front of the operation's own: it keeps the last raw answer
 * (its X-RateLimit-* headers, and the paging fields the items lose) and checks it is the API's.
 */
function captureAnswers(
	requestData: DeclarativeRestApiSettings.ResultOptions,
	target: Target,
): Captured {
	const captured: Captured = {};
	const capture: PostReceiveAction = async function (
		this: IExecuteSingleFunctions,
		items,
		response,
	) {
		assertApiAnswer(() => this.getNode(), response, target);
		captured.headers = lowerCaseKeys(response.headers);
		captured.body = response.body;
		return items;
	};
	// Without steps of its own an operation gets RoutingNode's default (a list answer becomes items);
	// keep it.
	const splitList: PostReceiveAction = async function (items) {
		return items.length === 1 ? toItems(items[0].json) : items;
	};
	const ownSteps = requestData.postReceive.length > 0;
	requestData.postReceive.unshift({
		data: { parameterValue: undefined },
		actions: ownSteps ? [capture] : [capture, splitList],
	});
	return captured;
}

/**
 * The key's value replaced in everything that crosses the transport (shared/secrets.ts): in answers
 * before any step reads them (a first postReceive step here; `redactor.value` on apiRequestFull's
 * answer), in the HTTP client's errors before they are worded (each attempt), and in the items and
 * errors handed back to n8n, which shows, saves and logs them (prepare's `send` and `finish`,
 * apiRequestFull's result). Structural: no wording can quote the key.
 */
function redactAnswers(
	requestData: DeclarativeRestApiSettings.ResultOptions,
	redactor: KeyRedactor,
): void {
	const redact: PostReceiveAction = async function (items, response) {
		response.body = redactor.value(response.body);
		response.headers = redactor.value(lowerCaseKeys(response.headers));
		return redactor.value(items);
	};
	requestData.postReceive.unshift({ data: { parameterValue: undefined }, actions: [redact] });
}

/**
 * Runs `work`, handing on its error with the key replaced (`keepCause`: an attempt's error, still
 * to be read).
 */
async function keyGuarded<T>(
	redactor: KeyRedactor,
	work: () => Promise<T>,
	keepCause = false,
): Promise<T> {
	try {
		return await work();
	} catch (error) {
		throw redactor.error(error, { keepCause });
	}
}

function prepare(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	redactor: KeyRedactor,
	route: Route | undefined,
) {
	const policy = nodePolicy(context, DEFAULT_POLICY);
	requestData.options.timeout = policy.timeoutMs;
	// The API never redirects: a redirect is a Base URL that is not quite the API's, and following it
	// would send the key elsewhere or re-send a write. Refused and explained (../errors.ts).
	requestData.options.disableFollowRedirect = true;
	const method = String(requestData.options.method ?? 'GET').toUpperCase();
	const path = String(requestData.options.url ?? '');
	const target: Target = {
		method,
		path,
		itemIndex: context.getItemIndex(),
		baseUrl: String(requestData.options.baseURL ?? ''),
		route: matchRoute(route, method, path),
	};
	const captured = captureAnswers(requestData, target);
	redactAnswers(requestData, redactor);
	const deadline = !isStreamedBody(requestData.options.body);
	const pacer = pacerOf(context, policy.maxInFlight);
	const attempt = async (signal?: AbortSignal) => {
		captured.headers = undefined;
		// RoutingNode sends with the item's own context, the one this pagination context is made from.
		const send = async () =>
			await withDeadlineSignal(
				Object.getPrototypeOf(context) as object,
				signal,
				async () =>
					await context.makeRoutingRequest({
						...requestData,
						options: { ...requestData.options, abortSignal: signal },
					}),
			);
		return await keyGuarded(redactor, send, true);
	};
	const send = async () =>
		await sendWithPolicy(() => context.getNode(), target, policy, attempt, {
			deadline,
			pacer,
			headersOf: () => captured.headers,
		});
	const finish = (items: INodeExecutionData[]) => {
		if (!policy.includeRateLimitInfo) return items;
		const figures = rateLimitFigures(captured.headers);
		return items.map((item) => ({ ...item, json: { ...item.json, rateLimit: figures } }));
	};
	return {
		captured,
		send: async () => await keyGuarded(redactor, send),
		finish: (items: INodeExecutionData[]) => redactor.value(finish(items)),
		target,
	};
}

/**
 * Lets the deadline's signal reach the HTTP client, which then closes the connection of an answer
 * still trickling in. n8n's request helper replaces the request's `abortSignal` with the
 * execution's cancel signal (`getExecutionCancelSignal()`, where the context has one), so for the
 * attempt's time the context answers with a signal that fires on either.
 */
async function withDeadlineSignal<T>(
	context: object,
	signal: AbortSignal | undefined,
	send: () => Promise<T>,
): Promise<T> {
	const target = context as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	const ownSignal = target.getExecutionCancelSignal;
	if (!signal || typeof ownSignal !== 'function') return await send();
	const shadowed = Object.prototype.hasOwnProperty.call(target, 'getExecutionCancelSignal');
	target.getExecutionCancelSignal = () => {
		const execution = ownSignal.call(context);
		return execution ? AbortSignal.any([execution, signal]) : signal;
	};
	try {
		return await send();
	} finally {
		if (shadowed) target.getExecutionCancelSignal = ownSignal;
		else delete target.getExecutionCancelSignal;
	}
}

/**
 * A key the service is sure to refuse, stopped before sending: empty, or with "Bearer " in front
 * (the service takes the whole header as the key). Sent, it would cost a 401 and n8n's own re-send
 * of it. The key is never quoted.
 */
export function refuseUnusableKey(
	node: INode | (() => INode),
	credentials: IDataObject,
	itemIndex?: number,
): void {
	refuseUnusableBaseUrl(node, credentials, itemIndex);
	const nodeOf = (): INode => (typeof node === 'function' ? node() : node);
	const key = String(credentials.apiKey ?? '').trim();
	if (!key) {
		throw new NodeOperationError(nodeOf(), 'The credential has no API key', {
			itemIndex,
			description:
				'Paste the organisation\'s API key (Settings → Developers → Access) or a "pos_" OAuth token into the credential.',
		});
	}
	if (key.length < MIN_KEY_LENGTH) {
		throw new NodeOperationError(
			nodeOf(),
			`The API key in the credential has only ${key.length} characters`,
			{
				itemIndex,
				description:
					'A key of the service is much longer: copy the whole key again from Settings → Developers → Access and paste it into the credential.',
			},
		);
	}
	if (/^bearer\s/i.test(key)) {
		throw new NodeOperationError(nodeOf(), 'The API key in the credential starts with "Bearer "', {
			itemIndex,
			description:
				'Paste the key bare: the service takes the whole Authorization header as the key. Remove "Bearer " in the credential.',
		});
	}
}

/**
 * The items of one run share one read of the credential: n8n reads and decrypts it on every
 * getCredentials().
 */
const CREDENTIALS = new RunSlot<Promise<IDataObject>>("the run's credential");

/**
 * Checks the run's credential (read once per run, shared/runState.ts) for this item; answers what
 * replaces its key in everything the item's request brings back.
 */
async function refuseUnusableCredential(
	context: IExecutePaginationFunctions,
): Promise<KeyRedactor> {
	const read = await runState(context).get(
		CREDENTIALS,
		async () => await context.getCredentials(CREDENTIAL_TYPE),
	);
	refuseUnusableKey(() => context.getNode(), read, context.getItemIndex());
	return keyRedactor(String(read.apiKey ?? '').trim());
}

/**
 * Put on the request options by an operation's preSend that answers the item itself (Check Only
 * of Post → Create and Post → Update): the items it gives are the output, and the request is not
 * sent.
 */
export const ANSWERED_WITHOUT_SENDING = Symbol('answeredWithoutSending');

/**
 * The items a preSend answered with (key replaced), or undefined when the request is to be
 * sent.
 */
function answeredWithoutSending(
	requestData: DeclarativeRestApiSettings.ResultOptions,
	credential: KeyRedactor,
): INodeExecutionData[] | undefined {
	const answered = (requestData.options as unknown as Record<symbol, unknown>)[
		ANSWERED_WITHOUT_SENDING
	];
	return Array.isArray(answered) ? credential.value(answered as INodeExecutionData[]) : undefined;
}

/**
 * What every request hook is wrapped in: a post of a write run goes in its turn and its fate is
 * kept (../sendRecord.ts), and every item it hands back is paired to its input item
 * (../pairedItems.ts).
 */
function asRequestHook(hook: RequestHook): RequestHook {
	return pairedToTheItem(async function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		return await inTurn(this, async () => await hook.call(this, requestData));
	});
}

/**
 * The node's request hook (`requestOperations.pagination`): one request of one item, with the
 * route of the item's operation (resources/index.ts); its items paired to the
 * item, a failure under Continue On Fail its error item (../pairedItems.ts).
 */
export function requestHook(routeOf: (context: IExecutePaginationFunctions) => Route | undefined) {
	return asRequestHook(async function sendThroughTransport(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const credential = await refuseUnusableCredential(this);
		const answered = answeredWithoutSending(requestData, credential);
		if (answered) return answered;
		const { send, finish } = prepare(this, requestData, credential, routeOf(this));
		return finish(await send());
	});
}

/**
 * How an operation walks its pages: sets the query of the next page from the last answer, or ends.
 */
export interface PageWalk {
	/** Sets the first page's query; false when there is nothing to ask. */
	start(qs: IDataObject): boolean;
	/** Sets the next page's query from the last raw answer; false when done. */
	next(answer: unknown, qs: IDataObject): boolean;
}

/**
 * The request hook of an operation that reads several pages, for its route (`routeTo` gives it).
 */
export type PagedRequests = (
	route: Route,
) => (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/**
 * A request hook for operations that read several pages (or date windows), set on the operation
 * with `routing.operations.pagination` (routeTo's `pagination`). Each page goes through the same
 * policy; Return All / Limit are read from the operation's `returnAll` and `limit` fields when it
 * has them.
 */
export function paginated(walk: (context: IExecutePaginationFunctions) => PageWalk): PagedRequests {
	return (route) =>
		asRequestHook(async function (
			this: IExecutePaginationFunctions,
			requestData: DeclarativeRestApiSettings.ResultOptions,
		): Promise<INodeExecutionData[]> {
			const credential = await refuseUnusableCredential(this);
			// Answered by its preSend (Post → Update's Check Only): the items, nothing sent.
			const answered = answeredWithoutSending(requestData, credential);
			if (answered) return answered;
			const { send, finish, captured } = prepare(this, requestData, credential, route);
			const returnAll = this.getNodeParameter('returnAll', true) as boolean;
			const limit = returnAll ? Infinity : (this.getNodeParameter('limit', 50) as number);
			const pages = walk(this);
			const qs = (requestData.options.qs ??= {}) as IDataObject;
			const items: INodeExecutionData[] = [];
			if (!pages.start(qs)) return [];
			for (let page = 1; ; page++) {
				items.push(...(await send()));
				if (items.length >= limit || !pages.next(captured.body, qs)) break;
				if (page === MAX_PAGES_PER_CALL) throw endlessPages(this, requestData, page, items.length);
			}
			return finish(items.slice(0, limit));
		});
}

/**
 * The service still says "more" after the most pages one call reads (../bounds.ts): an error, never
 * a silent stop.
 */
function endlessPages(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	pages: number,
	read: number,
): NodeApiError {
	const route = `${String(requestData.options.method ?? 'GET').toUpperCase()} ${String(requestData.options.url ?? '')}`;
	return new NodeApiError(
		context.getNode(),
		{ route, pages },
		{
			message: `${route} still says there is more after ${pages} pages (${read} results read), the most one run reads`,
			description:
				'Either the service keeps answering "more" without end, or there is more than one run should read. Turn Return All off and set a Limit, or narrow the search; if the results repeat, the service is at fault.',
			itemIndex: context.getItemIndex(),
		},
	);
}

type ApiContext = IExecuteSingleFunctions | IPollFunctions | ILoadOptionsFunctions | IHookFunctions;

export interface ApiRequestOptions {
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	/**
	 * Defaults to the node's Request Options (loaders: a short timeout, one retry, no rate-limit
	 * wait).
	 */
	policy?: TransportPolicy;
	itemIndex?: number;
	/**
	 * The route sent to, with its facts: the operation's that sends it (`findNextFreeSlot.route`).
	 */
	route?: Route;
}

/** The whole answer (body and headers) of one request under the policy. */
export async function apiRequestFull(
	this: ApiContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<{ body: unknown; headers: IDataObject }> {
	const loader = !('getItemIndex' in this) && !('getWorkflowStaticData' in this);
	const policy =
		options.policy ?? nodePolicy(this as ParameterReader, loader ? LOADER_POLICY : DEFAULT_POLICY);
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	refuseUnusableKey(() => this.getNode(), credentials, options.itemIndex);
	const redactor = keyRedactor(String(credentials.apiKey ?? '').trim());
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
	const target: Target = {
		method,
		path,
		itemIndex: options.itemIndex,
		baseUrl: request.baseURL,
		route: matchRoute(options.route, method, path),
	};
	// Requests made for an item (Post → Create's look-ups) share the run's pacer; loaders and the
	// trigger send alone.
	const pacer = 'getExecuteData' in this ? pacerOf(this, policy.maxInFlight) : undefined;
	// Each attempt's answer, or the client's error, with the key replaced before anything reads it;
	// the error handed on alike.
	const send = async (signal?: AbortSignal) =>
		(await withDeadlineSignal(
			this,
			signal,
			async () =>
				await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
					...request,
					abortSignal: signal,
				}),
		)) as IN8nHttpFullResponse;
	const response = await keyGuarded(
		redactor,
		async () =>
			await sendWithPolicy(
				() => this.getNode(),
				target,
				policy,
				async (signal) => {
					const answer = redactor.value(
						await keyGuarded(redactor, async () => await send(signal), true),
					);
					// Inside the attempt, so that a broken answer to a GET is retried like a dropped
					// connection.
					assertApiAnswer(() => this.getNode(), answer, target);
					return answer;
				},
				{ pacer, headersOf: (answer) => lowerCaseKeys(answer.headers) },
			),
	);
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

/**
 * The X-RateLimit-* figures of an answer, or null when the route sends none; a figure that cannot
 * be read is null, the reset is in seconds from now however the service wrote it (rateLimits.ts).
 */
export function rateLimitFigures(headers: IDataObject | undefined): IDataObject | null {
	if (!headers) return null;
	const names = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
	if (names.every((name) => headers[name] === undefined)) return null;
	const resetMs = resetDelayMs(headers['x-ratelimit-reset'], Date.now());
	return {
		limit: announcedCount(headers['x-ratelimit-limit']) ?? null,
		remaining: announcedCount(headers['x-ratelimit-remaining']) ?? null,
		resetSeconds: resetMs === undefined ? null : Math.ceil(resetMs / 1000),
	};
}
