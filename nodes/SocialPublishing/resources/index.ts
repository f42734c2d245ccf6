import { routeTable } from '../shared/routeFacts';
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

/**
 * The routes the node's operations send to, with their facts (shared/routeFacts.ts): plain data,
 * read here.
 */
export const ROUTES = routeTable(OPERATIONS.map((operation) => operation.route));

/**
 * The node's request hook (`requestOperations.pagination`), finding each request's facts in ROUTES.
 */
export const sendThroughTransport = requestHook(ROUTES);
