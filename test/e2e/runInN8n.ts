/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev/test code, never shipped: it runs the n8n CLI */
/**
 * The package inside a real n8n (the CLI of the pinned n8n, on the Node it needs): installed as a community
 * package from its own tarball, a credential imported with the sandbox's key, workflows run by `n8n execute`,
 * outputs checked against what the sandbox itself answers. Started by test/e2e/run-in-n8n.sh, which installs
 * n8n and compiles this file; the paths come in through E2E_* variables (see that script).
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';

import { startSandbox, type RunningSandbox } from '../../sandbox';

const PACKAGE = 'n8n-nodes-social-publishing';
const NODE_TYPE = `${PACKAGE}.socialPublishing`;
const GOOD_CREDENTIAL = { id: 'e2eSocialPubKey1', name: 'Sandbox (e2e)' };
const BAD_CREDENTIAL = { id: 'e2eSocialPubBad1', name: 'Sandbox, wrong key (e2e)' };
const CHANNELS_WORKFLOW = 'e2eSocialPubWf01';
const REFUSED_RUN_WORKFLOW = 'e2eSocialPubWf02';
// Unknown to the sandbox, so the service itself answers 401 and the node explains it.
const UNKNOWN_TO_SANDBOX = 'e2e-wrong-key-0123456789abcdef';
const N8N_COMMAND_TIMEOUT_MS = 180_000;

interface Env {
	node: string;
	n8n: string;
	tarball: string;
	work: string;
}

interface CommandResult {
	code: number | null;
	output: string;
	seconds: number;
}

interface Channel {
	id: string;
	name: string;
	identifier: string;
	disabled: boolean;
}

type Json = Record<string, unknown>;

function readEnv(): Env {
	const get = (name: string) => {
		const value = process.env[name];
		if (!value) throw new Error(`${name} is not set: start this through test/e2e/run-in-n8n.sh`);
		return value;
	};
	return { node: get('E2E_NODE'), n8n: get('E2E_N8N'), tarball: get('E2E_PACKAGE_TGZ'), work: get('E2E_WORK') };
}

async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

async function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<CommandResult> {
	const started = Date.now();
	return await new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
		const chunks: Buffer[] = [];
		child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
		child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
		const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
		child.once('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.once('close', (code) => {
			clearTimeout(timer);
			resolve({ code, output: Buffer.concat(chunks).toString('utf8'), seconds: (Date.now() - started) / 1000 });
		});
	});
}

/** `n8n execute` prints the run as pretty JSON between log lines: the block from a line "{" to the next line "}". */
function executionOf(output: string): Json {
	const lines = output.split('\n');
	const start = lines.indexOf('{');
	const end = start < 0 ? -1 : lines.indexOf('}', start);
	if (start < 0 || end < 0) throw new Error('n8n printed no execution JSON');
	return JSON.parse(lines.slice(start, end + 1).join('\n')) as Json;
}

function nodeRun(execution: Json, nodeName: string): Json {
	const runData = ((execution.data as Json | undefined)?.resultData as Json | undefined)?.runData as Record<string, Json[]> | undefined;
	const runs = runData?.[nodeName];
	if (!runs?.length) throw new Error(`node "${nodeName}" did not run (ran: ${Object.keys(runData ?? {}).join(', ') || 'none'})`);
	return runs[0];
}

function outputItems(execution: Json, nodeName: string): Json[] {
	const first = nodeRun(execution, nodeName);
	if (first.executionStatus !== 'success') throw new Error(`node "${nodeName}" ended with status ${String(first.executionStatus)}`);
	const main = (first.data as { main?: Array<Array<{ json: Json }> | null> } | undefined)?.main;
	return (main?.[0] ?? []).map((item) => item.json);
}

function channelFields(items: Json[]): Channel[] {
	return items.map((c) => ({ id: String(c.id), name: String(c.name), identifier: String(c.identifier), disabled: c.disabled === true }));
}

