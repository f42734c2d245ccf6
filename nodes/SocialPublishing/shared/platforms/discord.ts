import type { PlatformRow } from './types';

export const discord: PlatformRow = {
	displayName: 'Discord',
	fromPlan: 'Business',
	maxLength: 1980,
	followUps: 'further messages',
	settings: [
		{
			label: 'Channel',
			name: 'channel',
			type: 'string',
			required: true,
			minLength: 1,
			description:
				'ID of the chat channel to post in, on the connected server (from the channels tool of the Discord channel)',
			pickFrom: 'getDiscordChannels',
		},
	],
};
