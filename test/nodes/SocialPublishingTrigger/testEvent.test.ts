/**
 * Trigger On → Post Events → "Fetch Test Event" through n8n's PollContext against the sandbox: only
 * the events chosen; a real post in the chosen event's state when one is listed, else a sample
 * marked as one, with the keys and types the real poll's event of that kind has; the two event
 * examples' expressions, evaluated by n8n, read right on it. The choice itself: testEventChoice.test.ts.
 */
import { Workflow, type IDataObject, type INodeTypes } from 'n8n-workflow';

import { readExample } from '../../../examples/examples';
import { POST_EVENTS } from '../../../nodes/SocialPublishingTrigger/postEvents';
import {
	NO_EVENT_CHOSEN,
	SAMPLE_FAILURE_REASON,
} from '../../../nodes/SocialPublishingTrigger/testEvent';
import { SEED_IDS } from '../../../sandbox/seed';
import { TriggerUnderTest, useTriggerSandbox } from './triggerHarness';

const t = useTriggerSandbox();
const { mastodon, x } = SEED_IDS.channels;
const HOUR_S = 60 * 60;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_S * 1000).toISOString();

async function schedule(channel: string, hours: number, content: string): Promise<string> {
	const res = await t.api().post('/posts', {
		type: 'schedule',
		date: inHours(hours),
		shortLink: false,
		tags: [],
		posts: [
			{
				integration: { id: channel },
				value: [{ content, image: [] }],
				...(channel === x ? { settings: { who_can_reply_post: 'everyone' } } : {}),
			},
		],
	});
	if (res.status !== 201) throw new Error(JSON.stringify(res.data));
	return (res.data as Array<{ postId: string }>)[0].postId;
}

/** A post on X due in an hour, one on Mastodon in an hour and a half (Mastodon set to fail). */
async function scheduleBoth(): Promise<{ published: string; failed: string }> {
	await t.sandbox.control.patchChannel(mastodon, {
		publishOutcome: 'error',
		errorMessage: 'Instance is read-only',
	});
	return {
		published: await schedule(x, 1, 'Went out'),
		failed: await schedule(mastodon, 1.5, 'Did not go out'),
	};
}

/** Two hours on: the X post published, the Mastodon one failed (with its notification). */
async function publishDue(): Promise<void> {
	await t.sandbox.control.advance(2 * HOUR_S);
	await t.sandbox.control.publishDue();
}

async function publishBoth(): Promise<{ published: string; failed: string }> {
	const ids = await scheduleBoth();
	await publishDue();
	return ids;
}

async function fetchTestEvent(parameters: IDataObject) {
	const trigger = new TriggerUnderTest(t.sandbox, { event: 'postEvents', ...parameters });
	const outcome = await trigger.poll('manual');
	const sent = (await t.sandbox.control.requests()).map((r) => `${r.method} ${r.path}`);
	expect(trigger.state()).toEqual({});
	return { ...outcome, sent };
}

/** Each key's type (null apart), and the channel's: what an expression after the trigger meets. */
const shapeOf = (item: IDataObject): Record<string, unknown> =>
	Object.fromEntries(
		Object.entries(item).map(([key, value]) => [
			key,
			value === null
				? 'null'
				: Array.isArray(value)
					? 'array'
					: key === 'channel'
						? shapeOf(value as IDataObject)
						: typeof value,
		]),
	);
const withoutMark = ({ sample, sampleNote, ...rest }: IDataObject) => {
	expect([sample, typeof sampleNote]).toEqual([true, 'string']);
	return rest;
};

beforeEach(async () => {
	await t.sandbox.control.setNow(new Date().toISOString());
});

describe('Fetch Test Event: only the chosen events', () => {
	test('only Post Failed, no failed post: a marked sample with a failure reason filled', async () => {
		await schedule(x, 3, 'Queued, not failed');
		const step = await fetchTestEvent({ postEvents: ['postFailed'] });
		expect(step.error).toBeUndefined();
		expect(step.items).toHaveLength(1);
		const [item] = step.items;
		expect(item).toMatchObject({
			sample: true,
			event: 'postFailed',
			stateAfter: 'ERROR',
			reason: SAMPLE_FAILURE_REASON,
			// A channel listed, so a message naming it reads as it will.
			channel: { id: x, name: 'Sandbox Studio X', platform: 'x' },
		});
		expect(String(item.sampleNote)).toContain('GET /posts lists no post in state ERROR between');
		expect(step.sent).toEqual(['GET /posts']);
	});

	test('only Post Failed, a published and a failed post listed: the failed one, with its reason', async () => {
		const { failed } = await publishBoth();
		const step = await fetchTestEvent({ postEvents: ['postFailed'] });
		expect(step.items).toEqual([
			expect.objectContaining({
				event: 'postFailed',
				postId: failed,
				stateAfter: 'ERROR',
				reason: expect.stringContaining('Instance is read-only'),
				reasonNotification: expect.objectContaining({ id: expect.any(String) }),
			}),
		]);
		expect(step.items[0]).not.toHaveProperty('sample');
		expect(step.sent).toEqual(['GET /posts', 'GET /notifications']);
	});

	test('a failed post whose notifications cannot be read: the post, its reason null and said', async () => {
		const { failed } = await publishBoth();
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/notifications',
			fault: 'error500',
			times: 5,
		});
		const step = await fetchTestEvent({ postEvents: ['postFailed'] });
		expect(step.items).toEqual([
			expect.objectContaining({ event: 'postFailed', postId: failed, reason: null }),
		]);
		expect(String(step.items[0].reasonNote)).toContain('could not be read');
	});

	test('several events chosen: the nearest post showing one of them, as that event', async () => {
		const { published, failed } = await publishBoth();
		const queued = await schedule(x, 2.5, 'Still queued');
		const pairs = async (parameters: IDataObject) =>
			(await fetchTestEvent(parameters)).items.map((i) => [i.event, i.postId]);
		expect(await pairs({ postEvents: ['postPublished', 'postFailed'] })).toEqual([
			['postPublished', published],
		]);
		// Any post was created: the nearest one, whatever its state.
		expect(await pairs({ postEvents: ['postCreated', 'postFailed'] })).toEqual([
			['postCreated', published],
		]);
		expect(
			await pairs({ postEvents: ['postFailed', 'postCreated'], channels: [mastodon] }),
		).toEqual([['postFailed', failed]]);
		expect(await pairs({ postEvents: ['postChanged', 'postCreated'], channels: [x] })).toEqual([
			['postCreated', published],
		]);
		expect(queued).toBeTruthy();
	});

	test.each([
		[['postChanged'], 'postChanged'],
		[['postDeleted'], 'postDeleted'],
		[['postDeleted', 'postChanged'], 'postChanged'],
		[['postDeleted', 'postPublished'], 'postPublished'],
	])('%j with no post listed: a sample of %s, said why', async (chosen, kind) => {
		const step = await fetchTestEvent({ postEvents: chosen });
		expect(step.items).toEqual([expect.objectContaining({ sample: true, event: kind })]);
		expect(String(step.items[0].sampleNote)).toMatch(/^This is a sample, not a real event: /);
	});

	test('none chosen: said in words', async () => {
		const step = await fetchTestEvent({ postEvents: [] });
		expect(step.error?.message).toBe(NO_EVENT_CHOSEN);
	});
});

