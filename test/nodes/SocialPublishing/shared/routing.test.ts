/** How an operation is declared (shared/routing.ts): what its route's path needs, checked for every operation. */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { SocialPublishing } from '../../../../nodes/SocialPublishing/SocialPublishing.node';
import { PATH_FIELDS } from '../../../../nodes/SocialPublishing/shared/routeFacts';

const { properties } = new SocialPublishing().description;

/** Every `{field}` of an operation's route, with the field the editor shows for that operation. */
const pathFields = properties
	.filter((p: INodeProperties) => p.name === 'operation')
	.flatMap((p) => {
		const resource = String(p.displayOptions?.show?.resource?.[0]);
		return (p.options as INodePropertyOptions[]).flatMap((o) => {
			const url = String(o.routing?.request?.url ?? '');
			return [...url.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
				const field = properties.find(
					(f) =>
						f.name === name &&
						f.displayOptions?.show?.resource?.includes(resource) &&
						f.displayOptions?.show?.operation?.includes(String(o.value)),
				);
				return { where: `${resource}:${String(o.value)} {${name}}`, name, field };
			});
		});
	});

test('every field a route path is filled from is a field of its operation, worded as the editor shows it (its entry in PATH_FIELDS also says what its id is, for the errors)', () => {
	expect(pathFields.length).toBeGreaterThan(0);
	const wrong = pathFields
		.filter(({ name, field }) => !field || PATH_FIELDS[name]?.label !== field.displayName)
		.map(
			({ where, name, field }) =>
				`${where}: PATH_FIELDS says ${PATH_FIELDS[name]?.label ?? 'nothing'}, the field is ${field?.displayName ?? 'missing'}`,
		);
	expect(wrong).toEqual([]);
});
