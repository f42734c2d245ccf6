/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev/test code, never shipped: it installs and runs PostgreSQL and Redis */
/**
 * PostgreSQL and Redis from Debian's packages, for n8n's queue mode in the end-to-end tests: installed with apt-get
 * when their binaries are missing (CI runs as root on a fresh Debian machine), started on loopback on free ports with
 * their data in a folder of the caller's, as their packages' unprivileged users (`postgres`, `redis`) when run as
 * root, and stopped again. Nothing is registered with the system's service manager.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chmod, chown, mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';

import { freePort, run } from '../../local-n8n/localN8n';
import { installDebianPackages } from './debianPackages';

const PACKAGES = ['postgresql', 'redis-server'];
const REDIS_SERVER = '/usr/bin/redis-server';

/** The bin folder of the newest PostgreSQL under /usr/lib/postgresql (Debian's layout), if any. */
function postgresBin(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return undefined;
	const versions = readdirSync(root)
		.filter(
			(v) =>
				/^\d+$/.test(v) &&
				existsSync(join(root, v, 'bin', 'postgres')) &&
				existsSync(join(root, v, 'bin', 'initdb')),
		)
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? join(root, versions[0], 'bin') : undefined;
}

export interface Binaries {
	postgresBin: string;
	redisServer: string;
	/** Seconds apt-get took, when it had to install them. */
	installSeconds?: number;
}

/**
 * Finds the servers, or installs them (`installDebianPackages`: as root or with CI's sudo, else the command to run).
 */
export async function ensureServers(say: (line: string) => void): Promise<Binaries> {
	const found = () => ({
		postgresBin: postgresBin(),
		redisServer: existsSync(REDIS_SERVER) ? REDIS_SERVER : undefined,
	});
	let { postgresBin: pg, redisServer: redis } = found();
	if (pg && redis) return { postgresBin: pg, redisServer: redis };
	const installSeconds = await installDebianPackages(PACKAGES, 'PostgreSQL or Redis', say);
	({ postgresBin: pg, redisServer: redis } = found());
	if (!pg || !redis)
		throw new Error(
			'apt-get installed the packages, but no postgres or redis-server binary is where Debian puts them',
		);
	return { postgresBin: pg, redisServer: redis, installSeconds };
}

/** The user a server runs as: the package's own user when we are root, else ourselves. */
async function runAs(user: string): Promise<{ uid?: number; gid?: number }> {
	if (process.getuid?.() !== 0) return {};
	const uid = await run('id', ['-u', user], { cwd: '/', timeoutMs: 10_000 });
	const gid = await run('id', ['-g', user], { cwd: '/', timeoutMs: 10_000 });
	if (uid.code !== 0 || gid.code !== 0)
		throw new Error(`no user "${user}" (its Debian package creates it)`);
	return { uid: Number(uid.output.trim()), gid: Number(gid.output.trim()) };
}

/** A folder the server's user owns, inside `parent` (which that user must be able to enter). */
async function ownedFolder(
	parent: string,
	name: string,
	owner: { uid?: number; gid?: number },
): Promise<string> {
	const dir = join(parent, name);
	await mkdir(dir, { recursive: true });
	await chmod(dir, 0o700);
	if (owner.uid !== undefined && owner.gid !== undefined) await chown(dir, owner.uid, owner.gid);
	return dir;
}

export interface RunningServer {
	port: number;
	log: string;
	stop(): Promise<void>;
}

/** Spawns a server as `owner`, output to `log`; `stop` sends `signal`, then SIGKILL after 15 s. */
function startProcess(
	command: string,
	args: string[],
	options: {
		owner: { uid?: number; gid?: number };
		cwd: string;
		log: string;
		signal: NodeJS.Signals;
	},
): { child: ChildProcess; stop: () => Promise<void> } {
	const child = spawn(command, args, {
		cwd: options.cwd,
		env: { PATH: process.env.PATH, LANG: 'C', HOME: options.cwd },
		stdio: ['ignore', 'pipe', 'pipe'],
		...options.owner,
	});
	const keep = (chunk: Buffer) => void appendFile(options.log, chunk);
	child.stdout?.on('data', keep);
	child.stderr?.on('data', keep);
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	child.once('error', (error) => void appendFile(options.log, `spawn failed: ${error.message}\n`));
	const stop = async () => {
		if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
		child.kill(options.signal);
		const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
		await exited;
		clearTimeout(killed);
	};
	return { child, stop };
}

