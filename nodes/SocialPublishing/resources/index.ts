import { resourceOperations } from '../shared/routing';
import { requestHook } from '../shared/transport';
import { analyticsOperations } from './analytics';
import { channelOperations } from './channel';
import { mediaOperations } from './media';
import { notificationOperations } from './notification';
import { postOperations } from './post';
import { slotOperations } from './slot';

/** Every operation of the node, from the resources' lists. */
export const OPERATIONS = [
	...analyticsOperations,
	...channelOperations,
	...mediaOperations,
	...notificationOperations,
	...postOperations,
	...slotOperations,
];

/** Each resource's Operation picker and its operations' fields, for the node's properties. */
export const resourceProperties = [
	...resourceOperations('analytics', analyticsOperations, 'getChannel'),
	...resourceOperations('channel', channelOperations, 'getMany'),
	...resourceOperations('media', mediaOperations, 'upload'),
	...resourceOperations('notification', notificationOperations, 'getMany'),
	...resourceOperations('post', postOperations, 'getMany'),
	...resourceOperations('slot', slotOperations, 'findNextFree'),
];

const ROUTES = new Map(OPERATIONS.map((o) => [`${o.resource}:${String(o.option.value)}`, o.route]));

/**
 * The node's request hook (`requestOperations.pagination`): each request goes with the route, and
 * the facts, of the item's operation (shared/routeFacts.ts), found by its Resource and Operation.
 */
export const sendThroughTransport = requestHook((context) =>
	ROUTES.get(
		`${context.getNodeParameter('resource', '')}:${context.getNodeParameter('operation', '')}`,
	),
);
