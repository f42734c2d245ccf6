export type Plan = 'Starter' | 'Pro' | 'Business';

export type MediaKind = 'image' | 'gif' | 'video';

/**
 * A condition on another setting of the same post: it has `value`, or it does not have `notValue`
 * (left out counts as not having it): an X article.
 */
export type SettingCondition =
	| { setting: string; value: string }
	| { setting: string; notValue: string };

/**
 * One setting of a platform as the service takes it (`default`, `required`: the service's), not
 * shaped like an n8n parameter (`resources/post/create/settings.ts` makes those from it).
 */
export interface SettingField {
	/** The key in the post's `settings`, as the API names it. */
	name: string;
	/** The setting's name in the editor: the field's label, and its name in error messages. */
	label: string;
	/**
	 * options: a string out of `values`; boolean: a real JSON boolean; string: text;
	 * url: a http(s) web address; collaborators: array of `{label: username}`;
	 * tags: array of `{value, label}`; media: `{id, path}` of an uploaded file.
	 */
	type: 'options' | 'boolean' | 'string' | 'url' | 'collaborators' | 'tags' | 'media';
	required: boolean;
	/** options: the keys of `valueLabels`, in order. */
	values?: string[];
	/** options: each value (the API's) with its name and description as the editor shows them. */
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
	mediaKinds?: MediaKind[];
	/** The row applies (is checked, required, shown in the editor) only while this holds. */
	when?: SettingCondition;
	/** string: the node's list to pick from (a `methods.loadOptions` name, given the channel). */
	pickFrom?: 'getDiscordChannels';
}

/**
 * A platform's media rule, checked for `schedule` and `now` posts only (spec 4.3 rule 3); each
 * message is the service's own text (service-notes) where it lists one.
 */
export interface MediaRules {
	/** 'first': the rule covers the post (first part) only; 'each': every part on its own. */
	appliesTo: 'first' | 'each';
	/** Fewest media items (0: text only is fine). */
	minItems: number;
	maxItems?: number;
	/** Most pictures (images, and GIFs unless `gifIsVideo`). */
	maxImages?: number;
	videoOnly?: boolean;
	videoAlone: boolean;
	/** A GIF is treated as a video (must be alone), not as a picture. */
	gifIsVideo: boolean;
	followUpsTextOnly?: boolean;
	/** A setting value that makes the post a story, which needs at least one media item. */
	story?: { setting: string; value: string };
	/** A boolean setting that makes the post a carousel: `minImages` or more images, no video. */
	carousel?: { setting: string; minImages: number };
	/** A boolean setting that makes the post a trial reel: exactly one video. */
	trialReel?: { setting: string };
	/** Kinds refused in the parts covered while a setting has a value: an X article's video. */
	refusedKinds?: { setting: string; value: string; kinds: MediaKind[] };
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
		refusedKind?: string;
		followUpMedia?: string;
	};
}

/** A platform's rules; `Id`: `PlatformId`, the table's keys (index.ts, which imports this file). */
export interface PlatformRules<Id extends string = string> {
	id: Id;
	displayName: string;
	plans: Plan[];
	/** false: connected in the service's own application, not through GET /social/:platform. */
	connectViaApi: boolean;
	/** Most characters in one part, as counted by `textLength`. */
	maxLength: number;
	premiumMaxLength?: number;
	/** A limit replacing the others while a setting has a value (an X article: 100000). */
	maxLengthWhen?: { setting: string; value: string; maxLength: number };
	/**
	 * How it counts a part's visible text: code points, each link in full; or, as the service counts
	 * X, the larger of X's weighted count (`postRules/text.ts`) and the UTF-16 length.
	 */
	lengthCounting: 'characters' | 'xWeighted';
	/** The media rule in words, as GET /integration-settings `rules` says it. */
	mediaRule: string;
	/** What follow-up parts become on this platform, in words (UI hint). */
	followUps: string;
	media: MediaRules;
	/** null: the platform has no settings and `settings` is left out of the post. */
	settings: SettingField[] | null;
	/** Settings the service takes (seen on its backend) with no field in the node: not typos. */
	otherSettings?: string[];
}

/** A platform as its file writes it: `index.ts` fills in its id (its key) and the defaults. */
type Defaulted = 'connectViaApi' | 'lengthCounting' | 'followUps' | 'mediaRule';
type SettingRow = Omit<SettingField, 'required' | 'type' | 'values'> & {
	required?: true;
	type?: SettingField['type'];
};
export type PlatformRow = Omit<PlatformRules, 'id' | 'plans' | Defaulted | 'media' | 'settings'> &
	Partial<Pick<PlatformRules, Defaulted>> & {
		media?: Partial<MediaRules>;
		settings?: SettingRow[];
		/** The first plan with the platform (`plans`: it and those after it). */
		fromPlan: Plan;
	};
