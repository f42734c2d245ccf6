/**
 * "Fetch Test Event" on Post Events, its choice alone (testEvent.ts, pure): for any chosen events
 * and listing (fast-check), the event is among the chosen, real when a listed post shows one (the
 * nearest), else a sample of a chosen kind with no field undefined; a listed failure's reason.
 */
import fc from 'fast-check';

import { POST_EVENTS, type ListedPost } from '../../../nodes/SocialPublishingTrigger/postEvents';
import {
	eventOfListed,
	realTestEvent,
	reasonOfListedFailure,
	sampleTestEvent,
	TEST_REASON_NOT_FOUND,
} from '../../../nodes/SocialPublishingTrigger/testEvent';

const HOUR_S = 60 * 60;

describe("Fetch Test Event's choice (fast-check)", () => {
	const NOW = Date.parse('2026-11-01T09:00:00.000Z');
	const range = { from: NOW - 7 * 86_400_000, to: NOW + 60 * 86_400_000 };
	const listed = fc.record({
		id: fc.uuid(),
		state: fc.constantFrom('QUEUE', 'PUBLISHED', 'ERROR', 'DRAFT'),
		offset: fc.integer({ min: -7 * 24, max: 60 * 24 }),
		channel: fc.constantFrom('a', 'b'),
	});
	const toListed = (p: {
		id: string;
		state: string;
		offset: number;
		channel: string;
	}): ListedPost => ({
		id: p.id,
		channel: { id: p.channel, name: `Channel ${p.channel}`, platform: 'mastodon' },
		date: new Date(NOW + p.offset * HOUR_S * 1000).toISOString(),
		interval: null,
		state: p.state,
		releaseURL: p.state === 'PUBLISHED' ? `https://m.example/${p.id}` : null,
		content: `Text ${p.id}`,
		settings: {},
		raw: { id: p.id },
	});

	test('its kind is among the chosen; real when a listed post shows one, the nearest; else a full sample', () => {
		fc.assert(
			fc.property(
				fc.subarray([...POST_EVENTS], { minLength: 1 }),
				fc.array(listed, { maxLength: 8 }),
				(chosen, posts) => {
					const listing = posts.map(toListed);
					const real = realTestEvent(listing, chosen, NOW);
					const showing = listing.filter((p) => eventOfListed(p, chosen));
					if (real) {
						expect(chosen).toContain(real.event);
						const post = listing.find((p) => p.id === real.postId)!;
						const state = { postPublished: 'PUBLISHED', postFailed: 'ERROR' } as Record<
							string,
							string
						>;
						if (state[real.event]) expect(post.state).toBe(state[real.event]);
						const distance = (p: ListedPost) => Math.abs(Date.parse(p.date) - NOW);
						expect(distance(post)).toBe(Math.min(...showing.map(distance)));
						return;
					}
					expect(showing).toEqual([]);
					const sample = sampleTestEvent(chosen, listing[0]?.channel, range, NOW);
					expect(chosen).toContain(sample.event.event);
					expect(Object.values(sample.event).some((v) => v === undefined)).toBe(false);
					if (sample.event.event === 'postFailed') expect(sample.reason?.reason).toBeTruthy();
				},
			),
		);
	});

	test('a listed failure gets the first notification naming it written at or after its date', () => {
		const failure = {
			channel: { id: 'a', name: 'Channel a', platform: 'mastodon' },
			dateAfter: new Date(NOW).toISOString(),
		};
		const note = (id: string, minutes: number, content: string) => ({
			id,
			content,
			link: null,
			createdAt: new Date(NOW + minutes * 60_000).toISOString(),
		});
		const before = note('0', -5, 'An error occurred while posting on Mastodon: older');
		expect(reasonOfListedFailure(failure, [before])).toEqual({
			reason: null,
			reasonNote: TEST_REASON_NOT_FOUND,
		});
		const first = note('1', 1, 'An error occurred while posting on Mastodon: this one');
		const later = note('2', 9, 'An error occurred while posting on Mastodon: a later one');
		expect(reasonOfListedFailure(failure, [later, first, before])).toEqual({
			reason: first.content,
			reasonNotification: { id: '1', createdAt: first.createdAt },
		});
	});
});
