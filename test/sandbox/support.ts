/** Shared set-up of the sandbox contract tests: one sandbox per test file, an axios client that never throws on status. */
import axios, { type AxiosInstance } from 'axios';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox';

export interface TestSandbox {
	sb: RunningSandbox;
	/** Authenticated with the main organisation's key. */
	api: AxiosInstance;
	/** Any Authorization header (or none). */
	as(authorization?: string): AxiosInstance;
}

/** A fixed start so dates in tests are readable: Sunday 1 March 2026, 08:00 UTC. */
export const T0 = '2026-03-01T08:00:00.000Z';

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
	const sb = await startSandbox({ control: true, clock: { mode: 'manual', now: T0 }, ...options });
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
 * The set-up every contract test file shares: one sandbox for the file (closed after it), reset to
 * the seeded state before each test unless `reset: false` (files whose tests only read).
 * The returned object is filled in `beforeAll`.
 */
export function useTestSandbox(options: SandboxOptions = {}, { reset = true }: { reset?: boolean } = {}): TestSandbox {
	const t = {} as TestSandbox;
	beforeAll(async () => {
		Object.assign(t, await startTestSandbox(options));
	});
	afterAll(async () => await t.sb?.close());
	if (reset) beforeEach(async () => await t.sb.control.reset());
	return t;
}

/** A valid one-channel POST /posts body; override what the test is about. */
export function postBody(channelId: string, overrides: Record<string, unknown> = {}, settings?: unknown) {
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
