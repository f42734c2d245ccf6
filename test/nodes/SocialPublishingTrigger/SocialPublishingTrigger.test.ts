/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * Social Publishing Trigger through n8n's PollContext against the sandbox: each test activates the
 * trigger, writes notifications (and faults) through the sandbox's control API, polls, and checks
 * the items emitted, the state n8n would commit and the requests each poll sent.
 */
import { sleep } from 'n8n-workflow';
import type { RunningSandbox } from '../../../sandbox';
import {
	addNotifications,
	idsOf,
	useTriggerSandbox,
	TriggerUnderTest,
	type PollOutcome,
} from './triggerHarness';

const t = useTriggerSandbox();

/** Activates a trigger (activation poll, then the first scheduled poll) over what exists now. */
async function activated(parameters = {}): Promise<TriggerUnderTest> {
	const trigger = new TriggerUnderTest(t.sandbox, parameters);
	const activation = await trigger.poll('activation');
	expect(activation.error).toBeUndefined();
	const first = await trigger.poll();
	expect(first.error).toBeUndefined();
	expect(first.items).toEqual([]);
	return trigger;
}

function expectFailedCleanly(outcome: PollOutcome, trigger: TriggerUnderTest, stateBefore: object) {
	expect(outcome.error).toBeDefined();
	expect(outcome.raw).toBeNull();
	expect(trigger.state()).toEqual(stateBefore);
	expect(trigger.poller.lastFailedPollChangedState()).toBe(false);
	// No secret in what n8n would record.
	expect(
		JSON.stringify({ message: outcome.error?.message, description: outcome.error?.description }),
	).not.toContain(t.sandbox.apiKey);
}

describe('first activation', () => {
	test('starts from now: older notifications are not emitted, later ones are, oldest first', async () => {
		await addNotifications(t.sandbox, 5);
		const trigger = new TriggerUnderTest(t.sandbox);

		const activation = await trigger.poll('activation');
		expect(activation.items).toEqual([]);
		expect(activation.pages).toEqual([0]);
		// n8n does not commit what an activation poll staged when it emitted nothing:
		expect(trigger.state()).toEqual({});

		const firstScheduled = await trigger.poll();
		expect(firstScheduled.items).toEqual([]);
		expect(trigger.state().cursor).toBeDefined();

		const fresh = await addNotifications(t.sandbox, 3, {
			content: 'Your post has been published on x (Acme)',
		});
		const next = await trigger.poll();
		expect(idsOf(next.items)).toEqual(fresh);
		expect(next.items[0]).toMatchObject({
			content: 'Your post has been published on x (Acme) #1',
			link: null,
			kind: 'published',
		});
		expect(Object.keys(next.items[0]).sort()).toEqual([
			'content',
			'createdAt',
			'id',
			'kind',
			'link',
		]);
		expect(next.pages).toEqual([0]);
	});

	test('an empty organisation: everything written after the first poll is new', async () => {
		const trigger = await activated();
		expect(trigger.state()).toEqual({ cursor: { createdAt: null, ids: [] } });
		const fresh = await addNotifications(t.sandbox, 2);
		expect(idsOf((await trigger.poll()).items)).toEqual(fresh);
	});

	test('"Include Latest on First Poll" emits the latest N existing notifications once', async () => {
		const existing = await addNotifications(t.sandbox, 250);
		const trigger = new TriggerUnderTest(t.sandbox, { options: { includeOnFirstPoll: 150 } });

		const activation = await trigger.poll('activation');
		expect(idsOf(activation.items)).toEqual(existing.slice(-150));
		expect(activation.pages).toEqual([0, 1]);
		// It emitted, so the cursor is committed with that execution.
		expect(trigger.state().cursor).toBeDefined();

		expect((await trigger.poll()).items).toEqual([]);
		const fresh = await addNotifications(t.sandbox, 1);
		expect(idsOf((await trigger.poll()).items)).toEqual(fresh);
	});
});

describe('steady state', () => {
	test('one request per poll, each notification once; empty polls emit nothing and commit nothing', async () => {
		const trigger = await activated();
		const emitted: string[] = [];
		const written: string[] = [];
		for (let cycle = 0; cycle < 20; cycle++) {
			const count = cycle % 4; // 0, 1, 2, 3, 0, ...
			if (count > 0) written.push(...(await addNotifications(t.sandbox, count)));
			const before = trigger.state();
			const outcome = await trigger.poll();
			expect(outcome.pages).toEqual([0]);
			if (count === 0) {
				expect(outcome.raw).toBeNull();
				expect(trigger.state()).toEqual(before);
			}
			emitted.push(...idsOf(outcome.items));
		}
		expect(emitted).toEqual(written);
	});

	test('a boundary instant stays bounded: only ids of the newest instant are kept', async () => {
		const trigger = await activated();
		await addNotifications(t.sandbox, 250);
		await trigger.poll();
		const cursor = trigger.state().cursor as { ids: string[] };
		expect(cursor.ids).toHaveLength(1);
	});
});