async function waitUntil(
	ready: () => Promise<boolean>,
	child: ChildProcess,
	what: string,
	log: string,
): Promise<void> {
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null)
			throw new Error(`${what} exited with ${child.exitCode} (log: ${log})`);
		if (await ready()) return;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`${what} was not ready within 60 s (log: ${log})`);
}

export interface RunningPostgres extends RunningServer {
	database: string;
	user: string;
	password: string;
	/** n8n's settings for this database. */
	n8nEnv: NodeJS.ProcessEnv;
}

/**
 * A PostgreSQL cluster made by initdb in `parent`/postgres, listening on 127.0.0.1 only (password login, scram), with
 * a database `n8n` owned by the user `n8n`. fsync is off: the data is thrown away after the run.
 */
export async function startPostgres(bin: string, parent: string): Promise<RunningPostgres> {
	const owner = await runAs('postgres');
	const dir = await ownedFolder(parent, 'postgres', owner);
	const log = join(parent, 'postgres.log');
	const password = randomBytes(18).toString('base64url');
	const pwfile = join(dir, 'pwfile');
	await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
	if (owner.uid !== undefined && owner.gid !== undefined) await chown(pwfile, owner.uid, owner.gid);
	const asOwner = async (command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
		const result = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
			const child = spawn(join(bin, command), args, {
				cwd: dir,
				env: { PATH: process.env.PATH, LANG: 'C', HOME: dir, ...env },
				stdio: ['ignore', 'pipe', 'pipe'],
				...owner,
			});
			const chunks: Buffer[] = [];
			child.stdout.on('data', (c: Buffer) => chunks.push(c));
			child.stderr.on('data', (c: Buffer) => chunks.push(c));
			child.once('error', reject);
			child.once('close', (code) =>
				resolve({ code, output: Buffer.concat(chunks).toString('utf8') }),
			);
		});
		await appendFile(log, `$ ${command} ${args.join(' ')}\n${result.output}`);
		if (result.code !== 0)
			throw new Error(`${command} failed (exit ${result.code}): ${result.output.slice(-1500)}`);
	};
	const data = join(dir, 'data');
	await asOwner('initdb', [
		'-D',
		data,
		'-U',
		'n8n',
		`--pwfile=${pwfile}`,
		'--auth=scram-sha-256',
		'-E',
		'UTF8',
		'--locale=C',
		'--no-sync',
	]);
	const port = await freePort();
	const server = startProcess(
		join(bin, 'postgres'),
		[
			'-D',
			data,
			'-p',
			String(port),
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			`unix_socket_directories=${dir}`,
			'-c',
			'fsync=off',
		],
		{ owner, cwd: dir, log, signal: 'SIGINT' },
	);
	let ready = false;
	try {
		const isReady = async () =>
			(
				await run(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'n8n'], {
					cwd: dir,
					timeoutMs: 10_000,
				})
			).code === 0;
		await waitUntil(isReady, server.child, 'postgres', log);
		await asOwner('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'n8n', 'n8n'], {
			PGPASSWORD: password,
		});
		ready = true;
	} finally {
		if (!ready) await server.stop();
	}
	return {
		port,
		log,
		database: 'n8n',
		user: 'n8n',
		password,
		stop: server.stop,
		n8nEnv: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_DATABASE: 'n8n',
			DB_POSTGRESDB_USER: 'n8n',
			DB_POSTGRESDB_PASSWORD: password,
		},
	};
}

/** Sends PING, expects +PONG. */
async function redisPing(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		let answer = '';
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(2000, () => done(false));
		socket.once('error', () => done(false));
		socket.on('data', (chunk: Buffer) => {
			answer += chunk.toString('utf8');
			if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
		});
		socket.once('connect', () => socket.write('PING\r\n'));
	});
}

/** A Redis server on 127.0.0.1 with its working folder in `parent`/redis and no persistence. */
export async function startRedis(redisServer: string, parent: string): Promise<RunningServer> {
	const owner = await runAs('redis');
	const dir = await ownedFolder(parent, 'redis', owner);
	const log = join(parent, 'redis.log');
	const port = await freePort();
	const server = startProcess(
		redisServer,
		[
			'--bind',
			'127.0.0.1',
			'--port',
			String(port),
			'--dir',
			dir,
			'--save',
			'',
			'--appendonly',
			'no',
			'--daemonize',
			'no',
			'--protected-mode',
			'yes',
		],
		{ owner, cwd: dir, log, signal: 'SIGTERM' },
	);
	let ready = false;
	try {
		await waitUntil(async () => await redisPing(port), server.child, 'redis-server', log);
		ready = true;
	} finally {
		if (!ready) await server.stop();
	}
	return { port, log, stop: server.stop };
}
