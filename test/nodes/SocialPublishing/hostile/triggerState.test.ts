/**
 * The trigger's whole node static data replaced by something that is not an object (issue 30: a string or null made
 * every poll throw; a list made every poll a first poll, whose position was never kept, so notifications written
 * since were never emitted). n8n hands the node that value and keeps it: the trigger cannot write its position there,
 * so it keeps it aside (the workflow's global static data, or this process's memory when that is broken too), starts
 * again as a first poll would, says so in n8n's log and in the items it emits while it works that way, and never
 * throws for it. fast-check puts any JSON value in place of the whole node static data, of its `cursor`, and of each
 * field of the cursor: no poll throws, and every notification written after the first poll is emitted exactly once.
 *
 * The service is a model on the hostile server: every notification written so far, newest first, 100 a page, each
 * at its own millisecond of the real clock (the trigger compares a stored time with the machine's clock).
 */
import fc from 'fast-check';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { createPoller, type Poller } from '../../../helpers/engine';
import type { Handler } from '../../../helpers/hostileServer';
import { TRIGGER_TYPE } from '../../SocialPublishingTrigger/triggerHarness';
import { captureN8nLog, useHostileService } from './support';

const t = useHostileService();
const NODE_KEY = 'node:Node Under Test';

class Listing {
	private readonly written: Array<{ id: string; at: number }> = [];
	private clock = Date.now() - 60_000;

	write(count: number): string[] {
		const ids: string[] = [];
		for (let i = 0; i < count; i++) {
			const id = `n${this.written.length}`;
			this.written.push({ id, at: ++this.clock });
			ids.push(id);
		}
		return ids;
	}

	readonly handler: Handler = (request, res) => {
		const page = Number(request.query.get('page') ?? 0);
		const listed = [...this.written].reverse();
		res.writeHead(200, { 'content-type': 'application/json' }).end(
			JSON.stringify({
				notifications: listed.slice(page * 100, page * 100 + 100).map((n) => ({
					id: n.id,
					content: `notification ${n.id}`,
					link: null,
					createdAt: new Date(n.at).toISOString(),
				})),
				hasMore: (page + 1) * 100 < listed.length,
			}),
		);
	};
}

interface Polled {
	items: INodeExecutionData[];
	ids: string[];
	error?: Error;
	log: string[];
}

async function poll(poller: Poller): Promise<Polled> {
	const capture = captureN8nLog();
	try {
		const items = (await poller.poll('trigger'))?.[0] ?? [];
		return { items, ids: items.map((item) => String(item.json.id)), log: capture.lines };
	} catch (error) {
		return { items: [], ids: [], error: error as Error, log: capture.lines };
	} finally {
		capture.stop();
	}
}

/** A trigger whose workflow static data is `staticData` (n8n keeps a node's under "node:<its name>"). */
function triggerWith(listing: Listing, staticData: IDataObject): Poller {
	t.server.respond(listing.handler);
	return createPoller(t.credentials, TRIGGER_TYPE, {}, staticData);
}

