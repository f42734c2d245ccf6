/**
 * Post events (Trigger On → Post Events, the built trigger through n8n's PollContext): requests and
 * CPU per poll with 50 and 5,000 watched posts, against a sandbox on a manual clock seeded with
 * that many queued posts. The least a poll can send is 1 request (GET /posts, the only route that
 * lists posts); a failure's reason costs one GET /notifications in the poll that emits it, as the
 * API writes it nowhere else. CPU is this process's (the trigger, n8n-core, reading the answer);
 * the sandbox runs in its own.
 */
import { defaultSeed, SEED_IDS } from '../sandbox/seed';
import type { Post } from '../sandbox/store';
import { createPoller } from '../test/helpers/engine';
import { median, startSandboxProcess, timed, TRIGGER_TYPE, type Row } from './lib';

const HOUR_MS = 60 * 60 * 1000;
/** Steady polls measured per size (median CPU). */
const STEADY_POLLS = 9;

/** `count` queued posts, one every few minutes from tomorrow on (none falls due in the bench). */
function queuedPosts(orgId: string, count: number, now: number): Post[] {
	const channels = [SEED_IDS.channels.linkedin, SEED_IDS.channels.x, SEED_IDS.channels.bluesky];
	const step = Math.floor((30 * 24 * HOUR_MS) / count);
	return Array.from({ length: count }, (_, i) => {
		const id = `bench-post-${i}`;
		return {
			id,
			orgId,
			channelId: channels[i % channels.length],
			group: `bench-group-${i}`,
			parts: [
				{ id, content: `Scheduled post number ${i} of the bench, a sentence long.`, image: [] },
			],
			publishDate: new Date(now + 24 * HOUR_MS + i * step).toISOString(),
			state: 'QUEUE',
			releaseURL: null,
			releaseId: null,
			error: null,
			intervalInDays: null,
			creationMethod: 'API',
			tags: [],
			missingReleaseId: false,
			createdAt: new Date(now).toISOString(),
		};
	});
}

export async function postEvents(): Promise<Row[]> {
	const rows: Row[] = [];
	for (const watched of [50, 5000]) {
		const now = Date.now();
		const seed = defaultSeed();
		const main = seed.orgs[0];
		main.posts = queuedPosts(main.id, watched, now);
		const sandbox = await startSandboxProcess({ orgs: seed.orgs, manualClock: true });
		try {
			const poller = createPoller(
				{ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
				TRIGGER_TYPE,
				{ event: 'postEvents' },
			);
			const poll = async () => {
				await sandbox.control.clearRequests();
				const run = await timed(async () => await poller.poll('trigger'));
				const sent = (await sandbox.requests()).map((r) => `GET ${r.path}`);
				return { cpuMs: run.cpuMs, emitted: run.value?.[0]?.length ?? 0, sent };
			};
			const row = (what: string, outcome: Awaited<ReturnType<typeof poll>>, expect: number) => {
				const counts = new Map<string, number>();
				for (const r of outcome.sent) counts.set(r, (counts.get(r) ?? 0) + 1);
				rows.push({
					section: 'postEvents',
					what: `post events, ${watched.toLocaleString('en')} watched: ${what}`,
					ratio: outcome.sent.length,
					detail: `${[...counts].map(([r, n]) => `${n} ${r}`).join(' + ')} vs 1; CPU ${outcome.cpuMs.toFixed(1)} ms a poll; ${outcome.emitted} emitted${outcome.emitted === expect ? '' : ` (EXPECTED ${expect})`}`,
				});
			};

			await poll(); // the first poll keeps the snapshot (and reads where failures' reasons start)
			const steady: Array<Awaited<ReturnType<typeof poll>>> = [];
			for (let i = 0; i < STEADY_POLLS; i++) steady.push(await poll());
			const typical = steady[0];
			row(
				`steady poll (median of ${STEADY_POLLS})`,
				{ ...typical, cpuMs: median(steady.map((s) => s.cpuMs)) },
				0,
			);
			// The floor for CPU: the same GET /posts by plain fetch, its answer parsed.
			const range = new URLSearchParams({
				startDate: new Date(Date.now() - 7 * 24 * HOUR_MS).toISOString(),
				endDate: new Date(Date.now() + 60 * 24 * HOUR_MS).toISOString(),
			});
			const plain: number[] = [];
			let answerBytes = 0;
			for (let i = 0; i < STEADY_POLLS; i++) {
				const run = await timed(async () => {
					const response = await fetch(`${sandbox.baseUrl}/posts?${range}`, {
						headers: { Authorization: sandbox.apiKey },
					});
					const text = await response.text();
					answerBytes = text.length;
					return JSON.parse(text) as unknown;
				});
				plain.push(run.cpuMs);
			}
			const bytes = JSON.stringify(poller.staticData()).length;
			rows[rows.length - 1].detail +=
				`; plain fetch + JSON.parse of the same ${(answerBytes / 1024).toFixed(0)} kB answer: CPU ${median(plain).toFixed(1)} ms; snapshot ${(bytes / 1024).toFixed(0)} kB`;

			// Each changing poll deletes as many posts as it adds: the snapshot stays at `watched`.
			await sandbox.control.patchChannel(SEED_IDS.channels.mastodon, {
				publishOutcome: 'error',
				errorMessage: 'Bench failure',
			});
			const api = async (method: string, path: string, body?: unknown) => {
				const response = await fetch(`${sandbox.baseUrl}${path}`, {
					method,
					headers: { Authorization: sandbox.apiKey, 'Content-Type': 'application/json' },
					...(body ? { body: JSON.stringify(body) } : {}),
				});
				if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
				return (await response.json()) as Array<{ postId: string }>;
			};
			const send = async (type: 'now' | 'schedule', channel: string, hours: number) =>
				await api('POST', '/posts', {
					type,
					date: new Date(now + hours * HOUR_MS).toISOString(),
					shortLink: false,
					tags: [],
					posts: [{ integration: { id: channel }, value: [{ content: 'Bench', image: [] }] }],
				});
			await send('schedule', SEED_IDS.channels.linkedin, 48);
			await send('now', SEED_IDS.channels.linkedin, 0);
			await api('DELETE', '/posts/bench-post-0');
			await api('DELETE', '/posts/bench-post-1');
			// Created, Created + Published, Deleted twice: no failure, no reason to read.
			row('poll with 5 events, none a failure', await poll(), 5);
			await send('now', SEED_IDS.channels.mastodon, 0);
			await api('DELETE', '/posts/bench-post-2');
			row(
				"poll with a failure (its reason's GET /notifications) and 2 other events",
				await poll(),
				3,
			);
			row('steady poll after them', await poll(), 0);
		} finally {
			sandbox.stop();
		}
	}
	return rows;
}
