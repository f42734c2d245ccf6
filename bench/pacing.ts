/**
 * Pacing, with the node's default Request Options, measured as it is: the 429 answers the sandbox gave (its request
 * log) and the time against the least the limit allows, (ceil(items / limit) - 1) windows. Each of those window
 * edges also costs the node up to a second: X-RateLimit-Reset is whole seconds, which a client cannot tell rounded up
 * (the sandbox, the real backend) from rounded down, so the pacer waits until the latest end the figure allows.
 * - 200 items of Analytics → Get Channel (GET /analytics/:id, documented 60 per 5 minutes), the window shortened to 3 s;
 * - a limit lower than the documented one: 60 items of Post → Create against the production profile, whose POST /posts
 *   allows 20 per 3 s (documented 90 an hour; a self-hosted install sets its own, the real backend's API_LIMIT) and
 *   announces it in X-RateLimit-* on each 2xx, as the real backend does.
 */
import { runNode } from '../test/helpers/engine';
import type { INodeParameters } from 'n8n-workflow';

import { NODE_TYPE, startSandboxProcess, timed, type Row } from './lib';

const ITEMS = 200;
const LIMIT = 60;
const WINDOW_S = 3;

export async function pacing(): Promise<Row[]> {
	return [await analyticsAtTheDocumentedLimit(), await postsBelowTheDocumentedLimit()];
}

async function analyticsAtTheDocumentedLimit(): Promise<Row> {
	const sandbox = await startSandboxProcess({
		rateLimits: { 'GET /analytics/:id': { limit: LIMIT, windowSeconds: WINDOW_S } },
	});
	try {
		const channel = (await (
			await fetch(`${sandbox.baseUrl}/integrations`, { headers: { Authorization: sandbox.apiKey } })
		).json()) as Array<{ id: string; identifier: string }>;
		const x = channel.find((c) => c.identifier === 'x')?.id;
		await sandbox.control.clearRequests();
		// A fresh window, so the run starts at its beginning rather than part-way through one.
		await sandbox.control.reset();
		const { ms, value: result } = await timed(
			async () =>
				await runNode({
					credentials: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
					nodeType: NODE_TYPE,
					parameters: {
						resource: 'analytics',
						operation: 'getChannel',
						channel: { __rl: true, mode: 'id', value: x },
						days: 7,
					},
					items: Array.from({ length: ITEMS }, (_, i) => ({ i })),
					continueOnFail: true,
				}),
		);
		const requests = (await sandbox.requests()).filter(
			(r) => r.method === 'GET' && r.path.startsWith('/analytics/'),
		);
		const refused = requests.filter((r) => r.status === 429).length;
		const failedItems = result.items.filter((item) => item.error).length;
		const edges = Math.ceil(ITEMS / LIMIT) - 1;
		const floorMs = edges * WINDOW_S * 1000;
		const outcome = result.error
			? `run failed: ${result.error.message}`
			: `${ITEMS - failedItems} items ok, ${failedItems} error items`;
		return {
			section: 'pacing',
			what: `pacing: ${ITEMS} × GET /analytics/:id, ${LIMIT} per ${WINDOW_S} s: time / limit's floor`,
			ratio: ms / floorMs,
			detail: `${(ms / 1000).toFixed(1)} s vs ${floorMs / 1000} s (+${edges} s a rounded reset may hide); ${refused} answers 429 of ${requests.length} requests; ${outcome}`,
		};
	} finally {
		sandbox.stop();
	}
}

const POSTS = 60;
const POSTS_LIMIT = 20;
const POSTS_DOCUMENTED = 90;

async function postsBelowTheDocumentedLimit(): Promise<Row> {
	const sandbox = await startSandboxProcess({
		profile: 'production',
		rateLimits: { 'POST /posts': { limit: POSTS_LIMIT, windowSeconds: WINDOW_S } },
	});
	try {
		const channels = (await (
			await fetch(`${sandbox.baseUrl}/integrations`, { headers: { Authorization: sandbox.apiKey } })
		).json()) as Array<{ id: string; identifier: string }>;
		const telegram = channels.find((c) => c.identifier === 'telegram')?.id;
		const parameters: INodeParameters = {
			resource: 'post',
			operation: 'create',
			inputMode: 'fields',
			type: 'schedule',
			dateMode: 'date',
			date: '2030-01-15T10:00:00Z',
			contentMode: 'same',
			parts: { part: [{ content: '={{ "Bench post " + $json.i }}' }] },
			channels: {
				channel: [
					{
						channel: { __rl: true, mode: 'id', value: telegram },
						platform: 'lookup',
						settingsMode: 'fields',
					},
				],
			},
			options: {},
		};
		await sandbox.control.clearRequests();
		await sandbox.control.reset();
		const { ms, value: result } = await timed(
			async () =>
				await runNode({
					credentials: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
					nodeType: NODE_TYPE,
					parameters,
					items: Array.from({ length: POSTS }, (_, i) => ({ i })),
					continueOnFail: true,
				}),
		);
		const requests = (await sandbox.requests()).filter(
			(r) => r.method === 'POST' && r.path === '/posts',
		);
		const refused = requests.filter((r) => r.status === 429).length;
		const failedItems = result.items.filter((item) => item.error).length;
		const edges = Math.ceil(POSTS / POSTS_LIMIT) - 1;
		const floorMs = edges * WINDOW_S * 1000;
		const outcome = result.error
			? `run failed: ${result.error.message}`
			: `${POSTS - failedItems} posts created, ${failedItems} error items`;
		return {
			section: 'pacing',
			what: `pacing: ${POSTS} × POST /posts, ${POSTS_LIMIT} per ${WINDOW_S} s (documented ${POSTS_DOCUMENTED}): time / limit's floor`,
			ratio: ms / floorMs,
			detail: `${(ms / 1000).toFixed(1)} s vs ${floorMs / 1000} s (+${edges} s a rounded reset may hide); ${refused} answers 429 of ${requests.length} requests; ${outcome}`,
		};
	} finally {
		sandbox.stop();
	}
}
