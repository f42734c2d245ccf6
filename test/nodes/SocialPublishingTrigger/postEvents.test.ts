/**
 * Post events on their own (postEvents.ts): examples of each event and its limits, then a
 * model-based property: a model of the service's posts changes between polls (creations, edits,
 * deletions, publications, failures, repetitions), the trigger's diff runs between steps through
 * restarts (the snapshot as JSON), outages (a poll that reads nothing), duplicated and reordered
 * answers, and the events emitted are exactly the model's changes, each once.
 */
import fc from 'fast-check';

import {
	DAY_MS,
	diffPosts,
	holdFailures,
	MAX_WATCHED_POSTS,
	readSnapshot,
	type ListedPost,
	type PostEvent,
	type Range,
	type Snapshot,
} from '../../../nodes/SocialPublishingTrigger/postEvents';

const HOUR = 60 * 60 * 1000;
const START = Date.parse('2026-11-01T09:00:00.000Z');
const BACK = 7 * DAY_MS;
const AHEAD = 60 * DAY_MS;
const rangeAt = (now: number): Range => ({ from: now - BACK, to: now + AHEAD });

interface ModelPost {
	id: string;
	channel: string;
	date: number;
	interval: number | null;
	state: 'QUEUE' | 'PUBLISHED' | 'ERROR' | 'DRAFT';
	content: string;
	settings: Record<string, unknown>;
	releaseURL: string | null;
}

/** GET /posts as the service answers it: each post once per repetition in the range. */
function listing(posts: ModelPost[], range: Range): ListedPost[] {
	const out: ListedPost[] = [];
	for (const post of posts) {
		const dates: number[] = [];
		if (!post.interval) {
			if (post.date >= range.from && post.date <= range.to) dates.push(post.date);
		} else {
			const step = post.interval * DAY_MS;
			let at =
				post.date >= range.from
					? post.date
					: post.date + Math.ceil((range.from - post.date) / step) * step;
			for (; at <= range.to; at += step) dates.push(at);
		}
		for (const at of dates) {
			out.push({
				id: post.id,
				channel: { id: post.channel, name: `Channel ${post.channel}`, platform: 'mastodon' },
				date: new Date(at).toISOString(),
				...(post.interval ? { firstDate: new Date(post.date).toISOString() } : {}),
				interval: post.interval,
				state: post.state,
				releaseURL: post.releaseURL,
				content: post.content,
				settings: post.settings,
				raw: { id: post.id },
			});
		}
	}
	return out;
}

const post = (over: Partial<ModelPost> & { id: string }): ModelPost => ({
	channel: 'c1',
	date: START + DAY_MS,
	interval: null,
	state: 'QUEUE',
	content: `text of ${over.id}`,
	settings: { who_can_reply_post: 'everyone' },
	releaseURL: null,
	...over,
});

/** Polls: the diff at `now` over the posts, the snapshot carried as JSON (as static data is). */
function poll(previous: Snapshot | undefined, posts: ModelPost[], now: number) {
	const diff = diffPosts(previous, listing(posts, rangeAt(now)), rangeAt(now), now);
	return { ...diff, next: readSnapshot(JSON.parse(JSON.stringify(diff.next))) as Snapshot };
}

const summary = (events: PostEvent[]) =>
	events.map((e) => `${e.event} ${e.postId}${e.changes ? ` ${e.changes.join('+')}` : ''}`);

