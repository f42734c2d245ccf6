/**
 * Pages that are empty yet say there are more (issue 30: Notification → Get Many sent 200 requests before the page
 * bound stopped it). An offset page that lists nothing proves nothing lies beyond it, whatever it says about more:
 * every paged reader ends its list there, with what it read (Notification → Get Many and Media → Get Many through
 * transport's `paginated`, the trigger's polls). Pages that never end otherwise (the trigger reading the same
 * notifications again and again) stop at a bound, in words. Shapes found by fast-check: how many pages come before
 * the empty one, how full they are, what comes after it.
 */
import fc from 'fast-check';
import type { INodeExecutionData } from 'n8n-workflow';

import { MAX_PAGES_PER_CALL } from '../../../../nodes/SocialPublishing/shared/bounds';
import { maxTriggerPages } from '../../../../nodes/SocialPublishingTrigger/pollNotifications';
import { createPoller } from '../../../helpers/engine';
import { answers, type Handler } from '../../../helpers/hostileServer';
import { TRIGGER_TYPE } from '../../SocialPublishingTrigger/triggerHarness';
import { expectHostileOutcome, useHostileService } from './support';

const t = useHostileService();

const notification = (id: string, createdAt = '2026-01-01T00:00:00.000Z') => ({
	id,
	content: 'Hi',
	link: null,
	createdAt,
});

/** Page sizes before the empty page, and whether the pages after it are full again. */
const listing = fc.record({
	sizes: fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 6 }),
	fullAfter: fc.boolean(),
});

describe('Notification → Get Many and Media → Get Many end at the first empty page that says "more"', () => {
	/** Pages from `first`: `sizes[i]` entries, then empty pages that say more, or full ones again. */
	function pages(
		first: number,
		sizes: number[],
		fullAfter: boolean,
		page: (index: number, entries: unknown[]) => unknown,
		entry: (id: string) => unknown,
	): Handler {
		return (request, res) => {
			const index = Number(request.query.get('page')) - first;
			const size = index < sizes.length ? sizes[index] : index > sizes.length && fullAfter ? 5 : 0;
			const entries = Array.from({ length: size }, (_, i) => entry(`e${index}-${i}`));
			answers.json(200, page(index, entries))(request, res);
		};
	}

	const readers = [
		{
			name: 'Notification → Get Many',
			resource: 'notification',
			first: 0,
			page: (_index: number, entries: unknown[]) => ({ notifications: entries, hasMore: true }),
			entry: (id: string) => notification(id),
		},
		{
			name: 'Media → Get Many',
			resource: 'media',
			first: 1,
			page: (_index: number, entries: unknown[]) => ({ pages: 1e6, results: entries }),
			entry: (id: string) => ({ id, path: `https://cdn.example.com/${id}.png` }),
		},
	];

	describe.each(readers)('$name', (reader) => {
		it('the listed case: every page empty, saying more: one request, nothing output, no error', async () => {
			t.server.respond(pages(reader.first, [], false, reader.page, reader.entry));
			const run = await t.run({ resource: reader.resource, operation: 'getMany', returnAll: true });
			expectHostileOutcome(run, { succeeds: true, requests: 1, withinMs: 5_000 });
			expect(run.result.items).toEqual([]);
		});

		it('property: Return All reads up to the first empty page and outputs what came before it', async () => {
			await fc.assert(
				fc.asyncProperty(listing, async ({ sizes, fullAfter }) => {
					t.server.reset();
					t.server.respond(pages(reader.first, sizes, fullAfter, reader.page, reader.entry));
					const run = await t.run({
						resource: reader.resource,
						operation: 'getMany',
						returnAll: true,
					});
					expectHostileOutcome(run, {
						succeeds: true,
						requests: sizes.length + 1,
						withinMs: 5_000,
					});
					const ids = run.result.items.map((item: INodeExecutionData) => item.json.id);
					expect(ids).toEqual(
						sizes.flatMap((size, index) =>
							Array.from({ length: size }, (_, i) => `e${index}-${i}`),
						),
					);
				}),
				{ numRuns: 15 },
			);
		});

		it('property: with a Limit, it stops at the limit or at the empty page, whichever comes first', async () => {
			await fc.assert(
				fc.asyncProperty(listing, fc.integer({ min: 1, max: 300 }), async ({ sizes }, limit) => {
					t.server.reset();
					t.server.respond(pages(reader.first, sizes, true, reader.page, reader.entry));
					const run = await t.run({
						resource: reader.resource,
						operation: 'getMany',
						returnAll: false,
						limit,
					});
					expectHostileOutcome(run, { succeeds: true, withinMs: 5_000 });
					const total = sizes.reduce((sum, size) => sum + size, 0);
					expect(run.result.items).toHaveLength(Math.min(limit, total));
					expect(run.requests.length).toBeLessThanOrEqual(sizes.length + 1);
				}),
				{ numRuns: 15 },
			);
		});
	});

	it('pages that are never empty still end at the bound, in words (unchanged)', async () => {
		t.server.respond((request, res) =>
			answers.json(200, {
				notifications: [notification(`n${request.query.get('page')}`)],
				hasMore: true,
			})(request, res),
		);
		const run = await t.run({ resource: 'notification', operation: 'getMany', returnAll: true });
		expectHostileOutcome(run, {
			message: `still says there is more after ${MAX_PAGES_PER_CALL} pages`,
			requests: MAX_PAGES_PER_CALL,
			withinMs: 20_000,
		});
	});
});

