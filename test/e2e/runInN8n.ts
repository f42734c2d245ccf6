/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped: it runs n8n */
/**
 * The package inside a real n8n (local-n8n/: the pinned n8n on the Node it needs, installed on first use): installed
 * as a community package from its own tarball, credentials imported with the sandbox's key, workflows and the
 * example workflows (examples/) run by `n8n execute`, outputs checked against what the sandbox itself answers; then
 * the n8n server, checked through the editor's own REST endpoints, the published triggers across its polls and a
 * restart (restartN8n.ts). `npm run test:e2e` builds and starts this; it
 * needs `npm run build` (dist/) first. Prints `e2e: N passed, N failed` last; E2E_KEEP=1 keeps the work folder.
 *
 * `--n8n-line=1` (or N8N_LINE=1; `npm run test:e2e:n8n1`) runs the same checks in the last n8n 1.x line instead of
 * the default 2.x one (local-n8n/localN8n.ts `N8nLine`). The node has one code path for both; what differs between
 * the lines is handled here, in `LINES` below, and nowhere else.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import {
	EXAMPLES,
	exampleCredential,
	examplesFor,
	fileAccessEnv,
	nodeOf,
	readExample,
} from '../../examples/examples';
import {
	ensureN8nInstalled,
	LocalN8n,
	n8nLine,
	packPackage,
	PACKAGE,
	run as runCommand,
	type CommandResult,
	type N8nLine,
} from '../../local-n8n/localN8n';
import { PLATFORM_IDS, PLATFORMS } from '../../nodes/SocialPublishing/shared/platforms';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import type { LoggedRequest } from '../../sandbox/requestLog';
import { SEED_IDS } from '../../sandbox/seed';
import { png } from '../fixtures/media';
import { checklist } from '../helpers/checklist';
import { shownInTheEditor } from '../helpers/editorError';
import { serveFilesOverHttps } from '../helpers/httpsFileServer';
import {
	eventKey,
	FAILURE_REASON,
	MASTODON_CHANNEL,
	POST_EVENTS_TRIGGER,
	PostLedger,
	postEventsWorkflow,
	tally,
	wrongDetails,
	X_CHANNEL,
} from './postEventsLedger';
import { restartN8n } from './restartN8n';

const NODE_TYPE = `${PACKAGE}.socialPublishing`;
/** The instance owner, set up at the first start and logged in again after the restart. */
const OWNER = { email: 'e2e@example.com', password: 'E2e-password-1' };
const GOOD_CREDENTIAL = { id: 'e2eSocialPubKey1', name: 'Sandbox (e2e)' };
const BAD_CREDENTIAL = { id: 'e2eSocialPubBad1', name: 'Sandbox, wrong key (e2e)' };
const CHANNELS_WORKFLOW = 'e2eSocialPubWf01';
const REFUSED_RUN_WORKFLOW = 'e2eSocialPubWf02';
const CHECK_ONLY_WORKFLOW = 'e2eSocialPubWf03';
const MEDIA_URL_WORKFLOW = 'e2eSocialPubWf04';
const UPDATE_WORKFLOW = 'e2eSocialPubWf05';
const RETRY_ON_FAIL_WORKFLOW = 'e2eSocialPubWf06';
const FAILED_RUN_WORKFLOW = 'e2eSocialPubWf07';
/** Trigger On → Post Events, every event picked, published beside the two trigger examples. */
const POST_EVENTS_WORKFLOW = 'e2eSocialPubWf08';
/** Post → Create of three items (exactly once, issue 30): the node's name in both workflows. */
const CREATE_EACH = 'Create Each';
/** The three items' date; their texts name the workflow, so the two runs never find each other's posts. */
const ONCE_DATE = '2030-04-10T09:00:00.000Z';
const onceTexts = (what: string) => [1, 2, 3].map((n) => `Exactly once, ${what}: item ${n}`);
const RETRY_ON_FAIL_TEXTS = onceTexts('Retry On Fail');
const FAILED_RUN_TEXTS = onceTexts('a failed execution retried');
/** Post → Create of two items with n8n's Execute Once setting (issue 38, part 4). */
const EXECUTE_ONCE_WORKFLOW = 'e2eSocialPubWf09';
const EXECUTE_ONCE_TEXTS = onceTexts('Execute Once').slice(0, 2);
/** Post → Create of two items, the second with no text: the run's error, items counted from 1 (part 7). */
const NUMBERING_WORKFLOW = 'e2eSocialPubWf10';
const NUMBERING_TEXTS = [onceTexts('one numbering')[0], ''];
/** The sandbox answers 500 to the second POST /posts: item 1's post is created, item 2's fails. */
const SECOND_POST_FAILS = {
	method: 'POST',
	path: '/posts',
	fault: 'error500',
	skip: 1,
	times: 1,
} as const;
const RESCHEDULE = 'Reschedule';
const CHECK_RESCHEDULE = 'Check Reschedule';
/** Post → Update's queued post: its first date and text, then the new ones. */
const QUEUED = { date: '2030-03-01T10:00:00.000Z', content: 'Spring sale starts Monday' };
const MOVED = { date: '2030-03-02T12:30:00.000Z', content: 'Spring sale starts Tuesday' };
/** The day either side of Options → Current Publish Date: the one GET /posts it asks. */
const AROUND_QUEUED = {
	startDate: new Date(Date.parse(QUEUED.date) - 86_400_000).toISOString(),
	endDate: new Date(Date.parse(QUEUED.date) + 86_400_000).toISOString(),
};
const POST_WITH_URL = 'Post With Image URL';
// Unknown to the sandbox, so the service itself answers 401 and the node explains it.
const UNKNOWN_TO_SANDBOX = 'e2e-wrong-key-0123456789abcdef';

/** What differs between the n8n lines, as far as this run sees it; the checks themselves are the same. */
const LINES: Record<N8nLine, { name: string; publish: (workflowId: string) => string[] }> = {
	'2': {
		name: 'n8n 2.x',
		// 2.x saves workflow versions and runs only the published one: `publish:workflow` publishes the current version.
		publish: (id) => ['publish:workflow', `--id=${id}`],
	},
	'1': {
		name: 'n8n 1.x',
		// 1.x has no versions and no `publish:workflow`: a workflow is active or not, set by `update:workflow`.
		publish: (id) => ['update:workflow', `--id=${id}`, '--active=true'],
	},
};

interface Channel {
	id: string;
	name: string;
	identifier: string;
	disabled: boolean;
}

type Json = Record<string, unknown>;

/** `n8n execute` prints the run as pretty JSON between log lines: the block from a line "{" to the next line "}". */
function executionOf(output: string): Json {
	const lines = output.split('\n');
	const start = lines.indexOf('{');
	const end = start < 0 ? -1 : lines.indexOf('}', start);
	if (start < 0 || end < 0) throw new Error('n8n printed no execution JSON');
	return JSON.parse(lines.slice(start, end + 1).join('\n')) as Json;
}

function nodeRun(execution: Json, nodeName: string): Json {
	const runData = ((execution.data as Json | undefined)?.resultData as Json | undefined)
		?.runData as Record<string, Json[]> | undefined;
	const runs = runData?.[nodeName];
	if (!runs?.length)
		throw new Error(
			`node "${nodeName}" did not run (ran: ${Object.keys(runData ?? {}).join(', ') || 'none'})`,
		);
	return runs[0];
}

