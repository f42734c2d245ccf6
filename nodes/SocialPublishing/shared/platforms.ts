/* eslint-disable n8n-nodes-base/node-param-default-missing, n8n-nodes-base/node-param-default-wrong-for-options, n8n-nodes-base/node-param-required-false -- setting rows here are data about the service (`default` is the service's own default, `required` its rule), not n8n node parameters */
/**
 * The platform rules of the service (spec 4.8, 8 and service-notes) as ONE data table.
 *
 * The node's pre-send validation and UI hints, the sandbox and the tests all read this table;
 * `postRules.ts` holds the only code that interprets it. A rule changes here, in one line.
 */

export type PlatformId =
	| 'facebook'
	| 'instagram'
	| 'linkedin'
	| 'tiktok'
	| 'youtube'
	| 'threads'
	| 'bluesky'
	| 'mastodon'
	| 'telegram'
	| 'x'
	| 'discord';

export type Plan = 'Starter' | 'Pro' | 'Business';

export type MediaKind = 'image' | 'gif' | 'video';

export interface SettingField {
	name: string;
	displayName: string;
	/**
	 * options: a string out of `values`; boolean: a real JSON boolean; string: text;
	 * url: a http(s) web address; collaborators: array of `{label: username}`;
	 * tags: array of `{value, label}`; media: `{id, path}` of an uploaded file.
	 */
	type: 'options' | 'boolean' | 'string' | 'url' | 'collaborators' | 'tags' | 'media';
	required: boolean;
	values?: string[];
	/** options: each value's name and description as the editor shows them (the value itself is the API's). */
	valueLabels?: Record<string, { name: string; description: string }>;
	/** What the service uses when the field is left out (only where the spec names one). */
	default?: unknown;
	description: string;
	minLength?: number;
	maxLength?: number;
	/** tags: most characters of all tag values together. */
	totalMaxLength?: number;
	/** string: the form the value must have, and the form in words for error messages. */
	pattern?: RegExp;
	patternHint?: string;
	/** media: the kinds of file accepted. */
	mediaKinds?: MediaKind[];
	/** string: the node's list of values to pick from (a `methods.loadOptions` name, fed by the entry's channel). */
	pickFrom?: 'getDiscordChannels';
}

/**
 * Declarative parameters of a platform's media rule. Checked by `checkCreatePostRequest`
 * for `schedule` and `now` posts only (drafts skip media rules, spec 4.3 rule 3).
 * Each message is the service's own text (service-notes) where it lists one.
 */
export interface MediaRules {
	/** 'first': the rule covers the post (first part) only; 'each': every part on its own. */
	appliesTo: 'first' | 'each';
	/** Fewest media items (0: text only is fine). */
	minItems: number;
	/** Most media items of any kind. */
	maxItems?: number;
	/** Most pictures (images, and GIFs unless `gifIsVideo`). */
	maxImages?: number;
	/** Every item must be a video. */
	videoOnly?: boolean;
	/** A video must be the only item. */
	videoAlone: boolean;
	/** A GIF is treated as a video (must be alone), not as a picture. */
	gifIsVideo: boolean;
	/** Follow-up parts (comments) may not carry media. */
	followUpsTextOnly?: boolean;
	/** A setting value that makes the post a story, which needs at least one media item. */
	story?: { setting: string; value: string };
	/** A boolean setting that makes the post a carousel: `minImages` or more images, no video. */
	carousel?: { setting: string; minImages: number };
	/** A boolean setting that makes the post a trial reel: exactly one video. */
	trialReel?: { setting: string };
	messages: {
		noMedia?: string;
		tooMany?: string;
		tooManyImages?: string;
		videoNotAlone?: string;
		notVideo?: string;
		storyNoMedia?: string;
		carousel?: string;
		trialReelCount?: string;
		trialReelKind?: string;
		followUpMedia?: string;
	};
}

export interface PlatformRules {
	id: PlatformId;
	displayName: string;
	plans: Plan[];
	/** false: connected in the service's own application, not through GET /social/:platform. */
	connectViaApi: boolean;
	/** Most characters in one part, as counted by `textLength`. */
	maxLength: number;
	premiumMaxLength?: number;
	/** Characters a link counts for, where a link does not count its own length. */
	linkLength?: number;
	/** The media rule in words, as GET /integration-settings `rules` says it. */
	mediaRule: string;
	/** What follow-up parts become on this platform, in words (UI hint). */
	followUps: string;
	media: MediaRules;
	/** null: the platform has no settings and `settings` is left out of the post. */
	settings: SettingField[] | null;
}

const ALL_PLANS: Plan[] = ['Starter', 'Pro', 'Business'];
const PRO_PLANS: Plan[] = ['Pro', 'Business'];
const BUSINESS_PLAN: Plan[] = ['Business'];

