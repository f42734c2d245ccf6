import {
	KEPT_HTML_TAGS,
	MEDIA_EXTENSIONS,
	PLATFORMS,
	PLATFORM_IDS,
	POST_LIMITS,
	type PlatformId,
} from '../../../../nodes/SocialPublishing/shared/platforms';
import { SocialPublishing } from '../../../../nodes/SocialPublishing/SocialPublishing.node';
import type { INodeProperties } from 'n8n-workflow';

/** The table read back against the statements of spec 4.8, so a slip in one row shows up. */
describe('the platform table', () => {
	const where = (test: (id: PlatformId) => boolean) => PLATFORM_IDS.filter(test).sort();

	it('has the 11 platforms of spec 4.8, each under its own id', () => {
		expect(PLATFORM_IDS).toHaveLength(11);
		for (const id of PLATFORM_IDS) expect(PLATFORMS[id].id).toBe(id);
	});

	it('puts youtube, threads, bluesky, mastodon and telegram in Pro; x and discord in Business only', () => {
		expect(where((id) => PLATFORMS[id].plans.includes('Starter'))).toEqual([
			'facebook',
			'instagram',
			'linkedin',
			'tiktok',
		]);
		expect(where((id) => !PLATFORMS[id].plans.includes('Pro'))).toEqual(['discord', 'x']);
		expect(where((id) => PLATFORMS[id].plans.includes('Business'))).toEqual(
			[...PLATFORM_IDS].sort(),
		);
	});

	it('marks bluesky and telegram as connected outside GET /social/:platform', () => {
		expect(where((id) => !PLATFORMS[id].connectViaApi)).toEqual(['bluesky', 'telegram']);
	});

	it('has required settings exactly on instagram, tiktok, youtube, x and discord', () => {
		expect(where((id) => (PLATFORMS[id].settings ?? []).some((field) => field.required))).toEqual([
			'discord',
			'instagram',
			'tiktok',
			'x',
			'youtube',
		]);
	});

	it('has no settings on threads, bluesky and telegram', () => {
		expect(where((id) => PLATFORMS[id].settings === null)).toEqual([
			'bluesky',
			'telegram',
			'threads',
		]);
	});

	it('counts x weighted (links 23, CJK 2) and the others by characters, and gives x premium 4000 and articles 100000', () => {
		expect(where((id) => PLATFORMS[id].lengthCounting === 'xWeighted')).toEqual(['x']);
		expect(where((id) => PLATFORMS[id].lengthCounting === 'characters')).toHaveLength(
			PLATFORM_IDS.length - 1,
		);
		expect(PLATFORMS.x.maxLengthWhen).toEqual({
			setting: 'post_type',
			value: 'article',
			maxLength: 100000,
		});
		expect(where((id) => PLATFORMS[id].premiumMaxLength !== undefined)).toEqual(['x']);
		expect(PLATFORMS.x.premiumMaxLength).toBe(4000);
	});

	it('gives every options field its values, and a default among them', () => {
		for (const id of PLATFORM_IDS) {
			for (const field of PLATFORMS[id].settings ?? []) {
				expect(field.description.length).toBeGreaterThan(10);
				if (field.type === 'options') expect(field.values?.length).toBeGreaterThan(1);
				if (field.default !== undefined && field.type === 'options') {
					expect(field.values).toContain(field.default);
				}
			}
		}
	});

	it('gives every media rule a message for each check it turns on', () => {
		for (const id of PLATFORM_IDS) {
			const { media } = PLATFORMS[id];
			const needs: Array<[boolean, string | undefined]> = [
				[media.minItems > 0, media.messages.noMedia],
				[media.maxItems !== undefined, media.messages.tooMany],
				[media.maxImages !== undefined, media.messages.tooManyImages],
				[media.videoAlone, media.messages.videoNotAlone],
				[media.videoOnly === true, media.messages.notVideo],
				[media.story !== undefined, media.messages.storyNoMedia],
				[media.carousel !== undefined, media.messages.carousel],
				[
					media.trialReel !== undefined,
					media.messages.trialReelKind && media.messages.trialReelCount,
				],
				[media.followUpsTextOnly === true, media.messages.followUpMedia],
			];
			for (const [on, message] of needs)
				if (on) expect({ id, message }).toEqual({ id, message: expect.any(String) });
		}
	});

	it('names a setting of the platform in each settings-dependent media rule', () => {
		for (const id of PLATFORM_IDS) {
			const { media, settings } = PLATFORMS[id];
			const names = (settings ?? []).map((field) => field.name);
			for (const dependent of [media.story, media.carousel, media.trialReel]) {
				if (dependent) expect(names).toContain(dependent.setting);
			}
		}
	});

	it('keeps the request limits and media endings of spec 8 and service-notes', () => {
		expect(POST_LIMITS.postsPerRequest).toEqual({ min: 1, max: 50 });
		expect(POST_LIMITS.partsPerPost).toEqual({ min: 1, max: 100 });
		expect(POST_LIMITS.mediaPerPart).toBe(20);
		expect(Object.keys(MEDIA_EXTENSIONS).sort()).toEqual([
			'.gif',
			'.jpeg',
			'.jpg',
			'.mp4',
			'.png',
			'.webp',
		]);
		expect(KEPT_HTML_TAGS).toHaveLength(11);
	});
});

describe('typed settings read in words in the editor', () => {
	const optionFields = PLATFORM_IDS.flatMap((platform) =>
		(PLATFORMS[platform].settings ?? [])
			.filter((field) => field.type === 'options')
			.map((field) => [platform, field.name, field] as const),
	);

	test.each(optionFields)(
		'%s %s: every value has a name and a description in the table',
		(_platform, _name, field) => {
			expect(Object.keys(field.valueLabels ?? {}).sort()).toEqual([...(field.values ?? [])].sort());
			for (const label of Object.values(field.valueLabels ?? {})) {
				expect(label.description.length).toBeGreaterThan(5);
				// A name in words, not an API value such as PUBLIC_TO_EVERYONE or mentionedUsers.
				expect(label.name).toMatch(/^[A-Z][a-z]*( [A-Za-z][a-z]*)*$/);
			}
		},
	);

	test('the node shows those names, and sends the API values', () => {
		const entry = new SocialPublishing().description.properties.find((p) => p.name === 'channels')
			?.options?.[0] as { values: INodeProperties[] };
		const shown: Array<{ name: string; value: unknown }> = [];
		const walk = (properties: INodeProperties[]) => {
			for (const property of properties) {
				if (property.type === 'options')
					shown.push(...((property.options ?? []) as Array<{ name: string; value: unknown }>));
				if (property.type === 'collection') walk((property.options ?? []) as INodeProperties[]);
			}
		};
		walk(entry.values.filter((p) => p.name !== 'platform' && p.name !== 'settingsMode'));
		const expected = optionFields.flatMap(([, , field]) =>
			Object.entries(field.valueLabels ?? {}).map(([value, label]) => ({
				name: label.name,
				value,
			})),
		);
		const sorted = (list: Array<{ name: string; value: unknown }>) =>
			list.map(({ name, value }) => `${String(value)} = ${name}`).sort();
		expect(sorted(shown)).toEqual(sorted(expected));
		expect(shown).toContainEqual({
			name: 'Accounts You Follow',
			value: 'following',
			description: 'Only accounts the channel follows',
		});
	});
});
