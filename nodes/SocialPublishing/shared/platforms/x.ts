/* eslint-disable n8n-nodes-base/node-param-default-missing -- setting rows here are data about the service (`default` is the service's own default, `required` its rule), not n8n node parameters */
import { BUSINESS_PLAN, TOO_MANY_PICTURES, ONE_VIDEO_OR_GIF } from './shared';
import type { PlatformRules } from './types';

export const x: PlatformRules = {
	id: 'x',
	displayName: 'X',
	plans: BUSINESS_PLAN,
	connectViaApi: true,
	maxLength: 280,
	premiumMaxLength: 4000,
	linkLength: 23,
	mediaRule: 'Up to 4 images, or 1 video or GIF on its own, in each part',
	followUps: 'replies in a thread',
	media: {
		appliesTo: 'each',
		minItems: 0,
		maxImages: 4,
		videoAlone: true,
		gifIsVideo: true,
		messages: { tooManyImages: TOO_MANY_PICTURES, videoNotAlone: ONE_VIDEO_OR_GIF },
	},
	settings: [
		{
			displayName: 'Who Can Reply',
			name: 'who_can_reply_post',
			type: 'options',
			required: true,
			values: ['everyone', 'following', 'mentionedUsers', 'subscribers', 'verified'],
			valueLabels: {
				everyone: { name: 'Everyone', description: 'Anyone can reply' },
				following: { name: 'Accounts You Follow', description: 'Only accounts the channel follows' },
				mentionedUsers: { name: 'Mentioned Accounts', description: 'Only accounts mentioned in the post' },
				subscribers: { name: 'Subscribers', description: 'Only the channel\'s subscribers' },
				verified: { name: 'Verified Accounts', description: 'Only verified accounts' },
			},
			description:
				'Everyone, accounts the poster follows, mentioned accounts, subscribers, or verified accounts',
		},
		{
			displayName: 'Community',
			name: 'community',
			type: 'string',
			required: false,
			// The service's own rule: x.com only, no www or trailing slash; empty means no community.
			pattern: /^(https:\/\/x\.com\/i\/communities\/\d+)?$/,
			patternHint: 'a community address like https://x.com/i/communities/1234567890',
			description: 'Post to a community: its address, like https://x.com/i/communities/1234567890',
		},
		{
			displayName: 'Made With AI',
			name: 'made_with_ai',
			type: 'boolean',
			required: false,
			description: 'The content was made with AI',
		},
		{
			displayName: 'Paid Partnership',
			name: 'paid_partnership',
			type: 'boolean',
			required: false,
			description: 'The post is a paid partnership',
		},
	],
};
