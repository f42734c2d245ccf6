/**
 * Trigger: requests per poll of the polling trigger (built, through n8n's PollContext), in steady state and after
 * bursts of 250 and 1,000 new notifications, against a sandbox on a manual clock. The least a poll needs: one page
 * (100 newest first) when nothing is new; after a burst of N, pages until one reaches a notification already seen,
 * floor(N / 100) + 1.
 */
import { createPoller } from '../test/helpers/engine';
import { startSandboxProcess, TRIGGER_TYPE, type Row } from './lib';

export async function trigger(): Promise<Row[]> {
	const sandbox = await startSandboxProcess({ manualClock: true });
	try {
		const poller = createPoller(
			{ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
			TRIGGER_TYPE,
			{},
		);
		const poll = async () => {
			await sandbox.control.clearRequests();
			const emitted = (await poller.poll('trigger'))?.[0]?.length ?? 0;
			const sent = (await sandbox.requests()).filter((r) => r.path === '/notifications').length;
			return { emitted, sent };
		};
		const rows: Row[] = [];
		const row = (
			what: string,
			outcome: { emitted: number; sent: number },
			minimum: number,
			expectEmitted: number,
		) =>
			rows.push({
				section: 'trigger',
				what: `trigger: ${what}`,
				ratio: outcome.sent / minimum,
				detail: `${outcome.sent} GET /notifications vs ${minimum}; ${outcome.emitted} emitted${outcome.emitted === expectEmitted ? '' : ` (EXPECTED ${expectEmitted})`}`,
			});
		await sandbox.control.addNotifications({ count: 5 });
		await poll(); // the first poll starts the cursor at now
		row('steady poll (nothing new)', await poll(), 1, 0);
		for (const burst of [250, 1000]) {
			await sandbox.control.advance(burst + 1);
			await sandbox.control.addNotifications({ count: burst });
			row(
				`poll after a burst of ${burst.toLocaleString('en')}`,
				await poll(),
				Math.floor(burst / 100) + 1,
				burst,
			);
			row(`steady poll after it`, await poll(), 1, 0);
		}
		return rows;
	} finally {
		sandbox.stop();
	}
}