describe('the sample has the keys and types of the real event of its kind', () => {
	test('created, changed, published, failed, deleted: against what the real poll emitted', async () => {
		const real: Record<string, IDataObject> = {};
		const trigger = new TriggerUnderTest(t.sandbox, { event: 'postEvents' });
		const keep = async () => {
			for (const item of (await trigger.poll()).items) real[String(item.event)] ??= item;
		};
		await keep();
		const doomed = await schedule(x, 48, 'To be drafted, then deleted');
		await scheduleBoth();
		await keep();
		await t.api().put(`/posts/${doomed}/status`, { status: 'draft' });
		await keep();
		await t.api().delete(`/posts/${doomed}`);
		await keep();
		await publishDue();
		await keep();
		expect(Object.keys(real).sort()).toEqual([...POST_EVENTS].sort());
		expect(real.postFailed.reason).toContain('Instance is read-only');

		for (const kind of POST_EVENTS) {
			// A range of one instant: no post listed, a sample of each kind.
			const step = await fetchTestEvent({
				postEvents: [kind],
				postOptions: { daysBack: 0, daysAhead: 0 },
			});
			expect(step.items[0]).toMatchObject({ event: kind });
			expect([kind, shapeOf(withoutMark(step.items[0]))]).toEqual([kind, shapeOf(real[kind])]);
		}
	});
});

/** The Set node's values of an example, evaluated by n8n's expression engine on one trigger item. */
function evaluated(
	name: 'postFailed' | 'sharePublished',
	item: IDataObject,
): Record<string, unknown> {
	const example = readExample(name);
	const set = example.nodes.find((n) => n.type === 'n8n-nodes-base.set')!;
	const nodeTypes = {
		getByName: () => undefined,
		getByNameAndVersion: () => undefined,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const workflow = new Workflow({
		nodes: example.nodes as never,
		connections: example.connections as never,
		active: false,
		nodeTypes,
	});
	const assignments = (set.parameters.assignments as { assignments: IDataObject[] }).assignments;
	return Object.fromEntries(
		assignments.map((a) => [
			a.name,
			workflow.expression.getParameterValue(
				a.value as string,
				null,
				0,
				0,
				set.name,
				[{ json: item }],
				'manual',
				{},
			),
		]),
	);
}

describe('the event examples read right on the test event', () => {
	test.each([
		['postFailed', 'postFailed', /^A post on Sandbox Studio X failed: Sample failure reason: /],
		['sharePublished', 'postPublished', /^Just published on Sandbox Studio X: https:\/\//],
	] as const)('%s on the sample (no such post listed)', async (name, event, message) => {
		await schedule(x, 3, 'Queued only');
		const step = await fetchTestEvent({ postEvents: [event] });
		expect(step.items[0]).toMatchObject({ sample: true, event });
		const values = evaluated(name, step.items[0]);
		for (const value of Object.values(values)) {
			expect(String(value)).not.toMatch(/undefined|null/);
			expect(String(value)).not.toBe('');
		}
		expect(values.message).toMatch(message);
	});

	test.each([
		[
			'postFailed',
			'postFailed',
			/^A post on Sandbox Studio Mastodon failed: .*Instance is read-only/,
		],
		['sharePublished', 'postPublished', /^Just published on Sandbox Studio X: https:\/\/x\.com\//],
	] as const)('%s on a real post', async (name, event, message) => {
		await publishBoth();
		const step = await fetchTestEvent({ postEvents: [event] });
		expect(step.items[0]).not.toHaveProperty('sample');
		const values = evaluated(name, step.items[0]);
		for (const value of Object.values(values)) expect(String(value)).not.toMatch(/undefined/);
		expect(values.message).toMatch(message);
	});
});
