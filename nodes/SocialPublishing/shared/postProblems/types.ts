/**
 * The problems of a post request as data, and what the wording needs to know about the request it
 * is about.
 */
import type { PlatformId } from '../platforms';
import type { RuleProblem } from '../postRules';
import type { EndingRefusal } from '../publicAddress';
import type { DateRead, JsonRefusal } from '../userValues';

/**
 * The fields a problem the node finds itself is about, each named in the editor's words by
 * `places.ts` (`NODE_FIELD_LABELS`).
 */
export type NodeField =
	| 'channel'
	| 'platform'
	| 'date'
	| 'dateMode'
	| 'repeatEvery'
	| 'requestJson'
	| 'requestJsonDate'
	| 'settingsJson'
	| 'request'
	| 'binaryField'
	| 'updateFields'
	| 'updateDate'
	| 'updateSettingsJson'
	| 'currentDate'
	| 'mediaAndFollowUps'
	| 'postId';

/** Why a binary field of the input item gives no file a post can use (`binaryFile`). */
export type BinaryFileRefusal =
	| { code: 'noField' }
	| { code: 'empty'; fileName: string }
	| { code: 'unknownType'; fileName: string }
	| { code: 'notForPosts'; fileName: string; mime: string }
	| { code: 'imageTooLarge'; fileName: string }
	| { code: 'tooLarge'; fileName: string }
	| { code: 'noFile' };

/**
 * What the node finds itself (outside the platform table's rules), as a code with its figures;
 * worded by `index.ts` (what) and `fixes.ts` (how to fix). Words of the shared readers of what
 * users type (`shared/userValues.ts`) come as `said`.
 */
export type NodeFinding =
	/** A Channel given as an object or list (from an expression), not as text. */
	| { code: 'channelNotText'; value: unknown }
	| { code: 'noChannel' }
	/** A Channel with spaces, slashes, ? or #. */
	| { code: 'malformedChannelId'; id: string }
	/** A Platform that is not the channel's own (the channel list says `actual`). */
	| { code: 'platformMismatch'; given: PlatformId; actual: PlatformId }
	/** A date that is empty, is no date or does not exist (`shared/userValues.ts` readDate). */
	| { code: 'dateNotRead'; value: unknown; read: Exclude<DateRead, { iso: string }> }
	/**
	 * A Schedule date more than the allowance in the past (`lateMs` before now); `postsOwnDate`: Post
	 * → Update kept the post's own date (no new one given).
	 */
	| { code: 'pastDate'; instant: number; timeZone: string; lateMs: number; postsOwnDate?: true }
	/** Repeat Every (Days) not a whole number; `said`: what it is. */
	| { code: 'repeatNotWhole'; min: number; said: string }
	/** A JSON parameter that was not read; `said`: why, in the reader's words. */
	| { code: 'jsonNotRead'; why: JsonRefusal; said: string }
	/** Request (JSON) read, but not an object. */
	| { code: 'requestNotObject'; value: unknown }
	/** Update's Settings (JSON) read, but not an object. */
	| { code: 'settingsNotObject'; value: unknown }
	/** The body is over what the service takes (production answers 413). */
	| { code: 'bodyTooLarge'; bytes: number; max: number }
	/** A media item's binary field; `present`: the item's binary fields. */
	| { code: 'binaryFile'; property: string; present: string[]; refusal: BinaryFileRefusal }
	/** Next free slot: GET /find-slot answered 404 (no posting times). */
	| { code: 'noPostingTimes' }
	/** Next free slot: the channel is disabled. */
	| { code: 'channelDisabled' }
	/** Post → Update: no field added. */
	| { code: 'nothingToChange' }
	/** Post → Update: Media and Follow-Up Parts is none of its options. */
	| { code: 'unknownPartsChoice'; value: unknown }
	/** Post → Update: a new Text or Publish At (`resending`) while Media and Follow-Up Parts is
	 * Not Said. */
	| { code: 'partsNotSaid'; resending: Array<'content' | 'date'> }
	/** Post → Update: no such post in the range searched. */
	| { code: 'postNotFound'; postId: string; from: string; to: string }
	| { code: 'postPublished'; postId: string; publishDate: string }
	/** Post → Update: the post's channel is not in the channel list. */
	| { code: 'channelGone' }
	/**
	 * Post → Update: a new text, date, media or follow-up parts while other posts share the post's
	 * group (`others`: id, channel name, platform as GET /posts lists them); an edit that names the
	 * group deletes what it does not send of it.
	 */
	| {
			code: 'groupShared';
			postId: string;
			others: Array<{ id: string; channelName: string; platform: string }>;
	  };