describe('bursts between polls', () => {
	test.each([
		[250, [0, 1, 2]],
		[1000, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
	])('%i new notifications: all emitted once, oldest first, pages %j', async (count, pages) => {
		await addNotifications(t.sandbox, 20);
		const trigger = await activated();
		const burst = await addNotifications(t.sandbox, count);
		const outcome = await trigger.poll();
		expect(outcome.pages).toEqual(pages);
		expect(idsOf(outcome.items)).toEqual(burst);
		expect(outcome.items.some((item) => 'pollWarning' in item)).toBe(false);
		process.stdout.write(
			`[trigger figures] burst of ${count}: ${outcome.pages.length} requests in one poll\n`,
		);

		const after = await trigger.poll();
		expect(after.items).toEqual([]);
		expect(after.pages).toEqual([0]);
	});

	test('a burst above Max Notifications per Poll: the newest are emitted, the items say it stopped short', async () => {
		await addNotifications(t.sandbox, 20);
		const trigger = await activated({ options: { maxPerPoll: 200 } });
		const burst = await addNotifications(t.sandbox, 450);
		const outcome = await trigger.poll();
		expect(outcome.pages).toEqual([0, 1, 2]);
		expect(idsOf(outcome.items)).toEqual(burst.slice(-200));
		for (const item of outcome.items) {
			expect(item.pollWarning).toBe(
				'Stopped short (Max Notifications per Poll is 200): emitted the newest 200 new notifications; at least 100 older ones that arrived since the previous poll were skipped.',
			);
		}
		// The cursor moved past the whole burst: the skipped part is not emitted later, nothing repeats.
		const fresh = await addNotifications(t.sandbox, 5);
		const next = await trigger.poll();
		expect(idsOf(next.items)).toEqual(fresh);
		expect(next.pages).toEqual([0]);
	});

	test('stops paging when the poll budget n8n gives runs out, and says so', async () => {
		await addNotifications(t.sandbox, 20);
		const trigger = new TriggerUnderTest(t.sandbox, {}, {}, { pollBudgetMs: 500 });
		await trigger.poll();
		const burst = await addNotifications(t.sandbox, 400);
		// Every page takes 150 ms: after two pages, a third would not fit in 500 ms with margin.
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/notifications',
			fault: 'slow',
			delayMs: 150,
			times: 10,
		});
		const outcome = await trigger.poll();
		expect(outcome.pages.length).toBeLessThan(4);
		expect(idsOf(outcome.items)).toEqual(burst.slice(-outcome.pages.length * 100));
		expect(String(outcome.items[0].pollWarning)).toContain('the poll ran out of time');
	});
});

