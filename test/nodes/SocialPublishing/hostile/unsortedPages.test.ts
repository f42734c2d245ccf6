/**
 * A listing whose pages are not sorted newest first (issue 30: a new notification after an older one on the same page
 * was never emitted, since the poll stopped at the first notification older than its cursor). The spec says newest
 * first; a service, a proxy or a database may not keep it within a page. The trigger judges every notification of
 * every page it reads, and stops paging only after the page that reached its cursor. Shapes by fast-check: how many
 * notifications before and after the cursor, how they are shuffled within each page of 100 (pages keep their
 * notifications, as an offset listing sorted by a coarse key would).
 */
import fc from 'fast-check';
import type { INodeExecutionData } from 'n8n-workflow';

import { createPoller } from '../../../helpers/engine';
import { answers } from '../../../helpers/hostileServer';
import { TRIGGER_TYPE } from '../../SocialPublishingTrigger/triggerHarness';
import { useHostileService } from './support';

const t = useHostileService();
const PAGE = 100;
const BASE = Date.parse('2026-01-01T00:00:00.000Z');

interface Listed {
	id: string;
	at: number;
}

const asNotification = (n: Listed) => ({
	id: n.id,
	content: `notification ${n.id}`,
	link: null,
	createdAt: new Date(n.at).toISOString(),
});

/** Serves `listed` in pages of 100 as given (the test decides the order within each page). */
function serve(pages: Listed[][]): void {
	t.server.respond((request, res) => {
		const page = Number(request.query.get('page') ?? 0);
		answers.json(200, {
			notifications: (pages[page] ?? []).map(asNotification),
			hasMore: page + 1 < pages.length,
		})(request, res);
	});
}

/** Newest first, cut into pages of 100, then each page put in the order `orderOf` gives. */
function paged(listed: Listed[], orderOf: (page: Listed[], index: number) => Listed[]): Listed[][] {
	const sorted = [...listed].sort((a, b) => b.at - a.at || b.id.localeCompare(a.id));
	const pages: Listed[][] = [];
	for (let at = 0; at < sorted.length; at += PAGE) pages.push(sorted.slice(at, at + PAGE));
	return pages.map(orderOf);
}

async function poll(staticData: Record<string, unknown>, parameters = {}) {
	const poller = createPoller(t.credentials, TRIGGER_TYPE, parameters, {
		'node:Node Under Test': staticData,
	});
	const items: INodeExecutionData[] = (await poller.poll('trigger'))?.[0] ?? [];
	return { ids: items.map((item) => String(item.json.id)), items, poller };
}

/** The cursor of a trigger that emitted `old` last, at `at`. */
const cursorAt = (at: number, ids: string[]) => ({
	cursor: { createdAt: new Date(at).toISOString(), ids },
});

it('the listed case: a new notification after an older one on page 0 is emitted', async () => {
	serve([
		[
			{ id: 'new1', at: BASE + 2_000 },
			{ id: 'old', at: BASE - 1_000 },
			{ id: 'new2', at: BASE + 1_000 },
		],
	]);
	const { ids } = await poll(cursorAt(BASE, ['emitted']));
	expect(ids).toEqual(['new2', 'new1']);
});

it('page 0 in reverse (its 40 older ones first, then the 60 new): all new emitted, one request', async () => {
	const older = Array.from({ length: 150 }, (_, i) => ({ id: `old${i}`, at: BASE - 1_000 - i }));
	const fresh = Array.from({ length: 60 }, (_, i) => ({ id: `new${i}`, at: BASE + 1_000 + i }));
	// Page 0: the 60 new and the 40 newest old, oldest first; page 1: 100 old.
	const pages = paged([...older, ...fresh], (page) => [...page].reverse());
	serve(pages);
	const { ids } = await poll(cursorAt(BASE, ['x']));
	expect([...ids].sort()).toEqual(fresh.map((n) => n.id).sort());
	expect(t.server.requests).toHaveLength(1);
});

/** A permutation of each page, drawn by fast-check. */
const pageOrders = fc.array(fc.array(fc.nat(), { minLength: PAGE, maxLength: PAGE }), {
	minLength: 4,
	maxLength: 4,
});

function shuffledBy(keys: number[][]) {
	return (page: Listed[], index: number) =>
		page
			.map((n, i) => ({ n, key: keys[index % keys.length][i] }))
			.sort((a, b) => a.key - b.key)
			.map(({ n }) => n);
}

it('property: with each page shuffled, every notification after the cursor is emitted once, oldest first, and none before it', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.integer({ min: 0, max: 250 }),
			fc.integer({ min: 0, max: 250 }),
			// Several notifications may share one millisecond.
			fc.integer({ min: 1, max: 3 }),
			pageOrders,
			async (oldCount, newCount, perMs, keys) => {
				t.server.reset();
				const older = Array.from({ length: oldCount }, (_, i) => ({
					id: `old${i}`,
					at: BASE - Math.floor(i / perMs),
				}));
				const fresh = Array.from({ length: newCount }, (_, i) => ({
					id: `new${i}`,
					at: BASE + 1 + Math.floor(i / perMs),
				}));
				// The cursor: the notifications at BASE were emitted.
				const atCursor = older.filter((n) => n.at === BASE).map((n) => n.id);
				serve(paged([...older, ...fresh], shuffledBy(keys)));
				const { ids, poller } = await poll(cursorAt(BASE, atCursor));
				expect([...ids].sort()).toEqual(fresh.map((n) => n.id).sort());
				const times = ids.map((id) => fresh.find((n) => n.id === id)?.at ?? 0);
				expect(times).toEqual([...times].sort((a, b) => a - b));
				// The next poll over the same listing emits nothing: the cursor moved over all of them.
				t.server.requests.length = 0;
				expect((await poller.poll('trigger'))?.[0] ?? []).toEqual([]);
			},
		),
		{ numRuns: 25 },
	);
});

it('property: a first poll with Include Latest on First Poll emits the N newest, whatever the order within pages', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.integer({ min: 1, max: 250 }),
			fc.integer({ min: 1, max: 120 }),
			pageOrders,
			async (count, latest, keys) => {
				t.server.reset();
				const listed = Array.from({ length: count }, (_, i) => ({ id: `n${i}`, at: BASE + i }));
				serve(paged(listed, shuffledBy(keys)));
				const { ids, poller } = await poll({}, { options: { includeOnFirstPoll: latest } });
				const newest = listed.slice(-latest).map((n) => n.id);
				expect(ids).toEqual(newest);
				expect(poller.staticData()).toEqual(cursorAt(BASE + count - 1, [`n${count - 1}`]));
			},
		),
		{ numRuns: 25 },
	);
});