describe('the whole node static data is not an object: the trigger starts again, keeps its position aside, loses nothing after', () => {
	it.each<[string, unknown, string]>([
		['text', 'cursor', 'it is text'],
		['null', null, 'it is empty (null)'],
		['an empty list', [], 'it is a list'],
		['a list holding a good position', [{ cursor: { createdAt: null, ids: [] } }], 'it is a list'],
		['a number', 42, 'it is a number'],
		['true', true, 'it is true or false'],
	])('%s', async (_name, whole, reason) => {
		const listing = new Listing();
		listing.write(3);
		const poller = triggerWith(listing, { [NODE_KEY]: whole } as IDataObject);

		const first = await poll(poller);
		expect(first.error).toBeUndefined();
		expect(first.ids).toEqual([]);
		expect(first.log.filter((line) => line.startsWith('warn'))).toEqual([
			expect.stringContaining(
				`Social Publishing Trigger "Node Under Test": the data n8n keeps for it between polls is not an object (${reason}), so it cannot keep its position there.`,
			),
		]);

		const since = listing.write(2);
		const second = await poll(poller);
		expect(second.error).toBeUndefined();
		expect(second.ids).toEqual(since);
		for (const item of second.items)
			expect(item.json.pollWarning).toBe(
				`The data n8n keeps for this trigger between polls is not an object (${reason}): its position is kept in the workflow's global static data instead.`,
			);
		expect(second.log).toEqual([]);

		// A restart (n8n loads the workflow's static data again): the position kept aside survives it.
		const restarted = poller.restart();
		const after = listing.write(1);
		expect((await poll(restarted)).ids).toEqual(after);
		expect((await poll(restarted)).ids).toEqual([]);
	});

	it("the global static data broken too: kept in this process's memory, said so", async () => {
		const listing = new Listing();
		listing.write(2);
		const poller = triggerWith(listing, { [NODE_KEY]: 'x', global: ['y'] } as IDataObject);
		expect((await poll(poller)).error).toBeUndefined();
		const since = listing.write(2);
		const second = await poll(poller);
		expect(second.ids).toEqual(since);
		expect(second.items[0].json.pollWarning).toBe(
			"The data n8n keeps for this trigger between polls is not an object (it is text): its position is kept in this n8n process's memory instead.",
		);
	});

	it('the node static data repaired later: the position comes home, nothing emitted twice or lost', async () => {
		const listing = new Listing();
		listing.write(2);
		const poller = triggerWith(listing, { [NODE_KEY]: null } as IDataObject);
		await poll(poller);
		const kept = listing.write(1);
		expect((await poll(poller)).ids).toEqual(kept);
		// Someone gives the node an empty object again (the workflow's static data loaded with it).
		const repaired = createPoller(
			t.credentials,
			TRIGGER_TYPE,
			{},
			{
				...poller.workflowStaticData(),
				[NODE_KEY]: {},
			},
		);
		const later = listing.write(2);
		const home = await poll(repaired);
		expect(home.ids).toEqual(later);
		expect(home.items.every((item) => item.json.pollWarning === undefined)).toBe(true);
		expect(repaired.staticData()).toHaveProperty('cursor');
		expect((await poll(repaired)).ids).toEqual([]);
	});
});

describe('property: any JSON value in place of the node static data or of any part of it', () => {
	const good = () => ({ createdAt: new Date(Date.now() - 120_000).toISOString(), ids: ['n0'] });
	const shapes = fc.oneof(
		fc.jsonValue().map((value) => ({ where: 'the whole node static data', whole: value })),
		fc.jsonValue().map((value) => ({ where: 'its cursor', whole: { cursor: value } })),
		fc.jsonValue().map((value) => ({
			where: "the cursor's time",
			whole: { cursor: { ...good(), createdAt: value } },
		})),
		fc.jsonValue().map((value) => ({
			where: "the cursor's ids",
			whole: { cursor: { ...good(), ids: value } },
		})),
		fc.jsonValue().map((value) => ({
			where: 'the "whole instant seen" mark',
			whole: { cursor: { ...good(), allAtCreatedAt: value } },
		})),
	);

	it('no poll throws, and every notification written after the first poll is emitted exactly once', async () => {
		await fc.assert(
			fc.asyncProperty(
				shapes,
				fc.integer({ min: 1, max: 130 }),
				fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 1, maxLength: 3 }),
				async ({ whole }, existing, writes) => {
					t.server.reset();
					const listing = new Listing();
					listing.write(existing);
					const poller = triggerWith(listing, { [NODE_KEY]: whole } as IDataObject);
					const first = await poll(poller);
					expect(first.error).toBeUndefined();
					const emitted: string[] = [];
					const expected: string[] = [];
					for (const count of writes) {
						expected.push(...listing.write(count));
						const next = await poll(poller);
						expect(next.error).toBeUndefined();
						emitted.push(...next.ids);
					}
					expect(emitted).toEqual(expected);
				},
			),
			{ numRuns: 60 },
		);
	}, 120_000);
});
