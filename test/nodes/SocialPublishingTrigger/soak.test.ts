/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * 150 poll cycles with seeded random bursts, faults (500, 429, dropped connection, timeout; on the
 * first page or inside a burst) and restarts: every notification written after activation must be
 * emitted exactly once, and the requests of each poll are counted from the sandbox's request log.
 */
import type { FaultSpec } from '../../../sandbox/faults';
import { addNotifications, idsOf, useTriggerSandbox, TriggerUnderTest } from './triggerHarness';

const CYCLES = 150;
const SEED = 20261122;

/** mulberry32: a small seeded generator, so a failing run can be replayed exactly. */
function seeded(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

// One test; the sandbox's state is built up within it.
const t = useTriggerSandbox({ reset: false });

interface Cycle {
	written: number;
	/** New notifications waiting when the poll ran (this cycle's and those of failed polls before). */
	pending: number;
	/** Ids kept for the cursor's instant: those notifications are read again before older ones. */
	boundary: number;
	fault?: string;
	failed: boolean;
	requests: number;
	emitted: number;
}

test(`${CYCLES} poll cycles with random bursts, faults and restarts: 0 lost, 0 duplicated`, async () => {
	const random = seeded(SEED);
	const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

	await addNotifications(t.sandbox, 37);
	const trigger = new TriggerUnderTest(t.sandbox, { options: { maxPerPoll: 5000, timeout: 1 } });
	expect((await trigger.poll('activation')).error).toBeUndefined();
	expect((await trigger.poll()).items).toEqual([]);

	const written: string[] = [];
	const emissions = new Map<string, number>();
	const cycles: Cycle[] = [];
	let pending = 0;

	for (let cycle = 0; cycle < CYCLES; cycle++) {
		const roll = random();
		const count =
			roll < 0.4
				? 0
				: roll < 0.75
					? between(1, 5)
					: roll < 0.9
						? between(20, 300)
						: roll < 0.97
							? between(301, 700)
							: 1000;
		if (count > 0) {
			const sameInstant = count > 1 && random() < 0.1;
			written.push(
				...(await addNotifications(t.sandbox, count, sameInstant ? { sameCreatedAt: true } : {})),
			);
		}
		pending += count;

		let fault: string | undefined;
		if (random() < 0.15) {
			const kinds: Array<Partial<FaultSpec>> = [
				{ fault: 'error500' },
				{ fault: 'rateLimit', retryAfter: 1 },
				{ fault: 'drop' },
				{ fault: 'slow', delayMs: 1500 },
			];
			const kind = kinds[between(0, kinds.length - 1)];
			const pages = Math.floor(pending / 100) + 1;
			const passFirst = pages > 1 && random() < 0.5 ? between(1, pages - 1) : 0;
			if (passFirst > 0) {
				await t.sandbox.control.addFault({
					method: 'GET',
					path: '/notifications',
					fault: 'slow',
					delayMs: 1,
					times: passFirst,
				});
			}
			// Enough uses to outlast any retry of the failing page.
			await t.sandbox.control.addFault({
				method: 'GET',
				path: '/notifications',
				...kind,
				times: 10,
			} as FaultSpec);
			fault = `${kind.fault}@page${passFirst}`;
		}

		const boundary = ((trigger.state().cursor as { ids?: string[] } | undefined)?.ids ?? []).length;
		const outcome = await trigger.poll();
		await t.sandbox.control.clearFaults();
		if (!fault) expect(outcome.error).toBeUndefined();
		if (outcome.error) {
			expect(outcome.raw).toBeNull();
			expect(trigger.poller.lastFailedPollChangedState()).toBe(false);
		} else {
			const times = outcome.items.map((item) => Date.parse(String(item.createdAt)));
			expect(times).toEqual([...times].sort((a, b) => a - b));
			for (const id of idsOf(outcome.items)) emissions.set(id, (emissions.get(id) ?? 0) + 1);
		}
		cycles.push({
			written: count,
			pending,
			boundary,
			fault,
			failed: Boolean(outcome.error),
			requests: outcome.pages.length,
			emitted: outcome.items.length,
		});
		if (!outcome.error) pending = 0;
		if (random() < 0.05) trigger.restart();
	}
	const last = await trigger.poll();
	for (const id of idsOf(last.items)) emissions.set(id, (emissions.get(id) ?? 0) + 1);

	const lost = written.filter((id) => !emissions.has(id));
	const duplicated = [...emissions].filter(([, n]) => n > 1);
	const unexpected = [...emissions.keys()].filter((id) => !written.includes(id));
	expect({
		lost: lost.length,
		duplicated: duplicated.length,
		unexpected: unexpected.length,
	}).toEqual({
		lost: 0,
		duplicated: 0,
		unexpected: 0,
	});

	// Requests per successful poll: pages down to the first notification older than the cursor,
	// which sits after the waiting ones and those of the cursor's own instant.
	const clean = cycles.filter((c) => !c.failed);
	for (const c of clean) expect(c.requests).toBe(Math.floor((c.pending + c.boundary) / 100) + 1);
	const steady = clean.filter((c) => c.pending + c.boundary < 100);
	const faults = cycles.filter((c) => c.fault);
	expect(faults.every((c) => c.failed)).toBe(true);
	const biggest = clean.reduce((a, b) => (b.pending > a.pending ? b : a));
	process.stdout.write(
		[
			`[trigger soak] seed ${SEED}: ${CYCLES} cycles, ${written.length} notifications written, ${emissions.size} emitted once, 0 lost, 0 duplicated`,
			`[trigger soak] faults injected: ${faults.length} (${faults.filter((c) => !c.fault?.endsWith('@page0')).length} inside a burst), each poll failed cleanly; restarts included`,
			`[trigger soak] steady state (<100 waiting): ${steady.length} polls, requests per poll: ${[...new Set(steady.map((c) => c.requests))].join(', ')}`,
			`[trigger soak] after a burst sharing one instant, the next polls re-read that instant: ${clean.filter((c) => c.boundary > 1).length} polls`,
			`[trigger soak] largest catch-up: ${biggest.pending} waiting → ${biggest.requests} requests in one poll`,
			'',
		].join('\n'),
	);
}, 180_000);
