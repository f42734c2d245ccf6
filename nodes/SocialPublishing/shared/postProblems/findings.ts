/**
 * What the node finds itself (outside the platform table's rules), each worded once here: code,
 * figures (`NodeFinding`), what is wrong and the fix; `said`: the words of `shared/userValues.ts`.
 */
import { isPlatformId, MEDIA_EXTENSIONS, PLATFORMS, type PlatformId } from '../platforms';
import {
	refusedDateWords,
	shownValue,
	wallOf,
	type DateRead,
	type JsonRefusal,
} from '../userValues';
import type { Coded } from '../postRules';
import { PARTS_CHOICES, type NodeField, type PartsChoice } from './places';

export type Worded = { what: string; fix: string };

export type BinaryFileRefusal =
	| { code: 'noField' }
	| { code: 'empty'; fileName: string }
	| { code: 'unknownType'; fileName: string }
	| { code: 'notForPosts'; fileName: string; mime: string }
	| { code: 'imageTooLarge'; fileName: string }
	| { code: 'tooLarge'; fileName: string }
	| { code: 'noFile' };

type BinaryFileFigures = { property: string; present: string[]; refusal: BinaryFileRefusal };

export const ENDINGS = Object.keys(MEDIA_EXTENSIONS).join(', ');

/** How long ago, in the largest whole unit: "3 days", "1 hour", "12 minutes". */
function agoInWords(ms: number): string {
	const units: Array<[string, number]> = [
		['year', 365 * 24 * 3_600_000],
		['day', 24 * 3_600_000],
		['hour', 3_600_000],
		['minute', 60_000],
	];
	for (const [unit, size] of units) {
		const count = Math.floor(ms / size);
		if (count >= 1) return `${count} ${unit}${count > 1 ? 's' : ''}`;
	}
	return 'less than a minute';
}

/** The instant as the user reads it in the workflow's time zone: "2025-03-01 10:00 (UTC)". */
function inTimeZone(instant: number, timeZone: string): string {
	const wall = new Date(wallOf(instant, timeZone)).toISOString();
	return `${wall.slice(0, 10)} ${wall.slice(11, 16)} (${timeZone})`;
}

/** Why a binary field gives no file a post can use, and (by the item's fields) what to give. */
function binaryFile({ property, present, refusal }: BinaryFileFigures): Worded {
	const file = 'fileName' in refusal ? `"${refusal.fileName}"` : '';
	const what = {
		noField: `the item has no binary field "${property}"`,
		empty: `the file ${file} is empty (0 bytes)`,
		unknownType: `the file ${file} is not a type the service accepts`,
		notForPosts: `the file ${file} is ${'mime' in refusal ? refusal.mime : ''}, which the service stores but posts cannot use`,
		imageTooLarge: `the image ${file} is over 10 MB`,
		tooLarge: `the file ${file} is over 50 MB`,
		noFile: 'no file',
	}[refusal.code];
	const fix =
		refusal.code === 'empty'
			? 'check the node that produced the file (an empty download or read), then run again'
			: present.includes(property)
				? `posts take ${ENDINGS} files up to 10 MB (images) or 50 MB (videos); convert or resize the file, or use Media → Upload From URL for bigger videos`
				: present.length
					? `set Binary Field to one of the item's binary fields: ${present.join(', ')}`
					: 'read or download the file in an earlier node (e.g. HTTP Request), or use the ID and path of an uploaded file';
	return { what, fix };
}

const platformName = (platform: PlatformId) => PLATFORMS[platform].displayName;

/** An option of Media and Follow-Up Parts in the editor's words, with its value for expressions. */
const choice = (value: PartsChoice) => `${PARTS_CHOICES[value]} (${value})`;

