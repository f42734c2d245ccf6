/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/demo code, never shipped */
/**
 * The demo: this package inside a real n8n, talking to the bundled sandbox.
 *
 *   npm run demo                 everything below, then the editor stays up until Ctrl-C
 *   npm run demo -- --headless   the same steps, then stops everything and exits (CI runs this)
 *
 * It starts the sandbox (control routes on, real clock: due posts are published within a second) and a real n8n on
 * 127.0.0.1 (the pinned install of local-n8n/, made on first use), installs the packed package as a community package,
 * imports the credential and the example workflows (examples/), runs "Schedule one post on three channels" with
 * `n8n execute` and prints what the service saw, publishes the trigger workflow, starts the editor and creates its
 * login. Ctrl-C stops n8n (and its task runner), the sandbox and the file server, and removes the work folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
	BULK_POSTS_CSV,
	EXAMPLES,
	exampleCredential,
	examplesFor,
	fileAccessEnv,
} from '../examples/examples';
import { ensureN8nInstalled, LocalN8n, packPackage, type Login } from '../local-n8n/localN8n';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { SEED_IDS } from '../sandbox/seed';
import { DEMO_SANDBOX } from './sandbox';
import { png } from '../test/fixtures/media';
import { serveFilesOverHttps } from '../test/helpers/httpsFileServer';

const headless = process.argv.includes('--headless');
const say = (line = '') => process.stdout.write(`${line}\n`);
const step = (title: string) => say(`\n== ${title}`);

interface Running {
	work?: string;
	sandbox?: RunningSandbox;
	files?: { close: () => Promise<void> };
	n8n?: LocalN8n;
}
const running: Running = {};
let stopping: Promise<void> | undefined;

/** Stops what this demo started, last started first; safe to call twice (Ctrl-C during a failure). */
async function stopAll(): Promise<void> {
	stopping ??= (async () => {
		await running.n8n?.stop().catch(() => undefined);
		await running.sandbox?.close().catch(() => undefined);
		await running.files?.close().catch(() => undefined);
		if (running.work && !process.env.DEMO_KEEP)
			await rm(running.work, { recursive: true, force: true });
	})();
	await stopping;
}

function failIfNot(condition: boolean, what: string): void {
	if (!condition) throw new Error(what);
}

