import { resourceOperations } from '../../shared/routing';
import { getManyNotifications } from './getMany';

export const notificationDescription = resourceOperations(
	'notification',
	[getManyNotifications],
	'getMany',
);
