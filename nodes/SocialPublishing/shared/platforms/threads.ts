import { PRO_PLANS, NO_MEDIA_RULES } from './shared';
import type { PlatformRules } from './types';

export const threads: PlatformRules = {
	id: 'threads',
	displayName: 'Threads',
	plans: PRO_PLANS,
	connectViaApi: true,
	maxLength: 500,
	lengthCounting: 'characters',
	mediaRule: 'No extra checks',
	followUps: 'replies in a thread',
	media: NO_MEDIA_RULES,
	settings: null,
};
