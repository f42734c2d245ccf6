import { TOO_MANY_PICTURES, ONE_VIDEO_OR_GIF } from './shared';
import type { PlatformRow } from './types';

export const x: PlatformRow = {
	displayName: 'X',
	fromPlan: 'Business',
	maxLength: 280,
	premiumMaxLength: 4000,
	// Articles are long-form: X's post limits do not apply to them.
	maxLengthWhen: { setting: 'post_type', value: 'article', maxLength: 100000 },
	lengthCounting: 'xWeighted',
	mediaRule:
		'Up to 4 images, or 1 video or GIF on its own, in each part. An article takes pictures only.',
	followUps: 'replies in a thread',
	media: {
		appliesTo: 'each',
		maxImages: 4,
		videoAlone: true,
		gifIsVideo: true,
		// The service's own rule: an article takes pictures only (GIFs included), in every part.
		refusedKinds: { setting: 'post_type', value: 'article', kinds: ['video'] },
		messages: {
			tooManyImages: TOO_MANY_PICTURES,
			videoNotAlone: ONE_VIDEO_OR_GIF,
			refusedKind: 'X articles only support images',
		},
	},
	settings: [
		{
			label: 'Post Type',
			name: 'post_type',
			valueLabels: {
				post: {
					name: 'Post',
					description: 'A regular post (plain text), with replies as a thread',
				},
				article: {
					name: 'Article',
					description:
						'A long-form X article (up to 100000 characters, pictures only); its HTML formatting is kept',
				},
			},
			default: 'post',
			description: 'A regular post, or a long-form article with a title',
		},
		{
			label: 'Who Can Reply',
			name: 'who_can_reply_post',
			required: true,
			// Not asked for an article (the service skips the rule then).
			when: { setting: 'post_type', notValue: 'article' },
			valueLabels: {
				everyone: { name: 'Everyone', description: 'Anyone can reply' },
				following: {
					name: 'Accounts You Follow',
					description: 'Only accounts the channel follows',
				},
				mentionedUsers: {
					name: 'Mentioned Accounts',
					description: 'Only accounts mentioned in the post',
				},
				subscribers: { name: 'Subscribers', description: "Only the channel's subscribers" },
				verified: { name: 'Verified Accounts', description: 'Only verified accounts' },
			},
			description:
				'Everyone, accounts the poster follows, mentioned accounts, subscribers, or verified accounts',
		},
		{
			label: 'Article Title',
			name: 'article_title',
			type: 'string',
			required: true,
			when: { setting: 'post_type', value: 'article' },
			minLength: 1,
			description: 'Title of the article',
		},
		{
			label: 'Article Status',
			name: 'article_status',
			required: true,
			when: { setting: 'post_type', value: 'article' },
			valueLabels: {
				draft: { name: 'Draft', description: 'Save the article as a draft on X' },
				published: { name: 'Published', description: 'Publish the article on X right away' },
			},
			description: 'Save the article as a draft on X, or publish it at once',
		},
		{
			label: 'Article Cover',
			name: 'article_cover',
			type: 'media',
			// No `when`: the service checks a cover on any post, and uses it only for an article.
			mediaKinds: ['image', 'gif'],
			description:
				'Only for an article: its cover picture, an image uploaded to the service first ({id, path})',
		},
		{
			label: 'Community',
			name: 'community',
			type: 'string',
			// The service's own rule: x.com only, no www or trailing slash; empty means no community.
			pattern: /^(https:\/\/x\.com\/i\/communities\/\d+)?$/,
			patternHint: 'a community address like https://x.com/i/communities/1234567890',
			description: 'Post to a community: its address, like https://x.com/i/communities/1234567890',
		},
		{
			label: 'Made With AI',
			name: 'made_with_ai',
			type: 'boolean',
			description: 'The content was made with AI',
		},
		{
			label: 'Paid Partnership',
			name: 'paid_partnership',
			type: 'boolean',
			description: 'The post is a paid partnership',
		},
	],
};
