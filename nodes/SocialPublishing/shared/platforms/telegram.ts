import { PRO_PLANS, NO_MEDIA_RULES } from './shared';
import type { PlatformRules } from './types';

export const telegram: PlatformRules = {
	id: 'telegram',
	displayName: 'Telegram',
	plans: PRO_PLANS,
	connectViaApi: false,
	maxLength: 4096,
	lengthCounting: 'characters',
	mediaRule: 'No extra checks',
	followUps: 'further messages',
	media: NO_MEDIA_RULES,
	settings: null,
};
