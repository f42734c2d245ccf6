/**
 * Post → Update's step 2 (update/current.ts): the other posts of the post's group, read from the GET /posts answer
 * that holds it, for any listing (repetitions of a post, posts of other groups, fields missing).
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { groupMates } from '../../../../../../nodes/SocialPublishing/resources/post/update/current';

const listedPost = fc.record(
	{
		id: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5'),
		group: fc.constantFrom('g1', 'g2', 'g3'),
		integration: fc.record(
			{ name: fc.string({ maxLength: 8 }), providerIdentifier: fc.constantFrom('x', 'linkedin') },
			{ requiredKeys: [] },
		),
	},
	{ requiredKeys: ['id'] },
);

describe('groupMates', () => {
	it('names each other post of the group once, and nothing else', () => {
		fc.assert(
			fc.property(fc.array(listedPost, { minLength: 1, maxLength: 12 }), fc.nat(), (posts, n) => {
				const found = posts[n % posts.length] as IDataObject;
				const mates = groupMates(posts as IDataObject[], found);
				const ids = mates.map((mate) => mate.id);
				const expected = new Set(
					posts
						.filter(
							(p) => found.group !== undefined && p.group === found.group && p.id !== found.id,
						)
						.map((p) => p.id),
				);
				expect(new Set(ids)).toEqual(expected);
				expect(ids).toHaveLength(expected.size);
				for (const mate of mates) {
					const listed = posts.find((p) => p.id === mate.id && p.group === found.group)!;
					expect(mate.channelName).toBe(listed.integration?.name ?? '');
				}
			}),
		);
	});

	it('names none for a post listed without a group', () => {
		const posts = [{ id: 'a' }, { id: 'b' }, { id: 'c', group: 'g' }];
		expect(groupMates(posts, posts[0])).toEqual([]);
	});
});