describe('equal timestamps', () => {
	test('an instant split across a page boundary is emitted whole, and later ones of that instant too', async () => {
		await addNotifications(t.sandbox, 10);
		const trigger = await activated();
		const instant = '2026-11-01T10:00:00.000Z';
		const first = await addNotifications(t.sandbox, 150, {
			sameCreatedAt: true,
			createdAt: instant,
		});

		const outcome = await trigger.poll();
		expect(outcome.pages).toEqual([0, 1]);
		expect(new Set(idsOf(outcome.items))).toEqual(new Set(first));
		expect(outcome.items).toHaveLength(150);

		// More at the very same instant: only those are new, though the instant fills page 0 and 1.
		const more = await addNotifications(t.sandbox, 30, { sameCreatedAt: true, createdAt: instant });
		const next = await trigger.poll();
		expect(new Set(idsOf(next.items))).toEqual(new Set(more));
		expect(next.items).toHaveLength(30);
		// 180 at the instant and 10 older: page 1 reaches the older ones.
		expect(next.pages).toEqual([0, 1]);
	});

	test('a crowded instant costs extra requests once: the first idle poll after it closes the instant', async () => {
		await addNotifications(t.sandbox, 10);
		const trigger = await activated();
		const crowd = await addNotifications(t.sandbox, 250, { sameCreatedAt: true });
		expect((await trigger.poll()).items).toHaveLength(crowd.length);
		expect((trigger.state().cursor as { ids: string[] }).ids).toHaveLength(250);

		const idle = await trigger.poll();
		expect(idle.raw).toBeNull();
		expect(idle.pages).toEqual([0, 1, 2]);
		expect(trigger.state().cursor).toMatchObject({ ids: [], allAtCreatedAt: true });

		expect((await trigger.poll()).pages).toEqual([0]);
		const fresh = await addNotifications(t.sandbox, 2);
		const next = await trigger.poll();
		expect(idsOf(next.items)).toEqual(fresh);
		expect(next.pages).toEqual([0]);
	});

	test('notifications written between two page reads are neither lost nor repeated', async () => {
		await addNotifications(t.sandbox, 10);
		const trigger = await activated();
		const burst = await addNotifications(t.sandbox, 150);
		const newestOfBurst = (await t.sandbox.control.now()) as string;

		// Both page reads are held 700 ms; once page 0 has been answered, write more before page 1.
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/notifications',
			fault: 'slow',
			delayMs: 700,
			times: 2,
		});
		const polling = trigger.poll();
		await waitUntil(async () =>
			(await t.sandbox.control.requests()).some(
				(r) => r.path === '/notifications' && r.query.page === '0',
			),
		);
		const sameInstant = await addNotifications(t.sandbox, 5, {
			createdAt: newestOfBurst,
			sameCreatedAt: true,
		});
		const later = await addNotifications(t.sandbox, 12);
		const outcome = await polling;

		// Page 1 shifted by 17: its first 17 were already on page 0 and are emitted once.
		expect(outcome.error).toBeUndefined();
		expect(idsOf(outcome.items)).toEqual(burst);
		const next = await trigger.poll();
		expect(new Set(idsOf(next.items))).toEqual(new Set([...sameInstant, ...later]));
		expect(next.items).toHaveLength(17);
		expect((await trigger.poll()).items).toEqual([]);
	});
});

describe('restarts', () => {
	test('a new Workflow loaded with the committed state carries on without loss or repeat', async () => {
		const trigger = await activated();
		const a = await addNotifications(t.sandbox, 3);
		expect(idsOf((await trigger.poll()).items)).toEqual(a);

		trigger.restart();
		const b = await addNotifications(t.sandbox, 120);
		expect(idsOf((await trigger.poll()).items)).toEqual(b);

		trigger.restart();
		expect((await trigger.poll()).items).toEqual([]);
	});

	test('the same state gives the same emission (n8n may run a poll twice when its execution was lost)', async () => {
		const trigger = await activated({ filters: { kinds: ['failed', 'other'] } });
		const saved = trigger.state();
		await addNotifications(t.sandbox, 130, { content: 'Error posting on x (Acme): token expired' });
		await addNotifications(t.sandbox, 7);

		const once = await trigger.poll();
		const again = await new TriggerUnderTest(t.sandbox, trigger.parameters, {
			'node:Node Under Test': saved,
		}).poll();
		expect(once.items).toHaveLength(137);
		expect(again.items).toEqual(once.items);
		expect(again.pages).toEqual(once.pages);
	});
});

describe('manual mode ("Fetch test event")', () => {
	test('returns the latest notification with one request and leaves the cursor alone', async () => {
		const trigger = await activated();
		const written = await addNotifications(t.sandbox, 4);
		const before = trigger.state();

		const manual = await trigger.poll('manual');
		expect(idsOf(manual.items)).toEqual([written[3]]);
		expect(manual.pages).toEqual([0]);
		expect(trigger.state()).toEqual(before);

		// The scheduled poll still emits all four.
		expect(idsOf((await trigger.poll()).items)).toEqual(written);
	});

	test('applies the filters, and says clearly when there is nothing to show', async () => {
		const trigger = new TriggerUnderTest(t.sandbox, { filters: { kinds: ['failed'] } });
		const empty = await trigger.poll('manual');
		expect(empty.error?.message).toBe('No notifications yet');

		const failed = await addNotifications(t.sandbox, 1, {
			content: 'Error posting on x (Acme): token expired',
		});
		await addNotifications(t.sandbox, 3, { content: 'Your post has been published on x (Acme)' });
		expect(idsOf((await trigger.poll('manual')).items)).toEqual(failed);

		const published = new TriggerUnderTest(t.sandbox, {
			filters: { contentContains: 'nothing like this' },
		});
		expect((await published.poll('manual')).error?.message).toBe(
			'None of the latest 4 notifications matches the filters',
		);
		expect(published.state()).toEqual({});
	});
});

