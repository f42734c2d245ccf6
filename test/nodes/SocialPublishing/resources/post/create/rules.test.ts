/**
 * Every rule of the shared case table, through the node: each invalid post is refused by the node
 * itself, with the expected message, before anything reaches the sandbox; each valid post is sent
 * and accepted by the sandox, which enforces the same rules.
 *
 * One post per platform case, in fields mode: parts as the editor saves them, settings as typed
 * fields where the editor can express them (else as the channel's settings JSON). Whole-request
 * cases (counts, type, date, inter, tags...) go through JSON mode.
 */
import type { INodeParameters } from 'n8n-workflow';
import {
	PLATFORMS,
	type PlatformId,
} from '../../../../../../nodes/SocialPublishing/shared/platforms';
import {
	textLength,
	TOO_LONG_MESSAGE,
} from '../../../../../../nodes/SocialPublishing/shared/postRules';
import {
	CASE_DATE,
	CDN,
	PLATFORM_CASES,
	REQUEST_CASES,
	type PlatformCase,
} from '../../../../../fixtures/platformCases';
import {
	channel,
	createParams,
	jsonParams,
	parts,
	typedSettingsFor,
} from '../../../createParameters';
import { errorText, fromList, useSandbox } from '../../../support';

// The cases' media live under CDN; the POST /posts limit is lifted, the cases are many. Request
// Options left to the node's defaults.
const t = useSandbox({
	clock: { mode: 'manual', now: '2026-03-01T08:00:00.000Z' },
	storageOrigin: CDN,
	rateLimits: { 'POST /posts': { limit: 100_000, windowSeconds: 3600 } },
	requestOptions: null,
});

const channelIdOf = (platform: PlatformId, premium = false) =>
	t.sandbox.seed.channels[premium ? 'xPremium' : platform].id;

/** Channels are picked "From List", the editor's usual way (By ID is tested in index.test.ts). */
function caseParameters(
	aCase: PlatformCase,
	channelId: string,
): { parameters: INodeParameters; typed: boolean } {
	const settings = aCase.post.settings;
	const typed = typedSettingsFor(aCase.platform, settings);
	const entry = channel({
		channel: fromList(channelId, `${aCase.platform} channel`),
		platform: aCase.platform,
		...(typed ? { settings: typed } : { settingsJson: settings ?? {} }),
		parts: parts(...aCase.post.value.map((p) => ({ content: p.content, media: p.image }))),
	});
	return {
		parameters: createParams({
			type: aCase.type ?? 'schedule',
			date: CASE_DATE,
			channels: [entry],
		}),
		typed: typed !== undefined,
	};
}

describe.each(PLATFORM_CASES.map((c) => [`${c.platform}: ${c.rule}`, c] as const))(
	'%s',
	(_name, aCase) => {
		const premium = aCase.channel?.premium === true;
		if (aCase.valid) {
			it('is sent once and accepted by the sandbox', async () => {
				const channelId = channelIdOf(aCase.platform, premium);
				const result = await t.run(caseParameters(aCase, channelId).parameters);
				expect(errorText(result)).toBe('');
				expect(result.items.map((item) => item.json)).toEqual([
					expect.objectContaining({
						postId: expect.any(String),
						integration: channelId,
						platform: aCase.platform,
					}),
				]);
				expect((await t.routes()).filter((route) => route === 'POST /posts')).toHaveLength(1);
			});
		} else {
			it(`is refused by the node: "${aCase.expect!.message}"`, async () => {
				const channelId = channelIdOf(aCase.platform, premium);
				const result = await t.run(caseParameters(aCase, channelId).parameters);
				expect(result.items).toEqual([]);
				expect(errorText(result)).toContain(aCase.expect!.message);
				expect(errorText(result)).toContain('Item 1, channel 1');
				// An X text over 280 characters may fit a premium account: only then is the account's
				// limit read (GET /integration-settings). Nothing else may reach the service.
				const xLength =
					aCase.platform === 'x' &&
					aCase.expect!.message === TOO_LONG_MESSAGE &&
					aCase.post.value.every(
						(p) => textLength(p.content, 'x') <= PLATFORMS.x.premiumMaxLength!,
					);
				expect(await t.routes()).toEqual(
					xLength ? ['GET /integrations', `GET /integration-settings/${channelId}`] : [],
				);
			});
		}
	},
);

describe.each(REQUEST_CASES.map((c) => [c.rule, c] as const))(
	'request as JSON: %s',
	(_name, aCase) => {
		it(
			aCase.valid
				? 'is sent once and accepted by the sandbox'
				: `is refused by the node: "${aCase.expect?.message}"`,
			async () => {
				const body = aCase.body((platform) => channelIdOf(platform));
				const result = await t.run(jsonParams(body));
				const routes = await t.routes();
				if (aCase.valid) {
					expect(errorText(result)).toBe('');
					expect(result.items.length).toBe((body as { posts: unknown[] }).posts.length);
					expect(routes.filter((route) => route === 'POST /posts')).toHaveLength(1);
				} else {
					expect(result.items).toEqual([]);
					expect(errorText(result)).toContain(aCase.expect!.message);
					// JSON names no platform: the channel list may be read, nothing is sent.
					expect(routes.filter((route) => route !== 'GET /integrations')).toEqual([]);
				}
			},
		);
	},
);
