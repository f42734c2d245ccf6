/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * What the Social Publishing node tests share: one sandbox per test file (reset before each test),
 * the node loaded as n8n loads it, and a `run` that executes one node of a workflow with short
 * timeouts and backoffs so that the error paths stay fast.
 */
import axios, { type AxiosInstance } from 'axios';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../sandbox';
import type { LoggedRequest } from '../../../sandbox/requestLog';
import { NODE_TYPE, runNode, type RunNodeResult, type TestCredentials } from '../../helpers/engine';

// The node is registered once, as n8n loads it, by the engine (test/helpers/engine.ts).
export { NODE_TYPE };

/** Request Options for tests: a 1.5 s timeout, one retry after 20 ms, no waiting on 429. */
export const FAST: INodeParameters = { timeout: 1500, maxRetries: 1, retryDelay: 20, maxRateLimitWait: 0 };

export interface Harness {
	sandbox: RunningSandbox;
	credentials: TestCredentials;
	/** Runs the node with these parameters (Request Options default to the harness's, FAST unless told). */
	run(parameters: INodeParameters, options?: RunOptions): Promise<RunNodeResult>;
	/** Requests the sandbox received since the last reset, optionally only those to a path. */
	requests(method?: string, path?: string | RegExp): Promise<LoggedRequest[]>;
	/** The same as `METHOD /path` lines (query left out), in the order received. */
	routes(): Promise<string[]>;
	/** An HTTP client on the sandbox's API with the key, which resolves whatever the status. */
	api(): AxiosInstance;
	/**
	 * The same, once at least `expected` are logged (waiting up to 1 s): the sandbox logs a request
	 * the client gave up on only when it notices the closed socket.
	 */
	settledRequests(expected: number, method?: string, path?: string | RegExp): Promise<LoggedRequest[]>;
}

export interface RunOptions {
	items?: Array<IDataObject | INodeExecutionData>;
	continueOnFail?: boolean;
	credentials?: TestCredentials;
}

export interface HarnessOptions extends SandboxOptions {
	/**
	 * The Request Options every run starts from (a run's own parameters win): FAST unless told;
	 * `null` leaves them to the node's defaults (30 s timeout, 2 retries for reads, 60 s 429 waits).
	 */
	requestOptions?: INodeParameters | null;
}

/** Starts the sandbox for the test file (the spec profile unless told) and resets it before each test. */
export function useSandbox(options: HarnessOptions = {}): Harness {
	const { requestOptions = FAST, ...sandboxOptions } = options;
	const harness = {} as Harness;
	beforeAll(async () => {
		harness.sandbox = await startSandbox({ ...sandboxOptions, control: true });
		harness.credentials = { baseUrl: harness.sandbox.baseUrl, apiKey: harness.sandbox.apiKey };
	});
	afterAll(async () => {
		await harness.sandbox?.close();
	});
	beforeEach(async () => {
		await harness.sandbox.control.reset();
	});
	harness.run = async (parameters, options = {}) =>
		await runNode({
			credentials: options.credentials ?? harness.credentials,
			parameters: { ...(requestOptions ? { requestOptions } : {}), ...parameters },
			items: options.items,
			continueOnFail: options.continueOnFail,
			nodeType: NODE_TYPE,
		});
	// Paths are relative to the API base; a few sandbox log entries carry the base too, so it is cut here.
	harness.requests = async (method, path) =>
		(await harness.sandbox.control.requests()).map((r) => ({ ...r, path: r.path.replace(/^\/api\/public\/v1(?=\/)/, '') })).filter(
			(r) =>
				(!method || r.method === method) &&
				(path === undefined || (typeof path === 'string' ? r.path === path : path.test(r.path))),
		);
	harness.routes = async () => (await harness.requests()).map((request) => `${request.method} ${request.path}`);
	harness.api = () =>
		axios.create({ baseURL: harness.sandbox.baseUrl, headers: { Authorization: harness.sandbox.apiKey }, validateStatus: () => true });
	harness.settledRequests = async (expected, method, path) => {
		for (let waited = 0; ; waited += 50) {
			const found = await harness.requests(method, path);
			if (found.length >= expected || waited >= 1000) return found;
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	};
	return harness;
}

/** A resource locator value "By ID". */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** A resource locator value picked "From List" (the editor also keeps the name it showed, when given). */
export const fromList = (value: string, cachedResultName?: string) => ({
	__rl: true,
	mode: 'list',
	value,
	...(cachedResultName === undefined ? {} : { cachedResultName }),
});

export const jsonOf = (result: RunNodeResult): IDataObject[] => result.items.map((item) => item.json);

/** The error of a run, or of its first failed item under Continue On Fail. */
export function errorOf(result: RunNodeResult): { message: string; description?: string; httpCode?: string | null; itemIndex?: unknown } {
	const error = (result.error ?? result.items.find((item) => item.error)?.error) as
		| (Error & { description?: string; httpCode?: string | null; context?: IDataObject })
		| undefined;
	if (!error) throw new Error(`Expected the run to fail; it output ${JSON.stringify(result.items.map((i) => i.json)).slice(0, 300)}`);
	return { message: error.message, description: error.description ?? undefined, httpCode: error.httpCode, itemIndex: error.context?.itemIndex };
}

/** The text of a failed run's error, its message and description; '' when the run did not fail. */
export function errorText(result: RunNodeResult): string {
	const error = result.error;
	if (!error) return '';
	return `${error.message}\n${String(error.description ?? '')}`;
}

/** An id no sandbox object has. */
export const UNKNOWN_ID = '0f000000-0000-4000-8000-00000000dead';

/** Creates posts straight through the API (POST /posts is another operation's job), one per channel. */
export async function createPosts(
	t: Harness,
	post: {
		type?: 'draft' | 'schedule' | 'now';
		date: string;
		channels: string[];
		content?: string;
		tags?: string[];
		inter?: number;
		settings?: IDataObject;
	},
): Promise<Array<{ postId: string; integration: string }>> {
	const response = await axios.post(
		`${t.sandbox.baseUrl}/posts`,
		{
			type: post.type ?? 'schedule',
			date: post.date,
			shortLink: false,
			tags: (post.tags ?? []).map((label) => ({ value: label, label })),
			...(post.inter ? { inter: post.inter } : {}),
			posts: post.channels.map((id) => ({
				integration: { id },
				value: [{ content: post.content ?? 'Hello from the tests', image: [] }],
				...(post.settings ? { settings: post.settings } : {}),
			})),
		},
		{ headers: { Authorization: t.sandbox.apiKey } },
	);
	return response.data as Array<{ postId: string; integration: string }>;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** An ISO date `days` from now (negative: in the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