describe('the trigger', () => {
	/** One poll against the hostile server, with this node static data. */
	async function poll(staticData: Record<string, unknown>, parameters = {}) {
		const poller = createPoller(t.credentials, TRIGGER_TYPE, parameters, {
			'node:Node Under Test': staticData,
		});
		const started = Date.now();
		let error: unknown;
		let items: INodeExecutionData[] = [];
		try {
			items = (await poller.poll('trigger'))?.[0] ?? [];
		} catch (caught) {
			error = caught;
		}
		return {
			error,
			items,
			ms: Date.now() - started,
			requests: t.server.requests.length,
			state: poller.staticData(),
		};
	}

	const cursor = { createdAt: '2026-01-01T00:00:00.000Z', ids: ['old'] };

	it.each([
		['a first poll', {}],
		['a poll after a good one', { cursor }],
		['a poll after "none existed yet"', { cursor: { createdAt: null, ids: [] } }],
	])('%s: an empty page that says more is the end: one request', async (_name, state) => {
		t.server.respond(answers.json(200, { notifications: [], hasMore: true }));
		const outcome = await poll(state);
		expect(outcome.error).toBeUndefined();
		expect(outcome.items).toEqual([]);
		expect(outcome.requests).toBe(1);
	});

	it('property: new ones on the pages before the empty page are emitted, the empty page ends the poll', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 }),
				async (sizes) => {
					t.server.reset();
					t.server.respond((request, res) => {
						const page = Number(request.query.get('page'));
						const entries = Array.from({ length: sizes[page] ?? 0 }, (_, i) =>
							notification(`n${page}-${i}`, '2026-02-01T00:00:00.000Z'),
						);
						answers.json(200, { notifications: entries, hasMore: true })(request, res);
					});
					const outcome = await poll({ cursor });
					expect(outcome.error).toBeUndefined();
					expect(outcome.items).toHaveLength(sizes.reduce((sum, size) => sum + size, 0));
					expect(outcome.requests).toBe(sizes.length + 1);
				},
			),
			{ numRuns: 10 },
		);
	});

	it('the same page again and again, saying more: stops at its page bound and says so in the items', async () => {
		// Page 0 holds new ones; every later page repeats it: nothing new, never past the cursor.
		t.server.respond(
			answers.json(200, {
				notifications: [notification('n1', '2026-02-01T00:00:00.000Z')],
				hasMore: true,
			}),
		);
		const outcome = await poll({ cursor });
		expect(outcome.error).toBeUndefined();
		expect(outcome.requests).toBe(maxTriggerPages(1000));
		expect(outcome.ms).toBeLessThan(20_000);
		expect(outcome.items.map((item) => item.json.id)).toEqual(['n1']);
		expect(outcome.items[0].json.pollWarning).toMatch(
			new RegExp(`the service still said there was more after ${maxTriggerPages(1000)} pages`),
		);
	}, 30_000);
});
