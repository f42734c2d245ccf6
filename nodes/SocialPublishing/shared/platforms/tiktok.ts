import type { PlatformRow } from './types';

export const tiktok: PlatformRow = {
	displayName: 'TikTok',
	fromPlan: 'Starter',
	maxLength: 2000,
	mediaRule:
		'At least one item: one video, or one or more pictures. Never a video with other items.',
	media: {
		minItems: 1,
		videoAlone: true,
		messages: {
			noMedia: 'No video / images selected',
			videoNotAlone: 'Only pictures are supported when selecting multiple items',
		},
	},
	otherSettings: ['music', 'location'],
	settings: [
		{
			label: 'Who Can See It',
			name: 'privacy_level',
			required: true,
			valueLabels: {
				PUBLIC_TO_EVERYONE: { name: 'Everyone', description: 'Anyone on TikTok' },
				MUTUAL_FOLLOW_FRIENDS: {
					name: 'Friends',
					description: 'Accounts that follow each other with this one',
				},
				FOLLOWER_OF_CREATOR: { name: 'Followers', description: "The account's followers" },
				SELF_ONLY: { name: 'Only Me', description: 'Only the account itself' },
			},
			description: 'Everyone, friends who follow each other, followers, or only the account itself',
		},
		{
			label: 'Allow Duets',
			name: 'duet',
			type: 'boolean',
			required: true,
			description: 'Whether other people may make duets with the video',
		},
		{
			label: 'Allow Stitches',
			name: 'stitch',
			type: 'boolean',
			required: true,
			description: 'Whether other people may stitch the video',
		},
		{
			label: 'Allow Comments',
			name: 'comment',
			type: 'boolean',
			required: true,
			description: 'Whether people may comment',
		},
		{
			label: 'Auto Add Music',
			name: 'autoAddMusic',
			required: true,
			valueLabels: {
				yes: { name: 'Yes', description: 'TikTok adds music to the photo post' },
				no: { name: 'No', description: 'No music is added' },
			},
			description: 'Let TikTok add music to a photo post',
		},
		{
			label: 'Branded Content',
			name: 'brand_content_toggle',
			type: 'boolean',
			required: true,
			description: 'The post promotes a third party',
		},
		{
			label: 'Your Brand',
			name: 'brand_organic_toggle',
			type: 'boolean',
			required: true,
			description: "The post promotes the poster's own business",
		},
		{
			label: 'Posting Method',
			name: 'content_posting_method',
			required: true,
			valueLabels: {
				DIRECT_POST: { name: 'Publish Directly', description: 'TikTok publishes the post at once' },
				UPLOAD: {
					name: 'Send to Inbox',
					description:
						"The post waits in the TikTok app's inbox to be finished and published there",
				},
			},
			description:
				'DIRECT_POST publishes straight away; UPLOAD sends it to TikTok to finish and publish in the app',
		},
		{
			label: 'Disclose Commercial Content',
			name: 'disclose',
			type: 'boolean',
			description: 'Mark the post as commercial content',
		},
		{
			label: 'Title',
			name: 'title',
			type: 'string',
			maxLength: 90,
			description: 'Title of a photo post, up to 90 characters',
		},
		{
			label: 'Made With AI',
			name: 'video_made_with_ai',
			type: 'boolean',
			description: 'The content was made with AI',
		},
	],
};
