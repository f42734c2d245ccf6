/**
 * The poll's cursor, property-based (fast-check): for any sequence of notifications written, clock moves,
 * polls, and notifications written between two page reads of one poll, every notification written after
 * the first poll is emitted exactly once across polls, oldest first within a poll.
 *
 * The service is a model of what the spec states (GET /notifications, 4.6): the whole list, newest first,
 * in pages from 0. Within one timestamp the order is not stated: the model keeps one order per run (newer
 * or older first), and a page may list one of its notifications twice. Pages are 3 long here (the real
 * 100 would need thousands of notifications per case), so bursts span pages as they do in production.
 *
 * What the cursor cannot handle, and so is not generated (the spec states none of it either way):
 * - a notification listed with a time older than one already emitted (written late, or a clock that goes
 *   back): it is older than the cursor and never read;
 * - notifications of one timestamp listed in a different order from one page read to the next, or a
 *   notification removed between two page reads: a page boundary moves over one that was never read;
 * - a notification of the cursor's very millisecond written after a later poll (the clock moves between
 *   polls here, as n8n polls at most once a minute).
 */
import fc from 'fast-check';
import type { IDataObject, IPollFunctions, Logger } from 'n8n-workflow';
import type { NotificationPage } from '../../../nodes/SocialPublishingTrigger/listNotifications';
import { pollNotifications } from '../../../nodes/SocialPublishingTrigger/pollNotifications';

const PAGE = 3;

jest.mock('../../../nodes/SocialPublishingTrigger/listNotifications', () => ({
	PAGE_SIZE: 3,
	listNotifications: jest.fn(async (page: number) => await service.read(page)),
}));

/** The service of one run: notifications, its clock, and writes scheduled between page reads. */
class ModelService {
	private readonly written: Array<{ id: string; at: number; seq: number }> = [];
	now = Date.parse('2026-11-01T09:00:00.000Z');
	/** Before page read i (i >= 1) of the current poll, write this many. */
	duringPoll: number[] = [];
	pagesRead = 0;

	constructor(
		private readonly newerFirstWithinInstant: boolean,
		private readonly repeatInPage: boolean,
		/** When given, each page is listed in the order of these keys, not newest first (issue 30). */
		private readonly shuffleKeys?: number[],
	) {}

	write(count: number): void {
		for (let i = 0; i < count; i++) {
			const seq = this.written.length;
			this.written.push({ id: `n${seq}`, at: this.now, seq });
		}
	}

	ids(): string[] {
		return this.written.map((n) => n.id);
	}

	async read(page: number): Promise<NotificationPage> {
		if (page > 0) this.write(this.duringPoll[page - 1] ?? 0);
		this.pagesRead++;
		const listed = [...this.written].sort(
			(a, b) => b.at - a.at || (this.newerFirstWithinInstant ? b.seq - a.seq : a.seq - b.seq),
		);
		const slice = listed.slice(page * PAGE, (page + 1) * PAGE);
		// A page that lists its first notification twice (still newest first).
		if (this.repeatInPage && slice.length > 0) slice.splice(1, 0, slice[0]);
		const keys = this.shuffleKeys;
		const listedPage = keys
			? slice
					.map((n, i) => ({ n, key: keys[(page * PAGE + i) % keys.length] }))
					.sort((a, b) => a.key - b.key)
					.map(({ n }) => n)
			: slice;
		return {
			notifications: listedPage.map((n) => ({
				id: n.id,
				content: `notification ${n.id}`,
				link: null,
				createdAt: new Date(n.at).toISOString(),
			})),
			hasMore: (page + 1) * PAGE < listed.length,
		};
	}
}

let service: ModelService;

/** What n8n hands the poll: parameters, static data persisted between polls (as JSON), its log. */
function pollContext(staticData: IDataObject, warnings: string[]): IPollFunctions {
	const logger: Logger = {
		warn: (message: string) => warnings.push(message),
		error: (message: string) => warnings.push(message),
		info: () => {},
		debug: () => {},
	};
	return {
		getNodeParameter: (_name: string, fallback: unknown) => fallback,
		getMode: () => 'trigger',
		getWorkflowStaticData: () => staticData,
		getNode: () => ({ name: 'Trigger' }),
		getWorkflow: () => ({ id: 'w1' }),
		logger,
	} as unknown as IPollFunctions;
}

