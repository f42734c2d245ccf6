/**
 * The node's description: the subtitle under the node on the canvas says what it does in words ("Create a
 * post"), for every operation, resolved by n8n's own expression engine as the editor resolves it; no field
 * carries a regex validation; every parameter carries what n8n requires of one, the ones made at build time from the
 * platform table included, which n8n's lint rules cannot see in the source.
 */
import type { INodeProperties } from 'n8n-workflow';

import { SocialPublishing } from '../../../nodes/SocialPublishing/SocialPublishing.node';
import { SocialPublishingTrigger } from '../../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
import { resolveForParameters } from '../../helpers/engine';

const nodeType = new SocialPublishing();

const subtitleOf = (resource: string, operation: string) =>
	resolveForParameters(nodeType.description.subtitle as string, { resource, operation });

const operations = nodeType.description.properties
	.filter((p: INodeProperties) => p.name === 'operation')
	.flatMap((p) =>
		((p.displayOptions?.show?.resource ?? []) as string[]).flatMap((resource) =>
			(p.options ?? []).map((o) => [resource, String((o as { value: string }).value)]),
		),
	);

/** What the subtitle must be: each operation's `action` (the words n8n shows in its actions list). */
function subtitleFromActions(): string {
	const words: Record<string, string> = {};
	for (const property of nodeType.description.properties) {
		if (property.name !== 'operation') continue;
		for (const resource of (property.displayOptions?.show?.resource ?? []) as string[]) {
			for (const option of property.options ?? []) {
				if ('value' in option && typeof option.action === 'string')
					words[`${resource}:${String(option.value)}`] = option.action;
			}
		}
	}
	return `={{ (${JSON.stringify(words)})[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}

test("the subtitle is written out from the operations' actions (n8n's lint wants it as one literal)", () => {
	expect(nodeType.description.subtitle).toBe(subtitleFromActions());
});

test('every resource has its operations listed', () => {
	expect(new Set(operations.map(([resource]) => resource))).toEqual(
		new Set(['analytics', 'channel', 'media', 'notification', 'post', 'slot']),
	);
	// Each listed operation is also in the subtitle (above) and has its words (below); no count to keep by hand.
	expect(operations.length).toBeGreaterThanOrEqual(20);
});

test.each(operations)('%s → %s has a subtitle in words', (resource, operation) => {
	const subtitle = subtitleOf(resource, operation);
	expect(typeof subtitle).toBe('string');
	expect(subtitle).toMatch(/^[A-Z][a-z]+( [A-Za-z]+)+$/);
	expect(subtitle).not.toContain(operation === 'getMany' ? 'getMany' : `${operation}:`);
});

test('examples read as the editor shows them', () => {
	expect(subtitleOf('post', 'create')).toBe('Create a post');
	expect(subtitleOf('channel', 'getMany')).toBe('Get many channels');
	expect(subtitleOf('media', 'uploadFromUrl')).toBe('Upload a file from a URL');
});

test('no field of the node carries a regex validation (n8n runs them with a 250 ms budget a loaded machine overruns)', () => {
	const withRegex: string[] = [];
	const walk = (value: unknown, path: string): void => {
		if (Array.isArray(value)) value.forEach((entry, index) => walk(entry, `${path}[${index}]`));
		else if (value && typeof value === 'object') {
			for (const [key, inner] of Object.entries(value)) {
				if (key === 'validation' || key === 'regex') withRegex.push(`${path}.${key}`);
				walk(inner, `${path}.${key}`);
			}
		}
	};
	walk(nodeType.description.properties, 'properties');
	expect(withRegex).toEqual([]);
});

test('every parameter, the typed settings made from the platform table included, has what n8n requires of one', () => {
	// What eslint-plugin-n8n-nodes-base's rules ask of a parameter written out in the source (node-param-default-missing,
	// node-param-required-false, node-param-default-wrong-for-options), asked of the built description.
	const problems: string[] = [];
	let checked = 0;
	const check = (property: INodeProperties, path: string): void => {
		checked++;
		const at = `${path} "${property.displayName}"`;
		if (!('default' in property)) problems.push(`${at} has no default`);
		if (property.required === false) problems.push(`${at} has required: false`);
		if (property.type === 'options' && !property.typeOptions?.loadOptionsMethod) {
			const values = (property.options ?? []).map((option) => (option as { value: unknown }).value);
			if (!values.includes(property.default))
				problems.push(
					`${at}: default ${JSON.stringify(property.default)} is not one of its options`,
				);
		}
		if (property.type === 'collection')
			(property.options as INodeProperties[]).forEach((inner) => check(inner, `${at} →`));
		if (property.type === 'fixedCollection') {
			for (const section of property.options as Array<{ values: INodeProperties[] }>)
				section.values.forEach((inner) => check(inner, `${at} →`));
		}
	};
	nodeType.description.properties.forEach((property) => check(property, 'property'));
	expect(problems).toEqual([]);
	// The typed settings are among them: X's Who Can Reply (a row of shared/platforms/x.ts) was checked.
	expect(JSON.stringify(nodeType.description.properties)).toContain(
		'"displayName":"Who Can Reply"',
	);
	expect(checked).toBeGreaterThan(100);
});

describe("in n8n's nodes panel, one entry lists the actions and the trigger", () => {
	// n8n's editor (2.41, the nodes panel's list) puts a trigger under the action node whose type name is the
	// trigger's with "Trigger" taken out: one entry, whose page lists the actions and the trigger's events; apart,
	// the action node's page says "No Social Publishing Triggers available" (issue 32). That entry shows the
	// trigger's description. The trigger's events on that page are the options of its top-level "Trigger On" (or
	// "Events") field, named by their action; without one, n8n makes up "On new Social Publishing event".
	// The browser test (test/browser) reads what the panel shows.
	const trigger = new SocialPublishingTrigger().description;

	test("the trigger's type name pairs with the action node's", () => {
		expect(trigger.name.replace('Trigger', '')).toBe(nodeType.description.name);
		expect(trigger.displayName).toMatch(/Trigger/);
	});

	test("the entry's description (the trigger's) says what the action node does, and the trigger too", () => {
		expect(trigger.description).toContain(nodeType.description.description);
		expect(trigger.description).not.toBe(nodeType.description.description);
	});

	test("the trigger's event is named on that page, and described in its field", () => {
		const events = trigger.properties.find((p) =>
			['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()),
		);
		const options = (events?.options ?? []) as Array<{ action?: string; description?: string }>;
		expect(options.length).toBeGreaterThan(0);
		expect(options.filter((o) => !o.action || !o.description)).toEqual([]);
	});
});