describe('filters', () => {
	test('kinds and text filter after the cursor moved: what they drop is not read again', async () => {
		const trigger = await activated({
			filters: { kinds: ['failed'], contentContains: 'INSTAGRAM' },
		});
		await addNotifications(t.sandbox, 2, {
			content: 'Your post has been published on instagram (Shop)',
		});
		const wanted = await addNotifications(t.sandbox, 2, {
			content: 'Error posting on instagram (Shop): Should have at least one media',
		});
		await addNotifications(t.sandbox, 2, { content: 'Error posting on x (Acme): token expired' });

		const outcome = await trigger.poll();
		expect(idsOf(outcome.items)).toEqual(wanted);
		expect(outcome.items.every((item) => item.kind === 'failed')).toBe(true);

		// All dropped: nothing emitted, but the cursor moved (a null poll is committed by n8n).
		const before = trigger.state();
		await addNotifications(t.sandbox, 3, { content: 'Your post has been published on x (Acme)' });
		const dropped = await trigger.poll();
		expect(dropped.raw).toBeNull();
		expect(trigger.state()).not.toEqual(before);
		expect((await trigger.poll()).raw).toBeNull();
		expect(trigger.state()).toEqual(trigger.state());
	});
});

describe('faults: a failed poll emits nothing and moves nothing; the next poll catches up', () => {
	// Each fault outlasts the transport's retries of a GET (2 more attempts), so the poll fails.
	const cases: Array<[string, object, RegExp]> = [
		['500', { fault: 'error500', times: 10 }, /GET \/notifications \(HTTP 500\) \(tried 3 times\)/],
		[
			'429',
			{ fault: 'rateLimit', retryAfter: 1, times: 10 },
			/^Rate limit .*GET \/notifications: /,
		],
		['dropped connection', { fault: 'drop', times: 10 }, /closed before .*GET \/notifications/],
		['timeout', { fault: 'slow', delayMs: 2500, times: 10 }, / 1 s on GET \/notifications/],
	];

	test.each(cases)('%s between polls (first page)', async (_name, fault, message) => {
		await addNotifications(t.sandbox, 5);
		const trigger = await activated({ options: { timeout: 1 } });
		const burst = await addNotifications(t.sandbox, 40);
		const before = trigger.state();

		await t.sandbox.control.addFault({ method: 'GET', path: '/notifications', ...fault } as never);
		const failed = await trigger.poll();
		expectFailedCleanly(failed, trigger, before);
		expect(failed.error?.message).toMatch(message);

		await t.sandbox.control.clearFaults();
		const next = await trigger.poll();
		expect(idsOf(next.items)).toEqual(burst);
	});

	test.each(cases)('%s inside a burst (third page)', async (_name, fault, message) => {
		await addNotifications(t.sandbox, 5);
		const trigger = await activated({ options: { timeout: 1 } });
		const burst = await addNotifications(t.sandbox, 280);
		const before = trigger.state();

		// Faults are taken in the order added: pages 0 and 1 pass (a 1 ms hold), page 2 fails.
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/notifications',
			fault: 'slow',
			delayMs: 1,
			times: 2,
		});
		await t.sandbox.control.addFault({ method: 'GET', path: '/notifications', ...fault } as never);
		const failed = await trigger.poll();
		expect(failed.pages.slice(0, 3)).toEqual([0, 1, 2]);
		expectFailedCleanly(failed, trigger, before);
		expect(failed.error?.message).toMatch(message);

		await t.sandbox.control.clearFaults();
		const next = await trigger.poll();
		expect(idsOf(next.items)).toEqual(burst);
		expect((await trigger.poll()).items).toEqual([]);
	});

	test('a single 500 is retried inside the poll, which then emits normally', async () => {
		const trigger = await activated();
		const burst = await addNotifications(t.sandbox, 3);
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/notifications',
			fault: 'error500',
			times: 1,
		});
		const outcome = await trigger.poll();
		expect(outcome.pages).toEqual([0, 0]);
		expect(idsOf(outcome.items)).toEqual(burst);
	});

	test('a base URL without /api (the web application answers HTML) fails with what to do', async () => {
		const trigger = new TriggerUnderTest(
			{ ...t.sandbox, baseUrl: t.sandbox.origin } as RunningSandbox,
			{},
		);
		const outcome = await trigger.poll();
		expect(outcome.error?.message).toContain('did not answer like the API on GET /notifications');
		expect(outcome.error?.description).toContain('/api/public/v1');
		expect(trigger.state()).toEqual({});
	});
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
	const started = Date.now();
	while (!(await check())) {
		if (Date.now() - started > timeoutMs) throw new Error('waitUntil: condition not met in time');
		await sleep(20);
	}
}
