/**
 * Post → Create's form as the editor shows it (issue 32, point 4): what it says up front, what it keeps, and the
 * defaults saved workflows rely on (n8n saves no value equal to its default, so a default is part of their meaning).
 */
import { NodeHelpers, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { createPost } from '../../../../../../nodes/SocialPublishing/resources/post/create';
import {
	LOOK_UP_PLATFORM,
	lookUpSettingsNotice,
} from '../../../../../../nodes/SocialPublishing/resources/post/create/settings';
import { updatePost } from '../../../../../../nodes/SocialPublishing/resources/post/update';
import { PLATFORMS, PLATFORM_IDS } from '../../../../../../nodes/SocialPublishing/shared/platforms';
import { conditionHolds } from '../../../../../../nodes/SocialPublishing/shared/postRules/settings';
import { channel, createParams, parts } from '../../../createParameters';
import { byId, useSandbox } from '../../../support';

const fields = createPost.fields;
const top = (name: string) => fields.filter((field) => field.name === name);
const channelValues = (
	top('channels')[0].options as Array<{ name: string; values: INodeProperties[] }>
)[0].values;
const entryField = (name: string) => channelValues.find((field) => field.name === name);
/** Whether the editor shows `field` of a Channels entry holding `entry`. */
const shownInEntry = (field: INodeProperties, entry: INodeParameters) =>
	NodeHelpers.displayParameter(entry, field, null, null, { inputMode: 'fields' });

describe('Platform, Look Up From Channel and the settings it cannot send', () => {
	it('keeps Look Up From Channel the default, which saved entries without a Platform mean', () => {
		expect(entryField('platform')?.default).toBe(LOOK_UP_PLATFORM);
	});

	it('says under Look Up From Channel, before any run, which platforms need settings and how to give them', () => {
		const notice = entryField(lookUpSettingsNotice.name);
		expect(notice?.type).toBe('notice');
		expect(shownInEntry(notice!, { platform: LOOK_UP_PLATFORM, settingsMode: 'fields' })).toBe(
			true,
		);
		expect(shownInEntry(notice!, { platform: 'x', settingsMode: 'fields' })).toBe(false);
		expect(shownInEntry(notice!, { platform: LOOK_UP_PLATFORM, settingsMode: 'json' })).toBe(false);
		const text = notice!.displayName;
		// Every platform whose post fails without settings is named, X with its Who Can Reply.
		for (const id of PLATFORM_IDS) {
			const needs = (PLATFORMS[id].settings ?? []).some(
				(field) => field.required && conditionHolds(field.when, {}),
			);
			expect([id, text.includes(`${PLATFORMS[id].displayName}: `)]).toEqual([id, needs]);
		}
		expect(text).toContain('X: Who Can Reply');
		expect(text).toContain('Pick the channel');
		expect(text).toContain('Settings to Using JSON');
	});

	it('keeps the channel picked when Platform changes (n8n empties a list field whose dependency changes)', () => {
		const locator = entryField('channel');
		expect(locator?.type).toBe('resourceLocator');
		expect(locator?.typeOptions?.loadOptionsDependsOn ?? []).not.toContain('&platform');
	});
});

describe('Publish At of a Draft', () => {
	const dates = top('date');

	it('is the same parameter as Schedule’s, worded for a draft: why it is needed and when a draft publishes', () => {
		expect(dates.map((d) => d.displayName)).toEqual(['Publish At', 'Publish At']);
		const shownFor = (type: string) => {
			const values = {
				resource: 'post',
				operation: 'create',
				inputMode: 'fields',
				type,
				dateMode: 'date',
			};
			return dates.filter((d) => NodeHelpers.displayParameter(values, d, null, null, values));
		};
		const forDraft = shownFor('draft');
		expect(forDraft).toHaveLength(1);
		expect(forDraft[0].description).toContain('needs a date for a draft too');
		expect(forDraft[0].description).toContain('once someone schedules it');
		expect(forDraft[0].hint).toBeTruthy();
		const forSchedule = shownFor('schedule');
		expect(forSchedule).toHaveLength(1);
		expect(forSchedule[0]).not.toBe(forDraft[0]);
		// One default for both: a saved workflow without a date reads the same under either.
		expect(new Set(dates.map((d) => d.default))).toEqual(new Set(['']));
	});
});

describe('Delay (Minutes) on Create’s parts', () => {
	const partValues = (property: INodeProperties) =>
		(property.options as Array<{ values: INodeProperties[] }>)[0].values;

	it('says under the field that part 1, the post, takes none; Update’s follow-ups (all follow-ups) do not', () => {
		const delay = partValues(top('parts')[0]).find((f) => f.name === 'delay');
		expect(delay?.hint).toMatch(/part 1 is the post/);
		const followUps = updatePost.fields.find((f) => f.name === 'followUpParts');
		if (followUps)
			expect(partValues(followUps).find((f) => f.name === 'delay')?.hint).toBeUndefined();
	});
});

describe('Options → Check Only', () => {
	const option = (top('options')[0].options as INodeProperties[]).find(
		(o) => o.name === 'checkOnly',
	);

	it('is on when added (adding it is asking for it)', () => {
		expect(option?.default).toBe(true);
	});
});

describe('runs', () => {
	const t = useSandbox({
		clock: { mode: 'manual', now: '2026-03-01T08:00:00.000Z' },
		requestOptions: null,
	});

	it('a saved workflow without Check Only (not added) still creates the post', async () => {
		const { bluesky } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				parts: parts({ content: 'Hello' }),
				channels: [channel({ channel: byId(bluesky.id), platform: 'bluesky' })],
			}),
		);
		expect(result.error).toBeUndefined();
		expect(await t.routes()).toContain('POST /posts');
	});
});
