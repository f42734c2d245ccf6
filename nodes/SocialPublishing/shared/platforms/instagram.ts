import type { PlatformRow } from './types';

export const instagram: PlatformRow = {
	displayName: 'Instagram (Business Account)',
	fromPlan: 'Starter',
	maxLength: 2200,
	mediaRule: 'At least one photo or video, up to 10. A trial reel is one video.',
	media: {
		minItems: 1,
		maxItems: 10,
		trialReel: { setting: 'is_trial_reel' },
		messages: {
			noMedia: 'Should have at least one media',
			tooMany: 'Instagram carousel only supports up to 10 media attachments',
			trialReelCount: 'Trial Reels can only have one video',
			trialReelKind: 'Trial Reels must be a video',
		},
	},
	otherSettings: ['audio'],
	settings: [
		{
			label: 'Post Type',
			name: 'post_type',
			required: true,
			valueLabels: {
				post: { name: 'Post', description: 'A feed post' },
				story: { name: 'Story', description: 'A story; needs a photo or a video' },
			},
			description: 'A feed post, or a story',
		},
		{
			label: 'Trial Reel',
			name: 'is_trial_reel',
			type: 'boolean',
			description:
				'Publish as a trial reel, shown at first only to people who do not follow the account (needs exactly one video)',
		},
		{
			label: 'Trial Reel Graduation',
			name: 'graduation_strategy',
			valueLabels: {
				MANUAL: {
					name: 'Manual',
					description:
						'You decide in Instagram whether the trial reel is shared with your followers',
				},
				SS_PERFORMANCE: {
					name: 'By Performance',
					description: 'Instagram shares the trial reel with your followers if it performs well',
				},
			},
			default: 'MANUAL',
			description:
				'How a trial reel reaches followers: MANUAL (by hand) or SS_PERFORMANCE (automatically, by how well it does)',
		},
		{
			label: 'Collaborators',
			name: 'collaborators',
			type: 'collaborators',
			description: 'Usernames of accounts invited as collaborators (not used for stories)',
		},
	],
};