/** Every finding by its code: its figures, what is wrong and how to fix it (the editor's words). */
const FINDINGS = {
	channelNotText: ({ value }: { value: unknown }) => ({
		what: `${shownValue(value)} is not a channel ID`,
		fix: 'pick a channel from the list, or give its ID as text (an expression that gives an object needs .id or similar)',
	}),
	noChannel: () => ({
		what: 'no channel chosen',
		fix: 'pick a channel from the list, or give its ID',
	}),
	/** A Channel with spaces, slashes, ? or #. */
	malformedChannelId: ({ id }: { id: string }) => ({
		what: `"${id.slice(0, 80)}" is not a channel ID`,
		fix: 'an ID has no spaces, slashes, ? or #: pick the channel from the list or paste its ID alone',
	}),
	/** A Platform that is not the channel's own (the channel list says `actual`). */
	platformMismatch: ({ given, actual }: { given: PlatformId; actual: PlatformId }) => ({
		what: `Platform is set to ${platformName(given)}, but the channel is on ${platformName(actual)}`,
		fix: `set Platform to ${platformName(actual)} (or to Look Up From Channel with settings as JSON)`,
	}),
	/** A date that is empty, is no date or does not exist (`shared/userValues.ts` readDate). */
	dateNotRead: (
		{ value, read }: { value: unknown; read: Exclude<DateRead, { iso: string }> },
		field: NodeField,
	) => ({
		what: read.refused === 'empty' ? 'is empty' : `${shownValue(value)} ${refusedDateWords(read)}`,
		fix:
			field === 'currentDate'
				? "give the post's publishDate as Post → Get Many outputs it, or remove the option (the post is then searched for a year back to ten ahead)"
				: "give a date that exists, in ISO 8601: 2030-01-15T10:00 (in the workflow's time zone) or 2030-01-15T10:00:00Z",
	}),
	/**
	 * A Schedule date `lateMs` in the past, beyond the allowance; `postsOwnDate`: Post → Update kept
	 * the post's own date (it has no Type: the date is the one thing to change).
	 */
	pastDate: (
		f: { instant: number; timeZone: string; lateMs: number; postsOwnDate?: true },
		field: NodeField,
	) => ({
		what: `${f.postsOwnDate ? "the post's date has passed (no new date was given)" : 'the date has passed'}: it was ${inTimeZone(f.instant, f.timeZone)}, ${agoInWords(f.lateMs)} ago, and the service would publish the post at once`,
		fix:
			field === 'updateDate'
				? 'give a date in the future (check the year); to send it on purpose (the service then publishes the post at once), turn on Options → Allow Past Date'
				: `set a date in the future (check the year); to publish at once, ${field === 'requestJsonDate' ? 'give "type": "now"' : 'set Type to Now'}; to send a past date on purpose, turn on Options → Allow Past Date`,
	}),
	/** Repeat Every (Days) not a whole number; `said`: what it is. */
	repeatNotWhole: ({ min, said }: { min: number; said: string }) => ({
		what: `must be a whole number of days, ${min} or more; ${said}`,
		fix: `give a whole number of days, ${min} or more`,
	}),
	/** A JSON parameter that was not read; `said`: why, in the reader's words. */
	jsonNotRead: ({ why, said }: { why: JsonRefusal; said: string }) => ({
		what: said,
		fix: {
			tooDeep: 'give the JSON with fewer levels of objects and lists inside each other',
			tooLong: 'shorten it: the service refuses request bodies over 100 kB',
			notJson:
				'write valid JSON (double quotes around names and texts), or use an expression that returns an object',
		}[why],
	}),
	requestNotObject: ({ value }: { value: unknown }) => ({
		what: `must be a JSON object; it is ${Array.isArray(value) ? 'a list' : value === undefined ? 'empty' : `${typeof value} ${JSON.stringify(value).slice(0, 40)}`}`,
		fix: 'give the whole POST /posts body as one object: {"type": ..., "date": ..., "shortLink": ..., "tags": [...], "posts": [...]}',
	}),
	settingsNotObject: ({ value }: { value: unknown }) => ({
		what: `must be a JSON object of settings; it is ${shownValue(value)}`,
		fix: 'give the settings to change as one object, e.g. {"who_can_reply_post": "everyone"}',
	}),
	/** The body is over what the service takes (production answers 413). */
	bodyTooLarge: ({ bytes, max }: { bytes: number; max: number }, field: NodeField) => ({
		what: `the request body is ${Math.ceil(bytes / 1024)} kB; the service refuses bodies over ${max / 1024} kB`,
		fix:
			field === 'settingsJson'
				? 'give fewer or shorter settings in one run'
				: 'split the channels (or the parts) over several items, or shorten the texts',
	}),
	binaryFile,
	/** Next free slot: GET /find-slot answered 404 (no posting times). */
	noPostingTimes: () => ({
		what: 'the channel has no posting times set, so it has no free slot',
		fix: 'set posting times for this channel in the service, or choose "At a Date and Time"',
	}),
	channelDisabled: () => ({
		what: 'the channel is disabled, and the service finds no slot for a disabled channel',
		fix: 'enable the channel in the service, or choose "At a Date and Time"',
	}),
	nothingToChange: () => ({
		what: 'no field to change was added',
		fix: `add the fields to change (Text, Publish At or Settings (JSON)), or choose Media and Follow-Up Parts → ${PARTS_CHOICES.replace} to change those`,
	}),
	unknownPartsChoice: ({ value }: { value: unknown }) => ({
		what: `is ${shownValue(value)}, not one of its options`,
		fix: `choose ${choice('none')} or ${choice('replace')}, or ${choice('notSaid')} for Settings (JSON) alone`,
	}),
	/** Post → Update: a new Text or Publish At (`resending`) while the parts are Not Said. */
	partsNotSaid: ({ resending }: { resending: Array<'content' | 'date'> }) => ({
		what: `is ${PARTS_CHOICES.notSaid}, and a new ${resending.map((name) => (name === 'content' ? 'Text' : 'Publish At')).join(' and ')} sends the whole post again, which replaces its media and follow-up parts; the service does not show them, so the node cannot keep them`,
		fix: `choose ${PARTS_CHOICES.none} when it has neither, or ${PARTS_CHOICES.replace} and give them (left empty: none)`,
	}),
	postNotFound: ({ postId, from, to }: { postId: string; from: string; to: string }) => ({
		what: `no post ${postId} among the organisation's posts dated ${from} to ${to}; it may have been deleted`,
		fix: 'take the ID from Post → Get Many, Post → Create or the trigger; a deleted post cannot be changed (the service would make a new post of it), Post → Create makes a new one',
	}),
	postPublished: ({ postId, publishDate }: { postId: string; publishDate: string }) => ({
		what: `post ${postId} is already published (${publishDate.slice(0, 16).replace('T', ' ')} UTC)`,
		fix: 'a published post is not changed on its platform: make a new one with Post → Create, or put this one back in the queue with Post → Set Status (Schedule, Republish)',
	}),
	/**
	 * Post → Update: items of one run (`items`, numbered from 1, this one among them) naming the
	 * same post; the first of them may change it, each later one is refused before anything is sent.
	 */
	postNamedTwice: ({ postId, items }: { postId: string; items: number[] }) => {
		const named = `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
		return {
			what: `items ${named} of this run all name post ${postId}; only the first of them (item ${items[0]}) may change it, as each later one would change it again and replace that item's edit`,
			fix: `give each post to one item: merge the changes of items ${named} into one item and remove the others (a Remove Duplicates node comparing the Post ID, before this node, keeps the first of them), then run again`,
		};
	},
	channelGone: () => ({
		what: "the post's channel is no longer among the organisation's channels",
		fix: 'connect the channel again, or make a new post on another channel with Post → Create',
	}),
	/**
	 * Post → Update: a new text, date, media or follow-up parts while other posts share the group
	 * (`others`, as GET /posts lists them), of which an edit deletes what it does not send.
	 */
	groupShared: (f: {
		postId: string;
		others: Array<{ id: string; channelName: string; platform: string }>;
	}) => {
		const named = f.others.map(({ id, channelName, platform }) => {
			const shown = isPlatformId(platform)
				? platformName(platform)
				: platform || 'platform unknown';
			return `${channelName ? `"${channelName}"` : 'a channel'} (${shown}) post ${id}`;
		});
		const one = named.length === 1;
		return {
			what: `post ${f.postId} shares its group with ${one ? 'another post' : `${named.length} other posts`}: ${named.join(', ')}; this service deletes the posts of the group that an edit does not send, so a new text, date, media or follow-up parts would delete ${one ? 'it' : 'them'}`,
			fix: 'change its settings alone (Update Fields → Settings (JSON) without Text or Publish At, sent through PUT /posts/:id/settings, which changes no other post), or make the post anew with Post → Create',
		};
	},
} satisfies Record<string, (figures: never, field: NodeField) => Worded>;

/** A finding as data: its code and its figures (the parameter of its wording above). */
export type NodeFinding = Coded<typeof FINDINGS>;

export function wordFinding(finding: NodeFinding, field: NodeField): Worded {
	const word = FINDINGS[finding.code] as (figures: NodeFinding, field: NodeField) => Worded;
	return word(finding, field);
}
