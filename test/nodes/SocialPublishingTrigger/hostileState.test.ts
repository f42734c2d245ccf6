/**
 * The trigger's stored state when it is not what the trigger wrote (issue 19): a string, null, a list,
 * fields of the wrong type, a date that does not parse or lies ahead of every notification, lists of
 * ids of the wrong type or size. Whatever the shape, a poll must neither fail nor emit a notification
 * a second time, must not pass over one without saying so in n8n's log, and the poll after it must
 * work as usual.
 *
 * Every case starts from the same story: a trigger emitted notifications old1..old3 (its last good
 * poll), then new1 and new2 were written, then its state was replaced by the broken one.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, INodeParameters, Logger } from 'n8n-workflow';
import { MAX_BOUNDARY_IDS } from '../../../nodes/SocialPublishingTrigger/cursor';
import { addNotifications, idsOf, TriggerUnderTest, useTriggerSandbox } from './triggerHarness';

const t = useTriggerSandbox();

/** What the trigger told n8n's logger (`this.logger` of its poll context) while this capture is on. */
function captureLog() {
	const lines: Array<{ level: string; message: string }> = [];
	const line = (level: string) => (message: string) => {
		lines.push({ level, message });
	};
	const logger: Logger = {
		error: line('error'),
		warn: line('warn'),
		info: line('info'),
		debug: () => {},
	};
	const spy = jest
		.spyOn(PollContext.prototype as unknown as { logger: Logger }, 'logger', 'get')
		.mockReturnValue(logger);
	return { lines, restore: () => spy.mockRestore() };
}

interface Story {
	/** The state the trigger committed after emitting old1..old3. */
	good: { createdAt: string; ids: string[] };
	old: string[];
	fresh: string[];
	newestCreatedAt: string;
}

async function story(parameters: INodeParameters = {}): Promise<Story> {
	await addNotifications(t.sandbox, 4);
	const trigger = new TriggerUnderTest(t.sandbox, parameters);
	await trigger.poll();
	const old = await addNotifications(t.sandbox, 3);
	expect(idsOf((await trigger.poll()).items)).toEqual(old);
	const good = trigger.state().cursor as Story['good'];
	const fresh = await addNotifications(t.sandbox, 2);
	return { good, old, fresh, newestCreatedAt: (await t.sandbox.control.now()) as string };
}

/** Polls a trigger loaded with `cursor` as its stored state; then checks that the next poll works and logs nothing. */
async function pollWithState(cursor: unknown, parameters: INodeParameters = {}) {
	// n8n keeps a node's static data under "node:<its name>" in the workflow's.
	const trigger = new TriggerUnderTest(t.sandbox, parameters, {
		'node:Node Under Test': { cursor },
	} as IDataObject);
	const log = captureLog();
	try {
		const outcome = await trigger.poll();
		const stateAfter = trigger.state();
		log.lines.splice(0).forEach((line) => logged.push(line));
		const later = await addNotifications(t.sandbox, 2);
		const next = await trigger.poll();
		return { outcome, stateAfter, logged, later, next, nextLog: [...log.lines] };
	} finally {
		log.restore();
	}
}
const logged: Array<{ level: string; message: string }> = [];
beforeEach(() => logged.splice(0));

/** The sentence every "starts again" case logs (words pinned once here). */
const startsAgain = (reason: string) =>
	`Social Publishing Trigger "Node Under Test": the position it keeps between polls was not one it writes (${reason}). It starts again from the newest notification and emits none of those listed now; notifications written since its last successful poll, if any, are not emitted.`;

/** The sentence every "keeps the time" case logs. */
const keepsTime = (reason: string, createdAt: string) =>
	`Social Publishing Trigger "Node Under Test": part of the position it keeps between polls was not one it writes (${reason}). It keeps the stored time ${createdAt} and counts every notification of that exact time as emitted; later ones are emitted as usual.`;

