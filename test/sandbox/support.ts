/** Shared set-up of the sandbox contract tests: one sandbox per test file, an axios client that never throws on status. */
import axios, { type AxiosInstance } from 'axios';
import type { RunningSandbox, SandboxOptions } from '../../sandbox';
import { sandboxPerFile } from '../helpers/sandbox';

export interface TestSandbox {
	sb: RunningSandbox;
	/** Authenticated with the main organisation's key. */
	api: AxiosInstance;
	/** Any Authorization header (or none). */
	as(authorization?: string): AxiosInstance;
}

/** A fixed start so dates in tests are readable: Sunday 1 March 2026, 08:00 UTC. */
export const T0 = '2026-03-01T08:00:00.000Z';

/** The clients of a running sandbox: with the main organisation's key, or any Authorization header. */
function clientsOf(sb: RunningSandbox): TestSandbox {
	const as = (authorization?: string) =>
		axios.create({
			baseURL: sb.baseUrl,
			headers: authorization === undefined ? {} : { Authorization: authorization },
			validateStatus: () => true,
			timeout: 10_000,
		});
	return { sb, api: as(sb.apiKey), as };
}

/**
 * The set-up every contract test file shares: one sandbox for the file (test/helpers/sandbox.ts: closed
 * after it, reset to the seeded state before each test unless `reset: false`, for files whose tests
 * only read), on a manual clock at T0. The returned object is filled in `beforeAll`.
 */
export function useTestSandbox(
	options: SandboxOptions = {},
	{ reset = true }: { reset?: boolean } = {},
): TestSandbox {
	const t = {} as TestSandbox;
	const file = sandboxPerFile({ clock: { mode: 'manual', now: T0 }, ...options }, { reset });
	beforeAll(() => {
		Object.assign(t, clientsOf(file.sandbox));
	});
	return t;
}

/** A valid one-channel POST /posts body; override what the test is about. */
export function postBody(
	channelId: string,
	overrides: Record<string, unknown> = {},
	settings?: unknown,
) {
	return {
		type: 'schedule',
		date: '2026-03-02T10:00:00Z',
		shortLink: false,
		tags: [],
		posts: [
			{
				integration: { id: channelId },
				value: [{ content: 'Hello from the sandbox', image: [] }],
				...(settings === undefined ? {} : { settings }),
			},
		],
		...overrides,
	};
}

export const X_SETTINGS = { who_can_reply_post: 'everyone' };