describe('diffPosts: each event', () => {
	test('first poll: no event, unless existing posts are asked for (one Post Created each)', () => {
		const posts = [post({ id: 'a' }), post({ id: 'b', state: 'PUBLISHED' })];
		expect(poll(undefined, posts, START).events).toEqual([]);
		const included = diffPosts(
			undefined,
			listing(posts, rangeAt(START)),
			rangeAt(START),
			START,
			true,
		);
		expect(summary(included.events)).toEqual(['postCreated a', 'postCreated b']);
	});

	test('created, then published with its link, failed, changed with before and after', () => {
		let state = poll(undefined, [], START).next;
		const a = post({ id: 'a' });
		const b = post({ id: 'b', channel: 'c2' });
		let step = poll(state, [a, b], START + HOUR);
		expect(summary(step.events)).toEqual(['postCreated a', 'postCreated b']);
		state = step.next;

		a.state = 'PUBLISHED';
		a.releaseURL = 'https://mastodon.social/@me/1';
		b.state = 'ERROR';
		const movedTo = START + 2 * DAY_MS;
		const c = post({ id: 'c' });
		step = poll(state, [a, b, c], START + 2 * HOUR);
		state = step.next;
		expect(summary(step.events)).toEqual(['postPublished a', 'postFailed b', 'postCreated c']);
		expect(step.events[0]).toMatchObject({
			releaseURL: 'https://mastodon.social/@me/1',
			stateBefore: 'QUEUE',
			stateAfter: 'PUBLISHED',
			channel: { id: 'c1', name: 'Channel c1', platform: 'mastodon' },
		});

		c.content = 'new words';
		c.date = movedTo;
		c.settings = { who_can_reply_post: 'nobody' };
		step = poll(state, [a, b, c], START + 3 * HOUR);
		expect(step.events).toEqual([
			expect.objectContaining({
				event: 'postChanged',
				postId: 'c',
				changes: ['text', 'settings', 'date'],
				dateBefore: new Date(START + DAY_MS).toISOString(),
				dateAfter: new Date(movedTo).toISOString(),
				text: 'new words',
			}),
		]);
		// The same answer again, reordered and with a post listed twice: nothing new.
		const again = listing([c, a, b, a], rangeAt(START + 4 * HOUR));
		expect(diffPosts(step.next, again, rangeAt(START + 4 * HOUR), START + 4 * HOUR).events).toEqual(
			[],
		);
	});

	test('deleted: says it cannot tell a deletion from a date moved out of the range', () => {
		const a = post({ id: 'a' });
		const b = post({ id: 'b' });
		const state = poll(undefined, [a, b], START).next;
		b.date = START + 300 * DAY_MS; // moved out of the range read
		const step = poll(state, [a, b], START + HOUR);
		expect(summary(step.events)).toEqual(['postDeleted b']);
		expect(step.events[0].note).toMatch(/deleted, or its date moved outside that range/);
		expect(step.events[0]).toMatchObject({ stateBefore: 'QUEUE', stateAfter: null, post: null });
	});

	test('a post whose date ages out of the range is dropped without an event', () => {
		const old = post({ id: 'old', date: START - 6 * DAY_MS });
		const state = poll(undefined, [old], START).next;
		const step = poll(state, [old], START + 2 * DAY_MS);
		expect(step.events).toEqual([]);
		expect(step.next.posts).toEqual({});
	});

	test('a post scheduled beyond the range is created when its date comes into it, and says so', () => {
		const far = post({ id: 'far', date: START + AHEAD + 2 * DAY_MS });
		const state = poll(undefined, [far], START).next;
		expect(poll(state, [far], START + DAY_MS).events).toEqual([]);
		const step = poll(state, [far], START + 3 * DAY_MS);
		expect(step.events).toEqual([
			expect.objectContaining({ event: 'postCreated', postId: 'far', enteredRange: true }),
		]);
	});

	test('a repeating post: each repetition published once (its link changes), not per listing', () => {
		const r = post({ id: 'r', interval: 7, date: START - DAY_MS });
		let state = poll(undefined, [r], START).next;
		r.state = 'PUBLISHED';
		r.releaseURL = 'https://x.com/me/status/1';
		let step = poll(state, [r], START + HOUR);
		state = step.next;
		expect(summary(step.events)).toEqual(['postPublished r']);
		// The range moves a week on: new repetitions are listed, the post is the same.
		step = poll(state, [r], START + 6 * DAY_MS);
		state = step.next;
		expect(step.events).toEqual([]);
		r.releaseURL = 'https://x.com/me/status/2';
		step = poll(state, [r], START + 6 * DAY_MS + HOUR);
		expect(step.events).toEqual([
			expect.objectContaining({
				event: 'postPublished',
				releaseURL: 'https://x.com/me/status/2',
				repetitionDate: new Date(START + 6 * DAY_MS).toISOString(),
			}),
		]);
	});

	test(`past ${MAX_WATCHED_POSTS} posts the nearest to now are watched, and the diff says so`, () => {
		const many = Array.from({ length: MAX_WATCHED_POSTS + 10 }, (_, i) =>
			post({ id: `p${i}`, date: START + (i + 1) * 60_000 }),
		);
		const first = poll(undefined, many, START);
		expect(Object.keys(first.next.posts)).toHaveLength(MAX_WATCHED_POSTS);
		expect(first.unwatched?.count).toBe(10);
		expect(first.next.posts[`p${MAX_WATCHED_POSTS}`]).toBeUndefined();
		// Nothing created or deleted at the edge of the watched range on the next poll.
		expect(poll(first.next, many, START).events).toEqual([]);
	});

	test('a snapshot the trigger did not write reads as none', () => {
		for (const bad of [
			null,
			'x',
			[],
			{ v: 2 },
			{ v: 1, from: 0, to: 1, posts: { a: {} }, channels: {} },
		])
			expect(readSnapshot(bad)).toBeUndefined();
	});
});

