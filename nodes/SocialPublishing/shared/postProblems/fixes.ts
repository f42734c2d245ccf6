/** How to fix a problem, in the editor's words: what to change, in which field, to what. */
import { MEDIA_EXTENSIONS, PLATFORMS, POST_LIMITS } from '../platforms';
import type { FieldFault, PlatformProblem, RuleProblem } from '../postRules';
import { LENGTH_COUNTING_WORDS } from '../postRules/text';
import type { JsonRefusal } from '../userValues';
import { NODE_FIELD_LABELS, PARTS_CHOICES, type Located, type PartsChoice } from './places';
import type {
	DelayProblem,
	EntryLabel,
	MediaUrlRefusal,
	NodeField,
	NodeFinding,
	ProblemContext,
} from './types';

const ENDINGS = Object.keys(MEDIA_EXTENSIONS).join(', ');

function settingHint(
	rest: string[],
	fault: FieldFault,
	channel: EntryLabel | undefined,
	context: ProblemContext,
): string {
	const key = rest[1];
	const platform = channel?.platform;
	const rules = platform ? PLATFORMS[platform] : undefined;
	const field = rules?.settings?.find((setting) => setting.name === key);
	const inJson = context.inputMode === 'json' || channel?.settingsMode === 'json';
	const where = inJson
		? "in the channel's settings JSON"
		: `in this channel's ${rules?.displayName ?? ''} settings`;
	if (key === undefined)
		return inJson ? 'give the settings as a JSON object' : 'check the settings of this channel';
	if (!inJson && channel?.platformGiven === false && rules) {
		return (
			`set Platform to ${rules.displayName} to fill in its settings, ` +
			'or give them as JSON (Settings: Using JSON)'
		);
	}
	if (fault.code === 'missing') {
		const values = field?.values ? ` (one of: ${field.values.join(', ')})` : '';
		return inJson
			? `add "${key}"${values} to the channel's settings JSON`
			: `fill in "${field?.label ?? key}"${values} ${where}`;
	}
	if (field?.values) return `use one of: ${field.values.join(', ')} ${where}`;
	if (field?.type === 'boolean') return `give true or false (a JSON boolean, not text) ${where}`;
	if (field?.minLength !== undefined && field?.maxLength !== undefined) {
		return `use ${field.minLength} to ${field.maxLength} characters ${where}`;
	}
	if (field?.maxLength !== undefined) return `use at most ${field.maxLength} characters ${where}`;
	if (field?.minLength !== undefined) {
		return field.minLength === 1
			? `fill in "${field.label}" ${where}`
			: `use at least ${field.minLength} characters ${where}`;
	}
	if (field?.type === 'media')
		return 'give the ID and path of an image uploaded with Media → Upload';
	if (field?.patternHint) return `give ${field.patternHint}`;
	return `correct it ${where}`;
}

export function fieldHint(
	ruleProblem: Extract<RuleProblem, { kind: 'field' }>,
	located: Located,
	context: ProblemContext,
): string {
	const { rest } = located;
	const top = ruleProblem.path.split('.')[0];
	const channel =
		located.entryIndex !== undefined ? context.channels[located.entryIndex] : undefined;
	if (located.entryIndex === undefined) {
		switch (top) {
			case 'type':
				return `use one of: ${POST_LIMITS.types.join(', ')}`;
			case 'date':
				return 'give an ISO 8601 date and time, e.g. 2030-01-15T10:00:00Z';
			case 'shortLink':
				return 'give true or false (a JSON boolean)';
			case 'tags':
				return 'give tags as {"value", "label"} objects; label is the name of an existing tag';
			case 'inter':
				return (
					`give a whole number of days, ${POST_LIMITS.interMin} or more ` +
					'(a JSON number, not text)'
				);
			case 'posts': {
				const { min, max } = POST_LIMITS.postsPerRequest;
				return context.inputMode === 'json'
					? `give ${min} to ${max} entries in "posts", one per channel ` +
							'({"integration": {"id": ...}, "value": [...]}); split a longer list over several items'
					: `add ${min} to ${max} channels under Channels; split a longer list over several items`;
			}
			default:
				return context.inputMode === 'json'
					? 'give the whole POST /posts body as one JSON object'
					: 'correct the request body';
		}
	}
	if (rest[0] === 'integration') return 'pick the channel from the list, or give its ID';
	if (rest[0] === 'settings') return settingHint(rest, ruleProblem.fault, channel, context);
	if (rest[0] === 'value') {
		if (rest.length === 1) {
			return `give ${POST_LIMITS.partsPerPost.min} to ${POST_LIMITS.partsPerPost.max} parts`;
		}
		if (rest.length === 2) return 'give the part text, media, or both (or remove the part)';
		if (rest[2] === 'content') return 'give the text as a string';
		if (rest.length === 3) return `give at most ${POST_LIMITS.mediaPerPart} media per part`;
		if (rest[4] === 'path')
			return `use the path of a file uploaded with Media → Upload, ending in ${ENDINGS}`;
		if (rest[4] === 'id')
			return 'use the ID of the uploaded file (Media → Upload answers id and path)';
		return 'give each media item as {id, path, alt?} of an uploaded file';
	}
	return `correct ${located.field}`;
}

