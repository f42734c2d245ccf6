import { ONE_MEDIA_WITH_VIDEO } from './shared';
import type { PlatformRow } from './types';

export const linkedin: PlatformRow = {
	displayName: 'LinkedIn',
	fromPlan: 'Starter',
	maxLength: 3000,
	mediaRule:
		'One video on its own, or images. A carousel needs 2 or more images and no video. Follow-up parts are text only.',
	media: {
		videoAlone: true,
		followUpsTextOnly: true,
		carousel: { setting: 'post_as_images_carousel', minImages: 2 },
		messages: {
			videoNotAlone: ONE_MEDIA_WITH_VIDEO,
			carousel: 'Carousel can only be created with 2 or more images and no videos.',
			followUpMedia: 'Comments can only contain text.',
		},
	},
	settings: [
		{
			label: 'Post Images as Carousel',
			name: 'post_as_images_carousel',
			type: 'boolean',
			description: 'Publish the images as a carousel (needs 2 or more images and no video)',
		},
		{
			label: 'Carousel Name',
			name: 'carousel_name',
			type: 'string',
			default: 'slides',
			description: 'Name of the carousel slides',
		},
	],
};
