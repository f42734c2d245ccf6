import { BUSINESS_PLAN, NO_MEDIA_RULES } from './shared';
import type { PlatformRules } from './types';

export const discord: PlatformRules = {
	id: 'discord',
	displayName: 'Discord',
	plans: BUSINESS_PLAN,
	connectViaApi: true,
	maxLength: 1980,
	lengthCounting: 'characters',
	mediaRule: 'No extra checks',
	followUps: 'further messages',
	media: NO_MEDIA_RULES,
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