function outputItems(execution: Json, nodeName: string): Json[] {
	const first = nodeRun(execution, nodeName);
	if (first.executionStatus !== 'success')
		throw new Error(`node "${nodeName}" ended with status ${String(first.executionStatus)}`);
	const main = (first.data as { main?: Array<Array<{ json: Json }> | null> } | undefined)?.main;
	return (main?.[0] ?? []).map((item) => item.json);
}

function channelFields(items: Json[]): Channel[] {
	return items.map((c) => ({
		id: String(c.id),
		name: String(c.name),
		identifier: String(c.identifier),
		disabled: c.disabled === true,
	}));
}

function same(actual: unknown, expected: unknown, what: string): void {
	const a = JSON.stringify(actual);
	const e = JSON.stringify(expected);
	if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

function credentialsFile(baseUrl: string, apiKey: string): Json[] {
	return [
		{ ...GOOD_CREDENTIAL, type: 'socialPublishingApi', data: { baseUrl, apiKey } },
		{
			...BAD_CREDENTIAL,
			type: 'socialPublishingApi',
			data: { baseUrl, apiKey: UNKNOWN_TO_SANDBOX },
		},
	];
}

function ourNode(
	name: string,
	position: [number, number],
	parameters: Json,
	credential: typeof GOOD_CREDENTIAL,
): Json {
	return {
		id: name,
		name,
		type: NODE_TYPE,
		typeVersion: 1,
		position,
		parameters,
		credentials: { socialPublishingApi: credential },
	};
}

function workflow(id: string, name: string, nodes: Json[]): Json {
	const trigger = {
		id: 'start',
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [trigger, ...nodes],
		connections: {
			Start: { main: [nodes.map((n) => ({ node: n.name, type: 'main', index: 0 }))] },
		},
	};
}

/**
 * Three items, one text each (a Set node's list split by Split Out, core nodes of both n8n lines),
 * into Post → Create on one Mastodon channel; `settings` are the node's own (Retry On Fail).
 */
function threeItemsWorkflow(id: string, name: string, texts: string[], settings: Json): Json {
	const core = (
		nodeName: string,
		type: string,
		typeVersion: number,
		parameters: Json,
		x: number,
	) => ({
		id: nodeName,
		name: nodeName,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
	});
	const nodes = [
		{
			id: 'start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		core(
			'Texts',
			'n8n-nodes-base.set',
			3.4,
			{ mode: 'raw', jsonOutput: JSON.stringify({ text: texts }), options: {} },
			200,
		),
		core(
			'One Item Each',
			'n8n-nodes-base.splitOut',
			1,
			{ fieldToSplitOut: 'text', options: {} },
			400,
		),
		{
			...ourNode(
				CREATE_EACH,
				[600, 0],
				{
					resource: 'post',
					operation: 'create',
					inputMode: 'fields',
					type: 'schedule',
					dateMode: 'date',
					date: ONCE_DATE,
					contentMode: 'same',
					parts: { part: [{ content: '={{ $json.text }}' }] },
					channels: {
						channel: [
							{
								channel: { __rl: true, mode: 'id', value: SEED_IDS.channels.mastodon },
								platform: 'mastodon',
								settingsMode: 'fields',
							},
						],
					},
					options: {},
				},
				GOOD_CREDENTIAL,
			),
			...settings,
		},
	];
	const next = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes,
		connections: {
			Start: next('Texts'),
			Texts: next('One Item Each'),
			'One Item Each': next(CREATE_EACH),
		},
	};
}

/** Post → Create: a Mastodon thread whose post has an image by URL and whose reply waits an hour. */
function threadWithImageUrl(imageUrl: string, options: Json = {}): Json {
	return {
		resource: 'post',
		operation: 'create',
		inputMode: 'fields',
		type: 'schedule',
		dateMode: 'date',
		date: '2030-01-15T10:00:00Z',
		contentMode: 'same',
		parts: {
			part: [
				{
					content: 'Autumn is here',
					media: { item: [{ source: 'url', url: imageUrl, alt: 'Red leaves' }] },
				},
				{ content: 'More in an hour', delay: 60 },
			],
		},
		channels: {
			channel: [
				{
					channel: { __rl: true, mode: 'id', value: SEED_IDS.channels.mastodon },
					platform: 'mastodon',
					settingsMode: 'fields',
				},
			],
		},
		// The test's file server is on this machine.
		options: { allowPrivateAddress: true, ...options },
	};
}

/** Post → Update of the queued post: its new text and date, The Post Has None; `options` as given. */
function reschedule(postId: string, options: Json): Json {
	return {
		resource: 'post',
		operation: 'update',
		postId,
		updateFields: { content: MOVED.content, date: MOVED.date },
		mediaAndFollowUps: 'none',
		options,
	};
}

function workflowsFile(imageUrl: string, queuedPostId: string): Json[] {
	return [
		threeItemsWorkflow(
			RETRY_ON_FAIL_WORKFLOW,
			'e2e: Retry On Fail creates each post once',
			RETRY_ON_FAIL_TEXTS,
			{ retryOnFail: true, maxTries: 2, waitBetweenTries: 100 },
		),
		threeItemsWorkflow(
			FAILED_RUN_WORKFLOW,
			'e2e: a failed execution retried creates each post once',
			FAILED_RUN_TEXTS,
			{},
		),
		threeItemsWorkflow(
			EXECUTE_ONCE_WORKFLOW,
			'e2e: Execute Once creates item 1 alone',
			EXECUTE_ONCE_TEXTS,
			{ executeOnce: true },
		),
		threeItemsWorkflow(NUMBERING_WORKFLOW, 'e2e: a refused item 2 is item 2', NUMBERING_TEXTS, {}),
		workflow(UPDATE_WORKFLOW, 'e2e: reschedule a queued post, found on its day', [
			ourNode(
				RESCHEDULE,
				[250, 0],
				reschedule(queuedPostId, { currentDate: QUEUED.date }),
				GOOD_CREDENTIAL,
			),
		]),
		// Create's and Update's Check Only in one run (one `n8n execute`): neither may write.
		workflow(CHECK_ONLY_WORKFLOW, 'e2e: check only', [
			ourNode(
				POST_WITH_URL,
				[250, 0],
				threadWithImageUrl(imageUrl, { checkOnly: true }),
				GOOD_CREDENTIAL,
			),
			ourNode(
				CHECK_RESCHEDULE,
				[250, 200],
				reschedule(queuedPostId, { checkOnly: true }),
				GOOD_CREDENTIAL,
			),
		]),
		workflow(MEDIA_URL_WORKFLOW, 'e2e: media by URL and a follow-up delay', [
			ourNode(POST_WITH_URL, [250, 0], threadWithImageUrl(imageUrl), GOOD_CREDENTIAL),
		]),
		workflow(CHANNELS_WORKFLOW, 'e2e: channels', [
			ourNode(
				'Check Connection',
				[250, 0],
				{ resource: 'channel', operation: 'checkConnection' },
				GOOD_CREDENTIAL,
			),
			ourNode(
				'All Channels',
				[250, 200],
				{ resource: 'channel', operation: 'getMany', filters: {} },
				GOOD_CREDENTIAL,
			),
			ourNode(
				'Enabled LinkedIn Channels',
				[250, 400],
				{
					resource: 'channel',
					operation: 'getMany',
					filters: { platforms: ['linkedin'], status: 'enabled' },
				},
				GOOD_CREDENTIAL,
			),
		]),
		workflow(REFUSED_RUN_WORKFLOW, 'e2e: wrong key', [
			ourNode(
				'Check Connection',
				[250, 0],
				{ resource: 'channel', operation: 'checkConnection' },
				BAD_CREDENTIAL,
			),
		]),
		postEventsWorkflow({
			id: POST_EVENTS_WORKFLOW,
			name: 'e2e: every post event',
			credential: GOOD_CREDENTIAL,
			pollTimes: { item: [{ mode: 'everyMinute' }] },
		}),
	];
}

