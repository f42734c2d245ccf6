import { ONE_MEDIA_WITH_VIDEO } from './shared';
import type { PlatformRow } from './types';

export const facebook: PlatformRow = {
	displayName: 'Facebook Page',
	fromPlan: 'Starter',
	maxLength: 63206,
	mediaRule: 'Text only, photos, or a video. A story needs at least one photo or video.',
	media: {
		videoAlone: true,
		story: { setting: 'post_type', value: 'story' },
		messages: {
			videoNotAlone: ONE_MEDIA_WITH_VIDEO,
			storyNoMedia: 'Story should have at least one media',
		},
	},
	otherSettings: ['text_format_preset_id'],
	settings: [
		{
			label: 'Post Type',
			name: 'post_type',
			valueLabels: {
				post: { name: 'Post', description: 'A normal post on the page' },
				story: { name: 'Story', description: 'A story; needs a photo or a video' },
			},
			default: 'post',
			description: 'A normal post on the page, or a story (a story needs a photo or a video)',
		},
		{
			label: 'Link',
			name: 'url',
			type: 'url',
			description: 'A web address to attach to the post',
		},
	],
};
