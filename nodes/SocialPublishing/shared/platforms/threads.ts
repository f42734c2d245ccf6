import type { PlatformRow } from './types';

export const threads: PlatformRow = {
	displayName: 'Threads',
	fromPlan: 'Pro',
	maxLength: 500,
	followUps: 'replies in a thread',
};