/** Platforms whose rule is only "no extra checks". */
const NO_MEDIA_RULES: MediaRules = {
	appliesTo: 'first',
	minItems: 0,
	videoAlone: false,
	gifIsVideo: false,
	messages: {},
};

const TOO_MANY_PICTURES = 'There can be maximum 4 pictures in a post.';
// The spec gives no text for mastodon's and x's "video or GIF on its own": same style as bluesky's.
const ONE_VIDEO_OR_GIF = 'You can only upload one video or GIF per post, with no other media.';
const ONE_MEDIA_WITH_VIDEO = 'Can have maximum 1 media when selecting a video.';

export const PLATFORMS: Record<PlatformId, PlatformRules> = {
	facebook: {
		id: 'facebook',
		displayName: 'Facebook Page',
		plans: ALL_PLANS,
		connectViaApi: true,
		maxLength: 63206,
		mediaRule: 'Text only, photos, or a video. A story needs at least one photo or video.',
		followUps: 'comments',
		media: {
			appliesTo: 'first',
			minItems: 0,
			videoAlone: true,
			gifIsVideo: false,
			story: { setting: 'post_type', value: 'story' },
			messages: {
				videoNotAlone: ONE_MEDIA_WITH_VIDEO,
				storyNoMedia: 'Story should have at least one media',
			},
		},
		settings: [
			{
				displayName: 'Post Type',
				name: 'post_type',
				type: 'options',
				required: false,
				values: ['post', 'story'],
				valueLabels: {
					post: { name: 'Post', description: 'A normal post on the page' },
					story: { name: 'Story', description: 'A story; needs a photo or a video' },
				},
				default: 'post',
				description: 'A normal post on the page, or a story (a story needs a photo or a video)',
			},
			{
				displayName: 'Link',
				name: 'url',
				type: 'url',
				required: false,
				description: 'A web address to attach to the post',
			},
		],
	},
	instagram: {
		id: 'instagram',
		displayName: 'Instagram (Business Account)',
		plans: ALL_PLANS,
		connectViaApi: true,
		maxLength: 2200,
		mediaRule: 'At least one photo or video, up to 10. A trial reel is one video.',
		followUps: 'comments',
		media: {
			appliesTo: 'first',
			minItems: 1,
			maxItems: 10,
			videoAlone: false,
			gifIsVideo: false,
			trialReel: { setting: 'is_trial_reel' },
			messages: {
				noMedia: 'Should have at least one media',
				tooMany: 'Instagram carousel only supports up to 10 media attachments',
				trialReelCount: 'Trial Reels can only have one video',
				trialReelKind: 'Trial Reels must be a video',
			},
		},
		settings: [
			{
				displayName: 'Post Type',
				name: 'post_type',
				type: 'options',
				required: true,
				values: ['post', 'story'],
				valueLabels: {
					post: { name: 'Post', description: 'A feed post' },
					story: { name: 'Story', description: 'A story; needs a photo or a video' },
				},
				description: 'A feed post, or a story',
			},
			{
				displayName: 'Trial Reel',
				name: 'is_trial_reel',
				type: 'boolean',
				required: false,
				description:
					'Publish as a trial reel, shown at first only to people who do not follow the account (needs exactly one video)',
			},
			{
				displayName: 'Trial Reel Graduation',
				name: 'graduation_strategy',
				type: 'options',
				required: false,
				values: ['MANUAL', 'SS_PERFORMANCE'],
				valueLabels: {
					MANUAL: { name: 'Manual', description: 'You decide in Instagram whether the trial reel is shared with your followers' },
					SS_PERFORMANCE: { name: 'By Performance', description: 'Instagram shares the trial reel with your followers if it performs well' },
				},
				default: 'MANUAL',
				description:
					'How a trial reel reaches followers: MANUAL (by hand) or SS_PERFORMANCE (automatically, by how well it does)',
			},
			{
				displayName: 'Collaborators',
				name: 'collaborators',
				type: 'collaborators',
				required: false,
				description: 'Usernames of accounts invited as collaborators (not used for stories)',
			},
		],
	},
	linkedin: {
		id: 'linkedin',
		displayName: 'LinkedIn',
		plans: ALL_PLANS,
		connectViaApi: true,
		maxLength: 3000,
		mediaRule:
			'One video on its own, or images. A carousel needs 2 or more images and no video. Follow-up parts are text only.',
		followUps: 'comments',
		media: {
			appliesTo: 'first',
			minItems: 0,
			videoAlone: true,
			gifIsVideo: false,
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
				displayName: 'Post Images as Carousel',
				name: 'post_as_images_carousel',
				type: 'boolean',
				required: false,
				description: 'Publish the images as a carousel (needs 2 or more images and no video)',
			},
			{
				displayName: 'Carousel Name',
				name: 'carousel_name',
				type: 'string',
				required: false,
				default: 'slides',
				description: 'Name of the carousel slides',
			},
		],
	},
	tiktok: {
		id: 'tiktok',
		displayName: 'TikTok',
		plans: ALL_PLANS,
		connectViaApi: true,
		maxLength: 2000,
		mediaRule:
			'At least one item: one video, or one or more pictures. Never a video with other items.',
		followUps: 'comments',
		media: {
			appliesTo: 'first',
			minItems: 1,
			videoAlone: true,
			gifIsVideo: false,
			messages: {
				noMedia: 'No video / images selected',
				videoNotAlone: 'Only pictures are supported when selecting multiple items',
			},
		},
		settings: [
			{
				displayName: 'Who Can See It',
				name: 'privacy_level',
				type: 'options',
				required: true,
				values: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
				valueLabels: {
					PUBLIC_TO_EVERYONE: { name: 'Everyone', description: 'Anyone on TikTok' },
					MUTUAL_FOLLOW_FRIENDS: { name: 'Friends', description: 'Accounts that follow each other with this one' },
					FOLLOWER_OF_CREATOR: { name: 'Followers', description: 'The account\'s followers' },
					SELF_ONLY: { name: 'Only Me', description: 'Only the account itself' },
				},
				description: 'Everyone, friends who follow each other, followers, or only the account itself',
			},
			{
				displayName: 'Allow Duets',
				name: 'duet',
				type: 'boolean',
				required: true,
				description: 'Whether other people may make duets with the video',
			},
			{
				displayName: 'Allow Stitches',
				name: 'stitch',
				type: 'boolean',
				required: true,
				description: 'Whether other people may stitch the video',
			},
			{
				displayName: 'Allow Comments',
				name: 'comment',
				type: 'boolean',
				required: true,
				description: 'Whether people may comment',
			},
			{
				displayName: 'Auto Add Music',
				name: 'autoAddMusic',
				type: 'options',
				required: true,
				values: ['yes', 'no'],
				valueLabels: {
					yes: { name: 'Yes', description: 'TikTok adds music to the photo post' },
					no: { name: 'No', description: 'No music is added' },
				},
				description: 'Let TikTok add music to a photo post',
			},
			{
				displayName: 'Branded Content',
				name: 'brand_content_toggle',
				type: 'boolean',
				required: true,
				description: 'The post promotes a third party',
			},
			{
				displayName: 'Your Brand',
				name: 'brand_organic_toggle',
				type: 'boolean',
				required: true,
				description: "The post promotes the poster's own business",
			},
			{
				displayName: 'Posting Method',
				name: 'content_posting_method',
				type: 'options',
				required: true,
				values: ['DIRECT_POST', 'UPLOAD'],
				valueLabels: {
					DIRECT_POST: { name: 'Publish Directly', description: 'TikTok publishes the post at once' },
					UPLOAD: { name: 'Send to Inbox', description: 'The post waits in the TikTok app\'s inbox to be finished and published there' },
				},
				description:
					'DIRECT_POST publishes straight away; UPLOAD sends it to TikTok to finish and publish in the app',
			},
			{
				displayName: 'Disclose Commercial Content',
				name: 'disclose',
				type: 'boolean',
				required: false,
				description: 'Mark the post as commercial content',
			},
			{
				displayName: 'Title',
				name: 'title',
				type: 'string',
				required: false,
				maxLength: 90,
				description: 'Title of a photo post, up to 90 characters',
			},
			{
				displayName: 'Made With AI',
				name: 'video_made_with_ai',
				type: 'boolean',
				required: false,
				description: 'The content was made with AI',
			},
		],
	},
	youtube: {
		id: 'youtube',
		displayName: 'YouTube',
		plans: PRO_PLANS,
		connectViaApi: true,
		maxLength: 5000,
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
				displayName: 'Title',
				name: 'title',
				type: 'string',
				required: true,
				minLength: 2,
				maxLength: 100,
				description: 'Video title, 2 to 100 characters; the post text becomes the description',
			},
			{
				displayName: 'Visibility',
				name: 'type',
				type: 'options',
				required: true,
				values: ['public', 'private', 'unlisted'],
				valueLabels: {
					public: { name: 'Public', description: 'Everyone can find and watch the video' },
					private: { name: 'Private', description: 'Only the channel can watch it' },
					unlisted: { name: 'Unlisted', description: 'Anyone with the link can watch it; it is not listed' },
				},
				description: 'Who can see the video: everyone, only the channel, or anyone with the link',
			},
			{
				displayName: 'Made for Kids',
				name: 'selfDeclaredMadeForKids',
				type: 'options',
				required: false,
				values: ['yes', 'no'],
				valueLabels: {
					yes: { name: 'Yes', description: 'The video is made for children (comments are turned off)' },
					no: { name: 'No', description: 'The video is not made for children' },
				},
				description: 'Whether the video is made for children',
			},
			{
				displayName: 'Thumbnail',
				name: 'thumbnail',
				type: 'media',
				required: false,
				mediaKinds: ['image', 'gif'],
				description: 'A custom thumbnail: an image uploaded to the service first ({id, path})',
			},
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'tags',
				required: false,
				totalMaxLength: 500,
				description: 'Video tags; all tags together at most 500 characters',
			},
		],
	},
	threads: {
		id: 'threads',
		displayName: 'Threads',
		plans: PRO_PLANS,
		connectViaApi: true,
		maxLength: 500,
		mediaRule: 'No extra checks',
		followUps: 'replies in a thread',
		media: NO_MEDIA_RULES,
		settings: null,
	},
	bluesky: {
		id: 'bluesky',
		displayName: 'Bluesky',
		plans: PRO_PLANS,
		connectViaApi: false,
		maxLength: 300,
		mediaRule: 'Up to 4 pictures, or 1 video, in each part',
		followUps: 'replies in a thread',
		media: {
			appliesTo: 'each',
			minItems: 0,
			maxImages: 4,
			videoAlone: true,
			gifIsVideo: false,
			messages: {
				tooManyImages: TOO_MANY_PICTURES,
				videoNotAlone: 'You can only upload one video per post.',
			},
		},
		settings: null,
	},
	mastodon: {
		id: 'mastodon',
		displayName: 'Mastodon',
		plans: PRO_PLANS,
		connectViaApi: true,
		maxLength: 500,
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
				displayName: 'Visibility',
				name: 'visibility',
				type: 'options',
				required: false,
				values: ['public', 'unlisted', 'private'],
				valueLabels: {
					public: { name: 'Public', description: 'Shown to everyone and in public timelines' },
					unlisted: { name: 'Unlisted', description: 'Shown to everyone, but not in public timelines' },
					private: { name: 'Followers Only', description: 'Shown only to followers' },
				},
				default: 'public',
				description:
					'Public: everyone; unlisted: everyone, but not in public timelines; private: followers only. Replies in a thread use the same visibility.',
			},
		],
	},
	telegram: {
		id: 'telegram',
		displayName: 'Telegram',
		plans: PRO_PLANS,
		connectViaApi: false,
		maxLength: 4096,
		mediaRule: 'No extra checks',
		followUps: 'further messages',
		media: NO_MEDIA_RULES,
		settings: null,
	},
	x: {
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
				pattern: /^https:\/\/(www\.)?(x|twitter)\.com\/i\/communities\/\d+\/?$/,
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
	},
	discord: {
		id: 'discord',
		displayName: 'Discord',
		plans: BUSINESS_PLAN,
		connectViaApi: true,
		maxLength: 1980,
		mediaRule: 'No extra checks',
		followUps: 'further messages',
		media: NO_MEDIA_RULES,
		settings: [
			{
				displayName: 'Channel',
				name: 'channel',
				type: 'string',
				required: true,
				minLength: 1,
				description:
					'ID of the chat channel to post in, on the connected server (from the channels tool of the Discord channel)',
				pickFrom: 'getDiscordChannels',
			},
		],
	},
};

export const PLATFORM_IDS = Object.keys(PLATFORMS) as PlatformId[];

export function isPlatformId(value: unknown): value is PlatformId {
	return typeof value === 'string' && (PLATFORM_IDS as string[]).includes(value);
}

/** HTML tags the service keeps in `content`; others are removed (spec 4.3). */
export const KEPT_HTML_TAGS: string[] = ['p', 'br', 'strong', 'u', 'a', 'ul', 'li', 'h1', 'h2', 'h3', 'span'];

/** Request limits of POST /posts (spec 4.3 and 8). */
export const POST_LIMITS = {
	postsPerRequest: { min: 1, max: 50 },
	partsPerPost: { min: 1, max: 100 },
	mediaPerPart: 20,
	interMin: 1,
	types: ['draft', 'schedule', 'now'],
} as const;

/** Media usable in a post, by the ending of its path (service-notes). */
export const MEDIA_EXTENSIONS: Record<string, MediaKind> = {
	'.png': 'image',
	'.jpg': 'image',
	'.jpeg': 'image',
	'.webp': 'image',
	'.gif': 'gif',
	'.mp4': 'video',
};
