/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped: n8n's logger, to capture what it is told */
/**
 * What every hostile case shares: the node (or the trigger) run against a service that misbehaves on purpose
 * (test/helpers/hostileServer.ts) with a key that is easy to find, n8n's log captured, and one assertion of what
 * must hold whatever the service does — `expectHostileOutcome`:
 * - the words a user reads have no stack trace, "undefined", "null", "NaN", "[object Object]", "Invalid time value";
 * - the key (bare, in its `Bearer` form, URL-encoded) appears nowhere: not in the message, the description, the
 *   error's `errorResponse` or any other field saved with the execution, the output items, or n8n's log;
 * - the requests the service received, and the time the run took.
 */
import { createRequire } from 'node:module';

import {
	LoggerProxy,
	type IDataObject,
	type INodeExecutionData,
	type INodeParameters,
} from 'n8n-workflow';

import { runNode, type RunNodeResult, type TestCredentials } from '../../../helpers/engine';
import { startHostileServer, type HostileServer } from '../../../helpers/hostileServer';
import { FAST, NODE_TYPE } from '../support';

/** A key with characters that URL-encoding changes, so each of its forms is a different string to look for. */
export const TELLTALE = 'pos_h0stile+Key/9f2c=';

/** A channel record as GET /integrations lists it: an X channel with the id the JSON bodies below name. */
export const X_CHANNEL = {
	id: 'c1',
	name: 'Main',
	identifier: 'x',
	picture: '',
	disabled: false,
	profile: 'main',
};

/** Request (JSON) of Post → Create: a draft on X_CHANNEL that passes every check, so only the service's answer is on trial. */
export const X_DRAFT_JSON = JSON.stringify({
	type: 'draft',
	date: '2030-01-01T10:00:00Z',
	shortLink: false,
	tags: [],
	posts: [
		{
			integration: { id: 'c1' },
			value: [{ content: 'Hello', image: [] }],
			settings: { __type: 'x', who_can_reply_post: 'everyone' },
		},
	],
});

/** Every form in which the key could leave: bare, as the header a client sends, URL-encoded (twice). */
export function keyForms(key = TELLTALE): string[] {
	return [
		key,
		`Bearer ${key}`,
		encodeURIComponent(key),
		encodeURIComponent(encodeURIComponent(key)),
	];
}

/** Every string inside a value, own properties of errors included (message, stack, cause, errorResponse, …). */
export function stringsIn(value: unknown, seen = new WeakSet<object>()): string[] {
	if (typeof value === 'string') return [value];
	if (value === null || typeof value !== 'object') return [];
	if (seen.has(value)) return [];
	seen.add(value);
	if (Buffer.isBuffer(value)) return [value.toString('utf8')];
	const out: string[] = [];
	for (const name of Object.getOwnPropertyNames(value)) {
		let inner: unknown;
		try {
			inner = (value as Record<string, unknown>)[name];
		} catch {
			continue;
		}
		out.push(name, ...stringsIn(inner, seen));
	}
	return out;
}

/** Words that mean a value or an error reached the user unworded. */
const UNWORDED = [
	/\bundefined\b/,
	/\bnull\b/,
	/\bNaN\b/,
	/\[object Object\]/,
	/Invalid time value/,
	/\n\s+at .+\(.*:\d+:\d+\)/,
	/Maximum call stack/,
];

/** The lines n8n's log received while capturing (every level, with their metadata). */
export interface LogCapture {
	lines: string[];
	stop(): void;
}

/**
 * The Logger that node contexts hand out as `this.logger`. n8n-core has its own copies of @n8n/di and
 * @n8n/backend-common, so they are loaded from where n8n-core finds them, not from the project's root.
 */
function contextLogger(): Record<string, unknown> {
	const fromCore = createRequire(require.resolve('n8n-core'));
	const { Container } = fromCore('@n8n/di') as { Container: { get(type: unknown): unknown } };
	const { Logger } = fromCore('@n8n/backend-common') as { Logger: unknown };
	return Container.get(Logger) as Record<string, unknown>;
}

/** Captures n8n's log: the backend Logger that node contexts use (`this.logger`) and n8n-workflow's LoggerProxy. */
export function captureN8nLog(): LogCapture {
	const lines: string[] = [];
	const logger = contextLogger();
	const levels = ['error', 'warn', 'info', 'debug'] as const;
	const originals = levels.map((level) => logger[level]);
	const record = (level: string) => (message: unknown, meta?: unknown) => {
		lines.push([level, ...stringsIn(message), ...stringsIn(meta)].join(' '));
	};
	for (const level of levels) logger[level] = record(level);
	const proxy = Object.fromEntries(levels.map((level) => [level, record(level)]));
	LoggerProxy.init(proxy as unknown as Parameters<typeof LoggerProxy.init>[0]);
	return {
		lines,
		stop() {
			levels.forEach((level, index) => (logger[level] = originals[index]));
		},
	};
}

