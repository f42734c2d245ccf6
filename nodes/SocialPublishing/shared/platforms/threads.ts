import { PRO_PLANS } from './shared';
import type { PlatformRow } from './types';

export const threads: PlatformRow = {
	displayName: 'Threads',
	plans: PRO_PLANS,
	maxLength: 500,
	followUps: 'replies in a thread',
};