async function expectNextPollWorks(result: Awaited<ReturnType<typeof pollWithState>>) {
	expect(result.next.error).toBeUndefined();
	expect(idsOf(result.next.items)).toEqual(result.later);
	expect(result.next.pages).toEqual([0]);
	expect(result.nextLog).toEqual([]);
}

describe('nothing usable is stored: it starts again from the newest notification, emitting none, and says so', () => {
	const huge = '9'.repeat(1_000_000);
	test.each<[string, (s: Story) => unknown, string]>([
		['a string', () => 'cursor', 'it is text'],
		['null', () => null, 'it is empty (null)'],
		['a number', () => 42, 'it is a number'],
		['a boolean', () => true, 'it is true or false'],
		['an empty list', () => [], 'it is a list'],
		['a list holding a good position', (s) => [s.good], 'it is a list'],
		['an object without fields', () => ({}), 'its time is missing'],
		['no time, good ids', (s) => ({ ids: s.good.ids }), 'its time is missing'],
		[
			'a time that is a number',
			(s) => ({ createdAt: Date.parse(s.good.createdAt), ids: s.good.ids }),
			'its time is not text',
		],
		[
			'a time that is an object',
			(s) => ({ createdAt: { at: s.good.createdAt }, ids: s.good.ids }),
			'its time is not text',
		],
		[
			'a time in words',
			(s) => ({ createdAt: 'yesterday', ids: s.good.ids }),
			'its time is not a date',
		],
		['an empty time', (s) => ({ createdAt: '', ids: s.good.ids }), 'its time is not a date'],
		[
			'a 13th month',
			(s) => ({ createdAt: '2026-13-01T10:00:00.000Z', ids: s.good.ids }),
			'its time is not a date',
		],
		[
			'a time of a million digits',
			(s) => ({ createdAt: huge, ids: s.good.ids }),
			'its time is not a date',
		],
		[
			'"none yet" with ids',
			(s) => ({ createdAt: null, ids: s.good.ids }),
			'it says no notification existed, yet names some as seen',
		],
		[
			'"none yet" closed',
			() => ({ createdAt: null, ids: [], allAtCreatedAt: true }),
			'it says no notification existed, yet names some as seen',
		],
	])('%s', async (_name, broken, reason) => {
		const s = await story();
		const result = await pollWithState(broken(s));

		expect(result.outcome.error).toBeUndefined();
		expect(result.outcome.items).toEqual([]);
		expect(result.outcome.pages).toEqual([0]);
		expect(result.logged).toEqual([{ level: 'warn', message: startsAgain(reason) }]);
		expect(result.stateAfter).toEqual({
			cursor: { createdAt: s.newestCreatedAt, ids: [s.fresh[1]] },
		});
		await expectNextPollWorks(result);
	});

	test('with "Include Latest on First Poll" set: still none emitted (they were emitted before)', async () => {
		const s = await story({ options: { includeOnFirstPoll: 5 } });
		const result = await pollWithState('cursor', { options: { includeOnFirstPoll: 5 } });
		expect(result.outcome.items).toEqual([]);
		expect(result.logged).toEqual([{ level: 'warn', message: startsAgain('it is text') }]);
		expect(result.stateAfter).toEqual({
			cursor: { createdAt: s.newestCreatedAt, ids: [s.fresh[1]] },
		});
		await expectNextPollWorks(result);
	});
});

