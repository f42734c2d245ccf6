/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped: it runs n8n, PostgreSQL and Redis */
/**
 * The published trigger over several polls and a restart, in two real n8n set-ups run side by side (local-n8n/):
 *
 * - queue mode, as users who outgrow one process run it: PostgreSQL and Redis from Debian's packages (installed if
 *   missing, started here on loopback as their own users, data in a temp folder), n8n's main process holding the
 *   published trigger workflow, and an `n8n worker` running its executions (the action node included);
 * - a single n8n (SQLite, executions in the main process).
 *
 * In each, a workflow "Social Publishing Trigger (every minute at a fixed second) → Channel → Check Connection" is
 * published; notifications are written through the sandbox's control route before activation, between polls, just
 * before the main stops and while it is down; the emitted ids are read back from every execution through the
 * editor's REST API. Every notification must be emitted exactly once across the whole run (0 lost, 0 duplicated).
 *
 * Beside it, polling at the same second against a second sandbox (manual clock, production's edit of posts), a
 * workflow on Trigger On → Post Events with every event picked (postEventsLedger.ts): at the same steps posts are
 * created, edited, deleted, published and failed (the sandbox's publishing run, its Mastodon channel set to fail),
 * and every event the sandbox's answers call for must come out exactly once (counted by event and post id), a
 * failure with its reason, GET /notifications read only on the first poll and for failures.
 *
 * `npm run test:e2e:queue` builds and starts this; it needs `npm run build` (dist/) first. Prints
 * `queue: N passed, N failed` last; E2E_KEEP=1 keeps the work folder (logs of n8n, the worker, PostgreSQL, Redis).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
	ensureN8nInstalled,
	LocalN8n,
	packPackage,
	PACKAGE,
	type N8nWorker,
} from '../../local-n8n/localN8n';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { checklist } from '../helpers/checklist';
import {
	eventKey,
	MASTODON_CHANNEL,
	POST_EVENTS_TRIGGER,
	PostLedger,
	postEventsWorkflow,
	tally,
	wrongDetails,
	X_CHANNEL,
} from './postEventsLedger';
import {
	ensureServers,
	startPostgres,
	startRedis,
	type RunningServer,
} from '../helpers/queueServices';
import { restartN8n } from './restartN8n';

type Json = Record<string, unknown>;

const CREDENTIAL = { id: 'queueSocialPub01', name: 'Sandbox (queue e2e)' };
const WORKFLOW_ID = 'queueTriggerWf01';
const TRIGGER = 'On New Notification';
const ACTION = 'Check Connection';
const POST_CREDENTIAL = { id: 'queuePostEvents1', name: 'Sandbox, post events (queue e2e)' };
const POST_WORKFLOW_ID = 'queuePostEvWf001';
const HOUR_MS = 60 * 60 * 1000;
/** Notifications written before activation; the trigger's "Include Latest on First Poll" emits exactly these. */
const BEFORE_ACTIVATION = 3;
/** The owner created in each n8n; a new password each run (upper case, digits: n8n's rules). */
const LOGIN = {
	email: 'queue-e2e@example.com',
	password: `Queue-${randomBytes(12).toString('hex')}-1`,
};

function say(line: string): void {
	process.stdout.write(`     ${line}\n`);
}

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** Polls every minute at `second` (n8n refuses anything more frequent), then asks the service once. */
function triggerWorkflow(second: number): Json {
	const credentials = { socialPublishingApi: CREDENTIAL };
	return {
		id: WORKFLOW_ID,
		name: 'e2e: every new notification, then an action node',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'trigger',
				name: TRIGGER,
				type: `${PACKAGE}.socialPublishingTrigger`,
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'custom', cronExpression: `${second} * * * * *` }] },
					filters: {},
					options: { includeOnFirstPoll: BEFORE_ACTIVATION },
				},
				credentials,
			},
			{
				id: 'action',
				name: ACTION,
				type: `${PACKAGE}.socialPublishing`,
				typeVersion: 1,
				position: [250, 0],
				executeOnce: true,
				parameters: { resource: 'channel', operation: 'checkConnection' },
				credentials,
			},
		],
		connections: { [TRIGGER]: { main: [[{ node: ACTION, type: 'main', index: 0 }]] } },
	};
}