describe('a Post Failed held back one poll for its notification (holdFailures)', () => {
	test('whatever the next listing shows of the post, its failure comes out once, then never again', () => {
		const later = fc.record({
			listed: fc.boolean(),
			state: fc.constantFrom('QUEUE', 'PUBLISHED', 'ERROR', 'DRAFT'),
			content: fc.constantFrom('text of a', 'new words'),
			releaseURL: fc.constantFrom(null, 'https://mastodon.social/@me/9'),
			firstListedFailed: fc.boolean(),
			restart: fc.boolean(),
		});
		fc.assert(
			fc.property(later, (next) => {
				const a = post({ id: 'a' });
				let state = poll(undefined, next.firstListedFailed ? [] : [a], START).next;
				a.state = 'ERROR';
				const failing = poll(state, [a], START + HOUR);
				const failure = failing.events.find((e) => e.event === 'postFailed')!;
				state = holdFailures(failing.next, [failure]);
				if (next.restart) state = readSnapshot(JSON.parse(JSON.stringify(state))) as Snapshot;

				Object.assign(a, {
					state: next.state,
					content: next.content,
					releaseURL: next.releaseURL,
				});
				const shown = next.listed ? [a] : [];
				const released = poll(state, shown, START + 2 * HOUR);
				const failed = released.events.filter((e) => e.event === 'postFailed');
				expect(failed).toEqual([
					expect.objectContaining({
						postId: 'a',
						stateBefore: next.firstListedFailed ? null : 'QUEUE',
						stateAfter: 'ERROR',
						held: true,
					}),
				]);
				expect(released.events[0]).toBe(failed[0]);
				expect(released.next.posts.a?.p).toBeUndefined();
				const after = poll(released.next, shown, START + 3 * HOUR);
				expect(after.events).toEqual([]);
			}),
		);
	});
});

describe('a stored snapshot of any shape', () => {
	const good = () => {
		const a = post({ id: 'a' });
		return JSON.parse(JSON.stringify(poll(undefined, [a], START).next)) as Record<string, unknown>;
	};

	test('any JSON in place of the snapshot, or of one of its fields: read as none or used, never a throw', () => {
		const shapes = fc.oneof(
			fc.jsonValue(),
			fc
				.record({
					field: fc.constantFrom('v', 'from', 'to', 'posts', 'channels', 'mark'),
					value: fc.jsonValue(),
				})
				.map(({ field, value }) => ({ ...good(), [field]: value })),
			fc
				.record({
					field: fc.constantFrom('s', 'd', 'i', 'c', 'g', 'u', 'ch', 'p'),
					value: fc.oneof(fc.jsonValue(), fc.constantFrom(1e300, -1e300, 8.64e15 + 1, 0.5, -7)),
				})
				.map(({ field, value }) => {
					const snapshot = good();
					(snapshot.posts as Record<string, Record<string, unknown>>).a[field] = value;
					return snapshot;
				}),
		);
		fc.assert(
			fc.property(shapes, (stored) => {
				const read = readSnapshot(stored);
				const b = post({ id: 'b' });
				const diff = diffPosts(read, listing([b], rangeAt(START)), rangeAt(START), START);
				// Never an event from a snapshot it could not read; a readable one gives dates that exist.
				if (!read) expect(diff.events).toEqual([]);
				for (const e of diff.events)
					for (const at of [e.dateBefore, e.dateAfter])
						if (at !== null) expect(Number.isFinite(Date.parse(at))).toBe(true);
				expect(readSnapshot(JSON.parse(JSON.stringify(diff.next)))).toBeDefined();
			}),
			{ numRuns: 500 },
		);
	});

	test('ids such as "__proto__" and "constructor" are ids like any other', () => {
		const odd = [post({ id: '__proto__' }), post({ id: 'constructor' }), post({ id: 'toString' })];
		const state = poll(undefined, [], START).next;
		const step = poll(state, odd, START + HOUR);
		expect(summary(step.events).sort()).toEqual(
			['postCreated __proto__', 'postCreated constructor', 'postCreated toString'].sort(),
		);
		expect(poll(step.next, odd, START + 2 * HOUR).events).toEqual([]);
		expect(summary(poll(step.next, [], START + 3 * HOUR).events)).toHaveLength(3);
	});
});

