import { TOO_MANY_PICTURES } from './shared';
import type { PlatformRow } from './types';

export const bluesky: PlatformRow = {
	displayName: 'Bluesky',
	fromPlan: 'Pro',
	connectViaApi: false,
	maxLength: 300,
	mediaRule: 'Up to 4 pictures, or 1 video, in each part',
	followUps: 'replies in a thread',
	media: {
		appliesTo: 'each',
		maxImages: 4,
		videoAlone: true,
		messages: {
			tooManyImages: TOO_MANY_PICTURES,
			videoNotAlone: 'You can only upload one video per post.',
		},
	},
};