interface Emission {
	executionId: string;
	status: string;
	mode: string;
	/** What the trigger emitted, in item order: notification ids, or post events as "<event> <postId>". */
	ids: string[];
	/** The trigger's items. */
	items: Json[];
	action: Json[];
}

function itemsOf(runData: Record<string, Json[]> | undefined, node: string): Json[] {
	const main = (
		runData?.[node]?.[0]?.data as { main?: Array<Array<{ json: Json }> | null> } | undefined
	)?.main;
	return (main?.[0] ?? []).map((item) => item.json);
}

/** What one n8n set-up is, for the shared scenario. */
interface Setup {
	label: string;
	n8n: LocalN8n;
	sandbox: RunningSandbox;
	/** The post events workflow's service: a manual clock, production's edit of posts. */
	postSandbox: RunningSandbox;
	/** Queue mode: starts the worker (with the main). */
	startWorker?: () => Promise<N8nWorker>;
}

class Stopped extends Error {}

interface Outcome {
	added: string[];
	emissions: Emission[];
	postEmissions: Emission[];
	/** Time spent waiting for post events once the notifications of the same poll were out. */
	postWaitMs: number;
	worker?: N8nWorker;
}

/** The finished executions of one workflow, each read once through the editor's REST API. */
function executionsOf(
	n8n: LocalN8n,
	workflowId: string,
	trigger: string,
	key: (item: Json) => string,
): () => Promise<Emission[]> {
	const seen = new Map<string, Emission>();
	return async () => {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const list = await n8n.rest<{ results: Array<{ id: string; status: string; mode: string }> }>(
			'GET',
			`/executions?filter=${filter}&limit=100`,
		);
		if (list.results.length >= 100)
			throw new Error('100 executions or more: this run expects a handful');
		for (const e of list.results) {
			if (seen.has(e.id) || ['new', 'running', 'waiting', 'queued'].includes(e.status)) continue;
			const run = await n8n.execution(e.id);
			const runData = (run.data.resultData as Json | undefined)?.runData as
				| Record<string, Json[]>
				| undefined;
			const items = itemsOf(runData, trigger);
			seen.set(e.id, {
				executionId: e.id,
				status: run.status,
				mode: e.mode,
				ids: items.map(key),
				items,
				action: itemsOf(runData, ACTION),
			});
		}
		return [...seen.values()].sort((a, b) => Number(a.executionId) - Number(b.executionId));
	};
}

/**
 * The run in one set-up: before activation, two scheduled polls, a restart of the main with notifications written
 * just before it stops and while it is down, one more scheduled poll; then the checks on everything emitted.
 */