function same(actual: unknown, expected: unknown, what: string): void {
	const a = JSON.stringify(actual);
	const e = JSON.stringify(expected);
	if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

function credentialsFile(baseUrl: string, apiKey: string): Json[] {
	return [
		{ ...GOOD_CREDENTIAL, type: 'socialPublishingApi', data: { baseUrl, apiKey } },
		{ ...BAD_CREDENTIAL, type: 'socialPublishingApi', data: { baseUrl, apiKey: UNKNOWN_TO_SANDBOX } },
	];
}

function ourNode(name: string, position: [number, number], parameters: Json, credential: typeof GOOD_CREDENTIAL): Json {
	return { id: name, name, type: NODE_TYPE, typeVersion: 1, position, parameters, credentials: { socialPublishingApi: credential } };
}

function workflow(id: string, name: string, nodes: Json[]): Json {
	const trigger = { id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [trigger, ...nodes],
		connections: { Start: { main: [nodes.map((n) => ({ node: n.name, type: 'main', index: 0 }))] } },
	};
}

function workflowsFile(): Json[] {
	return [
		workflow(CHANNELS_WORKFLOW, 'e2e: channels', [
			ourNode('Check Connection', [250, 0], { resource: 'channel', operation: 'checkConnection' }, GOOD_CREDENTIAL),
			ourNode('All Channels', [250, 200], { resource: 'channel', operation: 'getMany', filters: {} }, GOOD_CREDENTIAL),
			ourNode(
				'Enabled LinkedIn Channels',
				[250, 400],
				{ resource: 'channel', operation: 'getMany', filters: { platforms: ['linkedin'], status: 'enabled' } },
				GOOD_CREDENTIAL,
			),
		]),
		workflow(REFUSED_RUN_WORKFLOW, 'e2e: wrong key', [
			ourNode('Check Connection', [250, 0], { resource: 'channel', operation: 'checkConnection' }, BAD_CREDENTIAL),
		]),
	];
}

async function sandboxGet(sandbox: RunningSandbox, url: string, withKey: boolean): Promise<unknown> {
	const response = await fetch(url, { headers: withKey ? { Authorization: sandbox.apiKey } : {} });
	if (!response.ok) throw new Error(`GET ${url.replace(sandbox.origin, '')} answered ${response.status}`);
	return await response.json();
}

async function main(): Promise<number> {
	const env = readEnv();
	const userFolder = join(env.work, 'n8n-user');
	const packageDir = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE);
	await mkdir(packageDir, { recursive: true });
	// Where n8n keeps community packages: its loader scans .n8n/nodes/node_modules/n8n-nodes-* at start.
	const untar = await run('tar', ['-xzf', env.tarball, '-C', packageDir, '--strip-components=1'], {
		cwd: env.work,
		env: process.env,
		timeoutMs: 60_000,
	});
	if (untar.code !== 0) throw new Error(`could not unpack ${env.tarball}: ${untar.output}`);

	const started = Date.now();
	const sandbox = await startSandbox({ control: true });
	const secrets = [sandbox.apiKey, UNKNOWN_TO_SANDBOX];
	const redact = (text: string) => secrets.reduce((t, s) => t.split(s).join('***'), text);
	const outputs: string[] = [];
	let passed = 0;
	let failed = 0;
	const check = async (name: string, body: () => Promise<void> | void) => {
		try {
			await body();
			passed++;
			process.stdout.write(`ok   ${name}\n`);
		} catch (error) {
			failed++;
			process.stdout.write(`FAIL ${name}\n     ${redact((error as Error).message).split('\n').join('\n     ')}\n`);
		}
	};

	const n8nEnv: NodeJS.ProcessEnv = {
		PATH: process.env.PATH,
		HOME: process.env.HOME,
		TZ: 'UTC',
		N8N_USER_FOLDER: userFolder,
		N8N_LOG_LEVEL: 'info',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		// Its task broker would otherwise take the fixed port 5679 and collide with any other n8n on the machine.
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
	};
	const n8n = async (...args: string[]): Promise<CommandResult> => {
		const result = await run(env.node, [env.n8n, ...args], { cwd: env.work, env: n8nEnv, timeoutMs: N8N_COMMAND_TIMEOUT_MS });
		outputs.push(result.output);
		await writeFile(join(env.work, `n8n-${outputs.length}-${args[0].replace(':', '-')}.log`), redact(result.output));
		process.stdout.write(`     (n8n ${args[0]}: exit ${result.code ?? 'killed'}, ${result.seconds.toFixed(1)} s)\n`);
		return result;
	};
	const tail = (result: CommandResult) => redact(result.output.trim().split('\n').slice(-25).join('\n'));
	const expectExit0 = (result: CommandResult) => {
		if (result.code !== 0) throw new Error(`n8n exited with ${result.code ?? 'a kill after the time limit'}; its last lines:\n${tail(result)}`);
	};

	try {
		const credentialsPath = join(env.work, 'credentials.json');
		const workflowsPath = join(env.work, 'workflows.json');
		await writeFile(credentialsPath, JSON.stringify(credentialsFile(sandbox.baseUrl, sandbox.apiKey)));
		await writeFile(workflowsPath, JSON.stringify(workflowsFile()));

		await check('n8n imports the two socialPublishingApi credentials (decrypted form)', async () => {
			const result = await n8n('import:credentials', `--input=${credentialsPath}`);
			expectExit0(result);
			if (!result.output.includes('Successfully imported 2 credentials')) throw new Error(`no success line:\n${tail(result)}`);
		});
		await check('n8n imports the two workflows', async () => {
			const result = await n8n('import:workflow', `--input=${workflowsPath}`);
			expectExit0(result);
			if (!result.output.includes('Successfully imported 2 workflows')) throw new Error(`no success line:\n${tail(result)}`);
		});

		const channelsRun = await n8n('execute', `--id=${CHANNELS_WORKFLOW}`, '--rawOutput');
		let execution: Json = {};
		await check('n8n executes the channels workflow with our node loaded from .n8n/nodes', () => {
			expectExit0(channelsRun);
			execution = executionOf(channelsRun.output);
			same(execution.status, 'success', 'execution status');
		});
		// What the service says, read once: the request log first, so that every request in it came from n8n.
		const reference = (async () => {
			const log = (await sandboxGet(sandbox, `${sandbox.origin}/_sandbox/requests`, false)) as { requests: Json[] };
			const listed = channelFields((await sandboxGet(sandbox, `${sandbox.baseUrl}/integrations`, true)) as Json[]);
			return { requests: log.requests, listed };
		})();
		reference.catch(() => undefined); // each check that needs it reports the failure

		await check('Channel → Check Connection outputs { connected: true }', () => {
			same(outputItems(execution, 'Check Connection'), [{ connected: true }], 'items');
		});
		await check('Channel → Get Many outputs every channel GET /integrations lists, in order', async () => {
			const { listed } = await reference;
			if (listed.length === 0) throw new Error('the sandbox lists no channel, so the comparison would prove nothing');
			same(channelFields(outputItems(execution, 'All Channels')), listed, 'channels');
		});
		await check('Channel → Get Many with filters (LinkedIn, enabled only) keeps exactly those', async () => {
			const { listed } = await reference;
			const expected = listed.filter((c) => c.identifier === 'linkedin' && !c.disabled);
			const platformOnly = listed.filter((c) => c.identifier === 'linkedin');
			if (expected.length === 0 || expected.length === platformOnly.length) {
				throw new Error('the seed needs enabled and disabled LinkedIn channels for this filter to be tested');
			}
			same(channelFields(outputItems(execution, 'Enabled LinkedIn Channels')), expected, 'channels');
		});
		await check('the sandbox received those requests from n8n with the bare key', async () => {
			const { requests } = await reference;
			const seen = requests.map((r) => `${String(r.method)} ${String(r.path)} ${String(r.status)} ${String(r.auth)}`);
			same(seen.sort(), ['GET /integrations 200 bare', 'GET /integrations 200 bare', 'GET /is-connected 200 bare'], 'requests');
		});

		await check('a wrong API key fails the run in n8n with the node\'s own message', async () => {
			const result = await n8n('execute', `--id=${REFUSED_RUN_WORKFLOW}`, '--rawOutput');
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
		await check('no API key appears in anything n8n printed', () => {
			const leaked = secrets.filter((s) => outputs.some((o) => o.includes(s)));
			if (leaked.length) throw new Error(`${leaked.length} key(s) found in n8n's output`);
			if (outputs.length === 0) throw new Error('no n8n output was captured');
		});
	} finally {
		await sandbox.close();
	}
	process.stdout.write(`e2e: run took ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
	process.stdout.write(`e2e: ${passed} passed, ${failed} failed\n`);
	return failed === 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		process.stderr.write(`e2e: ${error.message}\n`);
		process.stdout.write('e2e: 0 passed, 1 failed\n');
		process.exit(1);
	},
);