async function main(): Promise<void> {
	step('n8n: the pinned install (made once, in a cache folder outside the repository)');
	const install = await ensureN8nInstalled();
	say('ready');

	running.work = await mkdtemp(join(tmpdir(), 'social-publishing-demo-'));
	say(`Work folder: ${running.work}`);

	step(
		"Sandbox of the service (in memory, real clock, control routes on, the production profile: the real service's behaviour)",
	);
	// The real service's behaviour throughout (demo/sandbox.ts): Post → Update edits a post in place, one channel's
	// post at a time, and keeps its settings; the contract alone has no edit.
	const sandbox = await startSandbox(DEMO_SANDBOX);
	running.sandbox = sandbox;
	say(`Base URL: ${sandbox.baseUrl}`);
	// The upload example fetches an image by URL; this machine has no internet, so a local https server plays it.
	const files = await serveFilesOverHttps({
		'/autumn.png': (_req, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(png()),
	});
	running.files = files;
	await sandbox.control.settings({ trustedUploadCa: files.ca, allowLoopbackUploadUrls: true });
	// So that the failed-post report has something to report: Mastodon posts fail when their time comes.
	await sandbox.control.patchChannel(SEED_IDS.channels.mastodon, {
		publishOutcome: 'error',
		errorMessage: 'The Mastodon instance is read-only (set by the demo)',
	});
	say('Mastodon channel set to fail on publishing, so the report example has something to report');

	step('n8n: the package from its tarball, the credential and the example workflows');
	const tarball = await packPackage(running.work);
	// The bulk example reads its CSV from here.
	const filesFolder = join(running.work, 'files');
	const n8n = await LocalN8n.create({
		install,
		work: running.work,
		tarball,
		secrets: [sandbox.apiKey],
		env: fileAccessEnv(filesFolder),
	});
	running.n8n = n8n;
	const credentialsFile = join(running.work, 'credentials.json');
	const workflowsFile = join(running.work, 'workflows.json');
	await writeFile(
		credentialsFile,
		JSON.stringify([exampleCredential(sandbox.baseUrl, sandbox.apiKey)]),
	);
	await writeFile(
		workflowsFile,
		JSON.stringify(examplesFor({ imageUrl: files.url('/autumn.png'), filesFolder })),
	);
	for (const args of [
		['import:credentials', `--input=${credentialsFile}`],
		['import:workflow', `--input=${workflowsFile}`],
	]) {
		const result = await n8n.cli(...args);
		failIfNot(
			result.code === 0,
			`n8n ${args[0]} failed:\n${n8n.redact(result.output.slice(-2000))}`,
		);
		say(`n8n ${args[0]}: ${result.output.match(/Successfully imported \d+ \w+/)?.[0] ?? 'done'}`);
	}

	step('Run "Schedule one post on three channels at the next free slot" (n8n execute)');
	await sandbox.control.clearRequests();
	const runResult = await n8n.cli('execute', `--id=${EXAMPLES.schedule.id}`, '--rawOutput');
	failIfNot(
		runResult.code === 0,
		`the example run failed:\n${n8n.redact(runResult.output.slice(-2000))}`,
	);
	const posts = await sandbox.control.requests();
	say('What the service saw:');
	for (const r of posts) say(`  ${r.method} ${r.path} → ${r.status}`);
	const created = posts.filter(
		(r) => r.method === 'POST' && r.path === '/posts' && r.status === 201,
	);
	failIfNot(created.length === 1, `expected one POST /posts answered 201, saw ${created.length}`);
	const body = created[0].body as { date: string; posts: unknown[] };
	say(
		`One request created ${body.posts.length} posts, scheduled at ${body.date} (the latest of the three channels' next free slots).`,
	);

	step(
		'Publish the trigger workflows "Alert me when a post fails" and "Share the link when a post is published" (poll every minute)',
	);
	for (const id of [EXAMPLES.postFailed.id, EXAMPLES.sharePublished.id]) {
		const published = await n8n.cli('publish:workflow', `--id=${id}`);
		failIfNot(
			published.code === 0,
			`n8n publish:workflow failed:\n${n8n.redact(published.output.slice(-2000))}`,
		);
	}
	say('published');

	step('Start the n8n editor');
	await n8n.start();
	const login: Login = {
		email: 'demo@example.com',
		password: `Demo-${randomBytes(6).toString('hex')}1`,
	};
	await n8n.setupOwner(login);
	const workflows = await n8n.rest<Array<{ id: string; name: string; active: boolean }>>(
		'GET',
		'/workflows',
	);
	const ids = Object.values(EXAMPLES).map((e) => e.id);
	failIfNot(
		ids.every((id) => workflows.some((w) => w.id === id)),
		`the editor lists ${workflows.map((w) => w.id).join(', ')}, not every example`,
	);
	const triggers = workflows.filter(
		(w) => w.id === EXAMPLES.postFailed.id || w.id === EXAMPLES.sharePublished.id,
	);
	failIfNot(
		triggers.length === 2 && triggers.every((w) => w.active),
		'the trigger workflows are not both active in the editor',
	);
	say(
		`${workflows.length} workflows in the editor; ${triggers.map((w) => `"${w.name}"`).join(' and ')} are published and polling.`,
	);

	say('');
	say(`Editor:   ${n8n.url}`);
	say(`Login:    ${login.email} / ${login.password}`);
	say(`Sandbox:  ${sandbox.baseUrl} (API key in the credential "Social Publishing (sandbox)")`);
	// Its n8n reads files only there, so a copy in ~/.n8n-files would be refused: say where it is.
	say(
		`CSV:      ${join(filesFolder, BULK_POSTS_CSV)} (the bulk example reads it; nothing to set up)`,
	);
	if (headless) {
		say('\ndemo: every step passed (headless: stopping everything)');
		return;
	}
	say('');
	say(
		'Try it: open "Schedule one post on three channels…", set Type to "Now" and run it. The sandbox publishes at',
	);
	say(
		'once (Mastodon fails on purpose); within a minute or two the published trigger workflows alert the failure, with',
	);
	say(
		'its reason, and share the links of the published posts (Executions tabs of "Alert me when a post fails" and',
	);
	say(
		'"Share the link when a post is published"). Ctrl-C stops n8n, the sandbox and everything else.',
	);
	await new Promise<never>(() => undefined);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => {
		say(
			`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping n8n, the sandbox and the file server`,
		);
		void stopAll().then(() => {
			say('demo: stopped');
			process.exit(0);
		});
	});
}

main().then(
	async () => {
		await stopAll();
		process.exit(0);
	},
	async (error: Error) => {
		process.stderr.write(`\nDemo failed: ${error.message}\n`);
		await stopAll();
		process.exit(1);
	},
);
