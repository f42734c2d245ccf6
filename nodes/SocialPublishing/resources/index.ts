import { resourceOperations, type Operation } from '../shared/routing';
import { requestHook } from '../shared/transport';
import { analyticsOperations } from './analytics';
import { channelOperations } from './channel';
import { mediaOperations } from './media';
import { notificationOperations } from './notification';
import { postOperations } from './post';
import { slotOperations } from './slot';

/** Each resource, its operations and the operation its picker starts on. */
const RESOURCES: Array<[string, Operation[], string]> = [
	['analytics', analyticsOperations, 'getChannel'],
	['channel', channelOperations, 'getMany'],
	['media', mediaOperations, 'upload'],
	['notification', notificationOperations, 'getMany'],
	['post', postOperations, 'getMany'],
	['slot', slotOperations, 'findNextFree'],
];

/** Every operation of the node, from the resources' lists. */
export const OPERATIONS = RESOURCES.flatMap(([, operations]) => operations);

/** Each resource's Operation picker and its operations' fields, for the node's properties. */
export const resourceProperties = RESOURCES.flatMap(([resource, operations, first]) =>
	resourceOperations(resource, operations, first),
);

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
