import { resourceOperations } from '../../shared/routing';
import { getManyNotifications } from './getMany';

export const notificationOperations = [getManyNotifications];

export const notificationDescription = resourceOperations(
	'notification',
	notificationOperations,
	'getMany',
);