export interface HostileRun {
	result: RunNodeResult;
	ms: number;
	/** n8n's log lines during the run. */
	log: string[];
	/** What the service received during the run (`METHOD /path`, without the API prefix). */
	requests: string[];
}

export interface HostileHarness {
	server: HostileServer;
	credentials: TestCredentials;
	/** Runs the node with these parameters (Request Options FAST unless given) against the server. */
	run(
		parameters: INodeParameters,
		options?: {
			items?: Array<IDataObject | INodeExecutionData>;
			continueOnFail?: boolean;
			/** The node's On Error setting (the error output). */
			onError?: 'continueRegularOutput' | 'continueErrorOutput';
			baseUrl?: string;
		},
	): Promise<HostileRun>;
}

/** Starts a hostile server for the test file, resets it before each test (requests forgotten, answer unset). */
export function useHostileService(): HostileHarness {
	const harness = {} as HostileHarness;
	beforeAll(async () => {
		harness.server = await startHostileServer();
		harness.credentials = { baseUrl: harness.server.baseUrl, apiKey: TELLTALE };
	});
	afterAll(async () => {
		await harness.server.close();
	});
	beforeEach(() => harness.server.reset());
	harness.run = async (parameters, options = {}) => {
		const capture = captureN8nLog();
		const started = Date.now();
		try {
			const result = await runNode({
				credentials: {
					...harness.credentials,
					...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
				},
				parameters: { requestOptions: FAST, ...parameters },
				items: options.items,
				continueOnFail: options.continueOnFail,
				onError: options.onError,
				nodeType: NODE_TYPE,
			});
			const ms = Date.now() - started;
			return {
				result,
				ms,
				log: capture.lines,
				requests: harness.server.requests.map((r) => `${r.method} ${r.path}`),
			};
		} finally {
			capture.stop();
		}
	};
	return harness;
}

export interface Expected {
	/** The error's message (when the run must fail); a RegExp is matched, a string must be contained. */
	message?: RegExp | string;
	/** The error's description. */
	description?: RegExp | string;
	/** The run must succeed (no error, no error item). */
	succeeds?: boolean;
	/** How many requests the service received during the run (exactly). */
	requests?: number;
	/** The run ended within this many ms. */
	withinMs?: number;
	/** The key to look for (TELLTALE unless told). */
	key?: string;
}

function matches(text: string, expected: RegExp | string): boolean {
	return typeof expected === 'string' ? text.includes(expected) : expected.test(text);
}

/** The error a run shows: the execution's, or the first error item's under Continue On Fail. */
export function shownError(
	result: RunNodeResult,
): (Error & { description?: string | null }) | undefined {
	return (result.error ?? result.items.find((item) => item.error)?.error) as
		| (Error & { description?: string | null })
		| undefined;
}

/**
 * Asserts what every hostile case must: words a user can read, the key nowhere, the requests and the time.
 * Returns the error's message and description for further checks.
 */
export function expectHostileOutcome(
	run: HostileRun,
	expected: Expected = {},
): { message: string; description: string } {
	const { result } = run;
	const error = shownError(result);
	const message = error?.message ?? '';
	const description = String(error?.description ?? '');
	if (expected.succeeds) {
		expect({ failed: message }).toEqual({ failed: '' });
	} else if (expected.message !== undefined || expected.description !== undefined) {
		expect(error).toBeDefined();
	}
	if (expected.message !== undefined && !matches(message, expected.message)) {
		throw new Error(`The message was:\n  ${message}\nexpected: ${String(expected.message)}`);
	}
	if (expected.description !== undefined && !matches(description, expected.description)) {
		throw new Error(
			`The description was:\n  ${description}\nexpected: ${String(expected.description)}`,
		);
	}
	for (const pattern of UNWORDED) {
		expect({
			text: `${message}\n${description}`,
			unworded: pattern.test(`${message}\n${description}`),
		}).toEqual({ text: `${message}\n${description}`, unworded: false });
	}
	const key = expected.key ?? TELLTALE;
	const places: Array<[string, unknown]> = [
		['the error', error],
		['the output items', result.items],
		["the execution's saved data", result.run.data],
		["n8n's log", run.log],
	];
	for (const [place, value] of places) {
		const leaked = stringsIn(value).filter((text) =>
			keyForms(key).some((form) => text.includes(form)),
		);
		expect({ place, leaked: leaked.map((text) => text.slice(0, 200)) }).toEqual({
			place,
			leaked: [],
		});
	}
	if (expected.requests !== undefined) {
		expect({ count: run.requests.length, requests: run.requests }).toEqual({
			count: expected.requests,
			requests: run.requests,
		});
	}
	if (expected.withinMs !== undefined) expect(run.ms).toBeLessThanOrEqual(expected.withinMs);
	return { message, description };
}