describe('the time is good, the rest is not: it keeps the time, emits what is later, and says so', () => {
	test.each<[string, (s: Story) => unknown, string]>([
		[
			'ids as text',
			(s) => ({ createdAt: s.good.createdAt, ids: s.good.ids[0] }),
			'its ids are not a list of ids',
		],
		[
			'ids null',
			(s) => ({ createdAt: s.good.createdAt, ids: null }),
			'its ids are not a list of ids',
		],
		['ids missing', (s) => ({ createdAt: s.good.createdAt }), 'its ids are not a list of ids'],
		[
			'ids as an object',
			(s) => ({ createdAt: s.good.createdAt, ids: { 0: s.good.ids[0] } }),
			'its ids are not a list of ids',
		],
		[
			'ids that are numbers',
			(s) => ({ createdAt: s.good.createdAt, ids: [1, 2] }),
			'its ids are not a list of ids',
		],
		[
			'an id that is null among good ones',
			(s) => ({ createdAt: s.good.createdAt, ids: [...s.good.ids, null] }),
			'its ids are not a list of ids',
		],
		[
			`${MAX_BOUNDARY_IDS + 1} ids`,
			(s) => ({
				createdAt: s.good.createdAt,
				ids: [...s.good.ids, ...Array.from({ length: MAX_BOUNDARY_IDS }, (_, i) => `x${i}`)],
			}),
			`it holds ${MAX_BOUNDARY_IDS + 1} ids, more than the ${MAX_BOUNDARY_IDS} it keeps`,
		],
		[
			'200,000 ids',
			(s) => ({
				createdAt: s.good.createdAt,
				ids: Array.from({ length: 200_000 }, (_, i) => `x${i}`),
			}),
			`it holds 200000 ids, more than the ${MAX_BOUNDARY_IDS} it keeps`,
		],
		[
			'an id of 10,000 characters',
			(s) => ({ createdAt: s.good.createdAt, ids: ['x'.repeat(10_000)] }),
			'an id is longer than any it keeps',
		],
		[
			'"closed" as text',
			(s) => ({ createdAt: s.good.createdAt, ids: s.good.ids, allAtCreatedAt: 'yes' }),
			'its "whole instant seen" mark is not true or false',
		],
		[
			'"closed" as a number',
			(s) => ({ createdAt: s.good.createdAt, ids: s.good.ids, allAtCreatedAt: 1 }),
			'its "whole instant seen" mark is not true or false',
		],
	])('%s', async (_name, broken, reason) => {
		const s = await story();
		const result = await pollWithState(broken(s));

		expect(result.outcome.error).toBeUndefined();
		// Exactly what was written since the last good poll: old3 (at the stored time) is not emitted again.
		expect(idsOf(result.outcome.items)).toEqual(s.fresh);
		expect(result.outcome.pages).toEqual([0]);
		expect(result.logged).toEqual([
			{ level: 'warn', message: keepsTime(reason, s.good.createdAt) },
		]);
		expect(result.stateAfter).toEqual({
			cursor: { createdAt: s.newestCreatedAt, ids: [s.fresh[1]] },
		});
		await expectNextPollWorks(result);
	});

	test('ids broken while nothing was written since: nothing emitted, the instant is closed, one request', async () => {
		await addNotifications(t.sandbox, 4);
		const trigger = new TriggerUnderTest(t.sandbox);
		await trigger.poll();
		const good = trigger.state().cursor as Story['good'];
		const result = await pollWithState({ createdAt: good.createdAt, ids: 'x' });
		expect(result.outcome.items).toEqual([]);
		expect(result.outcome.pages).toEqual([0]);
		expect(result.logged).toEqual([
			{ level: 'warn', message: keepsTime('its ids are not a list of ids', good.createdAt) },
		]);
		expect(result.stateAfter).toEqual({
			cursor: { createdAt: good.createdAt, ids: [], allAtCreatedAt: true },
		});
		await expectNextPollWorks(result);
	});
});

