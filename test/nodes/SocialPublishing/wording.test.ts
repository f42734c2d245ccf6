/**
 * The table of messages: every message of a post's problems (shared/postProblems/) and of the
 * service's answers (shared/errors.ts) is pinned here, word for word, once; other tests assert what
 * they are about (the field, the item, the code). Also the wording standard of issue 14, checked
 * where no request is needed: no doubled full stop, no angle-bracket placeholder.
 */
import type {
	INode,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
} from 'n8n-workflow';

import { SocialPublishingApi } from '../../../credentials/SocialPublishingApi.credentials';
import { SocialPublishing } from '../../../nodes/SocialPublishing/SocialPublishing.node';
import { SocialPublishingTrigger } from '../../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
import { ROUTES } from './routes';
import {
	explainFailure,
	rateLimitError,
	type Failure,
} from '../../../nodes/SocialPublishing/shared/errors';
import type { Explained } from '../../../nodes/SocialPublishing/shared/routeFacts';
import {
	describeProblem,
	problemsError,
	type BinaryFileRefusal,
	type DelayProblem,
	type MediaUrlRefusal,
	type NodeField,
	type NodeFinding,
	type Problem,
	type ProblemContext,
	type WordedProblem,
} from '../../../nodes/SocialPublishing/shared/postProblems';
import type { FieldFault } from '../../../nodes/SocialPublishing/shared/postRules';
import {
	deleteAnswered500,
	type AfterDelete500,
} from '../../../nodes/SocialPublishing/resources/post/delete';

type Json = Record<string, unknown>;

/** Two full stops in a row, but not an ellipsis ("pos_..."). */
const DOUBLED = /(?<!\.)\.\s*\.(?!\.)/;

type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** Every text of a property list the editor shows, labelled with where it is. */
function textsOf(entries: Entry[], where: string): Array<[string, string]> {
	return entries.flatMap((entry) => {
		const here = `${where} → ${'displayName' in entry ? entry.displayName : entry.name}`;
		const own = (['description', 'hint', 'placeholder', 'action'] as const)
			.map((key) => [here, (entry as unknown as Record<string, unknown>)[key]] as const)
			.filter((pair): pair is readonly [string, string] => typeof pair[1] === 'string')
			.map(([label, text]) => [label, text] as [string, string]);
		const children = [
			...(Array.isArray((entry as INodeProperties).options)
				? ((entry as INodeProperties).options as Entry[])
				: []),
			...(Array.isArray((entry as INodePropertyCollection).values)
				? (entry as INodePropertyCollection).values
				: []),
		];
		return [...own, ...textsOf(children, here)];
	});
}

describe('no doubled full stops', () => {
	test('in any description, hint, placeholder or action of the nodes and the credential', () => {
		const texts = [
			...textsOf(new SocialPublishing().description.properties, 'Social Publishing'),
			...textsOf(new SocialPublishingTrigger().description.properties, 'Social Publishing Trigger'),
			...textsOf(new SocialPublishingApi().properties, 'credential'),
			...new SocialPublishingApi().test.rules!.map(
				(rule) =>
					['credential test', String((rule.properties as { message: string }).message)] as [
						string,
						string,
					],
			),
		];
		expect(texts.length).toBeGreaterThan(100);
		expect(texts.filter(([, text]) => DOUBLED.test(text))).toEqual([]);
	});

	// The service's own texts often end with a full stop ("Unsupported file type.", "posts.0.value.0. If images ...").
	test.each([400, 401, 402, 403, 404, 413, 418, 500, 503])(
		'in the error for an HTTP %i whose service message ends with one',
		(status) => {
			for (const path of ['/upload', '/posts', '/integrations/abc', '/find-slot/abc', '/media']) {
				for (const body of [
					{ msg: 'Something went wrong.' },
					{ message: ['a.', 'b.'] },
					{ statusCode: status, provider: 'x', name: 'Shop', message: 'Too long.' },
				]) {
					const { message, description } = explainFailure({
						method: 'POST',
						path,
						route: ROUTES('POST', path),
						status,
						body,
						attempts: 2,
					});
					expect(`${message}\n${description}`).not.toMatch(DOUBLED);
				}
			}
		},
	);
});

/**
 * n8n shows an error's description (and the credential test's message) as HTML, so an example written with an
 * angle-bracket placeholder loses it: "e.g. https://<your-host>/api/public/v1" reads "e.g. https:///api/public/v1".
 */
describe('no angle-bracket placeholders in what n8n shows as HTML', () => {
	const ANGLE_PLACEHOLDER = /<[a-z][\w-]*>/i;

	test("in the credential test's messages", () => {
		const messages = new SocialPublishingApi().test.rules!.map((rule) =>
			String((rule.properties as { message: string }).message),
		);
		expect(messages.filter((message) => ANGLE_PLACEHOLDER.test(message))).toEqual([]);
	});

	test.each([400, 401, 402, 403, 404, 405, 413, 429, 500, 503])(
		'in the error for an HTTP %i',
		(status) => {
			for (const path of [
				'/upload',
				'/posts',
				'/integrations/abc',
				'/find-slot/abc',
				'/media',
				'/is-connected',
			]) {
				for (const body of [{ message: `Cannot GET ${path}` }, { msg: 'Something went wrong' }]) {
					const { message, description } = explainFailure({
						method: 'GET',
						path,
						route: ROUTES('GET', path),
						status,
						body,
						attempts: 1,
					});
					expect(`${message}\n${description}`).not.toMatch(ANGLE_PLACEHOLDER);
				}
			}
		},
	);
});

type Where = { entryIndex?: number; partIndex?: number; mediaIndex?: number };
const node = (field: NodeField, finding: NodeFinding, where: Where = {}): Problem =>
	({ kind: 'node', field, ...where, ...finding }) as Problem;
const field = (path: string, fault: FieldFault): Problem => ({
	kind: 'field',
	path,
	fault,
	message: `${path} (the service's words)`,
});
const delay = (refusal: DelayProblem['refusal'], value: unknown): Problem => ({
	kind: 'delay',
	entryIndex: 0,
	partIndex: 1,
	value,
	refusal,
	max: 10080,
});
const url = (refusal: MediaUrlRefusal): Problem => ({
	kind: 'mediaUrl',
	entryIndex: 0,
	partIndex: 0,
	mediaIndex: 1,
	refusal,
});
const bin = (refusal: BinaryFileRefusal, present = ['data']): Problem =>
	node(
		'binaryField',
		{ code: 'binaryFile', property: 'data', present, refusal },
		{ entryIndex: 0, partIndex: 0, mediaIndex: 0 },
	);
const json = { inputMode: 'json' as const };
const x = 'https://cdn.example.com/a';

/**
 * A post's problems (shared/postProblems/): where, what and how to fix, each worded once here. The
 * channels of the request: a named X channel, a YouTube one with settings as JSON, one without ID,
 * one the service does not list, an Instagram one whose platform is looked up.
 */
const CONTEXT: ProblemContext = {
	itemIndex: 0,
	inputMode: 'fields',
	contentMode: 'perChannel',
	channels: [
		{ id: 'c1', name: 'Shop', platform: 'x', settingsMode: 'fields', platformGiven: true },
		{ id: 'c2', platform: 'youtube', settingsMode: 'json' },
		{ id: '', settingsMode: 'fields' },
		{ id: 'c4', notListed: true, settingsMode: 'fields' },
		{ id: 'c5', name: 'Page', platform: 'instagram', settingsMode: 'fields', platformGiven: false },
	],
};
const POST_PROBLEMS: Array<
	{
		label: string;
		problem: Problem;
		context?: Partial<ProblemContext>;
		body?: Json;
	} & WordedProblem
