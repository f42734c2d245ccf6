/**
 * Post → Update's fields as the editor shows them (update/fields.ts): what a reschedule needs is said under Media and
 * Follow-Up Parts before any run, and each of its options reads whole in the dropdown.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { fields } from '../../../../../../nodes/SocialPublishing/resources/post/update/fields';

/** About what n8n's dropdown shows of an option's description without cutting it (The Post Has None's, 150, was cut). */
const DROPDOWN_LINE = 60;

const byName = (name: string) => fields.find((field) => field.name === name)!;
const updateFields = byName('updateFields').options as Array<{ name: string; displayName: string }>;
const label = (name: string) => updateFields.find((field) => field.name === name)!.displayName;

describe("Post → Update's Media and Follow-Up Parts", () => {
	const choice = byName('mediaAndFollowUps');

	it('says under the field, before any run, that a new Text or Publish At needs it', () => {
		expect(choice.hint).toEqual(expect.stringContaining(label('content')));
		expect(choice.hint).toEqual(expect.stringContaining(label('date')));
		expect(choice.hint).toMatch(/reschedule/);
	});

	it('has option descriptions short enough for the dropdown', () => {
		const options = choice.options as INodePropertyOptions[];
		expect(options.map((option) => option.value).sort()).toEqual(['none', 'notSaid', 'replace']);
		const tooLong = options.filter(
			(option) => !option.description || option.description.length > DROPDOWN_LINE,
		);
		expect(tooLong.map((option) => `${option.name}: ${option.description}`)).toEqual([]);
	});
});

describe("Post → Update's Options → Check Only", () => {
	const option = (byName('options').options as Array<{ name: string; default?: unknown }>).find(
		(o) => o.name === 'checkOnly',
	);

	it('is on when added, as in Post → Create (adding it is asking for it)', () => {
		expect(option?.default).toBe(true);
	});
});
