/**
 * Every operation of the action node, read from its description (the resources' operation lists), named as the
 * tests and the bench name them: "Channel → Get Many". Lists of operations elsewhere are checked against this one,
 * so that adding an operation to a resource's index.ts names every place still missing it.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { SocialPublishing } from '../../nodes/SocialPublishing/SocialPublishing.node';

export interface NodeOperation {
	resource: string;
	operation: string;
	/** "Resource → Operation", the editor's names. */
	label: string;
}

export function nodeOperations(): NodeOperation[] {
	const { properties } = new SocialPublishing().description;
	const resources = (properties.find((p) => p.name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
	return properties
		.filter((p: INodeProperties) => p.name === 'operation')
		.flatMap((p) => {
			const resource = String(p.displayOptions?.show?.resource?.[0]);
			const resourceName = resources.find((r) => r.value === resource)?.name ?? resource;
			return (p.options as INodePropertyOptions[]).map((o) => ({
				resource,
				operation: String(o.value),
				label: `${resourceName} → ${o.name}`,
			}));
		});
}

/** The operations no name of `names` is, or starts with (a label may say more: "Post → Get Many, 800 days"). */
export function operationsMissingFrom(names: Iterable<string>): string[] {
	const given = [...names];
	return nodeOperations()
		.map((o) => o.label)
		.filter((label) => !given.some((name) => name === label || name.startsWith(`${label},`)));
}
