import { TOO_MANY_PICTURES, ONE_VIDEO_OR_GIF } from './shared';
import type { PlatformRow } from './types';

export const mastodon: PlatformRow = {
	displayName: 'Mastodon',
	fromPlan: 'Pro',
	maxLength: 500,
	// The service counts the text as it is: a link counts in full (checked against the real backend;
	// the spec's 23-character link rule holds there for X only).
	lengthCounting: 'characters',
	mediaRule: 'Up to 4 images, or 1 video or GIF on its own, in each part',
	followUps: 'replies in a thread',
	media: {
		appliesTo: 'each',
		maxImages: 4,
		videoAlone: true,
		gifIsVideo: true,
		messages: { tooManyImages: TOO_MANY_PICTURES, videoNotAlone: ONE_VIDEO_OR_GIF },
	},
	settings: [
		{
			label: 'Visibility',
			name: 'visibility',
			valueLabels: {
				public: { name: 'Public', description: 'Shown to everyone and in public timelines' },
				unlisted: {
					name: 'Unlisted',
					description: 'Shown to everyone, but not in public timelines',
				},
				private: { name: 'Followers Only', description: 'Shown only to followers' },
			},
			default: 'public',
			description:
				'Public: everyone; unlisted: everyone, but not in public timelines; private: followers only. Replies in a thread use the same visibility.',
		},
	],
};