describe('a time later than every notification listed (a date in the future, or notifications removed)', () => {
	test.each<[string, string]>([
		['a date in the year 2999', '2999-01-01T00:00:00.000Z'],
		['the latest date JavaScript knows', '+275760-09-13T00:00:00.000Z'],
		['one hour from now', 'HOUR_AHEAD'],
	])('%s: starts again from the newest, emitting none, and says so', async (_name, stored) => {
		const s = await story();
		const createdAt =
			stored === 'HOUR_AHEAD' ? new Date(Date.now() + 3_600_000).toISOString() : stored;
		const result = await pollWithState({ createdAt, ids: ['a'] });

		expect(result.outcome.error).toBeUndefined();
		expect(result.outcome.items).toEqual([]);
		expect(result.outcome.pages).toEqual([0]);
		expect(result.logged).toEqual([
			{
				level: 'warn',
				message: `Social Publishing Trigger "Node Under Test": the position it keeps between polls (${createdAt}) is later than every notification the service lists (the newest is from ${s.newestCreatedAt}). It starts again from the newest notification and emits none of those listed now; notifications written since its last successful poll, if any, are not emitted.`,
			},
		]);
		expect(result.stateAfter).toEqual({
			cursor: { createdAt: s.newestCreatedAt, ids: [s.fresh[1]] },
		});
		await expectNextPollWorks(result);
	});

	test('later than the newest listed but already past (the newest were removed): kept, no word, later ones emitted', async () => {
		const s = await story();
		const removedAt = new Date(Date.parse(s.newestCreatedAt) + 10_000).toISOString();
		const trigger = new TriggerUnderTest(
			t.sandbox,
			{},
			{ 'node:Node Under Test': { cursor: { createdAt: removedAt, ids: ['removed'] } } },
		);
		const log = captureLog();
		try {
			const outcome = await trigger.poll();
			expect(outcome.items).toEqual([]);
			expect(outcome.pages).toEqual([0]);
			expect(trigger.state()).toEqual({ cursor: { createdAt: removedAt, ids: ['removed'] } });
			await t.sandbox.control.advance(20);
			const later = await addNotifications(t.sandbox, 2);
			const next = await trigger.poll();
			expect(idsOf(next.items)).toEqual(later);
			expect(next.pages).toEqual([0]);
			expect(log.lines).toEqual([]);
		} finally {
			log.restore();
		}
	});

	test('an organisation with no notifications at all keeps its stored time (nothing to start again from)', async () => {
		const result = await pollWithState({ createdAt: '2999-01-01T00:00:00.000Z', ids: ['a'] });
		expect(result.outcome.items).toEqual([]);
		expect(result.outcome.pages).toEqual([0]);
		expect(result.logged).toEqual([]);
		expect(result.stateAfter).toEqual({
			cursor: { createdAt: '2999-01-01T00:00:00.000Z', ids: ['a'] },
		});
		// Once notifications exist, the next poll sees that the time lies ahead and starts from them.
		expect(result.next.items).toEqual([]);
		expect(result.nextLog).toHaveLength(1);
	});
});

describe('states the trigger writes are read as they are, without a word in the log', () => {
	test.each<[string, (s: Story) => unknown, (s: Story) => string[]]>([
		['a position with ids', (s) => s.good, (s) => s.fresh],
		[
			'a closed instant',
			(s) => ({ createdAt: s.good.createdAt, ids: [], allAtCreatedAt: true }),
			(s) => s.fresh,
		],
		[
			'a time written with an offset',
			(s) => ({ ...s.good, createdAt: s.good.createdAt.replace('Z', '+00:00') }),
			(s) => s.fresh,
		],
		// "No notification existed at the last poll": all listed now were written since, so all are new.
		['"none existed yet"', () => ({ createdAt: null, ids: [] }), (s) => [...s.old, ...s.fresh]],
	])('%s', async (_name, state, expected) => {
		const s = await story();
		const result = await pollWithState(state(s));
		expect(result.outcome.error).toBeUndefined();
		expect(idsOf(result.outcome.items).slice(-expected(s).length)).toEqual(expected(s));
		if (expected(s) === s.fresh) expect(idsOf(result.outcome.items)).toEqual(s.fresh);
		expect(result.outcome.pages).toEqual([0]);
		expect(result.logged).toEqual([]);
		await expectNextPollWorks(result);
	});
});