/** One step of the model: what happens at the service between two polls, or a poll. */
type Step =
	| { kind: 'create'; dayOffset: number; repeat: boolean; channel: string }
	| {
			kind: 'editText' | 'editSettings' | 'editDate' | 'delete' | 'publish' | 'fail' | 'retry';
			pick: number;
			dayOffset: number;
	  }
	| { kind: 'advance'; hours: number }
	| { kind: 'poll'; restart: boolean; outage: boolean; duplicate: boolean; reorder: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
	fc.record({
		kind: fc.constantFrom('publish' as const, 'fail' as const),
		pick: fc.nat(),
		dayOffset: fc.constant(0),
	}),
	fc.record({
		kind: fc.constant('create' as const),
		dayOffset: fc.integer({ min: -2, max: 40 }),
		repeat: fc.boolean(),
		channel: fc.constantFrom('c1', 'c2'),
	}),
	fc.record({
		kind: fc.constantFrom(
			'editText' as const,
			'editSettings' as const,
			'editDate' as const,
			'delete' as const,
			'publish' as const,
			'fail' as const,
			'retry' as const,
		),
		pick: fc.nat(),
		dayOffset: fc.integer({ min: -2, max: 40 }),
	}),
	fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 12 }) }),
	fc.record({
		kind: fc.constant('poll' as const),
		restart: fc.boolean(),
		outage: fc.boolean(),
		duplicate: fc.boolean(),
		reorder: fc.nat(),
	}),
	fc.record({
		kind: fc.constant('poll' as const),
		restart: fc.boolean(),
		outage: fc.boolean(),
		duplicate: fc.boolean(),
		reorder: fc.nat(),
	}),
);

/** What the model says happened to one post since the last poll that read the service. */
interface Pending {
	text: boolean;
	settings: boolean;
	date: boolean;
	state: Array<'published' | 'failed' | 'state'>;
}

function shuffled<T>(items: T[], seed: number): T[] {
	const out = [...items];
	let s = seed || 1;
	for (let i = out.length - 1; i > 0; i--) {
		s = (s * 1103515245 + 12345) % 2147483648;
		const j = s % (i + 1);
		[out[i], out[j]] = [out[j], out[i]];
	}
	return out;
}