async function scenario(
	setup: Setup,
	check: ReturnType<typeof checklist>['check'],
	secrets: string[],
): Promise<Outcome> {
	const { label, n8n, sandbox, postSandbox } = setup;
	const added: string[] = [];
	const outcome: Outcome = { added, emissions: [], postEmissions: [], postWaitMs: 0 };
	const ledger = new PostLedger(postSandbox, label);
	/** A check the rest of the run depends on: when it fails, the run skips to the final checks. */
	const must = async (name: string, body: () => Promise<void>) => {
		let failed = true;
		await check(`${label}: ${name}`, async () => {
			await body();
			failed = false;
		});
		if (failed) throw new Stopped(name);
	};
	let batch = 0;
	const write = async (count: number): Promise<string[]> => {
		batch++;
		const { ids } = await sandbox.control.addNotifications({
			count,
			content: `${label} batch ${batch}`,
			sameCreatedAt: true,
		});
		added.push(...ids);
		return ids;
	};
	const readNotifications = executionsOf(n8n, WORKFLOW_ID, TRIGGER, (item) => String(item.id));
	const emissions = async (): Promise<Emission[]> =>
		(outcome.emissions = await readNotifications());
	const readPostEvents = executionsOf(n8n, POST_WORKFLOW_ID, POST_EVENTS_TRIGGER, eventKey);
	/** Waits until every post event the ledger expects so far came out of some finished execution. */
	const postEventsOut = async (timeoutMs: number, what: string): Promise<void> => {
		const started = Date.now();
		const deadline = started + timeoutMs;
		for (;;) {
			outcome.postEmissions = await readPostEvents();
			const out = new Set(outcome.postEmissions.flatMap((e) => e.ids));
			const missing = ledger.expected.filter((key) => !out.has(key));
			if (missing.length === 0) {
				// What the post events add to the run: the waits after the notifications' (same polls).
				outcome.postWaitMs += Date.now() - started;
				return;
			}
			if (Date.now() > deadline)
				throw new Error(
					`post events not emitted after ${timeoutMs / 1000} s (${what}): ${missing.join(', ')}`,
				);
			await sleep(2000);
		}
	};
	/** Waits until every id of `ids` was emitted by some finished execution; returns those executions. */
	const emitted = async (ids: string[], timeoutMs: number, what: string): Promise<Emission[]> => {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const all = await emissions();
			const emittedIds = new Set(all.flatMap((e) => e.ids));
			const missing = ids.filter((id) => !emittedIds.has(id));
			if (missing.length === 0) return all.filter((e) => e.ids.some((id) => ids.includes(id)));
			if (Date.now() > deadline)
				throw new Error(
					`${missing.length} of ${ids.length} notifications not emitted after ${timeoutMs / 1000} s (${what})`,
				);
			await sleep(2000);
		}
	};
	/** The batch came out of one execution, one item per notification and nothing else. */
	const inOneExecution = (batch: string[], found: Emission[]) => {
		const got = found.map((e) => `#${e.executionId}: ${e.ids.length} items`).join(', ');
		if (found.length !== 1 || found[0].ids.length !== batch.length)
			throw new Error(`${batch.length} notifications came out as ${got}`);
	};
	// The first scheduled poll ~50 s from now: about when n8n is up.
	const second = (new Date().getUTCSeconds() + 50) % 60;
	const starts: number[] = [];

	const steps = async () => {
		await must(
			`imports the credentials and the two trigger workflows (poll every minute at second ${second}), published with n8n's CLI`,
			async () => {
				const credentials = join(n8n.work, 'credentials.json');
				const workflows = join(n8n.work, 'workflows.json');
				await writeFile(
					credentials,
					JSON.stringify([
						{
							...CREDENTIAL,
							type: 'socialPublishingApi',
							data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
						},
						{
							...POST_CREDENTIAL,
							type: 'socialPublishingApi',
							data: { baseUrl: postSandbox.baseUrl, apiKey: postSandbox.apiKey },
						},
					]),
				);
				const postEvents = postEventsWorkflow({
					id: POST_WORKFLOW_ID,
					name: 'e2e: every post event',
					credential: POST_CREDENTIAL,
					pollTimes: { item: [{ mode: 'custom', cronExpression: `${second} * * * * *` }] },
					includeExisting: true,
				});
				await writeFile(workflows, JSON.stringify([triggerWorkflow(second), postEvents]));
				for (const args of [
					[`import:credentials`, `--input=${credentials}`],
					['import:workflow', `--input=${workflows}`],
					['publish:workflow', `--id=${WORKFLOW_ID}`],
					['publish:workflow', `--id=${POST_WORKFLOW_ID}`],
				]) {
					const result = await n8n.cli(...args);
					if (result.code !== 0)
						throw new Error(
							`n8n ${args[0]} exited with ${result.code}:\n${n8n.redact(result.output.trim().split('\n').slice(-15).join('\n'))}`,
						);
				}
			},
		);
		const before = await write(BEFORE_ACTIVATION);
		// Before activation: four posts (Include Existing Posts emits them as created), their fates below.
		const clockAt = Date.parse(await postSandbox.control.now());
		const later = (hours: number) => new Date(clockAt + hours * HOUR_MS);
		await ledger.failMastodon();
		const toEdit = await ledger.schedule(X_CHANNEL, later(24), `${label}: to be edited`);
		const toDelete = await ledger.schedule(X_CHANNEL, later(24), `${label}: to be deleted`);
		await ledger.schedule(X_CHANNEL, later(1), `${label}: to be published`);
		await ledger.schedule(MASTODON_CHANNEL, later(1), `${label}: to fail`);
		let betweenPolls: string | undefined;

		await must(
			setup.startWorker
				? "the main and a worker start; the editor's REST API answers as the owner"
				: "n8n starts; the editor's REST API answers as the owner",
			async () => {
				const startWorker = setup.startWorker;
				await Promise.all([
					n8n.start(),
					startWorker
						? startWorker().then((worker) => void (outcome.worker = worker))
						: Promise.resolve(),
				]);
				starts.push(Date.now());
				await n8n.setupOwner(LOGIN);
			},
		);
		await must('the trigger workflows are active (n8n accepted the poll times)', async () => {
			for (const id of [WORKFLOW_ID, POST_WORKFLOW_ID]) {
				const workflow = await n8n.rest<{ active: boolean }>('GET', `/workflows/${id}`);
				if (workflow.active !== true)
					throw new Error(
						`${id}: active is ${String(workflow.active)}; see ${join(n8n.work, 'n8n-server.log')}`,
					);
			}
		});
		await check(
			`${label}: the activation poll emits the ${BEFORE_ACTIVATION} notifications written before (Include Latest on First Poll = ${BEFORE_ACTIVATION}), and the 4 posts as created (Include Existing Posts)`,
			async () => {
				inOneExecution(before, await emitted(before, 60_000, 'activation poll'));
				await postEventsOut(20_000, 'activation poll');
			},
		);
		await check(
			`${label}: a scheduled poll emits the 4 notifications written since, and a post created, one edited, one deleted`,
			async () => {
				const batch = await write(4);
				betweenPolls = await ledger.schedule(
					X_CHANNEL,
					later(24),
					`${label}: created between polls`,
				);
				await ledger.edit(toEdit, X_CHANNEL, later(25), `${label}: edited between polls`);
				await ledger.remove(toDelete);
				inOneExecution(batch, await emitted(batch, 80_000, 'first scheduled poll'));
				await postEventsOut(20_000, 'first scheduled poll');
			},
		);
		await check(
			`${label}: the next scheduled poll, a minute later, emits the 2 written since, and a post published, one failed (the sandbox's publishing run)`,
			async () => {
				const batch = await write(2);
				const sent = await ledger.publishDue(2 * 60 * 60);
				if (sent.length !== 2) throw new Error(`the sandbox published ${sent.length} posts, not 2`);
				inOneExecution(batch, await emitted(batch, 80_000, 'second scheduled poll'));
				await postEventsOut(20_000, 'second scheduled poll');
			},
		);
		const theMain = setup.startWorker ? 'the main' : 'n8n';
		await must(
			`${theMain} stops (3 notifications and a post edited just before, 2 notifications, a post sent and one deleted while it is down) and starts again`,
			async () => {
				await write(3);
				if (betweenPolls)
					await ledger.edit(betweenPolls, X_CHANNEL, later(26), `${label}: edited before the stop`);
				const { stopSeconds, downSeconds } = await restartN8n(n8n, LOGIN, async () => {
					await write(2);
					await ledger.sendNow(X_CHANNEL, `${label}: sent while n8n is down`);
					await ledger.remove(toEdit);
				});
				starts.push(Date.now());
				say(
					`${label}: ${theMain} stopped in ${stopSeconds.toFixed(1)} s, was up again ${downSeconds.toFixed(1)} s later`,
				);
			},
		);
		await check(
			`${label}: after the restart, the 5 notifications written around it are emitted, and the post events around it`,
			async () => {
				await emitted(added, 80_000, 'after the restart');
				await postEventsOut(20_000, 'after the restart');
			},
		);
		await check(
			`${label}: the first scheduled poll after the restart emits the 2 written since, and a post sent that failed`,
			async () => {
				const batch = await write(2);
				await ledger.sendNow(MASTODON_CHANNEL, `${label}: sent after the restart`);
				inOneExecution(batch, await emitted(batch, 80_000, 'scheduled poll after the restart'));
				await postEventsOut(20_000, 'scheduled poll after the restart');
				// Anything emitted twice would show up in the same poll; give a last execution time to be listed.
				await sleep(3000);
				await emissions();
				outcome.postEmissions = await readPostEvents();
			},
		);
	};
	const unexpected = await steps().then(
		() => undefined,
		(error: unknown) => (error instanceof Stopped ? undefined : (error as Error)),
	);
	if (unexpected)
		await check(`${label}: the run goes on to its end`, () => Promise.reject(unexpected));

	const all = outcome.emissions;
	await check(
		`${label}: every notification emitted exactly once, one item each, across ${all.length} executions`,
		() => {
			const counts = new Map<string, number>();
			for (const id of all.flatMap((e) => e.ids)) counts.set(id, (counts.get(id) ?? 0) + 1);
			const lost = added.filter((id) => !counts.has(id));
			const duplicated = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
			const unknown = [...counts.keys()].filter((id) => !added.includes(id));
			say(
				`${label}: ${added.length} notifications written, ${counts.size} emitted, ${lost.length} lost, ${duplicated.length} duplicated`,
			);
			say(
				`${label}: items per execution: ${all.map((e) => `#${e.executionId} ${e.ids.length}`).join(', ')}`,
			);
			if (lost.length || duplicated.length || unknown.length || added.length === 0) {
				throw new Error(
					`lost ${lost.length}, duplicated ${duplicated.length}, not written by this run ${unknown.length}`,
				);
			}
		},
	);
	const postRuns = outcome.postEmissions;
	await check(
		`${label}: every post event emitted exactly once (by event and post id, against what the sandbox did) across ${postRuns.length} executions, each a trigger run that succeeded`,
		() => {
			const emitted = postRuns.flatMap((e) => e.ids);
			const { lost, duplicated, unexpected, others } = tally(ledger, emitted);
			const kinds = new Map<string, number>();
			for (const key of ledger.expected) {
				const kind = key.split(' ')[0];
				kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
			}
			say(
				`${label}: ${ledger.expected.length} post events caused (${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')}), ${emitted.length} emitted, ${lost.length} lost, ${duplicated.length} duplicated, ${unexpected.length + others} unexpected`,
			);
			say(
				`${label}: post events per execution: ${postRuns.map((e) => `#${e.executionId} ${e.ids.length}`).join(', ')}; ${(outcome.postWaitMs / 1000).toFixed(1)} s waited for them after the notifications`,
			);
			const failedRuns = postRuns.filter((e) => e.mode !== 'trigger' || e.status !== 'success');
			if (lost.length || duplicated.length || unexpected.length || others || failedRuns.length)
				throw new Error(
					[
						lost.length ? `lost: ${lost.join(', ')}` : '',
						duplicated.length ? `duplicated: ${duplicated.join(', ')}` : '',
						unexpected.length ? `not caused by the run: ${unexpected.join(', ')}` : '',
						others ? `${others} about posts the run did not create` : '',
						...failedRuns.map((e) => `#${e.executionId}: mode ${e.mode}, status ${e.status}`),
					]
						.filter(Boolean)
						.join('; '),
				);
			if (kinds.size !== 5) throw new Error(`only ${[...kinds.keys()].join(', ')} were caused`);
		},
	);
	await check(
		`${label}: Post Failed items carry the reason the sandbox wrote, Post Published items the link`,
		() => {
			const items = postRuns.flatMap((e) => e.items);
			const wrong = wrongDetails(items);
			if (wrong.length) throw new Error(wrong.join('; '));
			if (!items.some((i) => i.event === 'postFailed')) throw new Error('no Post Failed item');
		},
	);
	await check(
		`${label}: post events cost one GET /posts a poll, and GET /notifications only on the first poll and in polls with a failure`,
		async () => {
			const requests = (await postSandbox.control.requests()).filter((r) => r.method === 'GET');
			const posts = requests.filter((r) => r.path === '/posts').length;
			const reads = requests.filter((r) => r.path === '/notifications').length;
			const failing = postRuns.filter((e) => e.ids.some((k) => k.startsWith('postFailed '))).length;
			const others = requests.filter((r) => r.path !== '/posts' && r.path !== '/notifications');
			say(
				`${label}: post events: ${posts} GET /posts (one a poll), ${reads} GET /notifications (${failing} polls with a failure + the first poll)`,
			);
			if (posts === 0 || reads > 1 + failing || others.length)
				throw new Error(
					`${reads} GET /notifications for ${failing} polls with a failure; other requests: ${others.map((r) => r.path).join(', ') || 'none'}`,
				);
		},
	);
	await check(
		`${label}: every execution was a trigger run that succeeded, Check Connection answering { connected: true }`,
		() => {
			const wrong = all.filter(
				(e) =>
					e.mode !== 'trigger' ||
					e.status !== 'success' ||
					JSON.stringify(e.action) !== '[{"connected":true}]',
			);
			if (wrong.length || all.length === 0) {
				throw new Error(
					wrong
						.map(
							(e) =>
								`#${e.executionId}: mode ${e.mode}, status ${e.status}, action ${JSON.stringify(e.action)}`,
						)
						.join('; ') || 'no execution',
				);
			}
		},
	);
	await check(
		`${label}: n8n polled once a minute at second ${second}, and otherwise only when the workflow was activated`,
		async () => {
			const polls = (await sandbox.control.requests())
				.filter(
					(r) =>
						r.method === 'GET' &&
						r.path === '/notifications' &&
						String(r.query.page ?? '0') === '0',
				)
				.map((r) => Date.parse(r.at));
			// A scheduled poll reaches the sandbox within a few seconds of its second.
			const onTime = (t: number) => (new Date(t).getUTCSeconds() - second + 60) % 60 < 5;
			const scheduled = polls.filter(onTime);
			const others = polls.filter((t) => !onTime(t));
			const gaps = scheduled.slice(1).map((t, i) => Math.round((t - scheduled[i]) / 1000));
			say(
				`${label}: ${polls.length} polls: ${scheduled.length} at second ${second} (gaps ${gaps.join(', ')} s), ${others.length} on activation (${starts.length} starts)`,
			);
			if (scheduled.length < 3) throw new Error(`only ${scheduled.length} scheduled polls`);
			// Gaps are whole minutes (more than one only while the main was down, or when an activation poll landed on time).
			const off = gaps.filter((g) => g > 5 && Math.abs(g - 60 * Math.round(g / 60)) > 5);
			if (off.length) throw new Error(`gaps that are not whole minutes: ${off.join(', ')} s`);
			// Within 2 s: the post events workflow polls at the same second, and a loaded machine delays either.
			if (!gaps.some((g) => Math.abs(g - 60) <= 2))
				throw new Error('no two polls a minute apart (within 2 s)');
			if (others.length > starts.length)
				throw new Error(`${others.length} polls off schedule for ${starts.length} activations`);
		},
	);
	if (secrets.length) {
		await check(`${label}: no key or password in n8n's logs`, async () => {
			const logs = [
				join(n8n.work, 'n8n-server.log'),
				...(outcome.worker ? [outcome.worker.log] : []),
			];
			const text = (
				await Promise.all(logs.map(async (log) => await readFile(log, 'utf8').catch(() => '')))
			).join('\n');
			if (!text) throw new Error('no log was written');
			if (secrets.some((s) => text.includes(s))) throw new Error('a secret appears in a log');
		});
	}
	return outcome;
}