/**
 * A problem the node finds itself (channel missing, platform mismatch, bad JSON...), as data:
 * where (the channel entry, the part, the field) and what (`NodeFinding`).
 */
export type NodeProblem = {
	kind: 'node';
	/** Index in `posts` (the channel entry), when the problem belongs to one channel. */
	entryIndex?: number;
	partIndex?: number;
	/** The media item of the part, for a field of one media item. */
	mediaIndex?: number;
	field: NodeField;
} & NodeFinding;

/**
 * A part's Delay (Minutes) the node refuses (Post → Create's `delays.ts`): whole minutes from 0 to
 * `max` are taken.
 */
export interface DelayProblem {
	kind: 'delay';
	/** The channel entry; undefined when the parts are shared by every channel (fields mode). */
	entryIndex?: number;
	partIndex: number;
	/** The value given. */
	value: unknown;
	refusal: 'empty' | 'text' | 'notNumber' | 'notWhole' | 'negative' | 'tooLarge';
	max: number;
}

/** Why a media URL does not become media (Post → Create's `mediaUrls.ts`). */
export type MediaUrlRefusal =
	/** Refused by shared/publicAddress.ts, the one reader of addresses to fetch, in its words. */
	| { code: 'address'; words: string; fix: string }
	/** The service's file-ending rule (before the first "?", case-sensitive, a #fragment counts). */
	| EndingRefusal
	/** JSON mode: `url` beside `id` or `path`. */
	| { code: 'besideIdOrPath' }
	/** POST /upload-from-url failed; `said`: the error's message. */
	| { code: 'notFetched'; href: string; said: string };

export interface MediaUrlProblem {
	kind: 'mediaUrl';
	/** The channel entry; undefined when the parts are shared by every channel (fields mode). */
	entryIndex?: number;
	partIndex: number;
	mediaIndex: number;
	refusal: MediaUrlRefusal;
}

/**
 * A broken rule of the platform table (data: `shared/postRules/`), a part's delay or media URL
 * refused, or a problem the node found.
 */
export type Problem = RuleProblem | NodeProblem | DelayProblem | MediaUrlProblem;

/** What the error wording needs to know about one channel of the request. */
export interface EntryLabel {
	id: string;
	name?: string;
	platform?: PlatformId;
	premium?: boolean;
	settingsMode: 'fields' | 'json';
	/** Fields mode: the user picked the platform (typed settings shown), rather than "Look Up". */
	platformGiven?: boolean;
	/** The service's channel list was read and has no channel of this id. */
	notListed?: boolean;
}

export interface ProblemContext {
	itemIndex: number;
	inputMode: 'fields' | 'json';
	/** Fields mode: parts are shared by all channels ('same') or given per channel. */
	contentMode: 'same' | 'perChannel';
	channels: EntryLabel[];
	/** Post → Update: the item changes a post (its words say "not changed", not "not created"). */
	edit?: true;
}

/**
 * One problem in the editor's words: what and where, how to fix it, and the service's own field
 * path if any.
 */
export interface WordedProblem {
	/**
	 * "Item 1, channel 1 "Shop" (X), part 2, Text: the text is 300 characters; X takes at most 280".
	 */
	what: string;
	/** "shorten the text to at most 280 characters …". */
	fix: string;
	/**
	 * The API's field path and text (`posts.0.settings.title should not be null or undefined`), for
	 * the details.
	 */
	api?: string;
}
