/** Section 1 and 8: what each paid plan allows. Which platforms a plan includes comes from the shared platform table. */
import {
	PLATFORMS,
	PLATFORM_IDS,
	type PlatformId,
} from '../nodes/SocialPublishing/shared/platforms';
import type { PlanName } from './store';

export interface PlanLimits {
	/**
	 * Enabled channels the organisation may have. The spec names the limit ("all channel slots taken")
	 * without numbers; these are the sandbox's choice, documented in sandbox/README.md.
	 */
	channelSlots: number;
	/** Posts per billing month; null = unlimited. */
	monthlyPosts: number | null;
}

export const PLANS: Record<PlanName, PlanLimits> = {
	Starter: { channelSlots: 5, monthlyPosts: 400 },
	Pro: { channelSlots: 15, monthlyPosts: null },
	Business: { channelSlots: 30, monthlyPosts: null },
};

export const PLAN_NAMES = Object.keys(PLANS) as PlanName[];

export function isPlatform(id: string): id is PlatformId {
	return (PLATFORM_IDS as string[]).includes(id);
}

export function planIncludes(plan: PlanName, platform: PlatformId): boolean {
	return PLATFORMS[platform].plans.includes(plan);
}

/** Billing month of a publication date, `YYYY-MM` in UTC. */
export const billingMonth = (iso: string): string => new Date(iso).toISOString().slice(0, 7);
