import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { RunNodeResult } from '../../../helpers/engine';
import { channel as channelEntry, createParams, jsonParams, parts } from '../createParameters';
import { byId, useSandbox } from '../support';
import { keyForms, stringsIn } from './support';

/**
 * Hostile values a user (or an expression, or an AI agent) gives the node (issue 19, "values the user never wrote"
 * and "unbounded work"): dates that do not exist, numbers that are not numbers, objects where text is expected,
 * addresses that read one way and are sent another, and text or JSON shaped to make the checks run unbounded. Each
 * runs through the node against the sandbox with two items (Continue On Fail on, so each item answers for itself):
 * both are refused in words that name the item, nothing is sent, and the run ends within its time bound.
 */

const X = '0e000000-0000-4000-8000-000000000011';
const MASTODON = '0e000000-0000-4000-8000-000000000009';
const POST = '0a0a0000-0000-4000-8000-000000000001';

interface HostileCase {
	what: string;
	parameters: INodeParameters;
	/** Part of each item's error message (or a pattern it matches). */
	message: string | RegExp;
	/** Part of the error's description. */
	description?: string;
	/** Requests the service receives (`METHOD /path`): none unless a lookup is needed to judge the value. */
	requests?: string[];
	/** The whole run (both items) ends within this (ms). */
	withinMs?: number;
}

