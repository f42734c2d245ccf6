import type { PlatformRow } from './types';

export const youtube: PlatformRow = {
	displayName: 'YouTube',
	fromPlan: 'Pro',
	maxLength: 5000,
	mediaRule: 'Exactly one video',
	media: {
		minItems: 1,
		maxItems: 1,
		videoOnly: true,
		messages: {
			noMedia: 'You need one media',
			tooMany: 'You need one media',
			notVideo: 'Item must be a video',
		},
	},
	settings: [
		{
			label: 'Title',
			name: 'title',
			type: 'string',
			required: true,
			minLength: 2,
			maxLength: 100,
			description: 'Video title, 2 to 100 characters; the post text becomes the description',
		},
		{
			label: 'Visibility',
			name: 'type',
			required: true,
			valueLabels: {
				public: { name: 'Public', description: 'Everyone can find and watch the video' },
				private: { name: 'Private', description: 'Only the channel can watch it' },
				unlisted: {
					name: 'Unlisted',
					description: 'Anyone with the link can watch it; it is not listed',
				},
			},
			description: 'Who can see the video: everyone, only the channel, or anyone with the link',
		},
		{
			label: 'Made for Kids',
			name: 'selfDeclaredMadeForKids',
			valueLabels: {
				yes: {
					name: 'Yes',
					description: 'The video is made for children (comments are turned off)',
				},
				no: { name: 'No', description: 'The video is not made for children' },
			},
			description: 'Whether the video is made for children',
		},
		{
			label: 'Thumbnail',
			name: 'thumbnail',
			type: 'media',
			mediaKinds: ['image', 'gif'],
			description: 'A custom thumbnail: an image uploaded to the service first ({id, path})',
		},
		{
			label: 'Tags',
			name: 'tags',
			type: 'tags',
			totalMaxLength: 500,
			description: 'Video tags; all tags together at most 500 characters',
		},
	],
};
