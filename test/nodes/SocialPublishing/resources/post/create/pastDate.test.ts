/**
 * Post → Create refuses a Schedule date that has passed (pastDate.ts): the service would publish such a post at once,
 * so a typo in the year would publish today. Drafts, Type Now and a date within the allowance go through; Options →
 * Allow Past Date sends one on purpose. Fields and JSON mode alike.
 */
import {
	PAST_DATE_ALLOWANCE_MS,
	pastDateProblem,
} from '../../../../../../nodes/SocialPublishing/resources/post/create/pastDate';
import {
	describeProblem,
	type NodeProblem,
} from '../../../../../../nodes/SocialPublishing/shared/postProblems';
import { channel, createParams, jsonParams, parts } from '../../../createParameters';
import { byId, errorOf, useSandbox } from '../../../support';

const t = useSandbox();

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const YEAR_MS = 365 * 24 * 3_600_000;

/** The problem in the editor's words, as the error of item 1 says it. */
const inWords = (problem: NodeProblem | undefined, inputMode: 'fields' | 'json' = 'fields') =>
	describeProblem(problem!, { itemIndex: 0, inputMode, contentMode: 'same', channels: [] });

describe('pastDateProblem', () => {
	const now = Date.parse('2026-11-24T12:00:00Z');
	const base = {
		type: 'schedule',
		timeZone: 'Europe/Berlin',
		allowed: false,
		inputMode: 'fields' as const,
		now,
	};

	test('says when the date was, in the workflow time zone, and how long ago', () => {
		const problem = pastDateProblem({ ...base, instant: Date.parse('2025-11-24T09:30:00Z') });
		expect(inWords(problem)).toEqual({
			what: 'Item 1, Publish At: the date has passed: it was 2025-11-24 10:30 (Europe/Berlin), 1 year ago, and the service would publish the post at once',
			fix: 'set a date in the future (check the year); to publish at once, set Type to Now; to send a past date on purpose, turn on Options → Allow Past Date',
		});
	});

	test.each([
		['3 hours', 3 * 3_600_000 + 5],
		['2 days', 2 * 24 * 3_600_000 + 5],
		['6 minutes', 6 * 60_000 + 5],
	])('counts %s ago in words', (words, late) => {
		expect(inWords(pastDateProblem({ ...base, instant: now - late })).what).toContain(
			`, ${words} ago,`,
		);
	});

	test('in JSON mode names "date" and "type" as the body has them', () => {
		const problem = pastDateProblem({ ...base, inputMode: 'json', instant: now - YEAR_MS });
		expect(inWords(problem, 'json').what).toMatch(/^Item 1, "date" in Request \(JSON\): /);
		expect(inWords(problem, 'json').fix).toContain('give "type": "now"');
	});

	test.each([
		[
			'a date within the allowance for clock differences',
			{ instant: now - PAST_DATE_ALLOWANCE_MS },
		],
		['a future date', { instant: now + 60_000 }],
		['a draft', { type: 'draft', instant: now - YEAR_MS }],
		['Type Now', { type: 'now', instant: now - YEAR_MS }],
		['Allow Past Date', { allowed: true, instant: now - YEAR_MS }],
		['no date (its own check names it)', { instant: undefined }],
		['a date that is not one (its own check names it)', { instant: Number.NaN }],
	])('lets %s through', (_what, change) => {
		expect(pastDateProblem({ ...base, ...change })).toBeUndefined();
	});
});

describe('Post → Create with a Schedule date that has passed', () => {
	const post = () => {
		const { mastodon } = t.sandbox.seed.channels;
		return {
			channels: [
				channel({
					channel: byId(mastodon.id),
					platform: 'mastodon',
					parts: parts({ content: 'Hello' }),
				}),
			],
		};
	};
	const postsSent = async () => (await t.requests('POST')).filter((r) => r.path === '/posts');

	test('fields mode: refused before anything is sent, saying when it was (in the workflow time zone, n8n default here) and that Type Now publishes at once', async () => {
		const result = await t.run(createParams({ ...post(), date: '2025-01-15T10:00:00Z' }));
		const error = errorOf(result);
		expect(error.message).toMatch(
			/^Item 1, Publish At: .*2025-01-15 05:00 \(America\/New_York\), \d+ years? ago/,
		);
		expect(error.description).toContain('to publish at once, set Type to Now');
		expect(error.description).toContain('Options → Allow Past Date');
		expect(await t.requests()).toEqual([]);
	});

	test('JSON mode: the same for "type": "schedule"', async () => {
		const { mastodon } = t.sandbox.seed.channels;
		const body = {
			type: 'schedule',
			date: ago(2 * YEAR_MS),
			shortLink: false,
			tags: [],
			posts: [
				{
					integration: { id: mastodon.id },
					value: [{ content: 'Hello', image: [] }],
					settings: {},
				},
			],
		};
		const error = errorOf(await t.run(jsonParams(body)));
		expect(error.message).toMatch(
			/^Item 1, "date" in Request \(JSON\): the date has passed: it was .*, 2 years ago/,
		);
		expect(await t.requests()).toEqual([]);
	});

	test('Allow Past Date sends it', async () => {
		const result = await t.run(
			createParams({ ...post(), date: ago(2 * 3_600_000), options: { allowPastDate: true } }),
		);
		expect(result.error).toBeUndefined();
		expect(await postsSent()).toHaveLength(1);
	});

	test('a draft with a past date, and a date a minute ago (clock differences), are sent', async () => {
		expect(
			(await t.run(createParams({ ...post(), type: 'draft', date: '2025-01-15T10:00:00Z' }))).error,
		).toBeUndefined();
		expect((await t.run(createParams({ ...post(), date: ago(60_000) }))).error).toBeUndefined();
		expect(await postsSent()).toHaveLength(2);
	});
});
