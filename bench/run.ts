/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev code, never shipped: it reads process.argv and writes to stdout */
/**
 * `npm run bench`: ratios measured in one run, printed as one table (no absolute time is pass/fail: these machines
 * are shared and noisy). It measures the BUILT nodes (dist/, as users install them) through n8n-core's engine (the
 * test harness, test/helpers/engine.ts), against the sandbox in its own process.
 *
 *   node .build/bench/run.js [--only overhead,economy,pacing,trigger,postEvents,upload,text] [--rounds N]
 *     [--latencies 0,50] [--profile node|bare N]
 *
 * `--profile node 40` runs only the node's 200-item run 40 times, and nothing else (for `node --cpu-prof`).
 */
import { removeBenchUserFolder } from './benchEnv';
import { economy } from './economy';
import { fmt, log, startSandboxProcess, useBuiltNodes, type Row } from './lib';
import { overhead, type Contender } from './overhead';
import { pacing } from './pacing';
import { postEvents } from './postEvents';
import { text } from './text';
import { trigger } from './trigger';
import { upload } from './upload';

const SECTIONS = [
	'overhead',
	'economy',
	'pacing',
	'trigger',
	'postEvents',
	'upload',
	'text',
] as const;
type Section = (typeof SECTIONS)[number];

function argument(name: string): string | undefined {
	const index = process.argv.indexOf(`--${name}`);
	return index >= 0 ? process.argv[index + 1] : undefined;
}

function printTable(rows: Row[], seconds: number): void {
	const whatWidth = Math.max(...rows.map((r) => r.what.length));
	const lines = [
		`${'measured'.padEnd(whatWidth)}  ${'ratio'.padStart(7)}  from`,
		...rows.map((r) => `${r.what.padEnd(whatWidth)}  ${fmt(r.ratio).padStart(7)}  ${r.detail}`),
		`(${seconds.toFixed(0)} s, Node ${process.version}, built node from dist/)`,
	];
	process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * The same figures folded to a dozen lines, as a Markdown table for the README: the economy rows at their minimum
 * are counted rather than listed, the trigger's polls are one line.
 */
function printSummary(rows: Row[]): void {
	const out: Array<[string, string, string]> = [];
	const ratioOf = (r: Row) => fmt(r.ratio);
	for (const r of rows.filter((row) => row.section === 'overhead'))
		out.push([r.what, ratioOf(r), r.detail.split(';')[0]]);
	const economy = rows.filter((r) => r.section === 'economy');
	if (economy.length) {
		const above = economy.filter((r) => r.ratio !== 1);
		const worst = Math.max(...economy.map((r) => r.ratio ?? 0));
		const listed = above
			.map((r) => `${r.what.replace(/^requests: /, '')} ${fmt(r.ratio)}`)
			.join(', ');
		out.push([
			`requests of ${economy.length} operations and pickers / API minimum`,
			fmt(worst),
			`${economy.length - above.length} at 1.00×${listed ? `; ${listed}` : ''}`,
		]);
	}
	for (const r of rows.filter((row) => row.section === 'pacing'))
		out.push([
			r.what.replace(/^pacing: /, 'pacing, '),
			ratioOf(r),
			r.detail.split('; ').slice(0, 2).join('; '),
		]);
	const polls = rows.filter((r) => r.section === 'trigger');
	if (polls.length) {
		const worst = Math.max(...polls.map((r) => r.ratio ?? 0));
		const figures = polls
			.filter((r) => !r.what.includes('after it'))
			.map(
				(r) =>
					`${r.what.replace(/^trigger: /, '').replace(/ \(nothing new\)/, '')}: ${r.detail.split(' ')[0]}`,
			);
		out.push(['trigger requests per poll / minimum', fmt(worst), figures.join(', ')]);
	}
	const postPolls = rows.filter((r) => r.section === 'postEvents');
	if (postPolls.length) {
		const worst = Math.max(...postPolls.map((r) => r.ratio ?? 0));
		// Each size's steady poll: the trigger's CPU, and a plain fetch + parse of the same answer.
		const figures = postPolls
			.filter((r) => r.what.includes('steady poll (median'))
			.map((r) => {
				const [node, plain] = [...r.detail.matchAll(/CPU ([\d.]+) ms/g)].map((m) => m[1]);
				const size = /, ([\d,]+) watched/.exec(r.what)?.[1] ?? '?';
				return `${size} posts: CPU ${node} ms a steady poll (plain fetch + parse ${plain} ms)`;
			});
		out.push([
			'post events requests per poll / minimum (1 GET /posts)',
			fmt(worst),
			`${figures.join(', ')}; 2 requests only in a poll with a failure (its reason)`,
		]);
	}
	for (const r of rows.filter((row) => row.section === 'upload'))
		out.push([r.what, ratioOf(r), r.detail.split(' (')[0]]);
	for (const r of rows.filter((row) => row.section === 'text'))
		out.push([r.what, ratioOf(r), r.detail.split(';')[0]]);
	const lines = [
		'| measured | ratio | from |',
		'|---|--:|---|',
		...out.map(([what, ratio, detail]) => `| ${what} | ${ratio} | ${detail} |`),
	];
	process.stdout.write(`\nSummary, as the README's Performance table:\n\n${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
	const started = Date.now();
	await useBuiltNodes();
	const only = (argument('only')?.split(',') ?? SECTIONS) as Section[];
	const rounds = Number(argument('rounds') ?? 9);
	const profiled = argument('profile') as Contender | undefined;
	const profileRuns = profiled
		? Number(process.argv[process.argv.indexOf('--profile') + 2] ?? 20)
		: undefined;
	const rows: Row[] = [];
	const wanted = (section: Section) => only.includes(section) && !profileRuns;

	const sandbox = await startSandboxProcess();
	try {
		if (profiled && profileRuns)
			await overhead(sandbox, {
				rounds,
				latenciesMs: [0],
				profileOnly: { contender: profiled, runs: profileRuns },
			});
		if (wanted('overhead')) {
			log('overhead: 200 items, node vs bare declarative node vs plain fetch...');
			const latenciesMs = (argument('latencies') ?? '0,50').split(',').map(Number);
			rows.push(...(await overhead(sandbox, { rounds, latenciesMs })));
		}
	} finally {
		sandbox.stop();
	}
	if (wanted('economy')) {
		log('economy: requests per operation and picker...');
		rows.push(...(await economy()));
	}
	if (wanted('pacing')) {
		log('pacing: 200 items of Analytics → Get Channel on a 60-per-3 s window...');
		rows.push(...(await pacing()));
	}
	if (wanted('trigger')) {
		log('trigger: requests per poll...');
		rows.push(...(await trigger()));
	}
	if (wanted('postEvents')) {
		log('postEvents: requests and CPU per poll at 50 and 5,000 watched posts...');
		rows.push(...(await postEvents()));
	}
	if (wanted('upload')) {
		log('upload: 50 MB, node vs plain streamed fetch, each in a fresh process...');
		rows.push(...(await upload()));
	}
	if (wanted('text')) {
		log('text: one check of 1 MB of text, each shape...');
		rows.push(...(await text()));
	}
	if (rows.length) {
		printTable(rows, (Date.now() - started) / 1000);
		printSummary(rows);
	}
}

main()
	.catch((error: Error) => {
		process.stderr.write(`bench: ${error.stack ?? error.message}\n`);
		process.exitCode = 1;
	})
	.finally(removeBenchUserFolder);