> = [
	// where: the channel, the part
	{
		label: 'channel without name',
		problem: node('channel', { code: 'noChannel' }, { entryIndex: 1 }),
		what: 'Item 1, channel 2 c2 (YouTube), Channel: no channel chosen',
		fix: 'pick a channel from the list, or give its ID',
	},
	{
		label: 'channel without id',
		problem: node('channel', { code: 'noChannel' }, { entryIndex: 2 }),
		what: 'Item 1, channel 3 (no ID, platform unknown), Channel: no channel chosen',
		fix: 'pick a channel from the list, or give its ID',
	},
	{
		label: 'channel not listed',
		problem: node('channel', { code: 'noChannel' }, { entryIndex: 3 }),
		what: "Item 1, channel 4 c4 (not among the service's channels), Channel: no channel chosen",
		fix: 'pick a channel from the list, or give its ID',
	},
	{
		label: 'channel beyond the list',
		problem: node('channel', { code: 'noChannel' }, { entryIndex: 9 }),
		what: 'Item 1, channel 10, Channel: no channel chosen',
		fix: 'pick a channel from the list, or give its ID',
	},
	{
		label: 'parts shared by every channel',
		problem: delay('empty', ''),
		context: { contentMode: 'same' },
		what: 'Item 1, channel 1 "Shop" (X), Parts → part 2 (follow-up 1), Delay (Minutes): is empty; the minutes are missing',
		fix: 'give a whole number of minutes from 0 to 10080 (0: right after the previous part)',
	},
	// the node's own findings
	{
		label: 'channelNotText',
		problem: node('channel', { code: 'channelNotText', value: { id: 'c1' } }, { entryIndex: 0 }),
		what: 'Item 1, channel 1 "Shop" (X), Channel: {"id":"c1"} is not a channel ID',
		fix: 'pick a channel from the list, or give its ID as text (an expression that gives an object needs .id or similar)',
	},
	{
		label: 'malformedChannelId',
		problem: node('channel', { code: 'malformedChannelId', id: 'a b/c' }, { entryIndex: 0 }),
		what: 'Item 1, channel 1 "Shop" (X), Channel: "a b/c" is not a channel ID',
		fix: 'an ID has no spaces, slashes, ? or #: pick the channel from the list or paste its ID alone',
	},
	{
		label: 'platformMismatch',
		problem: node(
			'platform',
			{ code: 'platformMismatch', given: 'x', actual: 'linkedin' },
			{ entryIndex: 0 },
		),
		what: 'Item 1, channel 1 "Shop" (X), Platform: Platform is set to X, but the channel is on LinkedIn',
		fix: 'set Platform to LinkedIn (or to Look Up From Channel with settings as JSON)',
	},
	{
		label: 'dateNotRead empty',
		problem: node('date', { code: 'dateNotRead', value: '', read: { refused: 'empty' } }),
		what: 'Item 1, Publish At: is empty',
		fix: "give a date that exists, in ISO 8601: 2030-01-15T10:00 (in the workflow's time zone) or 2030-01-15T10:00:00Z",
	},
	{
		label: 'dateNotRead not a date',
		problem: node('date', {
			code: 'dateNotRead',
			value: 'tomorrow',
			read: { refused: 'not a date' },
		}),
		what: 'Item 1, Publish At: "tomorrow" is not a date',
		fix: "give a date that exists, in ISO 8601: 2030-01-15T10:00 (in the workflow's time zone) or 2030-01-15T10:00:00Z",
	},
	{
		label: 'dateNotRead does not exist',
		problem: node('updateDate', {
			code: 'dateNotRead',
			value: '2030-02-30',
			read: { refused: 'does not exist', why: 'February has 28 days in 2030' },
		}),
		what: 'Item 1, Update Fields → Publish At: "2030-02-30" does not exist: February has 28 days in 2030',
		fix: "give a date that exists, in ISO 8601: 2030-01-15T10:00 (in the workflow's time zone) or 2030-01-15T10:00:00Z",
	},
	{
		label: 'dateNotRead current date',
		problem: node('currentDate', {
			code: 'dateNotRead',
			value: 'x',
			read: { refused: 'not a date' },
		}),
		what: 'Item 1, Options → Current Publish Date: "x" is not a date',
		fix: "give the post's publishDate as Post → Get Many outputs it, or remove the option (the post is then searched for a year back to ten ahead)",
	},
	{
		label: 'pastDate',
		problem: node('date', {
			code: 'pastDate',
			instant: Date.UTC(2025, 2, 1, 9),
			timeZone: 'Europe/Berlin',
			lateMs: 3 * 86_400_000 + 5000,
		}),
		what: 'Item 1, Publish At: the date has passed: it was 2025-03-01 10:00 (Europe/Berlin), 3 days ago, and the service would publish the post at once',
		fix: 'set a date in the future (check the year); to publish at once, set Type to Now; to send a past date on purpose, turn on Options → Allow Past Date',
	},
	{
		label: 'pastDate in Request (JSON)',
		problem: node('requestJsonDate', {
			code: 'pastDate',
			instant: Date.UTC(2025, 2, 1, 9),
			timeZone: 'UTC',
			lateMs: 3_600_000,
		}),
		context: json,
		what: 'Item 1, "date" in Request (JSON): the date has passed: it was 2025-03-01 09:00 (UTC), 1 hour ago, and the service would publish the post at once',
		fix: 'set a date in the future (check the year); to publish at once, give "type": "now"; to send a past date on purpose, turn on Options → Allow Past Date',
	},
	{
		label: 'pastDate of Update',
		problem: node('updateDate', {
			code: 'pastDate',
			instant: Date.UTC(2025, 2, 1, 9),
			timeZone: 'UTC',
			lateMs: 2 * 60_000,
		}),
		what: 'Item 1, Update Fields → Publish At: the date has passed: it was 2025-03-01 09:00 (UTC), 2 minutes ago, and the service would publish the post at once',
		fix: 'give a date in the future (check the year); to send it on purpose (the service then publishes the post at once), turn on Options → Allow Past Date',
	},
	{
		label: "pastDate, the post's own",
		problem: node('currentDate', {
			code: 'pastDate',
			instant: Date.UTC(2025, 2, 1, 9),
			timeZone: 'UTC',
			lateMs: 400 * 86_400_000,
			postsOwnDate: true,
		}),
		what: "Item 1, Options → Current Publish Date: the post's date has passed (no new date was given): it was 2025-03-01 09:00 (UTC), 1 year ago, and the service would publish the post at once",
		fix: 'set a date in the future (check the year); to publish at once, set Type to Now; to send a past date on purpose, turn on Options → Allow Past Date',
	},
	{
		label: 'pastDate, seconds late',
		problem: node('date', {
			code: 'pastDate',
			instant: Date.UTC(2025, 2, 1, 9),
			timeZone: 'UTC',
			lateMs: 20_000,
		}),
		what: 'Item 1, Publish At: the date has passed: it was 2025-03-01 09:00 (UTC), less than a minute ago, and the service would publish the post at once',
		fix: 'set a date in the future (check the year); to publish at once, set Type to Now; to send a past date on purpose, turn on Options → Allow Past Date',
	},
	{
		label: 'repeatNotWhole',
		problem: node('repeatEvery', {
			code: 'repeatNotWhole',
			min: 1,
			said: '1.5 is not a whole number',
		}),
		what: 'Item 1, Repeat Every (Days): must be a whole number of days, 1 or more; 1.5 is not a whole number',
		fix: 'give a whole number of days, 1 or more',
	},
	{
		label: 'jsonNotRead tooDeep',
		problem: node('requestJson', {
			code: 'jsonNotRead',
			why: 'tooDeep',
			said: 'the reader says: too deep',
		}),
		context: json,
		what: 'Item 1, Request (JSON): the reader says: too deep',
		fix: 'give the JSON with fewer levels of objects and lists inside each other',
	},
	{
		label: 'jsonNotRead tooLong',
		problem: node(
			'settingsJson',
			{ code: 'jsonNotRead', why: 'tooLong', said: 'the reader says: too long' },
			{ entryIndex: 1 },
		),
		what: 'Item 1, channel 2 c2 (YouTube), Settings (JSON): the reader says: too long',
		fix: 'shorten it: the service refuses request bodies over 100 kB',
	},
	{
		label: 'jsonNotRead notJson',
		problem: node('updateSettingsJson', {
			code: 'jsonNotRead',
			why: 'notJson',
			said: 'the reader says: not JSON',
		}),
		what: 'Item 1, Update Fields → Settings (JSON): the reader says: not JSON',
		fix: 'write valid JSON (double quotes around names and texts), or use an expression that returns an object',
	},
	{
		label: 'requestNotObject list',
		problem: node('requestJson', { code: 'requestNotObject', value: [1] }),
		context: json,
		what: 'Item 1, Request (JSON): must be a JSON object; it is a list',
		fix: 'give the whole POST /posts body as one object: {"type": ..., "date": ..., "shortLink": ..., "tags": [...], "posts": [...]}',
	},
	{
		label: 'requestNotObject empty',
		problem: node('requestJson', { code: 'requestNotObject', value: undefined }),
		context: json,
		what: 'Item 1, Request (JSON): must be a JSON object; it is empty',
		fix: 'give the whole POST /posts body as one object: {"type": ..., "date": ..., "shortLink": ..., "tags": [...], "posts": [...]}',
	},
	{
		label: 'requestNotObject text',
		problem: node('requestJson', { code: 'requestNotObject', value: 'hello' }),
		context: json,
		what: 'Item 1, Request (JSON): must be a JSON object; it is string "hello"',
		fix: 'give the whole POST /posts body as one object: {"type": ..., "date": ..., "shortLink": ..., "tags": [...], "posts": [...]}',
	},
	{
		label: 'settingsNotObject',
		problem: node('updateSettingsJson', { code: 'settingsNotObject', value: [] }),
		what: 'Item 1, Update Fields → Settings (JSON): must be a JSON object of settings; it is []',
		fix: 'give the settings to change as one object, e.g. {"who_can_reply_post": "everyone"}',
	},
	{
		label: 'bodyTooLarge',
		problem: node('request', { code: 'bodyTooLarge', bytes: 150_000, max: 102_400 }),
		what: 'Item 1, the request: the request body is 147 kB; the service refuses bodies over 100 kB',
		fix: 'split the channels (or the parts) over several items, or shorten the texts',
	},
	{
		label: 'bodyTooLarge settings',
		problem: node('settingsJson', { code: 'bodyTooLarge', bytes: 150_000, max: 102_400 }),
		what: 'Item 1, Settings (JSON): the request body is 147 kB; the service refuses bodies over 100 kB',
		fix: 'give fewer or shorter settings in one run',
	},
	{
		label: 'binary noField, others present',
		problem: bin({ code: 'noField' }, ['image', 'video']),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 1 → Binary Field: the item has no binary field "data"',
		fix: "set Binary Field to one of the item's binary fields: image, video",
	},
	{
		label: 'binary noField, none present',
		problem: bin({ code: 'noField' }, []),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 1 → Binary Field: the item has no binary field "data"',
		fix: 'read or download the file in an earlier node (e.g. HTTP Request), or use the ID and path of an uploaded file',
	},
	{
		label: 'binary empty',
		problem: bin({ code: 'empty', fileName: 'a.png' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 1 → Binary Field: the file "a.png" is empty (0 bytes)',
		fix: 'check the node that produced the file (an empty download or read), then run again',
	},
	{
		label: 'binary unknownType',
		problem: bin({ code: 'unknownType', fileName: 'a.bin' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 1 → Binary Field: the file "a.bin" is not a type the service accepts',
		fix: 'posts take .png, .jpg, .jpeg, .webp, .gif, .mp4 files up to 10 MB (images) or 50 MB (videos); convert or resize the file, or use Media → Upload From URL for bigger videos',
	},
	{
		label: 'binary notForPosts',
		problem: bin({ code: 'notForPosts', fileName: 'a.pdf', mime: 'application/pdf' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 1 → Binary Field: the file "a.pdf" is application/pdf, which the service stores but posts cannot use',
		fix: 'posts take .png, .jpg, .jpeg, .webp, .gif, .mp4 files up to 10 MB (images) or 50 MB (videos); convert or resize the file, or use Media → Upload From URL for bigger videos',
	},
	{
		label: 'binary imageTooLarge',
		problem: bin({ code: 'imageTooLarge', fileName: 'a.png' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 1 → Binary Field: the image "a.png" is over 10 MB',
		fix: 'posts take .png, .jpg, .jpeg, .webp, .gif, .mp4 files up to 10 MB (images) or 50 MB (videos); convert or resize the file, or use Media → Upload From URL for bigger videos',
	},
	{
		label: 'binary tooLarge',
		problem: bin({ code: 'tooLarge', fileName: 'a.mp4' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 1 → Binary Field: the file "a.mp4" is over 50 MB',
		fix: 'posts take .png, .jpg, .jpeg, .webp, .gif, .mp4 files up to 10 MB (images) or 50 MB (videos); convert or resize the file, or use Media → Upload From URL for bigger videos',
	},
	{
		label: 'binary noFile',
		problem: bin({ code: 'noFile' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 1 → Binary Field: no file',
		fix: 'posts take .png, .jpg, .jpeg, .webp, .gif, .mp4 files up to 10 MB (images) or 50 MB (videos); convert or resize the file, or use Media → Upload From URL for bigger videos',
	},
	{
		label: 'noPostingTimes',
		problem: node('dateMode', { code: 'noPostingTimes' }, { entryIndex: 0 }),
		what: 'Item 1, channel 1 "Shop" (X), Date: the channel has no posting times set, so it has no free slot',
		fix: 'set posting times for this channel in the service, or choose "At a Date and Time"',
	},
	{
		label: 'channelDisabled',
		problem: node('dateMode', { code: 'channelDisabled' }, { entryIndex: 0 }),
		what: 'Item 1, channel 1 "Shop" (X), Date: the channel is disabled, and the service finds no slot for a disabled channel',
		fix: 'enable the channel in the service, or choose "At a Date and Time"',
	},
	{
		label: 'nothingToChange',
		problem: node('updateFields', { code: 'nothingToChange' }),
		context: { edit: true },
		what: 'Item 1, Update Fields: no field to change was added',
		fix: 'add the fields to change (Text, Publish At or Settings (JSON)), or choose Media and Follow-Up Parts → Replace With These to change those',
	},
	{
		label: 'unknownPartsChoice',
		problem: node('mediaAndFollowUps', { code: 'unknownPartsChoice', value: 'keep' }),
		what: 'Item 1, Media and Follow-Up Parts: is "keep", not one of its options',
		fix: 'choose The Post Has None (none) or Replace With These (replace), or Not Said (notSaid) for Settings (JSON) alone',
	},
	{
		label: 'partsNotSaid, text',
		problem: node('mediaAndFollowUps', { code: 'partsNotSaid', resending: ['content'] }),
		what: 'Item 1, Media and Follow-Up Parts: is Not Said, and a new Text sends the whole post again, which replaces its media and follow-up parts; the service does not show them, so the node cannot keep them',
		fix: 'choose The Post Has None when it has neither, or Replace With These and give them (left empty: none)',
	},
	{
		label: 'partsNotSaid, text and date',
		problem: node('mediaAndFollowUps', { code: 'partsNotSaid', resending: ['content', 'date'] }),
		what: 'Item 1, Media and Follow-Up Parts: is Not Said, and a new Text and Publish At sends the whole post again, which replaces its media and follow-up parts; the service does not show them, so the node cannot keep them',
		fix: 'choose The Post Has None when it has neither, or Replace With These and give them (left empty: none)',
	},
	{
		label: 'postNotFound',
		problem: node('postId', {
			code: 'postNotFound',
			postId: 'p1',
			from: '2025-01-01',
			to: '2036-01-01',
		}),
		what: "Item 1, Post ID: no post p1 among the organisation's posts dated 2025-01-01 to 2036-01-01; it may have been deleted",
		fix: 'take the ID from Post → Get Many, Post → Create or the trigger; a deleted post cannot be changed (the service would make a new post of it), Post → Create makes a new one',
	},
	{
		label: 'postPublished',
		problem: node('postId', {
			code: 'postPublished',
			postId: 'p1',
			publishDate: '2025-03-01T10:00:00.000Z',
		}),
		what: 'Item 1, Post ID: post p1 is already published (2025-03-01 10:00 UTC)',
		fix: 'a published post is not changed on its platform: make a new one with Post → Create, or put this one back in the queue with Post → Set Status (Schedule, Republish)',
	},
	{
		label: 'channelGone',
		problem: node('postId', { code: 'channelGone' }),
		what: "Item 1, Post ID: the post's channel is no longer among the organisation's channels",
		fix: 'connect the channel again, or make a new post on another channel with Post → Create',
	},
	{
		label: 'groupShared, one other',
		problem: node('postId', {
			code: 'groupShared',
			postId: 'p1',
			others: [{ id: 'p2', channelName: 'Shop', platform: 'x' }],
		}),
		what: 'Item 1, Post ID: post p1 shares its group with another post: "Shop" (X) post p2; this service deletes the posts of the group that an edit does not send, so a new text, date, media or follow-up parts would delete it',
		fix: 'change its settings alone (Update Fields → Settings (JSON) without Text or Publish At, sent through PUT /posts/:id/settings, which changes no other post), or make the post anew with Post → Create',
	},
	{
		label: 'groupShared, two others',
		problem: node('postId', {
			code: 'groupShared',
			postId: 'p1',
			others: [
				{ id: 'p2', channelName: '', platform: 'unknown-one' },
				{ id: 'p3', channelName: 'Page', platform: '' },
			],
		}),
		what: 'Item 1, Post ID: post p1 shares its group with 2 other posts: a channel (unknown-one) post p2, "Page" (platform unknown) post p3; this service deletes the posts of the group that an edit does not send, so a new text, date, media or follow-up parts would delete them',
		fix: 'change its settings alone (Update Fields → Settings (JSON) without Text or Publish At, sent through PUT /posts/:id/settings, which changes no other post), or make the post anew with Post → Create',
	},
	{
		label: 'postNamedTwice, two items',
		problem: node('postId', { code: 'postNamedTwice', postId: 'p1', items: [1, 3] }),
		context: { itemIndex: 2, edit: true },
		what: "Item 3, Post ID: items 1 and 3 of this run all name post p1; only the first of them (item 1) may change it, as each later one would change it again and replace that item's edit",
		fix: 'give each post to one item: merge the changes of items 1 and 3 into one item and remove the others (a Remove Duplicates node comparing the Post ID, before this node, keeps the first of them), then run again',
	},
	{
		label: 'postNamedTwice, three items',
		problem: node('postId', { code: 'postNamedTwice', postId: 'p1', items: [2, 4, 5] }),
		context: { itemIndex: 4, edit: true },
		what: "Item 5, Post ID: items 2, 4 and 5 of this run all name post p1; only the first of them (item 2) may change it, as each later one would change it again and replace that item's edit",
		fix: 'give each post to one item: merge the changes of items 2, 4 and 5 into one item and remove the others (a Remove Duplicates node comparing the Post ID, before this node, keeps the first of them), then run again',
	},
	// unknown channels
	{
		label: 'channel rule, empty id',
		problem: {
			kind: 'channel',
			entryIndex: 2,
			path: 'posts.2.integration.id',
			channelId: ' ',
			message: 'm',
		},
		what: 'Item 1, channel 3 (no ID, platform unknown), Channel: the channel ID is empty',
		fix: 'pick the channel from the list, or use an ID listed by GET /integrations',
	},
	{
		label: 'channel rule, JSON mode',
		problem: {
			kind: 'channel',
			entryIndex: 3,
			path: 'posts.3.integration.id',
			channelId: 'c4',
			message: 'm',
		},
		context: json,
		what: "Item 1, channel 4 c4 (not among the service's channels), Channel: no channel with id c4 in the organisation",
		fix: 'pick the channel from the list, or use an ID listed by GET /integrations',
		api: 'posts.3.integration.id names a channel the organisation does not have',
	},
	// platform rules
	{
		label: 'text too long, X',
		problem: {
			kind: 'platform',
			entryIndex: 0,
			partIndex: 0,
			platform: 'x',
			channelName: 'Shop',
			field: 'content',
			rule: 'tooLong',
			limit: 280,
			length: 300,
			message: 'post is too long, please fix it',
		},
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), Text: the text is 300 characters; X takes at most 280',
		fix: 'shorten the text to at most 280 characters (counted without HTML tags, as X counts: CJK characters and emoji count 2, each link at least 23), or move some of it into a follow-up part',
		api: '"post is too long, please fix it"',
	},
	{
		label: 'text too long, JSON mode',
		problem: {
			kind: 'platform',
			entryIndex: 1,
			partIndex: 1,
			platform: 'linkedin',
			channelName: '',
			field: 'content',
			rule: 'tooLong',
			limit: 3000,
			length: 3001,
			message: 'post is too long, please fix it',
		},
		context: json,
		what: 'Item 1, channel 2 c2 (YouTube), part 2 (follow-up 1), Text: the text is 3001 characters; LinkedIn takes at most 3000',
		fix: 'shorten the text to at most 3000 characters (counted without HTML tags), or move some of it into a follow-up part',
		api: '"post is too long, please fix it" (posts.1.value.1.content)',
	},
	{
		label: 'media rule, no body',
		problem: {
			kind: 'platform',
			entryIndex: 4,
			partIndex: 0,
			platform: 'instagram',
			channelName: 'Page',
			field: 'image',
			rule: 'noMedia',
			message: 'Should have at least one media.',
		},
		what: 'Item 1, channel 5 "Page" (Instagram (Business Account)), part 1 (the post), Media: Should have at least one media',
		fix: 'Instagram (Business Account) takes: At least one photo or video, up to 10. A trial reel is one video (a draft skips this check)',
		api: '"Should have at least one media."',
	},
	{
		label: 'media rule, ambiguous, none',
		problem: {
			kind: 'platform',
			entryIndex: 1,
			partIndex: 0,
			platform: 'youtube',
			channelName: '',
			field: 'image',
			rule: 'noMedia',
			message: 'You need one media',
		},
		body: { posts: [{}, { value: [{ image: [] }] }] },
		what: 'Item 1, channel 2 c2 (YouTube), part 1 (the post), Media: the part has no media; YouTube needs at least 1',
		fix: 'YouTube takes: Exactly one video (a draft skips this check)',
		api: '"You need one media"',
	},
	{
		label: 'media rule, ambiguous, too many',
		problem: {
			kind: 'platform',
			entryIndex: 1,
			partIndex: 0,
			platform: 'youtube',
			channelName: '',
			field: 'image',
			rule: 'tooMany',
			message: 'You need one media',
		},
		body: { posts: [{}, { value: [{ image: [{ path: 'a.mp4' }, { path: 'b.png' }] }] }] },
		what: 'Item 1, channel 2 c2 (YouTube), part 1 (the post), Media: the part has 1 video and 1 picture; YouTube takes at most 1',
		fix: 'YouTube takes: Exactly one video (a draft skips this check)',
		api: '"You need one media"',
	},
	{
		label: 'media rule with figures',
		problem: {
			kind: 'platform',
			entryIndex: 1,
			partIndex: 0,
			platform: 'youtube',
			channelName: '',
			field: 'image',
			rule: 'notVideo',
			message: 'Item must be a video',
		},
		body: { posts: [{}, { value: [{ image: [{ path: 'b.png' }] }] }] },
		what: 'Item 1, channel 2 c2 (YouTube), part 1 (the post), Media: Item must be a video (the part has 0 videos and 1 picture)',
		fix: 'YouTube takes: Exactly one video (a draft skips this check)',
		api: '"Item must be a video"',
	},
	// delays
	{
		label: 'delay text',
		problem: delay('text', '5'),
		what: 'Item 1, channel 1 "Shop" (X), part 2 (follow-up 1), Delay (Minutes): "5" is text; give the minutes as a JSON number',
		fix: 'give a whole number of minutes from 0 to 10080 (0: right after the previous part)',
	},
	{
		label: 'delay notNumber',
		problem: delay('notNumber', 'soon'),
		what: 'Item 1, channel 1 "Shop" (X), part 2 (follow-up 1), Delay (Minutes): "soon" is not a number of minutes',
		fix: 'give a whole number of minutes from 0 to 10080 (0: right after the previous part)',
	},
	{
		label: 'delay notWhole',
		problem: delay('notWhole', 1.5),
		what: 'Item 1, channel 1 "Shop" (X), part 2 (follow-up 1), Delay (Minutes): 1.5 is not a whole number of minutes',
		fix: 'give a whole number of minutes from 0 to 10080 (0: right after the previous part)',
	},
	{
		label: 'delay negative',
		problem: delay('negative', -1),
		what: 'Item 1, channel 1 "Shop" (X), part 2 (follow-up 1), Delay (Minutes): -1 is below 0',
		fix: 'give a whole number of minutes from 0 to 10080 (0: right after the previous part)',
	},
	{
		label: 'delay tooLarge',
		problem: delay('tooLarge', 20000),
		what: 'Item 1, channel 1 "Shop" (X), part 2 (follow-up 1), Delay (Minutes): 20000 is more than 10080 minutes (7 days)',
		fix: 'give a whole number of minutes from 0 to 10080 (0: right after the previous part)',
	},
	// media URLs
	{
		label: 'url address',
		problem: url({ code: 'address', words: 'the address words', fix: 'the address fix' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 2 → URL: the address words',
		fix: 'the address fix',
	},
	{
		label: 'url upperCaseEnding',
		problem: url({ code: 'upperCaseEnding', href: `${x}.PNG` }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 2 → URL: "https://cdn.example.com/a.PNG" ends in upper case; the service takes the endings in lower case only',
		fix: 'give the file\'s own address, whose path ends in .png, .jpg, .jpeg, .webp, .gif or .mp4 in lower case before any "?" and with no "#" part, or upload the file with Media → Upload and give its ID and path',
	},
	{
		label: 'url fragment',
		problem: url({ code: 'fragment', href: `${x}.png#top` }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 2 → URL: "https://cdn.example.com/a.png#top" has a "#" part after the file name, which the service reads as part of its ending',
		fix: 'give the file\'s own address, whose path ends in .png, .jpg, .jpeg, .webp, .gif or .mp4 in lower case before any "?" and with no "#" part, or upload the file with Media → Upload and give its ID and path',
	},
	{
		label: 'url noEnding',
		problem: url({ code: 'noEnding', href: `${x}` }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 2 → URL: "https://cdn.example.com/a" does not end in .png, .jpg, .jpeg, .webp, .gif or .mp4',
		fix: 'give the file\'s own address, whose path ends in .png, .jpg, .jpeg, .webp, .gif or .mp4 in lower case before any "?" and with no "#" part, or upload the file with Media → Upload and give its ID and path',
	},
	{
		label: 'url besideIdOrPath',
		problem: url({ code: 'besideIdOrPath' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 2 → URL: has "url" and also "id" or "path"',
		fix: 'give either "url" (the node uploads it first) or the "id" and "path" of an uploaded file',
	},
	{
		label: 'url notFetched',
		problem: url({ code: 'notFetched', href: `${x}.png`, said: 'The service said no.' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 2 → URL: the service could not upload "https://cdn.example.com/a.png": The service said no',
		fix: 'check that the address opens the file itself (not a page showing it) from the internet, and that it is a JPEG, PNG, GIF, WEBP or MP4 file (images up to 10 MB)',
	},
	// field faults (what) and top-level fixes
	{
		label: 'type',
		problem: field('type', { code: 'notOneOf', values: ['draft'] }),
		body: { type: 'later' },
		what: 'Item 1, Type: "later" is not one of the allowed values',
		fix: 'use one of: draft, schedule, now',
		api: "type (the service's words)",
	},
	{
		label: 'type, not text',
		problem: field('type', { code: 'notOneOf', values: ['draft'] }),
		body: { type: 1 },
		what: 'Item 1, Type: is not one of the allowed values',
		fix: 'use one of: draft, schedule, now',
		api: "type (the service's words)",
	},
	{
		label: 'date',
		problem: field('date', { code: 'notDate' }),
		what: 'Item 1, Publish At: must be a valid ISO 8601 date string',
		fix: 'give an ISO 8601 date and time, e.g. 2030-01-15T10:00:00Z',
		api: "date (the service's words)",
	},
	{
		label: 'date that does not exist',
		problem: field('date', { code: 'notDate', value: '2030-02-30', why: 'no such day' }),
		what: 'Item 1, Publish At: must be a valid ISO 8601 date string: "2030-02-30" does not exist (no such day)',
		fix: 'give an ISO 8601 date and time, e.g. 2030-01-15T10:00:00Z',
		api: "date (the service's words)",
	},
	{
		label: 'shortLink',
		problem: field('shortLink', { code: 'notBoolean' }),
		what: 'Item 1, Options → Shorten Links: must be true or false',
		fix: 'give true or false (a JSON boolean)',
		api: "shortLink (the service's words)",
	},
	{
		label: 'tags',
		problem: field('tags', { code: 'notArray' }),
		what: 'Item 1, Options → Tag Names or IDs: must be an array',
		fix: 'give tags as {"value", "label"} objects; label is the name of an existing tag',
		api: "tags (the service's words)",
	},
	{
		label: 'inter',
		problem: field('inter', { code: 'belowMin', min: 1 }),
		body: { inter: 0 },
		what: 'Item 1, Options → Repeat Every (Days): must be 1 or more; it is 0',
		fix: 'give a whole number of days, 1 or more (a JSON number, not text)',
		api: "inter (the service's words)",
	},
	{
		label: 'inter, not a number',
		problem: field('inter', { code: 'notInteger' }),
		what: 'Item 1, Options → Repeat Every (Days): must be an integer number',
		fix: 'give a whole number of days, 1 or more (a JSON number, not text)',
		api: "inter (the service's words)",
	},
	{
		label: 'posts, empty',
		problem: field('posts', { code: 'tooFewElements', min: 1 }),
		body: { posts: [] },
		what: 'Item 1, Channels: is empty; at least 1 needed',
		fix: 'add 1 to 50 channels under Channels; split a longer list over several items',
		api: "posts (the service's words)",
	},
	{
		label: 'posts, too many',
		problem: field('posts', { code: 'tooManyElements', max: 50 }),
		body: { posts: [1, 2] },
		what: 'Item 1, Channels: has 2; at most 50 allowed',
		fix: 'add 1 to 50 channels under Channels; split a longer list over several items',
		api: "posts (the service's words)",
	},
	{
		label: 'posts, JSON mode',
		problem: field('posts', { code: 'tooManyElements', max: 50 }),
		context: json,
		what: 'Item 1, "posts" in Request (JSON): may have at most 50',
		fix: 'give 1 to 50 entries in "posts", one per channel ({"integration": {"id": ...}, "value": [...]}); split a longer list over several items',
		api: "posts (the service's words)",
	},
	{
		label: 'body, JSON mode',
		problem: field('', { code: 'notObject' }),
		context: json,
		what: 'Item 1, Request (JSON): the request body must be a JSON object',
		fix: 'give the whole POST /posts body as one JSON object',
		api: " (the service's words)",
	},
	{
		label: 'unknown top field',
		problem: field('other', { code: 'notString' }),
		what: 'Item 1, other: must be a string',
		fix: 'correct the request body',
		api: "other (the service's words)",
	},
	{
		label: 'top field, JSON mode',
		problem: field('tags', { code: 'notArray' }),
		context: json,
		what: 'Item 1, "tags" in Request (JSON): must be an array',
		fix: 'give tags as {"value", "label"} objects; label is the name of an existing tag',
		api: "tags (the service's words)",
	},
	// inside a channel entry
	{
		label: 'integration',
		problem: field('posts.0.integration', { code: 'missing' }),
		what: 'Item 1, channel 1 "Shop" (X), Channel: is missing',
		fix: 'pick the channel from the list, or give its ID',
		api: "posts.0.integration (the service's words)",
	},
	{
		label: 'settings, JSON mode',
		problem: field('posts.1.settings', { code: 'notObject' }),
		what: 'Item 1, channel 2 c2 (YouTube), Settings: must be an object',
		fix: 'give the settings as a JSON object',
		api: "posts.1.settings (the service's words)",
	},
	{
		label: 'settings, fields mode',
		problem: field('posts.0.settings', { code: 'notObject', shape: '{title}' }),
		what: 'Item 1, channel 1 "Shop" (X), Settings: must be an object {title}',
		fix: 'check the settings of this channel',
		api: "posts.0.settings (the service's words)",
	},
	{
		label: 'setting, platform looked up',
		problem: field('posts.4.settings.post_type', { code: 'missing' }),
		what: 'Item 1, channel 5 "Page" (Instagram (Business Account)), setting "Post Type": is missing',
		fix: 'set Platform to Instagram (Business Account) to fill in its settings, or give them as JSON (Settings: Using JSON)',
		api: "posts.4.settings.post_type (the service's words)",
	},
	{
		label: 'setting missing, JSON',
		problem: field('posts.1.settings.type', { code: 'missing' }),
		what: 'Item 1, channel 2 c2 (YouTube), setting "Visibility": is missing',
		fix: 'add "type" (one of: public, private, unlisted) to the channel\'s settings JSON',
		api: "posts.1.settings.type (the service's words)",
	},
	{
		label: 'setting missing, fields',
		problem: field('posts.0.settings.who_can_reply_post', { code: 'missing' }),
		what: 'Item 1, channel 1 "Shop" (X), setting "Who Can Reply": is missing',
		fix: 'fill in "Who Can Reply" (one of: everyone, following, mentionedUsers, subscribers, verified) in this channel\'s X settings',
		api: "posts.0.settings.who_can_reply_post (the service's words)",
	},
	{
		label: 'setting with values',
		problem: field('posts.0.settings.who_can_reply_post', { code: 'notOneOf', values: [] }),
		body: { posts: [{ settings: { who_can_reply_post: 'all' } }] },
		what: 'Item 1, channel 1 "Shop" (X), setting "Who Can Reply": "all" is not one of the allowed values',
		fix: "use one of: everyone, following, mentionedUsers, subscribers, verified in this channel's X settings",
		api: "posts.0.settings.who_can_reply_post (the service's words)",
	},
	{
		label: 'setting boolean',
		problem: field('posts.0.settings.made_with_ai', { code: 'notBoolean' }),
		what: 'Item 1, channel 1 "Shop" (X), setting "Made With AI": must be true or false',
		fix: "give true or false (a JSON boolean, not text) in this channel's X settings",
		api: "posts.0.settings.made_with_ai (the service's words)",
	},
	{
		label: 'setting min and max',
		problem: field('posts.1.settings.title', { code: 'tooShort', min: 2 }),
		body: { posts: [{}, { settings: { title: 'a' } }] },
		what: 'Item 1, channel 2 c2 (YouTube), setting "Title": is 1 character; at least 2 needed',
		fix: "use 2 to 100 characters in the channel's settings JSON",
		api: "posts.1.settings.title (the service's words)",
	},
	{
		label: 'setting min, empty',
		problem: field('posts.1.settings.title', { code: 'tooShort', min: 2 }),
		body: { posts: [{}, { settings: { title: '' } }] },
		what: 'Item 1, channel 2 c2 (YouTube), setting "Title": is empty',
		fix: "use 2 to 100 characters in the channel's settings JSON",
		api: "posts.1.settings.title (the service's words)",
	},
	{
		label: 'setting max',
		problem: field('posts.0.settings.title', { code: 'tooLong', max: 90 }),
		context: {
			channels: [
				{ id: 't', name: 'Clips', platform: 'tiktok', settingsMode: 'fields', platformGiven: true },
			],
		},
		body: { posts: [{ settings: { title: 'ab😀' } }] },
		what: 'Item 1, channel 1 "Clips" (TikTok), setting "Title": is 3 characters; at most 90 allowed',
		fix: "use at most 90 characters in this channel's TikTok settings",
		api: "posts.0.settings.title (the service's words)",
	},
	{
		label: 'setting max, no value',
		problem: field('posts.0.settings.title', { code: 'tooLong', max: 90 }),
		context: {
			channels: [
				{ id: 't', name: 'Clips', platform: 'tiktok', settingsMode: 'fields', platformGiven: true },
			],
		},
		what: 'Item 1, channel 1 "Clips" (TikTok), setting "Title": must be shorter than or equal to 90 characters',
		fix: "use at most 90 characters in this channel's TikTok settings",
		api: "posts.0.settings.title (the service's words)",
	},
	{
		label: 'setting min 1',
		problem: field('posts.0.settings.article_title', { code: 'tooShort', min: 1 }),
		what: 'Item 1, channel 1 "Shop" (X), setting "Article Title": is empty',
		fix: 'fill in "Article Title" in this channel\'s X settings',
		api: "posts.0.settings.article_title (the service's words)",
	},
	{
		label: 'setting min 1 (Discord)',
		problem: field('posts.0.settings.channel', { code: 'missing' }),
		context: {
			channels: [
				{
					id: 'd',
					name: 'Server',
					platform: 'discord',
					settingsMode: 'fields',
					platformGiven: true,
				},
			],
		},
		what: 'Item 1, channel 1 "Server" (Discord), setting "Channel": is missing',
		fix: 'fill in "Channel" in this channel\'s Discord settings',
		api: "posts.0.settings.channel (the service's words)",
	},
	{
		label: 'setting media',
		problem: field('posts.0.settings.article_cover', {
			code: 'refusedEnding',
			endings: '.png or .jpg',
		}),
		what: 'Item 1, channel 1 "Shop" (X), setting "Article Cover": must be a file ending in .png or .jpg',
		fix: 'give the ID and path of an image uploaded with Media → Upload',
		api: "posts.0.settings.article_cover (the service's words)",
	},
	{
		label: 'setting pattern',
		problem: field('posts.0.settings.community', {
			code: 'notOfForm',
			form: 'a community address',
		}),
		what: 'Item 1, channel 1 "Shop" (X), setting "Community": must be a community address',
		fix: 'give a community address like https://x.com/i/communities/1234567890',
		api: "posts.0.settings.community (the service's words)",
	},
	{
		label: 'setting unknown',
		problem: field('posts.0.settings.other', { code: 'notWebAddress' }),
		what: 'Item 1, channel 1 "Shop" (X), setting "other": must be a URL address',
		fix: "correct it in this channel's X settings",
		api: "posts.0.settings.other (the service's words)",
	},
	{
		label: 'setting username',
		problem: field('posts.0.settings.other', { code: 'notUsername' }),
		what: 'Item 1, channel 1 "Shop" (X), setting "other": must be a username (string)',
		fix: "correct it in this channel's X settings",
		api: "posts.0.settings.other (the service's words)",
	},
	{
		label: 'setting tags',
		problem: field('posts.0.settings.tags', { code: 'tagsTooLong', max: 500, total: 600 }),
		what: 'Item 1, channel 1 "Shop" (X), setting "tags": must be at most 500 characters for all tags together (now 600)',
		fix: "correct it in this channel's X settings",
		api: "posts.0.settings.tags (the service's words)",
	},
	{
		label: 'parts',
		problem: field('posts.0.value', { code: 'tooFewElements', min: 1 }),
		what: 'Item 1, channel 1 "Shop" (X), Parts: is empty; at least 1 needed',
		fix: 'give 1 to 100 parts',
		api: "posts.0.value (the service's words)",
	},
	{
		label: 'parts, several',
		problem: field('posts.0.value', { code: 'tooFewElements', min: 1 }),
		body: { posts: [{ value: [1, 2] }] },
		what: 'Item 1, channel 1 "Shop" (X), Parts: has 2; at least 1 needed',
		fix: 'give 1 to 100 parts',
		api: "posts.0.value (the service's words)",
	},
	{
		label: 'part',
		problem: field('posts.0.value.1', { code: 'emptyPart' }),
		what: 'Item 1, channel 1 "Shop" (X), part 2 (follow-up 1), the part: needs text, media, or both',
		fix: 'give the part text, media, or both (or remove the part)',
		api: "posts.0.value.1 (the service's words)",
	},
	{
		label: 'part text',
		problem: field('posts.0.value.0.content', { code: 'notString' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), Text: must be a string',
		fix: 'give the text as a string',
		api: "posts.0.value.0.content (the service's words)",
	},
	{
		label: 'part media',
		problem: field('posts.0.value.0.image', { code: 'tooManyElements', max: 20 }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), Media: may have at most 20',
		fix: 'give at most 20 media per part',
		api: "posts.0.value.0.image (the service's words)",
	},
	{
		label: 'media path',
		problem: field('posts.0.value.0.image.1.path', {
			code: 'unusableEnding',
			endings: '.png or .mp4',
		}),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 2 → Media Path: must end in .png or .mp4',
		fix: 'use the path of a file uploaded with Media → Upload, ending in .png, .jpg, .jpeg, .webp, .gif, .mp4',
		api: "posts.0.value.0.image.1.path (the service's words)",
	},
	{
		label: 'media id',
		problem: field('posts.0.value.0.image.1.id', { code: 'missing' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 2 → Media ID: is missing',
		fix: 'use the ID of the uploaded file (Media → Upload answers id and path)',
		api: "posts.0.value.0.image.1.id (the service's words)",
	},
	{
		label: 'media item',
		problem: field('posts.0.value.0.image.1', { code: 'notObject', shape: '{id, path}' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 2: must be an object {id, path}',
		fix: 'give each media item as {id, path, alt?} of an uploaded file',
		api: "posts.0.value.0.image.1 (the service's words)",
	},
	{
		label: 'media alt',
		problem: field('posts.0.value.0.image.1.alt', { code: 'notString' }),
		what: 'Item 1, channel 1 "Shop" (X), part 1 (the post), media 2 → Alt Text: must be a string',
		fix: 'give each media item as {id, path, alt?} of an uploaded file',
		api: "posts.0.value.0.image.1.alt (the service's words)",
	},
	{
		label: 'other field of a channel',
		problem: field('posts.0.group.x', { code: 'notString' }),
		what: 'Item 1, channel 1 "Shop" (X), group.x: must be a string',
		fix: 'correct group.x',
		api: "posts.0.group.x (the service's words)",
	},
];

const NODE: INode = {
	id: 'n',
	name: 'Create Post',
	type: 'n8n-nodes-social-publishing.socialPublishing',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
/** The problem of a row above, by its label. */
const problemOf = (label: string): Problem =>
	POST_PROBLEMS.find((row) => row.label === label)!.problem;
/** One item's problems as one error: the message n8n's toast shows, and the description. */
const PROBLEMS_ERRORS: Array<{
	label: string;
	problems: Problem[];
	context?: Partial<ProblemContext>;
	message: string;
	description: string;
}> = [
	{
		label: 'one problem',
		problems: [problemOf('channel without name')],
		message: 'Item 1, channel 2 c2 (YouTube), Channel: no channel chosen',
		description:
			'To fix: pick a channel from the list, or give its ID.\nNothing was sent for this item.',
	},
	{
		label: 'one problem the service would answer',
		problems: [problemOf('text too long, X')],
		message:
			'Item 1, channel 1 "Shop" (X), part 1 (the post), Text: the text is 300 characters; X takes at most 280',
		description:
			'To fix: shorten the text to at most 280 characters (counted without HTML tags, as X counts: CJK characters and emoji count 2, each link at least 23), or move some of it into a follow-up part.\nNothing was sent for this item.\nHad it been sent, the service would have answered: "post is too long, please fix it".',
	},
	{
		label: 'two problems, a URL not uploaded',
		problems: [problemOf('channel without name'), problemOf('url notFetched')],
		message:
			'Item 1 has 2 problems: (1) channel 2 c2 (YouTube), Channel: no channel chosen; (2) channel 1 "Shop" (X), part 1 (the post), media 2 → URL: the service could not upload "https://cdn.example.com/a.png": The service said no',
		description:
			'1. Item 1, channel 2 c2 (YouTube), Channel: no channel chosen. To fix: pick a channel from the list, or give its ID.\n2. Item 1, channel 1 "Shop" (X), part 1 (the post), media 2 → URL: the service could not upload "https://cdn.example.com/a.png": The service said no. To fix: check that the address opens the file itself (not a page showing it) from the internet, and that it is a JPEG, PNG, GIF, WEBP or MP4 file (images up to 10 MB).\nNo post was created for this item: the media URLs named could not be uploaded.',
	},
	{
		label: 'a URL not uploaded, Post → Update',
		problems: [problemOf('url notFetched')],
		context: { edit: true },
		message:
			'Item 1, channel 1 "Shop" (X), part 1 (the post), media 2 → URL: the service could not upload "https://cdn.example.com/a.png": The service said no',
		description:
			'To fix: check that the address opens the file itself (not a page showing it) from the internet, and that it is a JPEG, PNG, GIF, WEBP or MP4 file (images up to 10 MB).\nThe post was not changed: the media URLs named could not be uploaded.',
	},
	{
		label: 'four problems',
		problems: [
			'channel without name',
			'channel without id',
			'channel not listed',
			'channel beyond the list',
		].map(problemOf),
		context: { itemIndex: 4 },
		message:
			"Item 5 has 4 problems: (1) channel 2 c2 (YouTube), Channel: no channel chosen; (2) channel 3 (no ID, platform unknown), Channel: no channel chosen; (3) channel 4 c4 (not among the service's channels), Channel: no channel chosen; and 1 more, listed in the details",
		description:
			"1. Item 5, channel 2 c2 (YouTube), Channel: no channel chosen. To fix: pick a channel from the list, or give its ID.\n2. Item 5, channel 3 (no ID, platform unknown), Channel: no channel chosen. To fix: pick a channel from the list, or give its ID.\n3. Item 5, channel 4 c4 (not among the service's channels), Channel: no channel chosen. To fix: pick a channel from the list, or give its ID.\n4. Item 5, channel 10, Channel: no channel chosen. To fix: pick a channel from the list, or give its ID.\nNothing was sent for this item.",
	},
];

const F = (method: string, path: string, rest: Partial<Failure>): Failure => ({
	method,
	path,
	...rest,
});
/** The service's answers and the network's failures (shared/errors.ts), on the routes declared. */
const FAILURES: Array<{ label: string; failure: Failure } & Explained> = [
	{
		label: '401 no key',
		failure: F('GET', '/integrations', { status: 401, body: { msg: 'No API Key found' } }),
		message: 'The service received no API key',
		description: 'Open the credential and paste the API key (or the "pos_" OAuth token).',
	},
	{
		label: '401 OAuth',
		failure: F('GET', '/integrations', { status: 401, body: { msg: 'Invalid OAuth token' } }),
		message: 'The service refused the OAuth token',
		description:
			'The "pos_" token is unknown, revoked or expired. Authorise the app again and paste the new token into the credential.',
	},
	{
		label: '401 no plan',
		failure: F('GET', '/integrations', { status: 401, body: { msg: 'No subscription found' } }),
		message: 'The organisation has no active paid plan',
		description:
			"The API works only with a Starter, Pro or Business plan. Choose a plan in the service's billing settings, then run again.",
	},
	{
		label: '401',
		failure: F('GET', '/integrations', { status: 401, body: 'Unauthorized' }),
		message: 'The service refused the API key',
		description:
			'Copy the key again from Settings → Developers → Access (owner or admin only) and paste it bare, without "Bearer". A rotated key stops working at once.',
	},
	{
		label: '404 channel',
		failure: F('DELETE', '/integrations/c1', { status: 404 }),
		message: 'Channel c1 was not found',
		description:
			'Pick the channel from the list, or check its ID with Channel → Get Many; it may have been deleted.',
	},
	{
		label: '404 post',
		failure: F('PUT', '/posts/p1/status', { status: 404 }),
		message: 'Post p1 was not found',
		description:
			"Check the post ID with Post → Get Many (over the post's date); it may have been deleted.",
	},
	{
		label: '404 post, Post → Delete',
		failure: F('DELETE', '/posts/p1', { status: 404 }),
		message: 'Post p1 is already deleted, or never existed',
		description:
			"The service has no post p1 (HTTP 404). It was deleted before (by an earlier run, by another item of this run, or in the service's application; deleting a post deletes its group), or the ID is not that of a post. Nothing was deleted. Take post IDs from Post → Get Many; to let the workflow go on past a post already gone, turn on Continue On Fail (the item then carries this error).",
	},
	{
		label: '404 group',
		failure: F('DELETE', '/posts/group/g1', { status: 404 }),
		message: 'Post group g1 was not found',
		description: 'Take the group value from a post of Post → Get Many.',
	},
	{
		label: '404 route',
		failure: F('GET', '/nowhere', { status: 404, body: { message: 'Cannot GET /nowhere' } }),
		message: 'The service does not know the route GET /nowhere',
		description:
			'Check the Base URL of the credential. The Base URL must reach the API, e.g. https://postiz.example.com/api/public/v1 for a service self-hosted at postiz.example.com (keep the /api segment), or https://api.postiz.com/public/v1 (cloud).',
	},
	{
		label: '404 said',
		failure: F('GET', '/nowhere', { status: 404, body: { message: 'Gone' } }),
		message: 'Gone',
		description: 'Check the IDs given to the node.',
	},
	{
		label: '404',
		failure: F('GET', '/nowhere', { status: 404 }),
		message: 'Not found: GET /nowhere',
		description: 'Check the IDs given to the node.',
	},
	{
		label: '500 post',
		failure: F('DELETE', '/posts/p1', { status: 500, attempts: 1 }),
		message: 'Post p1 was not found, or the service failed (HTTP 500)',
		description:
			"Some installs answer 500 instead of 404 for an unknown ID on DELETE /posts/p1. Check the post ID with Post → Get Many (over the post's date); it may have been deleted. If the ID is right, the service failed: try again later.",
	},
	{
		label: '500 channel, retried',
		failure: F('GET', '/analytics/c1', { status: 502, attempts: 2 }),
		message: 'Channel c1 was not found, or the service failed (HTTP 502) (tried 2 times)',
		description:
			'Some installs answer 502 instead of 404 for an unknown ID on GET /analytics/c1. Pick the channel from the list, or check its ID with Channel → Get Many; it may have been deleted. If the ID is right, the service failed: try again later.',
	},
	{
		label: '500 said',
		failure: F('GET', '/integrations', { status: 503, attempts: 3, body: { message: 'Down.' } }),
		message: 'The service failed on GET /integrations (HTTP 503) (tried 3 times)',
		description:
			'The service said: Down. Try again later; if it keeps failing, the service is down or overloaded.',
	},
	{
		label: '500',
		failure: F('GET', '/nowhere', { status: 500 }),
		message: 'The service failed on GET /nowhere (HTTP 500)',
		description: 'Try again later; if it keeps failing, the service is down or overloaded.',
	},
	{
		label: 'timeout, a read',
		failure: F('GET', '/integrations', { network: 'timeout', timeoutMs: 1500, attempts: 2 }),
		message: 'No answer from the service within 1.5 s on GET /integrations (tried 2 times)',
		description:
			'The service may be slow or overloaded. Try again later, or raise Timeout under Request Options.',
	},
	{
		label: 'timeout, a write',
		failure: F('POST', '/posts', { network: 'timeout', timeoutMs: 30000 }),
		message: 'No answer from the service within 30 s on POST /posts',
		description:
			"The post may have been created: check Post → Get Many (around the post's date) before retrying, or it may be published twice. If the service is just slow, raise Timeout under Request Options.",
	},
	{
		label: 'dropped, a write',
		failure: F('POST', '/posts', { network: 'dropped' }),
		message: 'The connection was closed before the service answered POST /posts',
		description:
			"The post may have been created: check Post → Get Many (around the post's date) before retrying, or it may be published twice.",
	},
	{
		label: 'dropped, a write, https local',
		failure: F('POST', '/posts', { network: 'dropped', baseUrl: 'https://localhost:5000' }),
		message: 'The connection was closed before the service answered POST /posts',
		description:
			"The post may have been created: check Post → Get Many (around the post's date) before retrying, or it may be published twice. If the service at localhost:5000 is a plain http server (a local install or the sandbox), write http:// in front of the Base URL: an address without a scheme is taken as https://, which a plain http server cannot answer (Node says only EPROTO).",
	},
	{
		label: 'dropped, a read',
		failure: F('GET', '/integrations', { network: 'dropped', attempts: 2 }),
		message:
			'The connection was closed before the service answered GET /integrations (tried 2 times)',
		description: 'The service or a proxy on the way dropped the request. Try again later.',
	},
	{
		label: 'dropped, a read, https local',
		failure: F('GET', '/integrations', { network: 'dropped', baseUrl: 'https://localhost:5000' }),
		message: 'The connection was closed before the service answered GET /integrations',
		description:
			'If the service at localhost:5000 is a plain http server (a local install or the sandbox), write http:// in front of the Base URL: an address without a scheme is taken as https://, which a plain http server cannot answer (Node says only EPROTO). Otherwise the service or a proxy on the way dropped the request: try again later.',
	},
	{
		label: 'unreachable',
		failure: F('GET', '/integrations', { network: 'unreachable' }),
		message: 'Cannot reach the service for GET /integrations',
		description:
			'Check the Base URL of the credential (host name and port) and that the service is running.',
	},
	{
		label: '400 post not found',
		failure: F('PUT', '/posts/p1/status', { status: 400, body: { message: 'Post not found' } }),
		message: 'Post p1 was not found',
		description:
			"Check the post ID with Post → Get Many (over the post's date); it may have been deleted.",
	},
	{
		label: '400 platform',
		failure: F('POST', '/posts', {
			status: 400,
			body: { provider: 'instagram', name: 'Page', message: 'Should have at least one media' },
		}),
		message: 'Channel "Page" (instagram) refused the post: Should have at least one media',
		description:
			"Change the post so that it meets the platform's rules (Channel → Get Settings shows them).",
	},
	{
		label: '400',
		failure: F('POST', '/posts', { status: 400, body: { message: ['a must be a string'] } }),
		message: 'The service refused the request: a must be a string',
		description: 'Correct the fields named in the message and run again.',
	},
	{
		label: '400 bare',
		failure: F('POST', '/upload', { status: 400 }),
		message: 'The service refused the request: bad request',
		description: 'Correct the fields named in the message and run again.',
	},
	{
		label: '402 allowance',
		failure: F('POST', '/posts', {
			status: 402,
			body: { message: 'Monthly posts used', url: 'https://billing.example.com' },
		}),
		message: 'The monthly post allowance is used up: Monthly posts used',
		description:
			'Wait for the next billing month, or upgrade the plan. Billing: https://billing.example.com',
	},
	{
		label: '402 plan',
		failure: F('POST', '/posts', { status: 402 }),
		message: 'The plan does not allow this: payment required',
		description: 'Upgrade the plan, or free a channel slot by deleting an unused channel.',
	},
	{
		label: '403',
		failure: F('GET', '/social/x', { status: 403 }),
		message: 'The platform does not take new channels yet: forbidden',
		description: 'Connect another platform, or try again when the service opens this one.',
	},
	{
		label: '413',
		failure: F('POST', '/posts', { status: 413 }),
		message: 'The request to POST /posts is larger than the service accepts (HTTP 413)',
		description:
			'Some installs take JSON bodies of at most 100 kB. Send less in one request: fewer channels or follow-up parts per post, or shorter text.',
	},
	{
		label: '418',
		failure: F('GET', '/integrations', { status: 418, body: { message: 'teapot' } }),
		message: 'The service answered HTTP 418 on GET /integrations: teapot',
		description: "Check the node's fields and the credential, then run again.",
	},
	{
		label: '418 bare',
		failure: F('GET', '/integrations', { status: 418 }),
		message: 'The service answered HTTP 418 on GET /integrations',
		description: "Check the node's fields and the credential, then run again.",
	},
	{
		label: 'redirect without Location',
		failure: F('GET', '/integrations', { status: 301 }),
		message: 'The service answered GET /integrations with a redirect (HTTP 301)',
		description:
			'The node follows no redirect: the API answers at its own address, so a redirect means the Base URL is not quite it (http:// instead of https://, a missing /api, a path too many), and following it would send the key elsewhere. The Base URL must reach the API, e.g. https://postiz.example.com/api/public/v1 for a service self-hosted at postiz.example.com (keep the /api segment), or https://api.postiz.com/public/v1 (cloud).',
	},
	{
		label: 'redirect of a write',
		failure: F('POST', '/posts', { status: 307, headers: {} }),
		message: 'The service answered POST /posts with a redirect (HTTP 307)',
		description:
			"The node follows no redirect: the API answers at its own address, so a redirect means the Base URL is not quite it (http:// instead of https://, a missing /api, a path too many), and following it would send the key and the request elsewhere. The request was not sent again there. The post may have been created: check Post → Get Many (around the post's date) before retrying, or it may be published twice. The Base URL must reach the API, e.g. https://postiz.example.com/api/public/v1 for a service self-hosted at postiz.example.com (keep the /api segment), or https://api.postiz.com/public/v1 (cloud).",
	},
	{
		label: 'redirect of a write without facts',
		failure: F('POST', '/nowhere', { status: 307, headers: {} }),
		message: 'The service answered POST /nowhere with a redirect (HTTP 307)',
		description:
			'The node follows no redirect: the API answers at its own address, so a redirect means the Base URL is not quite it (http:// instead of https://, a missing /api, a path too many), and following it would send the key and the request elsewhere. The request was not sent again there. The change may or may not have been made (the service may have acted on it before redirecting): check it with the matching Get operation before running again. The Base URL must reach the API, e.g. https://postiz.example.com/api/public/v1 for a service self-hosted at postiz.example.com (keep the /api segment), or https://api.postiz.com/public/v1 (cloud).',
	},
	{
		label: 'redirect to the Base URL',
		failure: F('GET', '/integrations', {
			status: 301,
			baseUrl: 'http://h.example/api/public/v1',
			headers: { location: 'https://h.example/api/public/v1/integrations?s=1' },
		}),
		message:
			"The service redirected GET /integrations to https://h.example/api/public/v1/integrations: set the credential's Base URL to https://h.example/api/public/v1",
		description:
			'The node follows no redirect: the API answers at its own address, so a redirect means the Base URL is not quite it (http:// instead of https://, a missing /api, a path too many), and following it would send the key elsewhere.',
	},
	{
		label: 'redirect elsewhere',
		failure: F('GET', '/integrations', {
			status: 302,
			baseUrl: 'https://h.example/api',
			headers: { location: '/login?next=1' },
		}),
		message: 'The service redirected GET /integrations to https://h.example/login',
		description:
			"That address is not the API's: the Base URL probably reaches the web application. The node follows no redirect: the API answers at its own address, so a redirect means the Base URL is not quite it (http:// instead of https://, a missing /api, a path too many), and following it would send the key elsewhere. The Base URL must reach the API, e.g. https://postiz.example.com/api/public/v1 for a service self-hosted at postiz.example.com (keep the /api segment), or https://api.postiz.com/public/v1 (cloud).",
	},
	{
		label: 'broken read',
		failure: F('GET', '/integrations', { status: 200, broken: 'not JSON', attempts: 2 }),
		message:
			'GET /integrations answered HTTP 200 with a body that is not the list of channels the API sends (not JSON) (tried 2 times)',
		description:
			'The answer was cut off or changed on the way (a proxy or gateway), or the service failed while answering. Try again later; if it keeps happening, check the Base URL of the credential. The Base URL must reach the API, e.g. https://postiz.example.com/api/public/v1 for a service self-hosted at postiz.example.com (keep the /api segment), or https://api.postiz.com/public/v1 (cloud).',
	},
	{
		label: 'broken write',
		failure: F('POST', '/posts', { status: 201, broken: 'cut off' }),
		message:
			'POST /posts answered HTTP 201 with a body that is not the list of created posts the API sends (cut off)',
		description:
			"The answer could not be read, so the node cannot tell whether the request was carried out. The post may have been created: check Post → Get Many (around the post's date) before retrying, or it may be published twice.",
	},
	{
		label: 'broken write without facts',
		failure: F('POST', '/nowhere', { status: 200, broken: 'empty' }),
		message:
			'POST /nowhere answered HTTP 200 with a body that is not an answer the node can read (empty)',
		description:
			"The answer could not be read, so the node cannot tell whether the request was carried out. Check in the service's application before running again.",
	},
	{
		label: 'Generate Video: timeout',
		failure: F('POST', '/generate-video', { network: 'timeout', timeoutMs: 2_100_000 }),
		message: 'The video was not ready within 2100 s; the service may still make it',
		description:
			'The service keeps making the video after the node stops waiting, and spends the credit: look for it under Media → Get Many in a few minutes before trying again. To wait longer, raise "Wait For Video (Minutes)".',
	},
	{
		label: 'Generate Video: dropped',
		failure: F('POST', '/generate-video', {
			network: 'dropped',
			baseUrl: 'https://api.example.com',
		}),
		message: 'The connection was closed before the service answered POST /generate-video',
		description:
			'The video may have been made, or still be in the making, and its credit spent: look for it under Media → Get Many in a few minutes before trying again (another try spends another credit).',
	},
	{
		label: 'Generate Video: no credits',
		failure: F('POST', '/generate-video', {
			status: 402,
			body: {
				statusCode: 402,
				message: 'You have no AI video credits left',
				url: 'https://x/billing',
			},
		}),
		message: 'No AI video credits left: You have no AI video credits left',
		description:
			'Each video spends one AI video credit. Upgrade the plan or wait for the credits to renew, then run again.',
	},
	{
		label: 'Generate Video: trial',
		failure: F('POST', '/generate-video', {
			status: 406,
			body: { statusCode: 406, message: 'This video is not available in trial mode' },
		}),
		message:
			'This video kind is not available on a trial account: This video is not available in trial mode',
		description:
			'Veo3 needs a paid plan; Image Text Slides is offered on trial accounts. No credit was spent.',
	},
	{
		label: 'Generate Video: no kinds enabled (the real backend without provider keys)',
		failure: F('POST', '/generate-video', {
			status: 400,
			body: { message: ['type must be any of: '], error: 'Bad Request', statusCode: 400 },
		}),
		message: 'This install has no video kinds enabled',
		description:
			'The service makes videos only with the keys of its video providers, which this install does not have. Ask its administrator to set them. No credit was spent.',
	},
	{
		label: 'Generate Video: a kind not offered',
		failure: F('POST', '/generate-video', {
			status: 400,
			body: {
				message: [
					'type must be any of: image-text-slides',
					'output must be one of the following values: vertical, horizontal',
				],
				statusCode: 400,
			},
		}),
		message: 'This install does not offer this video kind; it offers: image-text-slides',
		description: 'Pick one of the kinds it offers under "Kind". No credit was spent.',
	},
];
/** A 429 beyond the wait allowed (shared/errors.ts `rateLimitError`), at 2026-01-01T00:00Z. */
/**
 * Post → Delete after a 500 (production's answer for a post it does not have): what GET /posts then showed, worded
 * over the general words of that 500 (`explained`, the '500 post' failure above).
 */
const AFTER_DELETE_500: Array<{ label: string; look: AfterDelete500 } & Explained> = [
	{
		label: 'not listed',
		look: { from: '2025-01-01', to: '2036-01-01' },
		message: 'Post p1 is already deleted, or never existed',
		description:
			"The service answered HTTP 500 to DELETE /posts/p1, as it does for a post it does not have, and GET /posts lists no post p1 dated 2025-01-01 to 2036-01-01 (a deleted post is never listed). It was deleted before (by an earlier run, by another item of this run, or in the service's application; deleting a post deletes its group), or the ID is not that of a post. Nothing was deleted. Take post IDs from Post → Get Many; to let the workflow go on past a post already gone, turn on Continue On Fail (the item then carries this error).",
	},
	{
		label: 'still listed',
		look: {
			found: { id: 'p1', state: 'QUEUE', publishDate: '2030-01-15T10:00:00.000Z' },
			posts: [],
		},
		message: 'The service failed to delete post p1 (HTTP 500): the post is still there',
		description:
			'GET /posts still lists post p1 (QUEUE, dated 2030-01-15 10:00 UTC), so the 500 was the service failing, not a post it does not have. Nothing was deleted, and the node does not send a delete again on its own. Run it again later; if it keeps failing, the service is down or overloaded.',
	},
	{
		label: 'GET /posts failing too',
		look: { unchecked: 'The service failed on GET /posts (HTTP 503) (tried 3 times).' },
		message: 'Post p1 was not found, or the service failed (HTTP 500)',
		description:
			"Some installs answer 500 instead of 404 for an unknown ID on DELETE /posts/p1. Check the post ID with Post → Get Many (over the post's date); it may have been deleted. If the ID is right, the service failed: try again later. The node asked GET /posts whether the post is still there, and that failed too (The service failed on GET /posts (HTTP 503) (tried 3 times)): the service itself is probably failing. Try again later.",
	},
];

const RATE_LIMITS: Array<{
	label: string;
	path: string;
	wait: number | undefined;
	max: number;
	notSent?: boolean;
	message: string;
	description: string;
}> = [
	{
		label: 'announced',
		path: '/posts',
		wait: 120,
		max: 60,
		message: 'Rate limit reached on POST /posts: retry after 2026-01-01T00:02:00.000Z (in 120 s)',
		description:
			'The service counts requests per organisation and route. The node waits up to 60 s (Max Rate-Limit Wait under Request Options); raise it to wait longer, or space the runs out.',
	},
	{
		label: 'unknown',
		path: '/integrations',
		wait: undefined,
		max: 60,
		message: 'Rate limit reached on POST /integrations: retry later',
		description:
			'The service counts requests per organisation and route. The node waits up to 60 s (Max Rate-Limit Wait under Request Options); raise it to wait longer, or space the runs out.',
	},
	{
		label: 'beyond a day',
		path: '/posts',
		wait: 1e12,
		max: 60,
		message: 'Rate limit reached on POST /posts: retry after 2026-01-02T00:00:00.000Z (in 86400 s)',
		description:
			'The service counts requests per organisation and route. The node waits up to 60 s (Max Rate-Limit Wait under Request Options); raise it to wait longer, or space the runs out.',
	},
	{
		label: 'kept back',
		path: '/posts',
		wait: 90.2,
		max: 30,
		notSent: true,
		message: 'Rate limit reached on POST /posts: retry after 2026-01-01T00:01:31.000Z (in 91 s)',
		description:
			"Nothing was sent for this item: the service's window for this route is used up and opens again later than the node may wait. The service counts requests per organisation and route. The node waits up to 30 s (Max Rate-Limit Wait under Request Options); raise it to wait longer, or space the runs out.",
	},
];

describe('the table of messages: each pinned once, here', () => {
	test.each(POST_PROBLEMS)(
		"a post's problem: $label",
		({ label, problem, context, body, ...worded }) => {
			const described = describeProblem(problem, { ...CONTEXT, ...context }, body);
			expect({ label, ...described }).toEqual({ label, ...worded });
		},
	);

	test.each(PROBLEMS_ERRORS)(
		"an item's problems: $label",
		({ problems, context, message, description }) => {
			const error = problemsError(NODE, problems, { ...CONTEXT, ...context });
			expect({ message: error.message, description: error.description }).toEqual({
				message,
				description,
			});
		},
	);

	test.each(FAILURES)('a failed request: $label', ({ failure, message, description }) => {
		const route = ROUTES(failure.method, failure.path);
		expect(explainFailure({ ...failure, route })).toEqual({ message, description });
	});

	test.each(AFTER_DELETE_500)(
		'Post → Delete after a 500: $label',
		({ look, message, description }) => {
			const failure = F('DELETE', '/posts/p1', { status: 500, attempts: 1 });
			const explained = explainFailure({ ...failure, route: ROUTES('DELETE', '/posts/p1') });
			expect(deleteAnswered500('p1', look, explained)).toEqual({ message, description });
		},
	);

	test.each(RATE_LIMITS)(
		'a rate limit: $label',
		({ path, wait, max, notSent, message, description }) => {
			jest.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
			const error = rateLimitError(NODE, { method: 'POST', path }, wait, max, 0, notSent);
			jest.useRealTimers();
			expect({ message: error.message, description: error.description }).toEqual({
				message,
				description,
			});
		},
	);
});
