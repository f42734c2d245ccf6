import { PRO_PLANS, TOO_MANY_PICTURES } from './shared';
import type { PlatformRules } from './types';

export const bluesky: PlatformRules = {
	id: 'bluesky',
	displayName: 'Bluesky',
	plans: PRO_PLANS,
	connectViaApi: false,
	maxLength: 300,
	lengthCounting: 'characters',
	mediaRule: 'Up to 4 pictures, or 1 video, in each part',
	followUps: 'replies in a thread',
	media: {
		appliesTo: 'each',
		minItems: 0,
		maxImages: 4,
		videoAlone: true,
		gifIsVideo: false,
		messages: {
			tooManyImages: TOO_MANY_PICTURES,
			videoNotAlone: 'You can only upload one video per post.',
		},
	},
	settings: null,
};