type Step =
	| { kind: 'write'; count: number }
	| { kind: 'tick'; ms: number }
	| { kind: 'poll'; duringPoll: number[] };

const step: fc.Arbitrary<Step> = fc.oneof(
	fc.record({ kind: fc.constant('write' as const), count: fc.integer({ min: 1, max: 8 }) }),
	// 0 ms: the next notifications share the last timestamp.
	fc.record({ kind: fc.constant('tick' as const), ms: fc.constantFrom(0, 1, 2, 60_000) }),
	fc.record({
		kind: fc.constant('poll' as const),
		duringPoll: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 3 }),
	}),
);

interface Run {
	emitted: string[];
	expected: string[];
	warnings: string[];
	orderedWithinPolls: boolean;
}

async function run(
	steps: Step[],
	existing: number,
	newerFirst: boolean,
	repeatInPage: boolean,
	shuffleKeys?: number[],
): Promise<Run> {
	service = new ModelService(newerFirst, repeatInPage, shuffleKeys);
	service.write(existing);
	let staticData: IDataObject = {};
	const warnings: string[] = [];
	const emitted: string[] = [];
	let orderedWithinPolls = true;
	const poll = async () => {
		const result = await pollNotifications.call(pollContext(staticData, warnings));
		// n8n stores static data as JSON between polls.
		staticData = JSON.parse(JSON.stringify(staticData)) as IDataObject;
		const items = (result?.[0] ?? []).map((item) => item.json);
		const times = items.map((item) => Date.parse(String(item.createdAt)));
		if (times.some((at, i) => i > 0 && at < times[i - 1])) orderedWithinPolls = false;
		emitted.push(...items.map((item) => String(item.id)));
		// n8n polls at most once a minute: the clock moves on before the next poll.
		service.now += 1;
	};

	// The first poll after activation: what is listed then is not emitted.
	await poll();
	const before = new Set(service.ids());
	for (const s of steps) {
		if (s.kind === 'write') service.write(s.count);
		else if (s.kind === 'tick') service.now += s.ms;
		else {
			service.duringPoll = s.duringPoll;
			await poll();
			service.duringPoll = [];
		}
	}
	// Two last polls: what was written during the last one is emitted by the next.
	await poll();
	await poll();
	return {
		emitted,
		expected: service.ids().filter((id) => !before.has(id)),
		warnings,
		orderedWithinPolls,
	};
}

test('property: each notification written after the first poll is emitted exactly once, oldest first', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(step, { maxLength: 25 }),
			fc.integer({ min: 0, max: 7 }),
			fc.boolean(),
			fc.boolean(),
			async (steps, existing, newerFirst, repeatInPage) => {
				const outcome = await run(steps, existing, newerFirst, repeatInPage);
				expect([...outcome.emitted].sort()).toEqual([...outcome.expected].sort());
				expect(new Set(outcome.emitted).size).toBe(outcome.emitted.length);
				expect(outcome.orderedWithinPolls).toBe(true);
				expect(outcome.warnings).toEqual([]);
			},
		),
		{ numRuns: 400 },
	);
});

test('property: the same with each page shuffled within itself (a page not sorted newest first)', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(step, { maxLength: 25 }),
			fc.integer({ min: 0, max: 7 }),
			fc.boolean(),
			fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
			async (steps, existing, repeatInPage, shuffleKeys) => {
				const outcome = await run(steps, existing, true, repeatInPage, shuffleKeys);
				expect([...outcome.emitted].sort()).toEqual([...outcome.expected].sort());
				expect(new Set(outcome.emitted).size).toBe(outcome.emitted.length);
				expect(outcome.orderedWithinPolls).toBe(true);
				expect(outcome.warnings).toEqual([]);
			},
		),
		{ numRuns: 400 },
	);
});

test('the model can fail: a poll that drops what it read would be caught (the property is not vacuous)', async () => {
	// A burst spanning pages, written between two polls, then polled: the property's expectation is not empty.
	const outcome = await run(
		[
			{ kind: 'tick', ms: 1 },
			{ kind: 'write', count: 7 },
			{ kind: 'poll', duringPoll: [2, 1] },
		],
		4,
		true,
		true,
	);
	expect(outcome.expected).toHaveLength(10);
	expect([...outcome.emitted].sort()).toEqual([...outcome.expected].sort());
	expect(service.pagesRead).toBeGreaterThan(4);
});
