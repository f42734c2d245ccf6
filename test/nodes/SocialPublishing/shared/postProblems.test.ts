import fc from 'fast-check';
import type { INodeProperties } from 'n8n-workflow';
import { createPost } from '../../../../nodes/SocialPublishing/resources/post/create';
import {
	describeProblem,
	problemsError,
	type Problem,
	type ProblemContext,
} from '../../../../nodes/SocialPublishing/shared/postProblems';
import { updatePost } from '../../../../nodes/SocialPublishing/resources/post/update';
import {
	FIELD_LABELS,
	NODE_FIELD_LABELS,
} from '../../../../nodes/SocialPublishing/shared/postProblems/places';

/** Every label the editor shows for Post → Create's fields: each field's displayName, and `Parent → Child` inside. */
function shownLabels(fields: INodeProperties[]): Set<string> {
	const labels = new Set<string>();
	const visit = (
		field: { displayName: string; options?: unknown; values?: unknown },
		parent?: string,
	) => {
		labels.add(field.displayName);
		if (parent) labels.add(`${parent} → ${field.displayName}`);
		const children = [
			...(Array.isArray(field.options) ? field.options : []),
			...(Array.isArray(field.values) ? field.values : []),
		].filter((child): child is INodeProperties => typeof child?.displayName === 'string');
		for (const child of children) visit(child, field.displayName);
	};
	for (const field of fields) visit(field);
	return labels;
}

describe('the labels problems name fields by', () => {
	const labels = shownLabels(createPost.fields);
	it.each(
		Object.entries(FIELD_LABELS).flatMap(([level, names]) =>
			Object.entries(names).map(([name, label]) => ({ level, name, label: String(label) })),
		),
	)('$level field "$name" is named as the editor shows it: $label', ({ label }) => {
		expect(labels.has(label)).toBe(true);
	});
});

describe("the labels the node's own problems name fields by", () => {
	const labels = shownLabels([...createPost.fields, ...updatePost.fields]);
	// Not a field of the editor: the whole body, and a key inside Request (JSON).
	const notFields = new Set(['request', 'requestJsonDate']);
	it.each(
		Object.entries(NODE_FIELD_LABELS)
			.filter(([field]) => !notFields.has(field))
			.map(([field, label]) => ({ field, label })),
	)('"$field" is named as the editor shows it: $label', ({ label }) => {
		expect(labels.has(label)).toBe(true);
	});
});

describe('describeProblem', () => {
	const context: ProblemContext = {
		itemIndex: 0,
		inputMode: 'fields',
		contentMode: 'perChannel',
		channels: [{ id: 'c1', name: 'Shop', platform: 'x', settingsMode: 'fields' }],
	};

	it('words a text over its length from the rule’s figures, not from the service’s sentence', () => {
		const worded = describeProblem(
			{
				kind: 'platform',
				entryIndex: 0,
				partIndex: 1,
				platform: 'x',
				channelName: 'Shop',
				field: 'content',
				rule: 'tooLong',
				limit: 280,
				length: 300,
				message: 'a text the service may word otherwise',
			},
			context,
		);
		// Where, then the figures (written vs allowed); the service's sentence only in the details.
		expect(worded.what).toMatch(
			/^Item 1, channel 1 "Shop" \(X\), part 2 \(follow-up 1\), Text: .*300.*280$/,
		);
		expect(worded.fix).toMatch(/280 characters .*as X counts/);
		expect(worded.api).toBe('"a text the service may word otherwise"');
	});

	it('words a field fault from its code and the value given', () => {
		const worded = describeProblem(
			{
				kind: 'field',
				path: 'posts.0.settings.community',
				fault: { code: 'tooLong', max: 5 },
				message: 'posts.0.settings.community must be shorter than or equal to 5 characters',
			},
			context,
			{ posts: [{ settings: { community: 'abcdefg' } }] },
		);
		expect(worded.what).toMatch(
			/^Item 1, channel 1 "Shop" \(X\), setting "Community": .*7 characters.* 5 /,
		);
	});
});

describe("problemsError's message, what n8n's toast shows", () => {
	const node = {
		id: 'n',
		name: 'Create Post',
		type: 'n8n-nodes-social-publishing.socialPublishing',
		typeVersion: 1,
		position: [0, 0] as [number, number],
		parameters: {},
	};
	/** A distinct problem per index: a channel entry without an ID. */
	const noChannel = (entryIndex: number): Problem => ({
		kind: 'node',
		code: 'noChannel',
		entryIndex,
		field: 'channel',
	});
	const contextFor = (itemIndex: number, count: number): ProblemContext => ({
		itemIndex,
		inputMode: 'fields',
		contentMode: 'same',
		channels: Array.from({ length: count }, () => ({ id: '', settingsMode: 'fields' as const })),
	});

	it('names each of the first three problems where and what, and how many more the details list', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 12 }), fc.nat(50), (count, itemIndex) => {
				const problems = Array.from({ length: count }, (_, i) => noChannel(i));
				const context = contextFor(itemIndex, count);
				const { message, description } = problemsError(node, problems, context);
				const whats = problems.map((p) => describeProblem(p, context).what);
				if (count === 1) {
					expect(message).toBe(whats[0]);
					return;
				}
				const item = `Item ${itemIndex + 1}`;
				expect(message.startsWith(`${item} has ${count} problems: (1) `)).toBe(true);
				whats.forEach((what, i) => {
					const named = message.includes(`(${i + 1}) ${what.slice(item.length + 2)}`);
					expect([i, named]).toEqual([i, i < 3]);
					// The details list every one of them, with its fix.
					expect(description).toContain(`${i + 1}. ${what}. To fix:`);
				});
				expect(message.endsWith(`; and ${count - 3} more, listed in the details`)).toBe(count > 3);
			}),
		);
	});
});
