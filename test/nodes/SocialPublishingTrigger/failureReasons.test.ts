/** A failed post's reason, from the failure notifications written since the previous read. */
import {
	assignReasons,
	REASON_NOT_GIVEN,
} from '../../../nodes/SocialPublishingTrigger/failureReasons';

const note = (id: string, content: string, createdAt = '2026-11-28T10:00:00.000Z') => ({
	id,
	content,
	link: null,
	createdAt,
});
const studioX = { id: 'c1', name: 'Studio X', platform: 'x' };
const studioMastodon = { id: 'c2', name: 'Studio Mastodon', platform: 'mastodon' };

describe('assignReasons', () => {
	test('the newest failure notification naming the channel, else its platform', () => {
		const [x, mastodon] = assignReasons(
			[studioX, studioMastodon],
			[
				note('n3', 'Your post has been published on X at https://x.com/1'),
				note('n2', 'An error occurred while posting on Mastodon: 500', '2026-11-28T09:00:00.000Z'),
				note('n1', "We couldn't post to X for Studio X because you need to reconnect it"),
			],
		);
		expect(x).toMatchObject({
			reason: expect.stringContaining('reconnect'),
			reasonNotification: { id: 'n1' },
		});
		expect(mastodon.reason).toBe('An error occurred while posting on Mastodon: 500');
	});

	test('no failure notification for it: the reason was not given', () => {
		expect(assignReasons([studioX], [note('n1', 'Your post has been published on X')])).toEqual([
			{ reason: null, reasonNote: REASON_NOT_GIVEN },
		]);
		// "X" as a word, not a letter inside another one.
		expect(assignReasons([studioX], [note('n1', 'Error on Xing')])[0].reason).toBeNull();
	});

	test('two failures that could claim the same notification: not told apart, candidates given', () => {
		const other = { id: 'c3', name: 'Other X', platform: 'x' };
		const reasons = assignReasons(
			[studioX, other],
			[note('n1', 'An error occurred while posting on X: rate limited')],
		);
		for (const r of reasons) {
			expect(r.reason).toBeNull();
			expect(r.reasonNote).toMatch(/cannot be told apart/);
			expect(r.reasonCandidates).toEqual(['An error occurred while posting on X: rate limited']);
		}
	});

	test('several failures claiming notifications that all say the same: that is the reason of each', () => {
		const same = 'An error occurred while posting on X: rate limited';
		const reasons = assignReasons(
			[studioX, { id: 'c3', name: 'Other X', platform: 'x' }],
			[note('n2', same), note('n1', same, '2026-11-28T09:00:00.000Z')],
		);
		expect(reasons.map((r) => r.reason)).toEqual([same, same]);
	});
});
