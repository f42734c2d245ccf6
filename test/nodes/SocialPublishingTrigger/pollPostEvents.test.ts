/**
 * Trigger On → Post Events through n8n's PollContext against the sandbox: posts created with the API,
 * published at their date by the sandbox (its Mastodon channel set to fail, with the notification
 * it writes), edited, deleted; polls across a restart and an outage. Each event once, and the
 * requests each poll sent: one GET /posts, GET /notifications only for a failure's reason.
 */
import type { IDataObject } from 'n8n-workflow';

import { readExample } from '../../../examples/examples';
import { FAILURE_NOTIFICATION_LAG_MS } from '../../../sandbox/publishing';
import { SEED_IDS } from '../../../sandbox/seed';
import { sandboxPerFile, type SandboxHarness } from '../../helpers/sandbox';
import { TriggerUnderTest, useTriggerSandbox } from './triggerHarness';

const t = useTriggerSandbox();
const { mastodon, x } = SEED_IDS.channels;
const HOUR_S = 60 * 60;

async function schedule(
	channel: string,
	date: string,
	content: string,
	harness: SandboxHarness = t,
): Promise<string> {
	const res = await harness.api().post('/posts', {
		type: 'schedule',
		date,
		shortLink: false,
		tags: [],
		posts: [
			{
				integration: { id: channel },
				value: [{ content, image: [] }],
				// X wants to know who may reply (the platform table's required setting).
				...(channel === x ? { settings: { who_can_reply_post: 'everyone' } } : {}),
			},
		],
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return (res.data as Array<{ postId: string }>)[0].postId;
}

/** One poll, with the requests it sent as `METHOD /path` lines. */
async function poll(trigger: TriggerUnderTest) {
	const outcome = await trigger.poll();
	const sent = (await trigger.sandbox.control.requests()).map((r) => `${r.method} ${r.path}`);
	return { ...outcome, sent };
}

const events = (items: IDataObject[]) => items.map((i) => `${String(i.event)} ${String(i.postId)}`);

describe('Trigger On → Post Events', () => {
	beforeEach(async () => {
		// The range read is around this machine's clock: the sandbox's clock is set to it.
		await t.sandbox.control.setNow(new Date().toISOString());
	});

	test('each event once across polls, a restart and an outage, with its cost per poll', async () => {
		const trigger = new TriggerUnderTest(t.sandbox, { event: 'postEvents' });
		const before = await schedule(x, inHours(48), 'Already there');

		let step = await poll(trigger);
		expect(step.error).toBeUndefined();
		expect(step.items).toEqual([]); // nothing old on the first poll
		expect(step.sent).toEqual(['GET /posts', 'GET /notifications']);

		await t.sandbox.control.patchChannel(mastodon, {
			publishOutcome: 'error',
			errorMessage: 'Mastodon refused the status',
		});
		const onX = await schedule(x, inHours(1), 'Launch day');
		const onMastodon = await schedule(mastodon, inHours(1), 'Launch day, toot');
		step = await poll(trigger);
		expect(events(step.items).sort()).toEqual(
			[`postCreated ${onX}`, `postCreated ${onMastodon}`].sort(),
		);
		expect(step.sent).toEqual(['GET /posts']);
		expect(step.items.find((i) => i.postId === onX)).toMatchObject({
			channel: { id: x, name: 'Sandbox Studio X', platform: 'x' },
			stateBefore: null,
			stateAfter: 'QUEUE',
			text: 'Launch day',
			post: expect.objectContaining({ id: onX }),
		});

		await t.sandbox.control.advance(2 * HOUR_S);
		await t.sandbox.control.publishDue();
		step = await poll(trigger);
		expect(events(step.items).sort()).toEqual(
			[`postPublished ${onX}`, `postFailed ${onMastodon}`].sort(),
		);
		const published = step.items.find((i) => i.event === 'postPublished')!;
		expect(String(published.releaseURL)).toMatch(/^https:\/\/x\.com\//);
		expect(published).toMatchObject({ stateBefore: 'QUEUE', stateAfter: 'PUBLISHED' });
		const failed = step.items.find((i) => i.event === 'postFailed')!;
		expect(failed.reason).toContain('Mastodon refused the status');
		expect(failed.stateAfter).toBe('ERROR');
		expect(step.sent).toEqual(['GET /posts', 'GET /notifications']);

		// n8n restarts: the same static data, a new poller. Nothing again.
		trigger.restart();
		step = await poll(trigger);
		expect(step.items).toEqual([]);
		expect(step.sent).toEqual(['GET /posts']);

		// The service is down for one poll: it emits nothing and changes nothing.
		const stored = JSON.stringify(trigger.state());
		await t.api().delete(`/posts/${before}`);
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/posts',
			fault: 'error500',
			times: 5,
		});
		step = await poll(trigger);
		expect(step.error).toBeDefined();
		expect(JSON.stringify(trigger.state())).toBe(stored);
		await t.sandbox.control.clearFaults();
		step = await poll(trigger);
		expect(events(step.items)).toEqual([`postDeleted ${before}`]);
		expect(String(step.items[0].note)).toContain('The API does not tell which');
	});

	test.each([
		['ahead', 3],
		['behind', -5],
	])('the service clock %s of this machine by hours: each event once', async (_, hours) => {
		const serviceNow = Date.now() + hours * HOUR_S * 1000;
		await t.sandbox.control.setNow(new Date(serviceNow).toISOString());
		const trigger = new TriggerUnderTest(t.sandbox, { event: 'postEvents' });
		await poll(trigger);
		// Due one hour later by the service's clock.
		const id = await schedule(x, new Date(serviceNow + HOUR_S * 1000).toISOString(), 'Skewed');
		expect(events((await poll(trigger)).items)).toEqual([`postCreated ${id}`]);
		await t.sandbox.control.advance(2 * HOUR_S);
		await t.sandbox.control.publishDue();
		expect(events((await poll(trigger)).items)).toEqual([`postPublished ${id}`]);
		expect((await poll(trigger)).items).toEqual([]);
	});

	test("the node's static data not an object: the snapshot is kept aside, each event once, said in the items", async () => {
		const trigger = new TriggerUnderTest(
			t.sandbox,
			{ event: 'postEvents' },
			{ 'node:Node Under Test': 'not an object' },
		);
		expect((await poll(trigger)).items).toEqual([]);
		const id = await schedule(x, inHours(1), 'Kept aside');
		const step = await poll(trigger);
		expect(events(step.items)).toEqual([`postCreated ${id}`]);
		expect(String(step.items[0].pollWarning)).toContain("the workflow's global static data");
		trigger.restart();
		expect((await poll(trigger)).items).toEqual([]);
	});

	test('only the chosen events and channels', async () => {
		const trigger = new TriggerUnderTest(t.sandbox, {
			event: 'postEvents',
			postEvents: ['postPublished'],
			channels: [x],
		});
		await poll(trigger);
		const onX = await schedule(x, inHours(1), 'Only this one');
		await schedule(mastodon, inHours(1), 'Not this channel');
		expect((await poll(trigger)).items).toEqual([]); // created: not chosen
		await t.sandbox.control.advance(2 * HOUR_S);
		await t.sandbox.control.publishDue();
		const step = await poll(trigger);
		expect(events(step.items)).toEqual([`postPublished ${onX}`]);
		// No failure to give a reason for among the chosen: no GET /notifications.
		expect(step.sent).toEqual(['GET /posts']);
	});

	test('Fetch Test Event: the post nearest to now as the event of its state, nothing stored', async () => {
		const trigger = new TriggerUnderTest(t.sandbox, { event: 'postEvents' });
		const id = await schedule(x, inHours(3), 'Sample');
		const step = await trigger.poll('manual');
		expect(step.items).toEqual([expect.objectContaining({ event: 'postCreated', postId: id })]);
		expect(trigger.state()).toEqual({});
	});

	test('a range over 370 days is refused in the words of its options', async () => {
		const trigger = new TriggerUnderTest(t.sandbox, {
			event: 'postEvents',
			postOptions: { daysBack: 30, daysAhead: 360 },
		});
		const step = await trigger.poll();
		expect(step.error?.message).toContain('Days Back (30) and Days Ahead (360)');
	});
});

describe('the examples on post events', () => {
	beforeEach(async () => {
		await t.sandbox.control.setNow(new Date().toISOString());
	});

	/** Every `$json.a.b` path the example's Set node reads. */
	const pathsRead = (name: 'postFailed' | 'sharePublished') => {
		const set = readExample(name).nodes.find((n) => n.type === 'n8n-nodes-base.set')!;
		const text = JSON.stringify(set.parameters);
		return [...new Set([...text.matchAll(/\$json\.([\w.]+)/g)].map((m) => m[1]))];
	};
	const at = (item: IDataObject, path: string) =>
		path.split('.').reduce<unknown>((v, key) => (v as IDataObject | undefined)?.[key], item);

	test.each([
		['postFailed', mastodon, 'postFailed'],
		['sharePublished', x, 'postPublished'],
	] as const)(
		'%s: its trigger, as saved, emits one item with every field its Set node reads',
		async (name, channel, event) => {
			const example = readExample(name);
			const node = example.nodes.find((n) => n.type.endsWith('Trigger'))!;
			// Poll Times is n8n's schedule, not the node's.
			const parameters = { ...node.parameters };
			delete parameters.pollTimes;
			const trigger = new TriggerUnderTest(t.sandbox, parameters as never);
			await poll(trigger);
			await t.sandbox.control.patchChannel(mastodon, {
				publishOutcome: 'error',
				errorMessage: 'Instance is read-only',
			});
			const id = await schedule(channel, inHours(1), `Example ${name}`);
			await schedule(channel === x ? mastodon : x, inHours(1), 'The other outcome');
			await t.sandbox.control.advance(2 * 60 * 60);
			await t.sandbox.control.publishDue();
			const step = await poll(trigger);
			expect(events(step.items)).toEqual([`${event} ${id}`]);
			expect(pathsRead(name)).toEqual(
				expect.arrayContaining([
					'postId',
					'channel.name',
					event === 'postFailed' ? 'reason' : 'releaseURL',
				]),
			);
			const missing = pathsRead(name).filter((path) => at(step.items[0], path) == null);
			// reasonNote is read only when there is no reason.
			expect(missing.filter((path) => path !== 'reasonNote')).toEqual([]);
		},
	);
});

describe('Trigger On → Post Events: a failure written before its notification', () => {
	// Production writes a failed post's ERROR, then its notification (docs/real-backend.md).
	const late = sandboxPerFile({
		clock: { mode: 'manual', now: new Date().toISOString() },
		productionQuirks: { failureNotifiedAfterState: true },
	});
	const lag = FAILURE_NOTIFICATION_LAG_MS / 1000;

	beforeEach(async () => {
		await late.sandbox.control.setNow(new Date().toISOString());
		await late.sandbox.control.patchChannel(mastodon, {
			publishOutcome: 'error',
			errorMessage: 'Mastodon refused the status',
		});
	});

	test('a poll between the two holds the failure back one poll: it comes out once, with its reason', async () => {
		const trigger = new TriggerUnderTest(late.sandbox, { event: 'postEvents' });
		await poll(trigger);
		const id = await schedule(mastodon, inHours(1), 'Launch day, toot', late);
		expect(events((await poll(trigger)).items)).toEqual([`postCreated ${id}`]);

		await late.sandbox.control.advance(2 * HOUR_S);
		await late.sandbox.control.publishDue();
		let step = await poll(trigger);
		expect(step.items).toEqual([]);
		expect(step.sent).toEqual(['GET /posts', 'GET /notifications']);

		await late.sandbox.control.advance(lag);
		await late.sandbox.control.publishDue();
		trigger.restart(); // the hold is in the committed static data
		step = await poll(trigger);
		expect(step.items).toEqual([
			expect.objectContaining({
				event: 'postFailed',
				postId: id,
				stateBefore: 'QUEUE',
				stateAfter: 'ERROR',
				reason: expect.stringContaining('Mastodon refused the status'),
			}),
		]);
		expect(step.sent).toEqual(['GET /posts', 'GET /notifications']);
		step = await poll(trigger);
		expect([step.items, step.sent]).toEqual([[], ['GET /posts']]);
	});

	test('held once only: without a notification by the next poll it comes out without a reason', async () => {
		const trigger = new TriggerUnderTest(late.sandbox, { event: 'postEvents' });
		await poll(trigger);
		const id = await schedule(mastodon, inHours(1), 'No word from the service', late);
		await poll(trigger);
		await late.sandbox.control.advance(2 * HOUR_S);
		await late.sandbox.control.publishDue();
		expect((await poll(trigger)).items).toEqual([]);
		const step = await poll(trigger);
		expect(step.items).toEqual([
			expect.objectContaining({
				event: 'postFailed',
				postId: id,
				stateBefore: 'QUEUE',
				reason: null,
			}),
		]);
		expect(String(step.items[0].reasonNote)).toContain('the reason was not given');
		expect((await poll(trigger)).items).toEqual([]);
	});

	test('a held failure whose post is deleted before the next poll still comes out, then its deletion', async () => {
		const trigger = new TriggerUnderTest(late.sandbox, { event: 'postEvents' });
		await poll(trigger);
		const id = await schedule(mastodon, inHours(1), 'Deleted while held', late);
		await poll(trigger);
		await late.sandbox.control.advance(2 * HOUR_S);
		await late.sandbox.control.publishDue();
		expect((await poll(trigger)).items).toEqual([]);
		await late.sandbox.control.advance(lag);
		await late.sandbox.control.publishDue();
		await late.api().delete(`/posts/${id}`);
		const step = await poll(trigger);
		expect(step.items.map((i) => [i.event, i.postId, i.stateBefore, i.stateAfter])).toEqual([
			['postFailed', id, 'QUEUE', 'ERROR'],
			['postDeleted', id, 'ERROR', null],
		]);
		expect(step.items[0].reason).toContain('Mastodon refused the status');
		expect((await poll(trigger)).items).toEqual([]);
	});
});

function inHours(hours: number): string {
	return new Date(Date.now() + hours * 60 * 60 * 1000).toISOString();
}
