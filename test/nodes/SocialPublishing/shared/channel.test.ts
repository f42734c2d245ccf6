import fc from 'fast-check';

import { channelsFromAnswer } from '../../../../nodes/SocialPublishing/shared/channel';

describe('channelsFromAnswer: GET /integrations read into channels', () => {
	it("calls the API's identifier the channel's platform and keeps what the node reads", () => {
		const answer = [
			{
				id: 'c1',
				name: 'Studio X',
				identifier: 'x',
				picture: 'https://example.com/p.png',
				disabled: false,
				profile: 'studio',
				customer: { id: 'k1', name: 'Client A' },
			},
		];
		expect(channelsFromAnswer(answer)).toEqual([
			{
				id: 'c1',
				name: 'Studio X',
				platform: 'x',
				disabled: false,
				profile: 'studio',
				customer: { id: 'k1', name: 'Client A' },
			},
		]);
	});

	it('reads a channel without a name by its id, and one without a platform as an empty one', () => {
		expect(channelsFromAnswer([{ id: 'c2' }])).toEqual([{ id: 'c2', name: 'c2', platform: '' }]);
	});

	it('leaves out fields of another type than the spec gives them', () => {
		const [channel] = channelsFromAnswer([
			{ id: 'c3', name: 7, identifier: ['x'], disabled: 'no', customer: { id: 1, name: null } },
		]);
		expect(channel).toEqual({ id: 'c3', name: 'c3', platform: '', customer: {} });
	});

	it('gives typed channels for any JSON the service could answer', () => {
		fc.assert(
			fc.property(fc.jsonValue(), (answer) => {
				for (const channel of channelsFromAnswer(answer)) {
					expect(typeof channel.id).toBe('string');
					expect(typeof channel.name).toBe('string');
					expect(typeof channel.platform).toBe('string');
					if ('disabled' in channel) expect(typeof channel.disabled).toBe('boolean');
					for (const value of Object.values(channel.customer ?? {}))
						expect(typeof value).toBe('string');
				}
				if (!Array.isArray(answer)) expect(channelsFromAnswer(answer)).toEqual([]);
			}),
		);
	});
});