async function main(): Promise<number> {
	const started = Date.now();
	const install = await ensureN8nInstalled();
	const servers = await ensureServers((line) => say(`queue: ${line}`));
	const work = await mkdtemp(join(tmpdir(), 'n8n-queue-e2e-'));
	// PostgreSQL and Redis run as their own users: they must be able to enter this folder (their own are 0700).
	await chmod(work, 0o755);
	const { check, summary } = checklist('queue');
	// Stopped in this order, each group at once: n8n processes, then PostgreSQL and Redis, then the sandboxes.
	const stops: Record<'n8n' | 'servers' | 'sandboxes', Array<() => Promise<void>>> = {
		n8n: [],
		servers: [],
		sandboxes: [],
	};
	const cleanup = async () => {
		for (const group of [stops.n8n, stops.servers, stops.sandboxes]) {
			await Promise.all(group.splice(0).map(async (stop) => await stop().catch(() => undefined)));
		}
		if (process.env.E2E_KEEP) say(`queue: kept ${work}`);
		else await rm(work, { recursive: true, force: true });
	};
	const interrupted = (signal: NodeJS.Signals) =>
		void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
	process.once('SIGINT', interrupted);
	process.once('SIGTERM', interrupted);

	try {
		const tarball = await packPackage(work);
		const queueSandbox = await startSandbox({ control: true });
		stops.sandboxes.push(async () => await queueSandbox.close());
		const singleSandbox = await startSandbox({ control: true });
		stops.sandboxes.push(async () => await singleSandbox.close());
		// Post events: the sandbox publishes when told (manual clock, set to now), and edits posts as production does.
		const postSandbox = async () => {
			const started = await startSandbox({
				control: true,
				clock: { mode: 'manual', now: new Date().toISOString() },
				productionQuirks: { editInPlace: true },
			});
			stops.sandboxes.push(async () => await started.close());
			return started;
		};
		const queuePosts = await postSandbox();
		const singlePosts = await postSandbox();

		let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined;
		let redis: RunningServer | undefined;
		await check(
			"PostgreSQL and Redis (Debian's packages) start on loopback as their own users, data in a temp folder",
			async () => {
				postgres = await startPostgres(servers.postgresBin, work);
				stops.servers.push(async () => await postgres?.stop());
				redis = await startRedis(servers.redisServer, work);
				stops.servers.push(async () => await redis?.stop());
				say(
					`queue: PostgreSQL (${servers.postgresBin}) on 127.0.0.1:${postgres.port}, Redis on 127.0.0.1:${redis.port}`,
				);
			},
		);
		const runs: Array<Promise<Outcome>> = [];
		let queueMain: LocalN8n | undefined;
		if (postgres && redis) {
			const secrets = [queueSandbox.apiKey, queuePosts.apiKey, postgres.password];
			queueMain = await LocalN8n.create({
				install,
				work: join(work, 'queue'),
				tarball,
				secrets,
				env: {
					...postgres.n8nEnv,
					EXECUTIONS_MODE: 'queue',
					QUEUE_BULL_REDIS_HOST: '127.0.0.1',
					QUEUE_BULL_REDIS_PORT: String(redis.port),
				},
			});
			const main = queueMain;
			stops.n8n.push(async () => {
				const stopping = Date.now();
				await main.stop();
				say(
					`queue mode: the main stopped in ${((Date.now() - stopping) / 1000).toFixed(1)} s at the end`,
				);
			});
			const setup: Setup = {
				label: 'queue mode',
				n8n: main,
				sandbox: queueSandbox,
				postSandbox: queuePosts,
				startWorker: async () => {
					const worker = await main.startWorker('1');
					stops.n8n.push(async () => await worker.stop());
					return worker;
				},
			};
			runs.push(scenario(setup, check, secrets));
		}
		const secrets = [singleSandbox.apiKey, singlePosts.apiKey];
		const single = await LocalN8n.create({ install, work: join(work, 'single'), tarball, secrets });
		stops.n8n.push(async () => await single.stop());
		runs.push(
			scenario(
				{ label: 'single n8n', n8n: single, sandbox: singleSandbox, postSandbox: singlePosts },
				check,
				secrets,
			),
		);

		// Both run to their end whatever happens to the other; an unexpected error is one failed check.
		const settled = await Promise.allSettled(runs);
		for (const result of settled) {
			if (result.status === 'rejected')
				await check('the run went on to its end', () => Promise.reject(result.reason as Error));
		}
		const queueRun = queueMain && settled[0].status === 'fulfilled' ? settled[0].value : undefined;
		if (queueMain && queueRun) {
			const main = queueMain;
			await check(
				"queue mode: the main enqueued every execution of both workflows and the worker ran it (n8n's own log lines)",
				async () => {
					const mainLog = await readFile(join(main.work, 'n8n-server.log'), 'utf8');
					const workerLog = queueRun.worker ? await readFile(queueRun.worker.log, 'utf8') : '';
					const ids = [...queueRun.emissions, ...queueRun.postEmissions].map((e) => e.executionId);
					if (ids.length === 0) throw new Error('no execution to look for');
					const notEnqueued = ids.filter((id) => !mainLog.includes(`Enqueued execution ${id} `));
					const notOnWorker = ids.filter(
						(id) =>
							!workerLog.includes(`Worker started execution ${id} `) ||
							!workerLog.includes(`Worker finished execution ${id} `),
					);
					say(`queue mode: executions ${ids.join(', ')} enqueued by the main, run by the worker`);
					const unsupported = /Postgres \d+ is not supported[^\n]*/.exec(mainLog);
					if (unsupported)
						say(`queue mode: n8n warned at start: "${unsupported[0].split('\u001b')[0]}"`);
					if (notEnqueued.length || notOnWorker.length) {
						throw new Error(
							`not enqueued by the main: ${notEnqueued.join(', ') || 'none'}; not run by the worker: ${notOnWorker.join(', ') || 'none'}`,
						);
					}
				},
			);
		}
	} finally {
		await cleanup();
	}
	say(
		`queue: run took ${((Date.now() - started) / 1000).toFixed(0)} s${servers.installSeconds ? ` (apt-get: ${servers.installSeconds.toFixed(0)} s)` : ''}`,
	);
	return summary();
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		process.stderr.write(`queue: ${error.message}\n`);
		process.stdout.write('queue: 0 passed, 1 failed\n');
		process.exit(1);
	},
);
