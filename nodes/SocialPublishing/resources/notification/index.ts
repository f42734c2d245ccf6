import { getManyNotifications } from './getMany';

export const notificationOperations = [getManyNotifications];
