import type { PlatformRow } from './types';

export const telegram: PlatformRow = {
	displayName: 'Telegram',
	fromPlan: 'Pro',
	connectViaApi: false,
	maxLength: 4096,
	followUps: 'further messages',
};