export function platformHint(problem: PlatformProblem): string {
	const rules = PLATFORMS[problem.platform];
	if (problem.rule === 'tooLong') {
		const links = LENGTH_COUNTING_WORDS[rules.lengthCounting];
		return `shorten the text to at most ${problem.limit} characters (counted without HTML tags${links}), or move some of it into a follow-up part`;
	}
	const rule = withoutFinalPeriod(rules.mediaRule);
	return `${rules.displayName} takes: ${rule} (a draft skips this check)`;
}

export function delayHint(problem: DelayProblem): string {
	return (
		`give a whole number of minutes from 0 to ${problem.max} ` +
		'(0: right after the previous part)'
	);
}

/** The endings a media URL may have, in words (".png, .jpg, … or .mp4"). */
export const ENDINGS_IN_WORDS = ENDINGS.replace(/, (?=[^,]*$)/, ' or ');

export function mediaUrlHint(refusal: MediaUrlRefusal): string {
	switch (refusal.code) {
		case 'address':
			return refusal.fix;
		case 'upperCaseEnding':
		case 'fragment':
		case 'noEnding':
			return (
				`give the file's own address, whose path ends in ${ENDINGS_IN_WORDS} in lower case ` +
				'before any "?" and with no "#" part, or upload the file with Media → Upload and give its ID and path'
			);
		case 'besideIdOrPath':
			return 'give either "url" (the node uploads it first) or the "id" and "path" of an uploaded file';
		case 'notFetched':
			return 'check that the address opens the file itself (not a page showing it) from the internet, and that it is a JPEG, PNG, GIF, WEBP or MP4 file (images up to 10 MB)';
	}
}

/** How to write a date the node reads (Publish At, in fields mode and in Post → Update). */
export const DATE_HINT =
	"give a date that exists, in ISO 8601: 2030-01-15T10:00 (in the workflow's time zone) or " +
	'2030-01-15T10:00:00Z';

/** How to fix a JSON parameter, by why it was not read. */
const JSON_HINTS: Record<JsonRefusal, string> = {
	tooDeep: 'give the JSON with fewer levels of objects and lists inside each other',
	tooLong: 'shorten it: the service refuses request bodies over 100 kB',
	notJson:
		'write valid JSON (double quotes around names and texts), or use an expression that returns an object',
};

/** How to give a binary field a post can use: by what the item holds. */
function binaryFileHint(finding: Extract<NodeFinding, { code: 'binaryFile' }>): string {
	const { property, present, refusal } = finding;
	if (refusal.code === 'empty')
		return 'check the node that produced the file (an empty download or read), then run again';
	if (!present.includes(property)) {
		return present.length
			? `set Binary Field to one of the item's binary fields: ${present.join(', ')}`
			: 'read or download the file in an earlier node (e.g. HTTP Request), or use the ID and path of an uploaded file';
	}
	return `posts take ${ENDINGS} files up to 10 MB (images) or 50 MB (videos); convert or resize the file, or use Media → Upload From URL for bigger videos`;
}

