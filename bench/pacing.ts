/**
 * Pacing: 200 items of Analytics → Get Channel (GET /analytics/:id, documented limit 60 per 5 minutes) against a
 * sandbox whose window for that route is shortened to 3 s, with the node's default Request Options. What the node
 * does about the limit is measured as it is: the 429 answers the sandbox gave (its request log) and the time against
 * the least the limit allows, (ceil(200 / 60) - 1) windows of 3 s.
 */
import { runNode } from '../test/helpers/engine';
import { NODE_TYPE, startSandboxProcess, timed, type Row } from './lib';

const ITEMS = 200;
const LIMIT = 60;
const WINDOW_S = 3;

export async function pacing(): Promise<Row[]> {
	const sandbox = await startSandboxProcess({ rateLimits: { 'GET /analytics/:id': { limit: LIMIT, windowSeconds: WINDOW_S } } });
	try {
		const channel = (await (await fetch(`${sandbox.baseUrl}/integrations`, { headers: { Authorization: sandbox.apiKey } })).json()) as Array<{ id: string; identifier: string }>;
		const x = channel.find((c) => c.identifier === 'x')?.id;
		await sandbox.control.clearRequests();
		// A fresh window, so the run starts at its beginning rather than part-way through one.
		await sandbox.control.reset();
		const { ms, value: result } = await timed(
			async () =>
				await runNode({
					credentials: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
					nodeType: NODE_TYPE,
					parameters: { resource: 'analytics', operation: 'getChannel', channel: { __rl: true, mode: 'id', value: x }, days: 7 },
					items: Array.from({ length: ITEMS }, (_, i) => ({ i })),
					continueOnFail: true,
				}),
		);
		const requests = (await sandbox.requests()).filter((r) => r.method === 'GET' && r.path.startsWith('/analytics/'));
		const refused = requests.filter((r) => r.status === 429).length;
		const failedItems = result.items.filter((item) => item.error).length;
		const floorMs = (Math.ceil(ITEMS / LIMIT) - 1) * WINDOW_S * 1000;
		const outcome = result.error ? `run failed: ${result.error.message}` : `${ITEMS - failedItems} items ok, ${failedItems} error items`;
		return [
			{
				section: 'pacing',
				what: `pacing: ${ITEMS} × GET /analytics/:id, ${LIMIT} per ${WINDOW_S} s: time / limit's floor`,
				ratio: ms / floorMs,
				detail: `${(ms / 1000).toFixed(1)} s vs ${floorMs / 1000} s; ${refused} answers 429 of ${requests.length} requests; ${outcome}`,
			},
		];
	} finally {
		sandbox.stop();
	}
}
