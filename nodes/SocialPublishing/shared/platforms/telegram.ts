import { PRO_PLANS } from './shared';
import type { PlatformRow } from './types';

export const telegram: PlatformRow = {
	displayName: 'Telegram',
	plans: PRO_PLANS,
	connectViaApi: false,
	maxLength: 4096,
	followUps: 'further messages',
};
