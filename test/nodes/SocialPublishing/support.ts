/**
 * What the Social Publishing node tests share: the sandbox of the test file (test/helpers/sandbox.ts:
 * started once, reset before each test, its request log), the node as n8n loads it, and a `run` that
 * executes it in a workflow with short timeouts and backoffs so that the error paths stay fast.
 */
import axios from 'axios';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { SandboxOptions } from '../../../sandbox';
import {
	NODE_TYPE,
	runNode,
	type RunNodeOptions,
	type RunNodeResult,
	type TestCredentials,
} from '../../helpers/engine';
import { sandboxPerFile, type SandboxHarness } from '../../helpers/sandbox';
import {
	ITEM_MARK_KEY,
	SENT_AT_KEY,
} from '../../../nodes/SocialPublishing/resources/post/create/itemMark';

// The node is registered once, as n8n loads it, by the engine (test/helpers/engine.ts).
export { NODE_TYPE };

/** Request Options for tests: a 1.5 s timeout, one retry after 20 ms, no waiting on 429. */
export const FAST: INodeParameters = {
	timeout: 1500,
	maxRetries: 1,
	retryDelay: 20,
	maxRateLimitWait: 0,
};

export interface Harness extends SandboxHarness {
	/** Runs the node with these parameters (Request Options default to the harness's, FAST unless told). */
	run(parameters: INodeParameters, options?: RunOptions): Promise<RunNodeResult>;
}

export interface RunOptions {
	items?: Array<IDataObject | INodeExecutionData>;
	continueOnFail?: boolean;
	onError?: RunNodeOptions['onError'];
	credentials?: TestCredentials;
	/** Node settings besides its parameters (Retry On Fail). */
	node?: RunNodeOptions['node'];
}

export interface HarnessOptions extends SandboxOptions {
	/**
	 * The Request Options every run starts from (a run's own parameters win): FAST unless told;
	 * `null` leaves them to the node's defaults (30 s timeout, 2 retries for reads, 60 s 429 waits).
	 */
	requestOptions?: INodeParameters | null;
}

/** Starts the sandbox for the test file (the spec profile unless told), resets it before each test, and runs the node. */
export function useSandbox(options: HarnessOptions = {}): Harness {
	const { requestOptions = FAST, ...sandboxOptions } = options;
	const harness = sandboxPerFile<Harness>(sandboxOptions);
	harness.run = async (parameters, runOptions = {}) =>
		await runNode({
			credentials: runOptions.credentials ?? harness.credentials,
			parameters: { ...(requestOptions ? { requestOptions } : {}), ...parameters },
			items: runOptions.items,
			continueOnFail: runOptions.continueOnFail,
			node: runOptions.node,
			onError: runOptions.onError,
			nodeType: NODE_TYPE,
		});
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

export const jsonOf = (result: RunNodeResult): IDataObject[] =>
	result.items.map((item) => item.json);

/** The error of a run, or of its first failed item under Continue On Fail. */
export function errorOf(result: RunNodeResult): {
	message: string;
	description?: string;
	httpCode?: string | null;
	itemIndex?: unknown;
} {
	const error = (result.error ?? result.items.find((item) => item.error)?.error) as
		| (Error & { description?: string; httpCode?: string | null; context?: IDataObject })
		| undefined;
	if (!error)
		throw new Error(
			`Expected the run to fail; it output ${JSON.stringify(result.items.map((i) => i.json)).slice(0, 300)}`,
		);
	return {
		message: error.message,
		description: error.description ?? undefined,
		httpCode: error.httpCode,
		itemIndex: error.context?.itemIndex,
	};
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

/**
 * A POST /posts body as the node built it, without the mark Skip Posts Already Created puts in each
 * post's settings (a settings object holding only the mark goes too),
 * for tests about the rest of the body; earlierPosts.test.ts checks the mark itself.
 */
export function withoutItemMark<T>(body: T): T {
	const posts = (body as { posts?: unknown } | undefined)?.posts;
	if (!Array.isArray(posts)) return body;
	const unmarked = posts.map((post: IDataObject) => {
		const settings = post?.settings as IDataObject | undefined;
		if (typeof settings !== 'object' || settings === null || !(ITEM_MARK_KEY in settings))
			return post;
		const rest = { ...settings };
		delete rest[ITEM_MARK_KEY];
		delete rest[SENT_AT_KEY];
		const copy = { ...post, settings: rest };
		if (Object.keys(rest).length === 0) delete (copy as IDataObject).settings;
		return copy;
	});
	return { ...body, posts: unmarked };
}
