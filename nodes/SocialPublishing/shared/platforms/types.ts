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
	/** Settings the service takes that the node offers no field for: sent as given, never taken for a typo. */
	otherSettings?: string[];
}
