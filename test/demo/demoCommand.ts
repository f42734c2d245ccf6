/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev/test code, never shipped: it runs the README's first command */
/**
 * The README's first command, as a newcomer runs it: `npm run demo -- --headless` must pass every step, and
 * `npm run demo` must reach the editor and, on Ctrl-C, stop everything it started (n8n, its task runner, the
 * sandbox) and remove its work folder. `npm run test:demo` builds and starts this; it prints `demo: N passed, N
 * failed` last. Everything here is imported at start: the demo rebuilds .build/ while this file runs from it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { checklist } from '../helpers/checklist';

const ROOT = join(__dirname, '..', '..', '..');
const DEMO_TIMEOUT_MS = 20 * 60_000; // a first run installs n8n

const { check, summary } = checklist('demo');

/** `npm run demo [-- args]` in a process group of its own, as a terminal would run it; output kept and echoed. */
function startDemo(args: string[]) {
	const child = spawn('npm', ['run', '--silent', 'demo', ...(args.length ? ['--', ...args] : [])], {
		cwd: ROOT,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	const keep = (chunk: Buffer) => {
		output += chunk.toString('utf8');
		process.stdout.write(chunk.toString('utf8').replace(/^/gm, '     | '));
	};
	child.stdout.on('data', keep);
	child.stderr.on('data', keep);
	const exited = new Promise<number | null>((resolve) =>
		child.once('close', (code) => resolve(code)),
	);
	return { child, exited, output: () => output };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_resolve, reject) => {
		timer = setTimeout(
			() => reject(new Error(`timed out after ${ms / 1000} s waiting for ${what}`)),
			ms,
		);
	});
	try {
		return await Promise.race([promise, timeout]);
	} finally {
		clearTimeout(timer);
	}
}

/** Every process below `pid` (children, their children...), read from /proc. */
function descendantsOf(pid: number): number[] {
	const parentOf = new Map<number, number>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			// Field 4 of /proc/<pid>/stat is the parent; the command name (field 2) may hold spaces, so split after ')'.
			const fields =
				readFileSync(`/proc/${entry}/stat`, 'utf8').split(')').pop()?.trim().split(' ') ?? [];
			parentOf.set(Number(entry), Number(fields[1]));
		} catch {
			// the process ended while we read
		}
	}
	const found: number[] = [];
	const walk = (parent: number) => {
		for (const [child, p] of parentOf) {
			if (p === parent) {
				found.push(child);
				walk(child);
			}
		}
	};
	walk(pid);
	return found;
}

function alive(pid: number): boolean {
	try {
		const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()?.trim().split(' ')[0];
		return state !== 'Z';
	} catch {
		return false;
	}
}

async function refused(url: string): Promise<boolean> {
	return await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
		() => false,
		() => true,
	);
}

async function main(): Promise<number> {
	await check('npm run demo -- --headless passes every step and exits 0', async () => {
		const demo = startDemo(['--headless']);
		const code = await within(demo.exited, DEMO_TIMEOUT_MS, 'the headless demo');
		if (code !== 0) throw new Error(`exit ${code}`);
		if (!demo.output().includes('demo: every step passed'))
			throw new Error('no "demo: every step passed" line');
	});

	await check('npm run demo reaches the editor; Ctrl-C stops everything it started', async () => {
		const demo = startDemo([]);
		const ready = (async () => {
			while (!/^Editor: +\S+/m.test(demo.output())) {
				if (demo.child.exitCode !== null)
					throw new Error('the demo exited before printing the editor address');
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
		})();
		await within(ready, DEMO_TIMEOUT_MS, 'the editor address');
		const editor = /^Editor: +(\S+)/m.exec(demo.output())?.[1] as string;
		const baseUrl = /^Base URL: (\S+)/m.exec(demo.output())?.[1] as string;
		const work = /^Work folder: (\S+)/m.exec(demo.output())?.[1] as string;
		const page = await fetch(editor);
		if (!page.ok) throw new Error(`the editor answered ${page.status}`);
		const started = descendantsOf(demo.child.pid as number);
		if (started.length < 3)
			throw new Error(
				`expected npm, the demo and n8n below the command, found ${started.length} processes`,
			);

		process.kill(-(demo.child.pid as number), 'SIGINT'); // what Ctrl-C in a terminal sends: the whole foreground group
		await within(demo.exited, 60_000, 'the demo to stop after Ctrl-C');
		await new Promise((resolve) => setTimeout(resolve, 1000));
		const left = started.filter(alive);
		if (left.length)
			throw new Error(
				`${left.length} of its ${started.length} processes still run: ${left.join(', ')}`,
			);
		if (!(await refused(editor))) throw new Error(`${editor} still answers`);
		if (!(await refused(baseUrl))) throw new Error(`${baseUrl} still answers`);
		if (existsSync(work)) throw new Error(`the work folder ${work} is still there`);
		if (!demo.output().includes('demo: stopped')) throw new Error('no "demo: stopped" line');
		process.stdout.write(
			`     (${started.length} processes stopped, editor and sandbox ports closed, work folder removed)\n`,
		);
	});

	return summary();
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		process.stderr.write(`demo: ${error.message}\n`);
		process.stdout.write('demo: 0 passed, 1 failed\n');
		process.exit(1);
	},
);
