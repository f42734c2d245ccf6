/** The problems of a post request as data, and what their wording needs to know of the request. */
import type { PlatformId } from '../platforms';
import type { RuleProblem } from '../postRules';
import type { EndingRefusal } from '../publicAddress';
import type { NodeFinding } from './findings';
import type { NodeField } from './places';

/** A problem the node finds itself (a channel missing, bad JSON...): where, and what. */
export type NodeProblem = {
	kind: 'node';
	entryIndex?: number;
	partIndex?: number;
	mediaIndex?: number;
	field: NodeField;
} & NodeFinding;

/** A part's problem; `entryIndex` undefined: parts shared by every channel (fields mode). */
interface PartProblem {
	entryIndex?: number;
	partIndex: number;
}

/** A part's Delay (Minutes) refused (Post → Create's `delays.ts`): 0 to `max` whole minutes. */
export interface DelayProblem extends PartProblem {
	kind: 'delay';
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

export interface MediaUrlProblem extends PartProblem {
	kind: 'mediaUrl';
	mediaIndex: number;
	refusal: MediaUrlRefusal;
}

/** A broken rule of `shared/postRules/`, a part's delay or media URL refused, or the node's own. */
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

/** One problem in the editor's words: where and what, how to fix it, the service's words if any. */
export interface WordedProblem {
	/** "Item 1, channel 1 "Shop" (X), part 2, Text: the text is 300 characters; X takes at most…" */
	what: string;
	/** "shorten the text to at most 280 characters …" */
	fix: string;
	/** For the details: the API's path and text (`posts.0.settings.title should not be null…`). */
	api?: string;
}