/** An option of Media and Follow-Up Parts in the editor's words, with its value for expressions. */
const choiceWords = (choice: PartsChoice) => `${PARTS_CHOICES[choice]} (${choice})`;

/** How to fix a problem the node found itself. */
export function nodeHint(problem: NodeFinding & { field: NodeField }): string {
	switch (problem.code) {
		case 'channelNotText':
			return 'pick a channel from the list, or give its ID as text (an expression that gives an object needs .id or similar)';
		case 'noChannel':
			return 'pick a channel from the list, or give its ID';
		case 'malformedChannelId':
			return 'an ID has no spaces, slashes, ? or #: pick the channel from the list or paste its ID alone';
		case 'platformMismatch':
			return `set Platform to ${PLATFORMS[problem.actual].displayName} (or to Look Up From Channel with settings as JSON)`;
		case 'dateNotRead':
			return problem.field === 'currentDate'
				? "give the post's publishDate as Post → Get Many outputs it, or remove the option " +
						'(the post is then searched for a year back to ten ahead)'
				: DATE_HINT;
		case 'pastDate': {
			// Post → Update has no Type: the date is the one thing to change.
			if (problem.field === 'updateDate')
				return 'give a date in the future (check the year); to send it on purpose (the service then publishes the post at once), turn on Options → Allow Past Date';
			const publishNow =
				problem.field === 'requestJsonDate' ? 'give "type": "now"' : 'set Type to Now';
			return (
				`set a date in the future (check the year); to publish at once, ${publishNow}; ` +
				'to send a past date on purpose, turn on Options → Allow Past Date'
			);
		}
		case 'repeatNotWhole':
			return `give a whole number of days, ${problem.min} or more`;
		case 'jsonNotRead':
			return JSON_HINTS[problem.why];
		case 'requestNotObject':
			return 'give the whole POST /posts body as one object: {"type": ..., "date": ..., "shortLink": ..., "tags": [...], "posts": [...]}';
		case 'settingsNotObject':
			return 'give the settings to change as one object, e.g. {"who_can_reply_post": "everyone"}';
		case 'bodyTooLarge':
			return problem.field === 'settingsJson'
				? 'give fewer or shorter settings in one run'
				: 'split the channels (or the parts) over several items, or shorten the texts';
		case 'binaryFile':
			return binaryFileHint(problem);
		case 'noPostingTimes':
			return 'set posting times for this channel in the service, or choose "At a Date and Time"';
		case 'channelDisabled':
			return 'enable the channel in the service, or choose "At a Date and Time"';
		case 'nothingToChange':
			return (
				'add the fields to change (Text, Publish At or Settings (JSON)), or choose ' +
				`${NODE_FIELD_LABELS.mediaAndFollowUps} → ${PARTS_CHOICES.replace} to change those`
			);
		case 'unknownPartsChoice':
			return `choose ${choiceWords('none')} or ${choiceWords('replace')}, or ${choiceWords('notSaid')} for Settings (JSON) alone`;
		case 'partsNotSaid':
			return (
				`choose ${PARTS_CHOICES.none} when it has neither, or ${PARTS_CHOICES.replace} and ` +
				'give them (left empty: none)'
			);
		case 'postNotFound':
			return 'take the ID from Post → Get Many, Post → Create or the trigger; a deleted post cannot be changed (the service would make a new post of it), Post → Create makes a new one';
		case 'postPublished':
			return 'a published post is not changed on its platform: make a new one with Post → Create, or put this one back in the queue with Post → Set Status (Schedule, Republish)';
		case 'channelGone':
			return 'connect the channel again, or make a new post on another channel with Post → Create';
		case 'groupShared':
			return 'change its settings alone (Update Fields → Settings (JSON) without Text or Publish At, sent through PUT /posts/:id/settings, which changes no other post), or make the post anew with Post → Create';
	}
}

export function withoutFinalPeriod(text: string): string {
	return text.endsWith('.') ? text.slice(0, -1) : text;
}
