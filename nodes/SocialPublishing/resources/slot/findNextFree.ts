import type { IDataObject } from 'n8n-workflow';

import { channelLocator } from '../../shared/descriptions';
import type { OutputStep } from '../../shared/items';
import { defineOperation, idParameter, routeTo } from '../../shared/routing';

/** Slot → Find Next Free: the date as the service gives it (a post date) and in ISO 8601 UTC. */
const slotItem: OutputStep = async function (_items, response) {
	const date = String((response.body as IDataObject | undefined)?.date ?? '');
	const utc = date && !/(Z|[+-]\d\d:?\d\d)$/.test(date) ? `${date}Z` : date;
	return [
		{
			json: {
				channelId: idParameter(this, 'channel'),
				date,
				dateUtc: Number.isNaN(Date.parse(utc)) ? null : new Date(utc).toISOString(),
			},
		},
	];
};

export const findNextFreeSlot = defineOperation(
	'slot',
	{
		name: 'Find Next Free',
		value: 'findNextFree',
		action: 'Find the next free posting slot',
		description:
			'The first future posting time of a channel that has no post yet (GET /find-slot/:channel)',
		routing: routeTo('GET', '/find-slot/{channel}', {
			postReceive: [slotItem],
			facts: {
				answer: { is: 'the free slot', shape: { object: { date: 'date' } } },
				// Production never answers for an unknown or disabled channel, or one without posting
				// times: a retry would only wait again.
				timeoutIsFinal: true,
				explain: {
					404: ({ id }) => ({
						message: `No free posting slot for channel ${id}`,
						description:
							"The channel has no posting times configured, or it is unknown. Set its posting times in the service's application, or check the ID with Channel → Get Many.",
					}),
					timeout: ({ id, seconds }) => ({
						message: `No answer from the service within ${seconds} s for the free slot of channel ${id}: the channel may be unknown, disabled or without posting times`,
						description:
							"Some installs never answer GET /find-slot for an unknown or disabled channel, or one without posting times, so it is not retried. Check the channel with Channel → Get Many (it must be listed and not disabled) and its posting times in the service's application; if both are fine, raise Timeout under Request Options.",
					}),
				},
			},
		}),
	},
	[channelLocator({ description: 'The channel whose posting times are searched' })],
);
