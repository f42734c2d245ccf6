/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * The one sandbox lifecycle of the engine suites (action node, trigger, credentials): a sandbox started
 * for the test file, closed after it, reset to its seeded state before each test unless told, and what
 * it received, read back from its request log. test/nodes/SocialPublishing/support.ts adds the runs of
 * the action node on top.
 */
import axios, { type AxiosInstance } from 'axios';

import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox';
import type { LoggedRequest } from '../../sandbox/requestLog';
import type { TestCredentials } from './engine';

export interface SandboxHarness {
	sandbox: RunningSandbox;
	credentials: TestCredentials;
	/** Requests the sandbox received since the last reset, optionally only those to a path. */
	requests(method?: string, path?: string | RegExp): Promise<LoggedRequest[]>;
	/** The same as `METHOD /path` lines (query left out), in the order received. */
	routes(): Promise<string[]>;
	/**
	 * The same as `requests`, once at least `expected` are logged (waiting up to 1 s): the sandbox logs
	 * a request the client gave up on only when it notices the closed socket.
	 */
	settledRequests(
		expected: number,
		method?: string,
		path?: string | RegExp,
	): Promise<LoggedRequest[]>;
	/** An HTTP client on the sandbox's API with the key, which resolves whatever the status. */
	api(): AxiosInstance;
}

/**
 * Starts the sandbox for the test file (with its control API; the spec profile unless told) and
 * resets it before each test unless `reset: false`. The harness is filled in `beforeAll`.
 */
export function sandboxPerFile<T extends SandboxHarness = SandboxHarness>(
	options: SandboxOptions = {},
	{ reset = true }: { reset?: boolean } = {},
): T {
	const harness = {} as T;
	beforeAll(async () => {
		harness.sandbox = await startSandbox({ ...options, control: true });
		harness.credentials = { baseUrl: harness.sandbox.baseUrl, apiKey: harness.sandbox.apiKey };
	});
	afterAll(async () => {
		await harness.sandbox?.close();
	});
	if (reset) {
		beforeEach(async () => {
			await harness.sandbox.control.reset();
		});
	}
	// Paths are relative to the API base; a few sandbox log entries carry the base too, so it is cut here.
	harness.requests = async (method, path) =>
		(await harness.sandbox.control.requests())
			.map((r) => ({ ...r, path: r.path.replace(/^\/api\/public\/v1(?=\/)/, '') }))
			.filter(
				(r) =>
					(!method || r.method === method) &&
					(path === undefined || (typeof path === 'string' ? r.path === path : path.test(r.path))),
			);
	harness.routes = async () =>
		(await harness.requests()).map((request) => `${request.method} ${request.path}`);
	harness.settledRequests = async (expected, method, path) => {
		for (let waited = 0; ; waited += 50) {
			const found = await harness.requests(method, path);
			if (found.length >= expected || waited >= 1000) return found;
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	};
	harness.api = () =>
		axios.create({
			baseURL: harness.sandbox.baseUrl,
			headers: { Authorization: harness.sandbox.apiKey },
			validateStatus: () => true,
		});
	return harness;
}
