import { PRO_PLANS } from './shared';
import type { PlatformRules } from './types';

export const youtube: PlatformRules = {
	id: 'youtube',
	displayName: 'YouTube',
	plans: PRO_PLANS,
	connectViaApi: true,
	maxLength: 5000,
	lengthCounting: 'characters',
	mediaRule: 'Exactly one video',
	followUps: 'comments',
	media: {
		appliesTo: 'first',
		minItems: 1,
		maxItems: 1,
		videoOnly: true,
		videoAlone: false, // maxItems 1 already says it
		gifIsVideo: false,
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
			type: 'options',
			required: true,
			values: ['public', 'private', 'unlisted'],
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
			type: 'options',
			required: false,
			values: ['yes', 'no'],
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
			required: false,
			mediaKinds: ['image', 'gif'],
			description: 'A custom thumbnail: an image uploaded to the service first ({id, path})',
		},
		{
			label: 'Tags',
			name: 'tags',
			type: 'tags',
			required: false,
			totalMaxLength: 500,
			description: 'Video tags; all tags together at most 500 characters',
		},
	],
};