async function sandboxGet(sandbox: RunningSandbox, url: string): Promise<unknown> {
	const response = await fetch(url, { headers: { Authorization: sandbox.apiKey } });
	if (!response.ok)
		throw new Error(`GET ${url.replace(sandbox.origin, '')} answered ${response.status}`);
	return await response.json();
}

async function sandboxPost(sandbox: RunningSandbox, path: string, body: unknown): Promise<unknown> {
	const response = await fetch(`${sandbox.baseUrl}${path}`, {
		method: 'POST',
		headers: { Authorization: sandbox.apiKey, 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
	if (!response.ok)
		throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
	return await response.json();
}

/** The posts the sandbox lists on ONCE_DATE's day with each of `texts`: their ids, per text. */
async function postsWithTexts(sandbox: RunningSandbox, texts: string[]): Promise<string[][]> {
	const day = Date.parse(ONCE_DATE);
	const query = new URLSearchParams({
		startDate: new Date(day - 86_400_000).toISOString(),
		endDate: new Date(day + 86_400_000).toISOString(),
	});
	const { posts } = (await sandboxGet(sandbox, `${sandbox.baseUrl}/posts?${query}`)) as {
		posts: Array<{ id: string; content: string }>;
	};
	const plain = (content: string) => content.replace(/<[^>]*>/g, '').trim();
	return texts.map((text) => posts.filter((p) => plain(p.content) === text).map((p) => p.id));
}

/**
 * What a run's POST /posts sent and got, in order: "<text of part 1> <status>"; a request a fault
 * answered has no body in the log (faults answer before the body is read): "fault <status>".
 */
function postsSent(requests: LoggedRequest[]): string[] {
	return requests
		.filter((r) => r.method === 'POST' && r.path === '/posts')
		.map((r) => {
			const body = r.body as { posts: Array<{ value: Array<{ content: string }> }> } | undefined;
			return `${r.fault ? 'fault' : body?.posts[0].value[0].content} ${r.status}`;
		});
}

async function main(): Promise<number> {
	const argument = process.argv.slice(2).find((a) => a.startsWith('--n8n-line='));
	const install = await ensureN8nInstalled(
		n8nLine(argument?.slice('--n8n-line='.length) ?? process.env.N8N_LINE),
	);
	const line = LINES[install.line];
	const version = JSON.parse(
		await readFile(join(dirname(install.n8n), '..', 'package.json'), 'utf8'),
	) as { version: string };
	process.stdout.write(
		`e2e: ${line.name}: n8n ${version.version} on Node ${(await runCommand(install.node, ['--version'], { cwd: tmpdir(), timeoutMs: 30_000 })).output.trim()}\n`,
	);
	const work = await mkdtemp(join(tmpdir(), 'n8n-e2e-'));
	const started = Date.now();
	// Post → Update needs the service's edit of posts (production's; the contract has none); Skip Posts
	// Already Created finds its mark in the settings production lists with each post (the contract
	// lists none), so that the mark, read through n8n's item links, is what real n8n runs here.
	const sandbox = await startSandbox({
		control: true,
		productionQuirks: { editInPlace: true, postSettingsString: true },
	});
	const files = await serveFilesOverHttps({
		'/autumn.png': (_req, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(png()),
	});
	const secrets = [sandbox.apiKey, UNKNOWN_TO_SANDBOX];
	// The bulk example reads its CSV (a copy, image URL swapped) from here.
	const filesFolder = join(work, 'files');
	const n8n = await LocalN8n.create({
		install,
		work,
		tarball: await packPackage(work),
		secrets,
		env: fileAccessEnv(filesFolder),
	});
	const outputs: string[] = [];
	const { check, summary } = checklist('e2e', (text) => n8n.redact(text));
	const cli = async (...args: string[]): Promise<CommandResult> => {
		const result = await n8n.cli(...args);
		outputs.push(result.output);
		process.stdout.write(
			`     (n8n ${args[0]}: exit ${result.code ?? 'killed'}, ${result.seconds.toFixed(1)} s)\n`,
		);
		return result;
	};
	const tail = (result: CommandResult) =>
		n8n.redact(result.output.trim().split('\n').slice(-25).join('\n'));
	const expectExit0 = (result: CommandResult) => {
		if (result.code !== 0)
			throw new Error(
				`n8n exited with ${result.code ?? 'a kill after the time limit'}; its last lines:\n${tail(result)}`,
			);
	};
	const execute = async (workflowId: string): Promise<Json> => {
		const result = await cli('execute', `--id=${workflowId}`, '--rawOutput');
		expectExit0(result);
		const execution = executionOf(result.output);
		same(execution.status, 'success', 'execution status');
		return execution;
	};

	try {
		await sandbox.control.settings({ trustedUploadCa: files.ca, allowLoopbackUploadUrls: true });
		const listed = (await sandboxGet(sandbox, `${sandbox.baseUrl}/integrations`)) as Array<{
			id: string;
			identifier: string;
		}>;
		const mastodon = listed.find((c) => c.identifier === 'mastodon')?.id as string;
		const [queued] = (await sandboxPost(sandbox, '/posts', {
			type: 'schedule',
			date: QUEUED.date,
			shortLink: false,
			tags: [],
			posts: [{ integration: { id: mastodon }, value: [{ content: QUEUED.content, image: [] }] }],
		})) as Array<{ postId: string }>;
		await sandbox.control.clearRequests(); // the checks below count n8n's requests only
		const credentialsPath = join(work, 'credentials.json');
		const workflowsPath = join(work, 'workflows.json');
		await writeFile(
			credentialsPath,
			JSON.stringify([
				...credentialsFile(sandbox.baseUrl, sandbox.apiKey),
				exampleCredential(sandbox.baseUrl, sandbox.apiKey),
			]),
		);
		const testWorkflows = workflowsFile(files.url('/autumn.png'), queued.postId);
		const exampleWorkflows = examplesFor({ imageUrl: files.url('/autumn.png'), filesFolder });
		await writeFile(workflowsPath, JSON.stringify([...testWorkflows, ...exampleWorkflows]));

		await check(
			'n8n imports the three socialPublishingApi credentials (decrypted form)',
			async () => {
				const result = await cli('import:credentials', `--input=${credentialsPath}`);
				expectExit0(result);
				if (!result.output.includes('Successfully imported 3 credentials'))
					throw new Error(`no success line:\n${tail(result)}`);
			},
		);
		await check(
			`n8n imports the ${testWorkflows.length} test workflows and the ${exampleWorkflows.length} examples`,
			async () => {
				const result = await cli('import:workflow', `--input=${workflowsPath}`);
				expectExit0(result);
				const all = testWorkflows.length + exampleWorkflows.length;
				if (!result.output.includes(`Successfully imported ${all} workflows`))
					throw new Error(`no success line:\n${tail(result)}`);
			},
		);

		const channelsRun = await cli('execute', `--id=${CHANNELS_WORKFLOW}`, '--rawOutput');
		let execution: Json = {};
		await check('n8n executes the channels workflow with our node loaded from .n8n/nodes', () => {
			expectExit0(channelsRun);
			execution = executionOf(channelsRun.output);
			same(execution.status, 'success', 'execution status');
		});
		// What the service says, read once: the request log first, so that every request in it came from n8n.
		const reference = (async () => {
			const requests = await sandbox.control.requests();
			const listed = channelFields(
				(await sandboxGet(sandbox, `${sandbox.baseUrl}/integrations`)) as Json[],
			);
			return { requests, listed };
		})();
		reference.catch(() => undefined); // each check that needs it reports the failure

		await check('Channel → Check Connection outputs { connected: true }', () => {
			same(outputItems(execution, 'Check Connection'), [{ connected: true }], 'items');
		});
		await check(
			'Channel → Get Many outputs every channel GET /integrations lists, in order',
			async () => {
				const { listed } = await reference;
				if (listed.length === 0)
					throw new Error('the sandbox lists no channel, so the comparison would prove nothing');
				same(channelFields(outputItems(execution, 'All Channels')), listed, 'channels');
			},
		);
		await check(
			'Channel → Get Many with filters (LinkedIn, enabled only) keeps exactly those',
			async () => {
				const { listed } = await reference;
				const expected = listed.filter((c) => c.identifier === 'linkedin' && !c.disabled);
				const platformOnly = listed.filter((c) => c.identifier === 'linkedin');
				if (expected.length === 0 || expected.length === platformOnly.length) {
					throw new Error(
						'the seed needs enabled and disabled LinkedIn channels for this filter to be tested',
					);
				}
				same(
					channelFields(outputItems(execution, 'Enabled LinkedIn Channels')),
					expected,
					'channels',
				);
			},
		);
		await check('the sandbox received those requests from n8n with the bare key', async () => {
			const { requests } = await reference;
			const seen = requests.map((r) => `${r.method} ${r.path} ${r.status} ${String(r.auth)}`);
			same(
				seen.sort(),
				['GET /integrations 200 bare', 'GET /integrations 200 bare', 'GET /is-connected 200 bare'],
				'requests',
			);
		});

		await check("a wrong API key fails the run in n8n with the node's own message", async () => {
			const result = await cli('execute', `--id=${REFUSED_RUN_WORKFLOW}`, '--rawOutput');
			if (result.code === 0) throw new Error(`n8n exited 0 for a wrong key:\n${tail(result)}`);
			const failedRun = executionOf(result.output);
			same(failedRun.status, 'error', 'execution status');
			const error = ((failedRun.data as Json).resultData as Json).error as Json | undefined;
			same(
				{ message: error?.message, node: (error?.node as Json | undefined)?.type },
				{ message: 'The service refused the API key', node: NODE_TYPE },
				'error',
			);
		});

		await check(
			'example "schedule at next free slot": three posts in one POST /posts, at the latest free slot',
			async () => {
				await sandbox.control.clearRequests();
				const run = await execute(EXAMPLES.schedule.id);
				const items = outputItems(run, 'Schedule at Next Free Slot');
				same(
					items.map((i) => i.platform),
					['x', 'linkedin', 'mastodon'],
					'platforms of the output items',
				);
				if (!items.every((i) => typeof i.postId === 'string' && i.postId))
					throw new Error('an item has no postId');
				const requests = await sandbox.control.requests();
				const slots = requests
					.filter((r) => r.path.startsWith('/find-slot/'))
					.map((r) => r.path.slice('/find-slot/'.length));
				same(
					slots.sort(),
					[SEED_IDS.channels.linkedin, SEED_IDS.channels.mastodon, SEED_IDS.channels.x].sort(),
					'find-slot requests',
				);
				same(
					requests.filter((r) => r.method === 'POST').map((r) => `${r.path} ${r.status}`),
					['/posts 201'],
					'POST requests',
				);
			},
		);
		await check(
			'example "upload from URL, post a thread": the uploaded image is in part 1 of a two-part X post',
			async () => {
				await sandbox.control.clearRequests();
				const run = await execute(EXAMPLES.uploadThread.id);
				const [upload] = outputItems(run, 'Upload Image From URL');
				same(outputItems(run, 'Post Thread With Image').length, 1, 'created posts');
				const post = (await sandbox.control.requests()).find(
					(r) => r.method === 'POST' && r.path === '/posts',
				);
				const sent = post?.body as {
					posts: Array<{
						value: Array<{ content: string; image: Array<{ id: string; path: string }> }>;
					}>;
				};
				same(sent.posts[0].value.length, 2, 'parts sent');
				same(
					sent.posts[0].value[0].image.map((i) => i.path),
					[upload.path],
					'image of part 1',
				);
			},
		);
		/** The Check Only run (Create's and Update's nodes) and the requests it made: a check each. */
		let checkOnly: { run: Json; requests: LoggedRequest[] } | undefined;
		await check(
			'Post → Create, Check Only: the report of the thread (image URL judged, delay 60), GETs only',
			async () => {
				await sandbox.control.clearRequests();
				const run = await execute(CHECK_ONLY_WORKFLOW);
				checkOnly = { run, requests: await sandbox.control.requests() };
				const [report] = outputItems(run, POST_WITH_URL);
				same(report.ok, true, 'ok');
				same(report.problems, [], 'problems');
				const request = report.request as {
					posts: Array<{ value: Array<{ image: Json[]; delay?: number }> }>;
				};
				same(
					request.posts[0].value[0].image,
					[{ uploadFromUrl: files.url('/autumn.png'), alt: 'Red leaves' }],
					'image to upload',
				);
				same(request.posts[0].value[1].delay, 60, 'delay of part 2');
				same(
					checkOnly.requests.map((r) => r.method).filter((m) => m !== 'GET'),
					[],
					'requests other than GET',
				);
			},
		);
		await check(
			'Post → Update, Check Only: a reschedule that would pass is reported (ok, what would be sent, before → after, the settings GET /posts lists carried without a warning); 0 writes',
			async () => {
				if (!checkOnly) throw new Error('the Check Only workflow did not run (the check above)');
				const items = outputItems(checkOnly.run, CHECK_RESCHEDULE);
				same(items.length, 1, 'report items');
				const [report] = items;
				same(
					{
						checkOnly: report.checkOnly,
						ok: report.ok,
						problems: report.problems,
						postId: report.postId,
						channelId: report.channelId,
						platform: report.platform,
						sentAs: report.sentAs,
						sentTo: report.sentTo,
						type: report.type,
						date: report.date,
					},
					{
						checkOnly: true,
						ok: true,
						problems: [],
						postId: queued.postId,
						channelId: mastodon,
						platform: 'mastodon',
						sentAs: 'schedule',
						sentTo: 'POST /posts',
						type: 'schedule',
						date: MOVED.date,
					},
					'report',
				);
				// GET /posts lists the post's settings, as production does: the edit carries them, so
				// nothing to warn of (the contract's, which lists none, is warned of: update.test.ts).
				same(report.warnings, [], 'warnings');
				same(
					report.parts,
					[{ part: 1, length: MOVED.content.length, maxLength: PLATFORMS.mastodon.maxLength }],
					'parts (length against the limit)',
				);
				same(
					report.changes,
					{
						text: { before: QUEUED.content, after: MOVED.content },
						date: { before: QUEUED.date, after: MOVED.date },
						media: { before: 'not shown by the service', after: [] },
						followUpParts: { before: 'not shown by the service', after: [] },
					},
					'changes',
				);
				const wouldSend = report.request as {
					posts: Array<{ value: Array<{ id?: string; content: string }> }>;
				};
				same(
					wouldSend.posts[0].value.map((part) => [part.id, part.content]),
					[[queued.postId, MOVED.content]],
					'parts that would be sent (id, text)',
				);
				// The run's writes (none from either node) and Update's look-up (Create's reads no post).
				const { requests } = checkOnly;
				same(
					requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
					[],
					'writes',
				);
				if (!requests.some((r) => r.method === 'GET' && r.path === '/posts'))
					throw new Error('the post was not looked up in GET /posts');
				const stored = await sandbox.control.storedPost(queued.postId);
				same(
					[stored?.publishDate, stored?.parts.map((part) => part.content)],
					[QUEUED.date, [QUEUED.content]],
					'the post the service holds',
				);
			},
		);
		/** The requests of the reschedule run, for the check of Options → Current Publish Date. */
		let rescheduleRequests: LoggedRequest[] = [];
		await check(
			'Post → Update reschedules a queued post in place (The Post Has None): one POST /posts with its id and group, type schedule',
			async () => {
				await sandbox.control.clearRequests();
				const run = await execute(UPDATE_WORKFLOW);
				rescheduleRequests = await sandbox.control.requests();
				const [out] = outputItems(run, RESCHEDULE) as Array<Record<string, Json>>;
				same(out.postId, queued.postId, 'postId in the output');
				same(
					out.changes,
					{
						text: { before: QUEUED.content, after: MOVED.content },
						date: { before: QUEUED.date, after: MOVED.date },
						media: { before: 'not shown by the service', after: [] },
						followUpParts: { before: 'not shown by the service', after: [] },
					},
					'changes',
				);
				const writes = rescheduleRequests.filter((r) => r.method !== 'GET');
				same(
					writes.map((r) => `${r.method} ${r.path} ${r.status}`),
					['POST /posts 201'],
					'writes',
				);
				const sent = writes[0].body as {
					type: string;
					posts: Array<{ value: Array<{ id?: string; content: string }> }>;
				};
				same(sent.type, 'schedule', 'type sent');
				same(sent.posts[0].value[0].id, queued.postId, "the part's id sent");
				const stored = await sandbox.control.storedPost(queued.postId);
				same(
					[stored?.publishDate, stored?.state, stored?.parts.map((part) => part.content)],
					[MOVED.date, 'QUEUE', [MOVED.content]],
					'the post the service holds',
				);
			},
		);
		await check(
			'Post → Update with Options → Current Publish Date finds the post in exactly one GET /posts, on its day',
			() => {
				same(
					rescheduleRequests
						.filter((r) => r.method === 'GET' && r.path === '/posts')
						.map((r) => r.query),
					[AROUND_QUEUED],
					'GET /posts asked (their query)',
				);
			},
		);
		await check(
			'Post → Create, media by URL: one POST /upload-from-url, then POST /posts with its path and delay 60',
			async () => {
				await sandbox.control.clearRequests();
				const run = await execute(MEDIA_URL_WORKFLOW);
				const [created] = outputItems(run, POST_WITH_URL);
				if (typeof created.postId !== 'string' || !created.postId) throw new Error('no postId');
				const writes = (await sandbox.control.requests()).filter((r) => r.method !== 'GET');
				same(
					writes.map((r) => `${r.method} ${r.path} ${r.status}`),
					['POST /upload-from-url 201', 'POST /posts 201'],
					'writes',
				);
				same(writes[0].body, { url: files.url('/autumn.png') }, 'upload-from-url body');
				const sent = writes[1].body as {
					posts: Array<{ value: Array<{ image: Json[]; delay?: number }> }>;
				};
				const [image] = sent.posts[0].value[0].image;
				if (!String(image?.path).startsWith(`${sandbox.origin}/uploads/`))
					throw new Error(`image path not the uploaded one: ${JSON.stringify(image)}`);
				same(image.alt, 'Red leaves', 'alt text');
				same(sent.posts[0].value[1].delay, 60, 'delay of part 2');
			},
		);
		await check(
			'Post → Create with Retry On Fail, 3 items, the 2nd POST /posts answered 500: the 2nd try sends items 2–3 only, item 1 output with alreadySent, one post per item',
			async () => {
				await sandbox.control.addFault(SECOND_POST_FAILS);
				await sandbox.control.clearRequests();
				const run = await execute(RETRY_ON_FAIL_WORKFLOW);
				const requests = await sandbox.control.requests();
				const [one, two, three] = RETRY_ON_FAIL_TEXTS;
				same(
					postsSent(requests),
					[`${one} 201`, 'fault 500', `${two} 201`, `${three} 201`],
					'POST /posts of both tries (text, status)',
				);
				const stored = await postsWithTexts(sandbox, RETRY_ON_FAIL_TEXTS);
				same(
					stored.map((ids) => ids.length),
					[1, 1, 1],
					'posts the sandbox holds per item',
				);
				same(
					outputItems(run, CREATE_EACH).map((item) => [item.postId, item.alreadySent]),
					[
						[stored[0][0], true],
						[stored[1][0], false],
						[stored[2][0], false],
					],
					'output (postId, alreadySent)',
				);
			},
		);
		/** Item 1's post, created by the run that failed; the retry after n8n starts must not create it again. */
		let failedRunPost = '';
		await check(
			"Post → Create of 3 items, the 2nd POST /posts answered 500: the execution fails, its error names item 1's post as sent",
			async () => {
				await sandbox.control.addFault(SECOND_POST_FAILS);
				await sandbox.control.clearRequests();
				const result = await cli('execute', `--id=${FAILED_RUN_WORKFLOW}`, '--rawOutput');
				if (result.code === 0) throw new Error(`n8n exited 0 for a failed run:\n${tail(result)}`);
				const failedRun = executionOf(result.output);
				same(failedRun.status, 'error', 'execution status');
				const [one] = FAILED_RUN_TEXTS;
				same(
					postsSent(await sandbox.control.requests()),
					[`${one} 201`, 'fault 500'],
					'POST /posts (text, status)',
				);
				const stored = await postsWithTexts(sandbox, FAILED_RUN_TEXTS);
				same(stored, [stored[0], [], []], 'posts the sandbox holds per item');
				same(stored[0].length, 1, "item 1's posts");
				failedRunPost = stored[0][0];
				const description = String(
					(((failedRun.data as Json).resultData as Json).error as Json | undefined)?.description,
				);
				if (!description.includes(`item 1: post ${failedRunPost} `))
					throw new Error(`the error's description does not name item 1's post: ${description}`);
			},
		);
		await check(
			"Post → Create with Execute Once, 2 items: item 1's POST /posts alone, at once, its output paired to item 1",
			async () => {
				await sandbox.control.clearRequests();
				const run = await execute(EXECUTE_ONCE_WORKFLOW);
				const [one, two] = EXECUTE_ONCE_TEXTS;
				same(postsSent(await sandbox.control.requests()), [`${one} 201`], 'POST /posts');
				const stored = await postsWithTexts(sandbox, [one, two]);
				same(
					stored.map((ids) => ids.length),
					[1, 0],
					'posts the sandbox holds per item',
				);
				const node = nodeRun(run, CREATE_EACH);
				const main = (node.data as { main: Array<Array<{ json: Json; pairedItem: unknown }>> })
					.main[0];
				same(
					main.map((item) => [item.json.postId, item.pairedItem]),
					[[stored[0][0], { item: 0 }]],
					'output (postId, pairedItem)',
				);
				if (Number(node.executionTime) > 5000)
					throw new Error(`the node ran ${String(node.executionTime)} ms`);
			},
		);
		await check(
			'a run error of 2 items counts them from 1 as the editor shows it: "Item 2, …", no "[item 1]" added by n8n',
			async () => {
				await sandbox.control.clearRequests();
				const result = await cli('execute', `--id=${NUMBERING_WORKFLOW}`, '--rawOutput');
				if (result.code === 0) throw new Error(`n8n exited 0 for a refused item:\n${tail(result)}`);
				const failedRun = executionOf(result.output);
				same(failedRun.status, 'error', 'execution status');
				const error = ((failedRun.data as Json).resultData as Json).error as Json;
				// The saved error keeps the rest of its context (runIndex), not the index counted from 0.
				same(error.context, { runIndex: 0 }, "the saved error's context");
				const shown = shownInTheEditor(error, 2);
				if (!/^Item 2, /.test(shown) || /\[item/.test(shown))
					throw new Error(`the editor would show: ${shown}`);
				same(postsSent(await sandbox.control.requests()), [], 'POST /posts');
			},
		);
		await check(
			'example "bulk scheduling from a CSV": 4 rows scheduled, row 5 refused (too long for X), 4 POST /posts; run again: the 4 said scheduled by an earlier run, no POST',
			async () => {
				await sandbox.control.clearRequests();
				const run = await execute(EXAMPLES.bulk.id);
				same(outputItems(run, 'Extract Rows').length, 5, 'rows read from the CSV');
				const [report] = outputItems(run, 'Report');
				same(
					report.summary,
					'4 scheduled now, 0 scheduled by an earlier run, 1 refused',
					'summary',
				);
				const scheduled = report.scheduled as Json[];
				same(
					scheduled.map((r) => [r.row, r.platform, r.date]),
					[
						[1, 'x', '2030-03-02T09:00:00Z'],
						[2, 'linkedin', '2030-03-02T09:30:00Z'],
						[3, 'mastodon', '2030-03-03T13:00:00Z'],
						[4, 'linkedin', '2030-03-06T17:30:00Z'],
					],
					'scheduled rows (row, platform, date)',
				);
				const refused = report.refused as Json[];
				same(
					refused.map((r) => [r.row, r.platform]),
					[[5, 'x']],
					'refused rows',
				);
				const reason = String(refused[0].reason);
				if (!/^Item 5, .*Text: the text is 288 characters; X takes at most 280\b/.test(reason))
					throw new Error(`row 5's reason: ${reason}`);
				const writes = (await sandbox.control.requests()).filter((r) => r.method !== 'GET');
				same(
					writes.map((r) => `${r.method} ${r.path} ${r.status}`).sort(),
					['POST /upload-from-url 201', ...scheduled.map(() => 'POST /posts 201')].sort(),
					'writes',
				);
				const created = writes
					.filter((r) => r.path === '/posts')
					.map((r) => r.body as { posts: Array<{ value: Array<{ content: string }> }> })
					.map((body) => body.posts[0].value[0].content);
				if (created.some((content) => content.length > 280))
					throw new Error('the row too long for X was sent');
				same(
					scheduled.every((r) => typeof r.postId === 'string' && r.postId !== ''),
					true,
					'every scheduled row has a postId',
				);
				// The same CSV again: nothing posted twice, and the report says so.
				await sandbox.control.clearRequests();
				const [again] = outputItems(await execute(EXAMPLES.bulk.id), 'Report');
				same(
					again.summary,
					'0 scheduled now, 4 scheduled by an earlier run, 1 refused',
					'summary of the second run',
				);
				same(
					(again.scheduledBefore as Json[]).map((r) => [r.row, r.postId]),
					scheduled.map((r) => [r.row, r.postId]),
					'rows scheduled by the earlier run, with its post ids',
				);
				if (
					!(again.scheduledBefore as Json[]).every((r) =>
						/^Item \d+ was not posted again/.test(String(r.skipped)),
					)
				)
					throw new Error(
						`a row skipped without saying why: ${JSON.stringify(again.scheduledBefore)}`,
					);
				same(
					(await sandbox.control.requests()).filter((r) => r.method !== 'GET').length,
					0,
					'writes of the second run',
				);
			},
		);
		const triggerExamples = [EXAMPLES.postFailed.id, EXAMPLES.sharePublished.id];
		const triggers = [...triggerExamples, POST_EVENTS_WORKFLOW];
		// What the test does to posts while the triggers poll, as the events the post events workflow owes.
		const ledger = new PostLedger(sandbox, line.name);
		const tomorrow = new Date(Date.now() + 86_400_000);
		// Edited and deleted between the triggers' polls: there before any poll, so never created as events
		// (any poll, the activation one included, may be the first whose snapshot n8n keeps).
		let toEdit = '';
		let toDelete = '';
		await check('the trigger workflows are published before n8n starts', async () => {
			toEdit = await ledger.schedule(X_CHANNEL, tomorrow, 'Edited between polls', true);
			toDelete = await ledger.schedule(X_CHANNEL, tomorrow, 'Deleted between polls', true);
			for (const id of triggers) expectExit0(await cli(...line.publish(id)));
		});
		await check(
			"n8n starts with the package loaded; the editor's REST API answers as its owner",
			async () => {
				await n8n.start();
				await n8n.setupOwner(OWNER);
			},
		);
		await check(
			"the failed execution retried through the editor's REST API (POST /rest/executions/:id/retry): items 2–3 created once, item 1 output with alreadySent, no second post",
			async () => {
				if (!failedRunPost)
					throw new Error('the failed run did not create item 1 (the check above)');
				const failed = (await n8n.executions(FAILED_RUN_WORKFLOW)).filter(
					(e) => e.status === 'error',
				);
				same(failed.length, 1, 'failed executions of the workflow');
				await sandbox.control.clearFaults();
				await sandbox.control.clearRequests();
				const asked = Date.now();
				// What the editor's Retry → "Retry with original workflow" sends; n8n answers once the run ended.
				const retried = await n8n.rest<{ id: string }>(
					'POST',
					`/executions/${failed[0].id}/retry`,
					{ loadWorkflow: false },
				);
				process.stdout.write(
					`     (n8n retry over REST: ${((Date.now() - asked) / 1000).toFixed(1)} s)\n`,
				);
				const run = await n8n.execution(retried.id);
				same(run.status, 'success', 'status of the retried execution');
				const [, two, three] = FAILED_RUN_TEXTS;
				same(
					postsSent(await sandbox.control.requests()),
					[`${two} 201`, `${three} 201`],
					'POST /posts (text, status)',
				);
				const stored = await postsWithTexts(sandbox, FAILED_RUN_TEXTS);
				same(
					stored.map((ids) => ids.length),
					[1, 1, 1],
					'posts the sandbox holds per item',
				);
				same(stored[0][0], failedRunPost, "item 1's post");
				same(
					outputItems({ data: run.data }, CREATE_EACH).map((item) => [
						item.postId,
						item.alreadySent,
					]),
					[
						[failedRunPost, true],
						[stored[1][0], false],
						[stored[2][0], false],
					],
					'output (postId, alreadySent)',
				);
			},
		);
		await check(
			'the refused item 2 as the editor loads its execution (GET /rest/executions/:id): "Item 2, …", no index counted from 0',
			async () => {
				const failed = (await n8n.executions(NUMBERING_WORKFLOW)).filter(
					(e) => e.status === 'error',
				);
				same(failed.length, 1, 'failed executions of the workflow');
				const { data } = await n8n.execution(failed[0].id);
				const error = (data.resultData as Json).error as Json;
				same(error.context, { runIndex: 0 }, "the saved error's context");
				const shown = shownInTheEditor(error, 2);
				if (!/^Item 2, /.test(shown) || /\[item/.test(shown))
					throw new Error(`the editor would show: ${shown}`);
			},
		);
		await check(
			'the trigger workflows stay published after start (their activation polls succeeded)',
			async () => {
				for (const id of triggers) {
					const workflow = await n8n.rest<{ active: boolean }>('GET', `/workflows/${id}`);
					same(workflow.active, true, `${id} active`);
				}
			},
		);
		/** What a node of the workflow output in each of its finished executions, oldest first. */
		const runsOf = async (workflowId: string, nodeName: string) => {
			const runs: Array<{ id: string; items: Json[] }> = [];
			for (const e of (await n8n.executions(workflowId)).reverse()) {
				if (e.status === 'running' || e.status === 'new') continue;
				const run = await n8n.execution(e.id);
				same(run.status, 'success', `execution ${e.id} of ${workflowId}`);
				runs.push({ id: e.id, items: outputItems({ data: run.data }, nodeName) });
			}
			return runs;
		};
		/** Every item a node of the workflow output, over all its finished executions. */
		const itemsOfAll = async (workflowId: string, nodeName: string): Promise<Json[]> =>
			(await runsOf(workflowId, nodeName)).flatMap((run) => run.items);
		const postEvents = async () =>
			(await itemsOfAll(POST_EVENTS_WORKFLOW, POST_EVENTS_TRIGGER)).filter((item) =>
				ledger.posts.has(String(item.postId)),
			);
		/** Post events workflow executions that ended before n8n stopped. */
		const beforeRestart = new Set<string>();
		// The posts the examples fire on: failed, published before the restart, published while n8n is down.
		let failed = '';
		let published = '';
		let publishedWhileDown = '';
		const alerts = async () =>
			(await itemsOfAll(EXAMPLES.postFailed.id, 'Alert')).filter((a) => a.postId === failed);
		const shares = async () =>
			(await itemsOfAll(EXAMPLES.sharePublished.id, 'Share')).filter(
				(a) => a.postId === published || a.postId === publishedWhileDown,
			);
		/** Every event the ledger owes so far, an alert and every share came out of some execution. */
		const allOut = async () => {
			const out = new Set((await postEvents()).map(eventKey));
			const shared = new Set((await shares()).map((a) => a.postId));
			return (
				ledger.expected.every((key) => out.has(key)) &&
				(await alerts()).length > 0 &&
				[published, publishedWhileDown].filter(Boolean).every((id) => shared.has(id))
			);
		};
		/** Waits for `count` GET /posts (one a trigger poll) since the sandbox's log was last cleared. */
		const polls = async (count: number, what: string) =>
			await waitFor(
				async () =>
					(await sandbox.control.requests()).filter(
						(r) => r.method === 'GET' && r.path === '/posts',
					).length >= count,
				what,
				140_000,
			);
		await check(
			'examples "alert me when a post fails" and "share the link when a post is published", published: each fires for its post',
			async () => {
				// Posts existing at a trigger's first scheduled poll are not events: wait for it (n8n polls
				// once a minute and does not keep what an activation poll that emits nothing stored).
				await sandbox.control.clearRequests();
				await polls(triggers.length, "the triggers' first scheduled poll");
				await ledger.failMastodon();
				failed = await ledger.sendNow(MASTODON_CHANNEL, 'Fails on purpose');
				published = await ledger.sendNow(X_CHANNEL, 'Published on X');
				await ledger.edit(toEdit, X_CHANNEL, tomorrow, 'Edited between polls, now edited');
				await ledger.remove(toDelete);
				await waitFor(allOut, 'the published triggers to run their workflows', 140_000);
				const alert = await alerts();
				if (!String(alert[0].reason).includes(FAILURE_REASON))
					throw new Error(`the alert's reason is ${String(alert[0].reason)}`);
				const share = await shares();
				if (!/^https:\/\/x\.com\//.test(String(share[0].link)))
					throw new Error(`the shared link is ${String(share[0].link)}`);
			},
		);
		const caused = ledger.expected.length;
		await check(
			'n8n stopped as a user stops it (SIGTERM, its exit awaited) and started again on the same user folder and database; while it is down, a post is created and one published',
			async () => {
				for (const e of await n8n.executions(POST_EVENTS_WORKFLOW)) beforeRestart.add(e.id);
				const { stopSeconds, downSeconds } = await restartN8n(n8n, OWNER, async () => {
					await ledger.schedule(X_CHANNEL, tomorrow, 'Created while n8n is down');
					publishedWhileDown = await ledger.sendNow(X_CHANNEL, 'Published while n8n is down');
					// From here every GET /posts is a poll of the restarted n8n.
					await sandbox.control.clearRequests();
				});
				process.stdout.write(
					`     (restart: n8n stopped in ${stopSeconds.toFixed(1)} s, answered again ${downSeconds.toFixed(1)} s after its exit)\n`,
				);
			},
		);
		await check(
			'after the restart, the events of the posts made while n8n was down come out, and the next poll of each trigger emits nothing again; the examples fired once for each post',
			async () => {
				const restarted = Date.now();
				await waitFor(allOut, 'the events owed after the restart', 140_000);
				const out = Date.now();
				// Each trigger's activation poll at start, then its first scheduled poll.
				await polls(2 * triggers.length, "the triggers' next poll after the restart");
				process.stdout.write(
					`     (after the restart: events out in ${((out - restarted) / 1000).toFixed(1)} s, the next polls ${((Date.now() - out) / 1000).toFixed(1)} s later)\n`,
				);
				same(
					(await alerts()).map((a) => ({ postId: a.postId, platform: a.platform })),
					[{ postId: failed, platform: 'mastodon' }],
					'alert items',
				);
				same(
					(await shares()).map((a) => a.postId).sort(),
					[published, publishedWhileDown].sort(),
					'share items (post ids)',
				);
			},
		);
		await check(
			'a published workflow on every post event emits each event once across polls and a restart of n8n: the posts sent, failed, edited and deleted between its polls, and those created and published while n8n was down',
			async () => {
				const runs = await runsOf(POST_EVENTS_WORKFLOW, POST_EVENTS_TRIGGER);
				const ours = (run: { items: Json[] }) =>
					run.items.filter((item) => ledger.posts.has(String(item.postId)));
				const items = runs.flatMap(ours);
				const { lost, duplicated, unexpected } = tally(ledger, items.map(eventKey));
				const whileDown = ledger.expected.length - caused;
				const perRun = runs
					.map((run) => `#${run.id}${beforeRestart.has(run.id) ? '' : '*'} ${ours(run).length}`)
					.join(', ');
				process.stdout.write(
					`     (post events: ${ledger.expected.length} caused, ${caused} before the restart and ${whileDown} while n8n was down; ${items.length} emitted about those posts; per execution, * after the restart: ${perRun})\n`,
				);
				same(
					{ lost, duplicated, unexpected },
					{ lost: [], duplicated: [], unexpected: [] },
					'events',
				);
				same(
					[caused, whileDown],
					[6, 3],
					'events caused before the restart (2 created, published, failed, changed, deleted) and while n8n was down (2 created, published)',
				);
				same(
					wrongDetails(items),
					[],
					'Post Failed without the reason, Post Published without a link',
				);
			},
		);
		await check(
			'example "AI agent": n8n knows the tool variant of the node, and both tools are wired to the agent',
			async () => {
				const types = await n8n.get<Array<{ name: string }>>('/types/nodes.json');
				const known = new Set(types.map((t) => t.name));
				const agent = readExample('agent');
				const unknown = agent.nodes.map((n) => n.type).filter((t) => !known.has(t));
				same(unknown, [], 'node types of the agent example unknown to n8n');
				const stored = await n8n.rest<{
					nodes: Array<{ name: string; type: string }>;
					connections: Json;
				}>('GET', `/workflows/${EXAMPLES.agent.id}`);
				const tools = stored.nodes
					.filter((n) => n.type === `${PACKAGE}.socialPublishingTool`)
					.map((n) => n.name);
				same(
					tools,
					[nodeOf(agent, 'List Channels').name, nodeOf(agent, 'Schedule Post').name],
					'tool nodes',
				);
				for (const tool of tools) {
					const wired = (stored.connections[tool] as { ai_tool?: Array<Array<{ node: string }>> })
						.ai_tool?.[0]?.[0]?.node;
					same(wired, 'AI Agent', `${tool} is connected as ai_tool to`);
				}
			},
		);

		await check(
			'editor: in a Channels entry with Platform X, the channel list shows only the X channels',
			async () => {
				const pick = async (platform: string) =>
					await n8n.rest<{ results: Array<{ name: string; value: string }> }>(
						'POST',
						'/dynamic-node-parameters/resource-locator-results',
						{
							path: 'parameters.channels.channel[0].channel',
							nodeTypeAndVersion: { name: NODE_TYPE, version: 1 },
							methodName: 'searchChannels',
							currentNodeParameters: {
								resource: 'post',
								operation: 'create',
								channels: { channel: [{ platform }] },
							},
							credentials: { socialPublishingApi: GOOD_CREDENTIAL },
						},
					);
				const { listed } = await reference;
				const xChannels = listed
					.filter((c) => c.identifier === 'x')
					.map((c) => c.id)
					.sort();
				same(
					(await pick('x')).results.map((r) => r.value).sort(),
					xChannels,
					'channels listed for Platform X',
				);
				same(
					(await pick('lookup')).results.length,
					listed.length,
					'channels listed for Look Up From Channel',
				);
			},
		);
		await check(
			'editor: the tags picker lists the tags found on posts (the schedule example tagged its post "Launch")',
			async () => {
				const options = await n8n.rest<Array<{ name: string; value: string }>>(
					'POST',
					'/dynamic-node-parameters/options',
					{
						path: 'parameters.options.tags',
						nodeTypeAndVersion: { name: NODE_TYPE, version: 1 },
						methodName: 'getTags',
						currentNodeParameters: { resource: 'post', operation: 'create', options: {} },
						credentials: { socialPublishingApi: GOOD_CREDENTIAL },
					},
				);
				same(options, [{ name: 'Launch', value: 'Launch' }], 'tags');
			},
		);
		await check(
			"editor: no typed setting of any platform offers a raw API value as a choice's name",
			async () => {
				const types = await n8n.get<
					Array<{
						name: string;
						properties: Array<{ name: string; options?: Array<{ values?: unknown[] }> }>;
					}>
				>('/types/nodes.json');
				const node = types.find((t) => t.name === NODE_TYPE);
				const entry = node?.properties.find((p) => p.name === 'channels')?.options?.[0]
					?.values as Array<{ type: string; name: string; options?: unknown[] }>;
				const choices: Array<{ name: string; value: unknown }> = [];
				const walk = (properties: Array<{ type: string; name: string; options?: unknown[] }>) => {
					for (const p of properties) {
						if (p.type === 'options' && p.name !== 'platform' && p.name !== 'settingsMode')
							choices.push(...((p.options ?? []) as Array<{ name: string; value: unknown }>));
						if (p.type === 'collection')
							walk((p.options ?? []) as Array<{ type: string; name: string; options?: unknown[] }>);
					}
				};
				walk(entry ?? []);
				const inTable = PLATFORM_IDS.flatMap((id) => PLATFORMS[id].settings ?? []).reduce(
					(n, field) => n + (field.type === 'options' ? (field.values?.length ?? 0) : 0),
					0,
				);
				same(
					choices.length,
					inTable,
					'choices found in the editor vs values in the platform table',
				);
				const raw = choices.filter(
					(c) => c.name === c.value && c.name !== c.name.replace(/^[a-z]|_/g, ''),
				);
				same(raw, [], 'choices named by their API value');
			},
		);
		await check('no API key appears in anything n8n printed', () => {
			const leaked = secrets.filter((s) => outputs.some((o) => o.includes(s)));
			if (leaked.length) throw new Error(`${leaked.length} key(s) found in n8n's output`);
			if (outputs.length === 0) throw new Error('no n8n output was captured');
		});
	} finally {
		await n8n.stop();
		await sandbox.close();
		await files.close();
		if (process.env.E2E_KEEP) process.stdout.write(`e2e: kept ${work}\n`);
		else await rm(work, { recursive: true, force: true });
	}
	process.stdout.write(`e2e: run took ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
	return summary();
}

async function waitFor(
	condition: () => Promise<boolean>,
	what: string,
	timeoutMs = 15_000,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await condition())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		process.stderr.write(`e2e: ${error.message}\n`);
		process.stdout.write('e2e: 0 passed, 1 failed\n');
		process.exit(1);
	},
);