describe('diffPosts: every change of the model emitted exactly once', () => {
	test('over sequences of creations, edits, deletions, publications, failures, repetitions, restarts, outages, duplicated and reordered answers', () => {
		fc.assert(
			fc.property(fc.array(stepArb, { minLength: 1, maxLength: 80 }), (steps) => {
				let now = START;
				let counter = 0;
				const posts: ModelPost[] = [];
				const pending = new Map<string, Pending>();
				/** Ids listed at the last poll that read the service. */
				let visible = new Set<string>();
				let snapshot: Snapshot | undefined = poll(undefined, [], now).next;
				const fresh = (): Pending => ({ text: false, settings: false, date: false, state: [] });
				const pendingOf = (id: string) => {
					if (!pending.has(id)) pending.set(id, fresh());
					return pending.get(id)!;
				};
				const stamp = (dayOffset: number) =>
					// Unique dates so that no edit puts back a date seen before.
					START + dayOffset * DAY_MS + ++counter * 60_000;

				for (const step of [
					...steps,
					{ kind: 'poll', restart: false, outage: false, duplicate: false, reorder: 0 } as Step,
				]) {
					if (step.kind === 'create') {
						const id = `p${++counter}`;
						posts.push(
							post({
								id,
								channel: step.channel,
								date: stamp(step.dayOffset),
								interval: step.repeat ? 7 : null,
							}),
						);
						continue;
					}
					if (step.kind === 'advance') {
						// At most 3 days in all: every post stays in the 7 days back (ageing is an example above).
						now = Math.min(now + step.hours * HOUR, START + 3 * DAY_MS);
						continue;
					}
					if (step.kind === 'poll') {
						if (step.outage) continue; // GET /posts failed: nothing read, nothing changed
						let answer = listing(posts, rangeAt(now));
						if (step.duplicate) answer = [...answer, ...answer.slice(0, 3)];
						answer = shuffled(answer, step.reorder);
						const diff = diffPosts(snapshot, answer, rangeAt(now), now);
						const nowVisible = new Set(posts.map((p) => p.id));
						const expected: string[] = [];
						for (const id of new Set([...visible, ...nowVisible])) {
							const p = posts.find((q) => q.id === id);
							const change = pendingOf(id);
							if (!p) {
								if (visible.has(id)) expected.push(`postDeleted ${id}`);
								continue;
							}
							if (!visible.has(id)) {
								expected.push(`postCreated ${id}`);
								if (p.state === 'PUBLISHED') expected.push(`postPublished ${id}`);
								if (p.state === 'ERROR') expected.push(`postFailed ${id}`);
								continue;
							}
							const changes = [
								...(change.text ? ['text'] : []),
								...(change.settings ? ['settings'] : []),
								...(change.date ? ['date'] : []),
								...(change.state.includes('state') ? ['state'] : []),
							];
							if (changes.length > 0) expected.push(`postChanged ${id} ${changes.join('+')}`);
							if (change.state.includes('published')) expected.push(`postPublished ${id}`);
							if (change.state.includes('failed')) expected.push(`postFailed ${id}`);
						}
						expect(summary(diff.events).sort()).toEqual(expected.sort());
						snapshot = step.restart
							? readSnapshot(JSON.parse(JSON.stringify(diff.next)))
							: diff.next;
						expect(snapshot).toBeDefined();
						visible = nowVisible;
						pending.clear();
						continue;
					}
					if (posts.length === 0) continue;
					const index = step.pick % posts.length;
					const p = posts[index];
					const change = pendingOf(p.id);
					// One change of state per post between two polls: a listing shows only the last.
					const stateFree = change.state.length === 0;
					switch (step.kind) {
						case 'editText':
							p.content = `text ${++counter}`;
							change.text = true;
							break;
						case 'editSettings':
							p.settings = { who_can_reply_post: `v${++counter}` };
							change.settings = true;
							break;
						case 'editDate':
							if (p.interval) break; // a repeating post keeps its schedule here
							p.date = stamp(step.dayOffset);
							change.date = true;
							break;
						case 'delete':
							posts.splice(index, 1);
							break;
						case 'publish':
							// A repeating post is published again at its next repetition, with a new link.
							if (!stateFree || !(p.state === 'QUEUE' || (p.interval && p.state === 'PUBLISHED')))
								break;
							p.state = 'PUBLISHED';
							p.releaseURL = `https://mastodon.social/@me/${++counter}`;
							change.state.push('published');
							break;
						case 'fail':
							if (!stateFree || p.state !== 'QUEUE') break;
							p.state = 'ERROR';
							change.state.push('failed');
							break;
						case 'retry':
							if (!stateFree || p.state !== 'ERROR') break;
							p.state = 'QUEUE';
							change.state.push('state');
							break;
					}
				}
			}),
			{ numRuns: 1000 },
		);
	});
});
