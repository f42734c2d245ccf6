/**
 * A restart of n8n's main process as a user does it: SIGTERM to n8n and its exit awaited, something done while it
 * is down, then `n8n start` again on the same user folder and database, and a new login for the editor's REST API.
 * Published workflows are activated again by n8n itself at start (their activation polls).
 *
 * Used by queueMode.ts (the queue main and a single n8n) and runInN8n.ts (both n8n lines).
 */
import type { LocalN8n, Login } from '../../local-n8n/localN8n';

export interface Restart {
	/** From SIGTERM to n8n's exit. */
	stopSeconds: number;
	/** From n8n's exit to its REST API answering again (`whileDown` included). */
	downSeconds: number;
}

export async function restartN8n(
	n8n: LocalN8n,
	login: Login,
	whileDown: () => Promise<void>,
): Promise<Restart> {
	const stopping = Date.now();
	await n8n.stop();
	const stopped = Date.now();
	await whileDown();
	await n8n.start();
	const up = Date.now();
	await n8n.login(login);
	return { stopSeconds: (stopped - stopping) / 1000, downSeconds: (up - stopped) / 1000 };
}
