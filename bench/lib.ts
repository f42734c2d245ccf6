/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev code, never shipped: it loads the built node and starts the sandbox in a child process */
/**
 * What the benchmark's parts share: the BUILT nodes (dist/, what users install) registered with the test engine
 * harness, a sandbox in its own process (so its CPU is not the node's), medians and table rows.
 */
import './benchEnv';

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import type { INodeType } from 'n8n-workflow';

import { SandboxControl, type SandboxOptions } from '../sandbox';
import type { LoggedRequest } from '../sandbox/requestLog';
import { registerAsLoadedByN8n } from '../test/helpers/n8nLoader';

/** The repository root, from .build/bench/. */
export const ROOT = join(__dirname, '..', '..');

export const NODE_TYPE = 'n8n-nodes-social-publishing.socialPublishing';
export const TRIGGER_TYPE = 'n8n-nodes-social-publishing.socialPublishingTrigger';

type NodeClass = new () => INodeType;

async function loadBuilt(relative: string, exported: string): Promise<NodeClass> {
	const path = join(ROOT, 'dist', relative);
	const module = (await import(path)) as Record<string, NodeClass | undefined>;
	const found = module[exported];
	if (!found) throw new Error(`${path} does not export ${exported}; run npm run build first`);
	return found;
}

/**
 * Registers the built action node and trigger (dist/) under the package's type names, replacing the sources the
 * harness registers by default, so every part of the bench measures what users run.
 */
export async function builtActionNode(): Promise<INodeType> {
	return new (await loadBuilt(
		'nodes/SocialPublishing/SocialPublishing.node.js',
		'SocialPublishing',
	))();
}

export async function useBuiltNodes(): Promise<void> {
	registerAsLoadedByN8n(NODE_TYPE, await builtActionNode());
	registerAsLoadedByN8n(
		TRIGGER_TYPE,
		new (await loadBuilt(
			'nodes/SocialPublishingTrigger/SocialPublishingTrigger.node.js',
			'SocialPublishingTrigger',
		))(),
	);
}

export interface SandboxProcess {
	baseUrl: string;
	apiKey: string;
	control: SandboxControl;
	/** Requests logged since the last clear, paths relative to the API base. */
	requests(): Promise<LoggedRequest[]>;
	stop(): void;
}

/** The built sandbox (.build/sandbox/cli.js) in a child process, with `options` passed through a seed file. */
export async function startSandboxProcess(
	options: Pick<SandboxOptions, 'rateLimits' | 'profile'> & {
		orgs?: unknown;
		manualClock?: boolean;
	} = {},
): Promise<SandboxProcess> {
	const seedDir = mkdtempSync(join(tmpdir(), 'bench-seed-'));
	const seedFile = join(seedDir, 'seed.json');
	const { orgs, manualClock, ...rest } = options;
	writeFileSync(seedFile, JSON.stringify({ ...(orgs ? { orgs } : {}), options: rest }));
	const args = [
		join(ROOT, '.build', 'sandbox', 'cli.js'),
		'--port',
		'0',
		'--control',
		'--seed',
		seedFile,
		...(manualClock ? ['--manual-clock'] : []),
	];
	const child: ChildProcess = spawn(process.execPath, args, {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let out = '';
	const { baseUrl, apiKey } = await new Promise<{ baseUrl: string; apiKey: string }>(
		(resolve, reject) => {
			child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
			child.stdout?.on('data', (chunk: Buffer) => {
				out += chunk.toString();
				const url = /Base URL: (\S+)/.exec(out)?.[1];
				const key = /API key:\s+(\S+)/.exec(out)?.[1];
				if (url && key) resolve({ baseUrl: url, apiKey: key });
			});
		},
	);
	child.removeAllListeners('exit');
	const control = new SandboxControl(new URL(baseUrl).origin);
	return {
		baseUrl,
		apiKey,
		control,
		requests: async () =>
			(await control.requests()).map((r) => ({
				...r,
				path: r.path.replace(/^\/api\/public\/v1(?=\/)/, ''),
			})),
		stop: () => {
			child.kill('SIGTERM');
			rmSync(seedDir, { recursive: true, force: true });
		},
	};
}

setFlagsFromString('--expose-gc');
/** A full garbage collection, before each measured run (V8's gc, exposed at run time). */
export const gc = runInNewContext('gc') as () => void;

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Wall time and this process's CPU time (user + system; the sandbox runs in another process) of one run. */
export async function timed<T>(
	run: () => Promise<T>,
): Promise<{ ms: number; cpuMs: number; value: T }> {
	const started = process.hrtime.bigint();
	const cpu = process.cpuUsage();
	const value = await run();
	const used = process.cpuUsage(cpu);
	return {
		ms: Number(process.hrtime.bigint() - started) / 1e6,
		cpuMs: (used.user + used.system) / 1000,
		value,
	};
}

/** Fisher-Yates: the order of the contenders in one round, so that no one always runs first. */
export function shuffled<T>(list: T[]): T[] {
	const copy = [...list];
	for (let i = copy.length - 1; i > 0; i--) {
		const j = Math.floor(Math.random() * (i + 1));
		[copy[i], copy[j]] = [copy[j], copy[i]];
	}
	return copy;
}

/** One line of the printed table: what was measured, the ratio, and the figures it comes from. */
export interface Row {
	section: string;
	what: string;
	ratio: number | null;
	detail: string;
}

export const fmt = (ratio: number | null) => (ratio === null ? 'n/a' : `${ratio.toFixed(2)}×`);

export function log(line: string): void {
	process.stderr.write(`${line}\n`);
}
