/** The cursor rules on their own: which notification is new, and what the trigger keeps. */
import {
	advance,
	EMPTY_CURSOR,
	isNew,
	isPastCursor,
	kindOf,
	MAX_BOUNDARY_IDS,
	MAX_ID_LENGTH,
	oldestFirst,
	readCursor,
	type Notification,
} from '../../../nodes/SocialPublishingTrigger/cursor';

const at = (id: string, createdAt: string): Notification => ({
	id,
	content: id,
	link: null,
	createdAt,
});
const T = '2026-11-01T10:00:00.000Z';

describe('isNew / isPastCursor', () => {
	const cursor = { createdAt: T, ids: ['a'] };

	test('later is new, earlier is past, the boundary instant is new unless its id was seen', () => {
		expect(isNew(cursor, at('x', '2026-11-01T10:00:00.001Z'))).toBe(true);
		expect(isNew(cursor, at('x', '2026-11-01T09:59:59.999Z'))).toBe(false);
		expect(isNew(cursor, at('a', T))).toBe(false);
		expect(isNew(cursor, at('b', T))).toBe(true);
		expect(isPastCursor(cursor, at('a', T))).toBe(false);
		expect(isPastCursor(cursor, at('x', '2026-11-01T09:59:59.999Z'))).toBe(true);
	});

	test('the same instant written with another offset is the same instant', () => {
		expect(isNew(cursor, at('a', '2026-11-01T11:00:00+01:00'))).toBe(false);
	});

	test('before any notification existed, everything is new and nothing is past', () => {
		expect(isNew(EMPTY_CURSOR, at('x', T))).toBe(true);
		expect(isPastCursor(EMPTY_CURSOR, at('x', '2000-01-01T00:00:00Z'))).toBe(false);
	});
});

describe('advance', () => {
	test('moves to the newest instant and keeps only the ids of that instant', () => {
		const next = advance({ createdAt: T, ids: ['a'] }, [
			at('b', T),
			at('c', '2026-11-01T10:00:05.000Z'),
			at('d', '2026-11-01T10:00:05.000Z'),
		]);
		expect(next).toEqual({ createdAt: '2026-11-01T10:00:05.000Z', ids: ['c', 'd'] });
	});

	test("adds to the ids when the newest instant is the cursor's own", () => {
		expect(advance({ createdAt: T, ids: ['a'] }, [at('b', T)])).toEqual({
			createdAt: T,
			ids: ['a', 'b'],
		});
	});

	test('nothing handled: the very same cursor object (nothing for n8n to commit)', () => {
		const cursor = { createdAt: T, ids: ['a'] };
		expect(advance(cursor, [])).toBe(cursor);
	});

	test(`more than ${MAX_BOUNDARY_IDS} at one instant: the whole instant is closed, the state stays small`, () => {
		const crowd = Array.from({ length: MAX_BOUNDARY_IDS + 1 }, (_, i) => at(`n${i}`, T));
		const next = advance(EMPTY_CURSOR, crowd);
		expect(next).toEqual({ createdAt: T, ids: [], allAtCreatedAt: true });
		expect(isNew(next, at('late', T))).toBe(false);
		expect(isPastCursor(next, at('late', T))).toBe(true);
		expect(isNew(next, at('later', '2026-11-01T10:00:00.001Z'))).toBe(true);
	});
});

test('oldestFirst: by time, and within one instant the reverse of the newest-first listing', () => {
	const listed = [
		at('c', '2026-11-01T10:00:02Z'),
		at('b2', T),
		at('b1', T),
		at('a', '2026-11-01T09:00:00Z'),
	];
	expect(oldestFirst(listed).map((n) => n.id)).toEqual(['a', 'b1', 'b2', 'c']);
});

describe('readCursor: what the trigger wrote, and what it did not', () => {
	test('nothing stored: the trigger never polled', () => {
		expect(readCursor({})).toEqual({ kind: 'never' });
	});

	test('a cursor as the trigger writes it is read as it is', () => {
		expect(readCursor({ cursor: { createdAt: T, ids: ['a'] } })).toEqual({
			kind: 'good',
			cursor: { createdAt: T, ids: ['a'] },
		});
		expect(readCursor({ cursor: { createdAt: null, ids: [] } })).toEqual({
			kind: 'good',
			cursor: EMPTY_CURSOR,
		});
		expect(readCursor({ cursor: { createdAt: T, ids: [], allAtCreatedAt: true } })).toEqual({
			kind: 'good',
			cursor: { createdAt: T, ids: [], allAtCreatedAt: true },
		});
	});

	test('a good time with broken ids keeps the time and closes its instant', () => {
		expect(readCursor({ cursor: { createdAt: T, ids: ['a', 3] } })).toEqual({
			kind: 'timeOnly',
			reason: 'its ids are not a list of ids',
			cursor: { createdAt: T, ids: [], allAtCreatedAt: true },
		});
	});

	test('no usable time: unusable, with the reason', () => {
		expect(readCursor({ cursor: { createdAt: 5, ids: [] } })).toEqual({
			kind: 'unusable',
			reason: 'its time is not text',
		});
		expect(readCursor({ cursor: 'x' })).toEqual({ kind: 'unusable', reason: 'it is text' });
		expect(readCursor({ cursor: { createdAt: 'soon', ids: [] } })).toEqual({
			kind: 'unusable',
			reason: 'its time is not a date',
		});
	});
});

test(`an id longer than ${MAX_ID_LENGTH} characters is not kept: the instant is closed, the state stays small`, () => {
	expect(advance(EMPTY_CURSOR, [at('x'.repeat(MAX_ID_LENGTH + 1), T)])).toEqual({
		createdAt: T,
		ids: [],
		allAtCreatedAt: true,
	});
	expect(advance(EMPTY_CURSOR, [at('x'.repeat(MAX_ID_LENGTH), T)])).toEqual({
		createdAt: T,
		ids: ['x'.repeat(MAX_ID_LENGTH)],
	});
});

test.each([
	['Your post has been published on x (Acme)', 'published'],
	['Error posting on instagram (Shop): Should have at least one media', 'failed'],
	['Your post failed to publish', 'failed'],
	['A new member joined the team', 'other'],
])('kindOf(%j) is %s', (content, kind) => {
	expect(kindOf(content)).toBe(kind);
});