/** Words a user must never read: a stack trace, or a value the node failed to put into words. */
const UNWORDED =
	/\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]|Invalid time value|Maximum call stack|\n\s+at \S+ \(/;

/**
 * Each item refused in its own words, as hostile/support.ts's expectHostileOutcome asserts of one error, and the
 * credential's key (the sandbox's) in none of its forms in the errors, the items or the execution's saved data.
 */
function expectRefusedPerItem(
	result: RunNodeResult,
	aCase: HostileCase,
	itemCount: number,
	key: string,
): void {
	expect(result.error).toBeUndefined();
	const leaked = stringsIn([result.items, result.run.data]).filter((text) =>
		keyForms(key).some((form) => text.includes(form)),
	);
	expect(leaked).toEqual([]);
	expect(result.items).toHaveLength(itemCount);
	result.items.forEach((item: INodeExecutionData, index) => {
		const error = item.error as
			| (Error & { description?: string; context?: { itemIndex?: number } })
			| undefined;
		if (!error)
			throw new Error(
				`Item ${index + 1} was not refused; it output ${JSON.stringify(item.json).slice(0, 300)}`,
			);
		const text = `${error.message}\n${error.description ?? ''}`;
		expect(text).not.toMatch(UNWORDED);
		if (typeof aCase.message === 'string') expect(error.message).toContain(aCase.message);
		else expect(error.message).toMatch(aCase.message);
		if (aCase.description) expect(error.description).toContain(aCase.description);
		// Each item answers for itself, numbered as n8n numbers it (from 0 inside, shown from 1).
		expect(error.context?.itemIndex).toBe(index);
		if (/^Item \d+,/.test(error.message))
			expect(error.message.startsWith(`Item ${index + 1},`)).toBe(true);
	});
}

const EMPTY_ITEMS = [{}, {}];

/** Post → Create in fields mode, one Mastodon channel, with this Publish At. */
const publishAt = (date: string): INodeParameters =>
	createParams({
		date,
		parts: parts({ content: 'Hello' }),
		channels: [channelEntry({ channel: byId(MASTODON), platform: 'mastodon' })],
	});

const jsonBody = (date: string, settings: unknown = {}): INodeParameters =>
	jsonParams({
		type: 'schedule',
		date,
		shortLink: false,
		tags: [],
		posts: [{ integration: { id: MASTODON }, value: [{ content: 'Hello', image: [] }], settings }],
	});

const upload = (url: string): INodeParameters => ({
	resource: 'media',
	operation: 'uploadFromUrl',
	url,
});
const channelDays = (days: unknown): INodeParameters =>
	({ resource: 'analytics', operation: 'getChannel', channel: byId(X), days }) as INodeParameters;

/** A Mastodon post whose text is this. */
const mastodonText = (content: string): INodeParameters =>
	createParams({
		parts: parts({ content }),
		channels: [channelEntry({ channel: byId(MASTODON), platform: 'mastodon' })],
	});

/** A Mastodon thread whose follow-up waits this Delay (Minutes). */
const followUpDelay = (delay: unknown): INodeParameters =>
	createParams({
		parts: parts({ content: 'Post' }, { content: 'Reply', delay }),
		channels: [channelEntry({ channel: byId(MASTODON), platform: 'mastodon' })],
	});

/** A Mastodon post whose media is given by this URL. */
const mediaUrl = (url: unknown): INodeParameters =>
	createParams({
		parts: parts({ content: 'Hello', media: [{ url }] }),
		channels: [channelEntry({ channel: byId(MASTODON), platform: 'mastodon' })],
	});

/** Post → Update of a post with a new date, The Post Has None, and these parameters over it. */
const updateWith = (more: INodeParameters): INodeParameters => ({
	resource: 'post',
	operation: 'update',
	// Each item its own post: two items naming one post are refused for that too (update/samePost.ts).
	postId: `=${POST.slice(0, -1)}{{ $itemIndex + 1 }}`,
	updateFields: { date: '2030-02-01T09:00' },
	mediaAndFollowUps: 'none',
	...more,
});

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const CASES: HostileCase[] = [
	// Post → Create: Publish At that does not exist is refused, not rolled over to a day nobody chose.
	{
		what: 'Publish At on 30 February',
		parameters: publishAt('2030-02-30T10:00'),
		message:
			/^Item \d, Publish At: "2030-02-30T10:00" does not exist: February 2030 has 28 days, so there is no day 30$/,
	},
	{
		what: 'Publish At on 29 February of a common year',
		parameters: publishAt('2031-02-29T10:00'),
		message: 'February 2031 has 28 days',
	},
	{
		what: 'Publish At on 31 April',
		parameters: publishAt('2030-04-31T09:00'),
		message: 'April 2030 has 30 days',
	},
	{
		what: 'Publish At in month 13',
		parameters: publishAt('2030-13-01T10:00'),
		message: 'there is no month 13',
	},
	{
		what: 'Publish At in month 00',
		parameters: publishAt('2030-00-10T10:00'),
		message: 'there is no month 0',
	},
	{
		what: 'Publish At on day 00',
		parameters: publishAt('2030-05-00T10:00'),
		message: 'there is no day 0',
	},
	{
		what: 'Publish At at hour 25',
		parameters: publishAt('2030-01-15T25:00'),
		message: 'there is no hour 25',
	},
	{
		what: 'Publish At at 24:00',
		parameters: publishAt('2030-01-15T24:00'),
		message: 'there is no hour 24',
	},
	{
		what: 'Publish At at minute 60',
		parameters: publishAt('2030-01-15T10:60'),
		message: 'there is no minute 60',
	},
	{
		what: 'Publish At at second 61',
		parameters: publishAt('2030-01-15T10:00:61'),
		message: 'there is no second 61',
	},
	{
		what: 'Publish At on 30 February in UTC',
		parameters: publishAt('2030-02-30T10:00:00Z'),
		message: 'February 2030 has 28 days',
	},
	{
		what: 'Publish At with offset +15:00',
		parameters: publishAt('2030-01-15T10:00:00+15:00'),
		message: 'the offset +15:00 is beyond ±14:00',
	},
	{
		what: 'Publish At with offset -14:30',
		parameters: publishAt('2030-01-15T10:00:00-14:30'),
		message: 'the offset -14:30 is beyond ±14:00',
	},
	{
		what: 'Publish At with an offset of 75 minutes',
		parameters: publishAt('2030-01-15T10:00:00+05:75'),
		message: 'the offset +05:75 has 75 minutes',
	},
	{
		what: 'Publish At in the hour the clocks skip (workflow time zone America/New_York)',
		parameters: publishAt('2030-03-10T02:30'),
		message: 'the clocks in America/New_York skip that time',
	},
	{
		what: 'Publish At in e-mail form (RFC 2822), which the node does not read: ISO 8601 only',
		parameters: publishAt('Tue, 15 Jan 2030 10:00:00 GMT'),
		message: /Publish At: "Tue, 15 Jan 2030 10:00:00 GMT" is not a date$/,
	},
	{
		what: 'Publish At in words',
		parameters: publishAt('next tuesday'),
		message: /Publish At: "next tuesday" is not a date$/,
	},
	{
		what: 'Publish At as a day-first date',
		parameters: publishAt('30/02/2030 10:00'),
		message: /Publish At: "30\/02\/2030 10:00" is not a date$/,
	},
	{
		what: 'Publish At beyond the dates a computer holds',
		parameters: publishAt('+275760-09-14T00:00:00Z'),
		message: 'is not a date',
	},
	{
		what: 'Publish At as an object from an expression',
		parameters: publishAt('={{ { "when": "tomorrow" } }}'),
		message: /Publish At: \{"when":"tomorrow"\} is not a date$/,
	},
	{
		what: 'Publish At as a number from an expression',
		parameters: publishAt('={{ 1893456000000 }}'),
		message: /Publish At: 1893456000000 is not a date$/,
	},
	// Post → Create in JSON mode: the body's date is judged as the same reader judges it.
	{
		what: 'JSON body dated 30 February',
		parameters: jsonBody('2030-02-30T10:00:00Z'),
		message:
			/^Item \d, "date" in Request \(JSON\): must be a valid ISO 8601 date string: "2030-02-30T10:00:00Z" does not exist \(February 2030 has 28 days, so there is no day 30\)$/,
		description: 'give an ISO 8601 date and time',
	},
	{
		what: 'JSON body with offset +14:01',
		parameters: jsonBody('2030-01-15T10:00:00+14:01'),
		message: 'the offset +14:01 is beyond ±14:00',
	},
	{
		what: 'JSON body at hour 24',
		parameters: jsonBody('2030-01-15T24:00:00Z'),
		message: 'there is no hour 24',
	},
	// Post → Get Many: the range's ends.
	{
		what: 'Get Many from 30 February',
		parameters: { resource: 'post', operation: 'getMany', startDate: '2030-02-30T00:00:00Z' },
		message:
			/^"Start Date" is not a date that exists: "2030-02-30T00:00:00Z" \(February 2030 has 28 days, so there is no day 30\)$/,
	},
	{
		what: 'Get Many to month 13',
		parameters: { resource: 'post', operation: 'getMany', endDate: '2030-13-01T00:00:00Z' },
		message: '"End Date" is not a date that exists: "2030-13-01T00:00:00Z" (there is no month 13',
	},
	{
		what: 'Get Many from a date with offset +15:00',
		parameters: { resource: 'post', operation: 'getMany', startDate: '2030-01-01T00:00:00+15:00' },
		message: 'the offset +15:00 is beyond ±14:00',
	},
	{
		what: 'Get Many to 30 February in words',
		parameters: { resource: 'post', operation: 'getMany', endDate: 'Feb 30 2030' },
		message: /^"End Date" is not a date: "Feb 30 2030"$/,
	},
	{
		what: 'Get Many from an object',
		parameters: { resource: 'post', operation: 'getMany', startDate: '={{ { "from": 1 } }}' },
		message: /^"Start Date" is not a date: \{"from":1\}$/,
	},
	// Numbers that are not numbers, said in words.
	{
		what: 'Days NaN',
		parameters: channelDays('={{ NaN }}'),
		message: /^"Days" must be a whole number, 1 or more; it is not a number$/,
	},
	{
		what: 'Days Infinity',
		parameters: channelDays('={{ Infinity }}'),
		message: /^"Days" must be a whole number, 1 or more; it is infinite$/,
	},
	{
		what: 'Days from a missing field',
		parameters: channelDays('={{ $json.days }}'),
		message: /^"Days" must be a whole number, 1 or more; it is empty$/,
	},
	{
		what: 'Days null',
		parameters: channelDays('={{ null }}'),
		message: /^"Days" must be a whole number, 1 or more; it is empty$/,
	},
	{
		what: 'Days as an object',
		parameters: channelDays('={{ { "n": 7 } }}'),
		message: /^"Days" must be a whole number, 1 or more; it is \{"n":7\}$/,
	},
	{
		what: 'Days as a list',
		parameters: channelDays('={{ [7] }}'),
		message: /^"Days" must be a whole number, 1 or more; it is \[7\]$/,
	},
	{
		what: 'Days too large to be exact',
		parameters: channelDays('={{ 1e21 }}'),
		message: 'it is 1e+21, too large to be exact',
	},
	{
		what: 'Post analytics Days NaN',
		parameters: { resource: 'analytics', operation: 'getPost', postId: POST, days: '={{ NaN }}' },
		message: /^"Days" must be a whole number, 1 or more; it is not a number$/,
	},
	{
		what: 'Notification Limit NaN',
		parameters: {
			resource: 'notification',
			operation: 'getMany',
			returnAll: false,
			limit: '={{ NaN }}',
		},
		message: /^"Limit" must be a whole number, 1 or more; it is not a number$/,
	},
	{
		what: 'Media Limit minus infinite',
		parameters: {
			resource: 'media',
			operation: 'getMany',
			returnAll: false,
			limit: '={{ -Infinity }}',
		},
		message: /^"Limit" must be a whole number, 1 or more; it is minus infinite$/,
	},
	{
		what: 'Repeat Every NaN',
		parameters: createParams({
			parts: parts({ content: 'Hi' }),
			channels: [channelEntry({ channel: byId(MASTODON), platform: 'mastodon' })],
			options: { repeatEvery: '={{ NaN }}' },
		}),
		message:
			/Repeat Every \(Days\): must be a whole number of days, \d+ or more; it is not a number$/,
	},
	// Objects where an ID is expected are quoted as JSON.
	{
		what: 'Channel of Get Settings as an object',
		parameters: {
			resource: 'channel',
			operation: 'getSettings',
			channel: byId('={{ { "id": 5 } }}'),
		},
		message: /^"Channel" is not an ID: \{"id":5\}$/,
	},
	{
		what: 'Channel of Post → Create as an object',
		parameters: createParams({
			parts: parts({ content: 'Hi' }),
			channels: [channelEntry({ channel: byId('={{ { "id": 5 } }}'), platform: 'mastodon' })],
		}),
		message: /Channel: \{"id":5\} is not a channel ID$/,
	},
	// Upload From URL: the address judged is the address sent; loopback and private in every textual form.
	...(
		[
			['IPv4-mapped IPv6 loopback in hex', 'https://[::ffff:7f00:1]/a.png', 'a loopback address'],
			[
				'IPv4-mapped IPv6 loopback, dotted',
				'https://[::ffff:127.0.0.1]/a.png',
				'a loopback address',
			],
			['IPv6 loopback written in full', 'https://[0:0:0:0:0:0:0:1]/a.png', 'a loopback address'],
			['IPv4-compatible IPv6 loopback', 'https://[::127.0.0.1]/a.png', 'a loopback address'],
			[
				'NAT64 of the metadata address',
				'https://[64:ff9b::a9fe:a9fe]/a.png',
				'a link-local address',
			],
			[
				'6to4 of a private address',
				'https://[2002:c0a8:0101::1]/a.png',
				'a private network address',
			],
			[
				'IPv4-mapped private address',
				'https://[::ffff:10.1.2.3]/a.png',
				'a private network address',
			],
			['decimal IPv4 loopback', 'https://2130706433/a.png', 'a loopback address'],
			['hexadecimal IPv4 loopback', 'https://0x7f.1/a.png', 'a loopback address'],
			['octal IPv4 loopback', 'https://017700000001/a.png', 'a loopback address'],
			['short IPv4 loopback', 'https://127.1/a.png', 'a loopback address'],
			['the unspecified IPv4 address as 0', 'https://0/a.png', 'an unspecified address'],
			[
				'localhost with a trailing dot, in capitals',
				'https://LOCALHOST./a.png',
				'a name of this machine',
			],
		] as const
	).map(
		([what, url, range]): HostileCase => ({
			what: `Upload From URL: ${what}`,
			parameters: upload(url),
			message: `"URL" points to ${range}`,
		}),
	),
	{
		what: 'Upload From URL with a line break inside',
		parameters: upload('https://example.com/a\n.png'),
		message: /^"URL" has a line break or tab inside/,
	},
	{
		what: 'Upload From URL with a tab in the host',
		parameters: upload('https://exam\tple.com/a.png'),
		message: /^"URL" has a line break or tab inside/,
	},
	{
		what: 'Upload From URL with a backslash before a loopback address',
		parameters: upload('https://example.com\\@127.0.0.1/a.png'),
		message: /^"URL" has a backslash/,
	},
	// Text and JSON shaped to make the checks run unbounded: refused in words, fast.
	{
		what: '90,000 "<" in a Mastodon text',
		parameters: mastodonText('<'.repeat(90_000)),
		message: /Text: .*90000.*Mastodon .* 500$/,
		withinMs: 2_000,
	},
	{
		what: '30,000 unclosed "<a" in a Mastodon text',
		parameters: mastodonText('<a'.repeat(30_000)),
		message: /Text: .*Mastodon .* 500$/,
		withinMs: 2_000,
	},
	{
		what: '45,000 line breaks before the text',
		parameters: mastodonText(`${'\n'.repeat(45_000)}x`),
		message: /Text: .*Mastodon .* 500$/,
		withinMs: 2_000,
	},
	{
		what: '1 MB of "<" in a Mastodon text',
		parameters: mastodonText('<'.repeat(1_000_000)),
		message: /^Item \d has 2 problems: \(1\) .*Text: .*1000000.*Mastodon .* 500; \(2\) /,
		description: 'the service refuses bodies over 100 kB',
		withinMs: 4_000,
	},
	{
		what: 'Request (JSON) nested 100,000 deep',
		parameters: jsonBody('2030-01-15T10:00:00Z', 'DEEP'),
		message: /^Item \d, Request \(JSON\): nests deeper than 64 levels, more than the node reads$/,
		withinMs: 4_000,
	},
	{
		what: 'Settings (JSON) nested 100,000 deep',
		parameters: createParams({
			parts: parts({ content: 'Hi' }),
			channels: [
				channelEntry({
					channel: byId(MASTODON),
					platform: 'mastodon',
					settingsJson: nested(100_000),
				}),
			],
		}),
		message: /Settings \(JSON\): nests deeper than 64 levels, more than the node reads$/,
		withinMs: 4_000,
	},
	{
		what: 'Request (JSON) of 2 MB',
		parameters: {
			...jsonParams({}),
			requestJson: `{"type": "draft", "pad": "${'a'.repeat(2_000_000)}"}`,
		},
		message:
			/^Item \d, Request \(JSON\): is 2000\d+ characters long; the node reads at most 1000000$/,
		withinMs: 4_000,
	},
	// Post → Create's follow-up delay (issue 20): what an expression gives is read as whole minutes, or refused.
	{
		what: 'Delay (Minutes) as an object from an expression',
		parameters: followUpDelay('={{ { minutes: 5 } }}'),
		message: /^Item \d, Parts → part 2 \(follow-up 1\), Delay \(Minutes\): \{"minutes":5\} /,
	},
	{
		what: "Delay (Minutes) beyond the service's 32-bit column (it answers 500 after a partial write)",
		parameters: followUpDelay(3_000_000_000),
		message: 'Delay (Minutes): 3000000000 is more than 43200 minutes (30 days)',
	},
	{
		what: 'Delay (Minutes) infinite',
		parameters: followUpDelay('={{ 1/0 }}'),
		message: 'Delay (Minutes): infinite ',
	},
	// Post → Update: its choice and Options → Current Publish Date, judged before the post is looked for.
	{
		what: 'Post → Update: Media and Follow-Up Parts from an expression that gives an object',
		parameters: updateWith({ mediaAndFollowUps: '={{ { keep: true } }}' }),
		message: /^Item \d, Media and Follow-Up Parts: is \{"keep":true\}, not one of its options$/,
		description: 'choose The Post Has None (none) or Replace With These (replace)',
	},
	{
		what: 'Post → Update: Current Publish Date on 30 February',
		parameters: updateWith({ options: { currentDate: '2030-02-30T10:00' } }),
		message:
			/^Item \d, Options → Current Publish Date: "2030-02-30T10:00" does not exist: February 2030 has 28 days, so there is no day 30$/,
	},
	{
		what: 'Post → Update: Current Publish Date from an expression that gives a list',
		parameters: updateWith({ options: { currentDate: '={{ [2030, 1, 15] }}' } }),
		message: /^Item \d, Options → Current Publish Date: /,
	},
	// Media by URL inside Post → Create: judged like Upload From URL, before any request (no upload, no post).
	{
		what: 'a media URL to an IPv4-mapped loopback address (the service lets it through)',
		parameters: mediaUrl('https://[::ffff:127.0.0.1]/x.png'),
		message: 'media 1 → URL: points to a loopback address ([::ffff:7f00:1])',
	},
	{
		what: 'a media URL with a line break inside',
		parameters: mediaUrl('https://cdn.example.com/a.png\nhttps://10.0.0.1/b.png'),
		message: 'media 1 → URL: has a line break or tab inside',
	},
	{
		what: 'a media URL as a list from an expression',
		parameters: mediaUrl('={{ ["https://cdn.example.com/a.png"] }}'),
		message: 'media 1 → URL: is not a web address: ["https://cdn.example.com/a.png"]',
	},
];

// The deep body is written as text (JSON.stringify of such a value would itself overflow the stack).
for (const aCase of CASES) {
	if (
		aCase.parameters.inputMode === 'json' &&
		String(aCase.parameters.requestJson).includes('"DEEP"')
	) {
		aCase.parameters = {
			...aCase.parameters,
			requestJson: String(aCase.parameters.requestJson).replace('"DEEP"', nested(100_000)),
		};
	}
}

describe('values the user never wrote are refused in words, per item, before anything is sent', () => {
	const t = useSandbox();

	test('covers at least 40 distinct hostile values', () => {
		expect(new Set(CASES.map((c) => c.what)).size).toBe(CASES.length);
		expect(CASES.length).toBeGreaterThanOrEqual(40);
	});

	test.each(CASES.map((c) => [c.what, c] as const))('%s', async (_what, aCase) => {
		const started = Date.now();
		const result = await t.run(aCase.parameters, { items: EMPTY_ITEMS, continueOnFail: true });
		const elapsed = Date.now() - started;
		expectRefusedPerItem(result, aCase, EMPTY_ITEMS.length, t.sandbox.apiKey);
		expect((await t.requests()).map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual(
			aCase.requests ?? [],
		);
		expect(elapsed).toBeLessThan(aCase.withinMs ?? 3_000);
	});
});

describe('Upload From URL sends exactly the address it judged', () => {
	const t = useSandbox();

	test.each([
		['a host in capitals', 'https://Example.COM/a.png', 'https://example.com/a.png'],
		['spaces around it', '  https://example.com/a.png  ', 'https://example.com/a.png'],
		[
			'a space in the path',
			'https://example.com/my picture.png',
			'https://example.com/my%20picture.png',
		],
		['a default port', 'https://example.com:443/a.png', 'https://example.com/a.png'],
		['dot segments', 'https://example.com/x/../a.png', 'https://example.com/a.png'],
	])('%s: the body holds the address as judged', async (_what, given, sent) => {
		await t.run({ resource: 'media', operation: 'uploadFromUrl', url: given });
		const [request] = await t.requests('POST');
		expect(request?.path).toBe('/upload-from-url');
		expect((request?.body as { url?: string } | undefined)?.url).toBe(sent);
	});
});
