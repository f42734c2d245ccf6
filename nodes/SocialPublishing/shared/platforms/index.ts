/**
 * The platform rules of the service (spec 4.8, 8 and service-notes) as ONE data table: one file per
 * platform (`x.ts`, ...), assembled here.
 * The node's pre-send validation and UI hints, the sandbox and the tests all read this table;
 * `../postRules/` holds the only code that interprets it. A rule changes in its platform's file, in
 * one line.
 */

import type { MediaKind, Plan, PlatformRow, PlatformRules } from './types';
import { bluesky } from './bluesky';
import { discord } from './discord';
import { facebook } from './facebook';
import { instagram } from './instagram';
import { linkedin } from './linkedin';
import { mastodon } from './mastodon';
import { telegram } from './telegram';
import { threads } from './threads';
import { tiktok } from './tiktok';
import { x } from './x';
import { youtube } from './youtube';

export type * from './types';

const ROWS = {
	facebook,
	instagram,
	linkedin,
	tiktok,
	youtube,
	threads,
	bluesky,
	mastodon,
	telegram,
	x,
	discord,
} satisfies Record<string, PlatformRow>;

/** A platform's id: its key in the table. */
export type PlatformId = keyof typeof ROWS;

/** The plans, each with the platforms of the one before it. */
const PLANS: Plan[] = ['Starter', 'Pro', 'Business'];

/** A platform's row with what it leaves out filled in: the defaults. */
function filledIn(
	id: PlatformId,
	{ media, settings, fromPlan, ...row }: PlatformRow,
): PlatformRules<PlatformId> {
	return {
		id,
		plans: PLANS.slice(PLANS.indexOf(fromPlan)),
		connectViaApi: true,
		lengthCounting: 'characters',
		followUps: 'comments',
		mediaRule: 'No extra checks',
		...row,
		media: {
			appliesTo: 'first',
			minItems: 0,
			videoAlone: false,
			gifIsVideo: false,
			messages: {},
			...media,
		},
		settings:
			settings?.map((field) => ({
				required: false,
				type: 'options' as const,
				...field,
				...(field.valueLabels ? { values: Object.keys(field.valueLabels) } : {}),
			})) ?? null,
	};
}

export const PLATFORMS = Object.fromEntries(
	Object.entries(ROWS).map(([id, row]) => [id, filledIn(id as PlatformId, row)]),
) as Record<PlatformId, PlatformRules<PlatformId>>;

export const PLATFORM_IDS = Object.keys(PLATFORMS) as PlatformId[];

export function isPlatformId(value: unknown): value is PlatformId {
	return typeof value === 'string' && (PLATFORM_IDS as string[]).includes(value);
}

/** HTML tags the service keeps in `content`; others are removed (spec 4.3). */
export const KEPT_HTML_TAGS = ['p', 'br', 'strong', 'u', 'a', 'ul', 'li', 'h1', 'h2', 'h3', 'span'];

/** Request limits of POST /posts (spec 4.3 and 8). */
export const POST_LIMITS = {
	postsPerRequest: { min: 1, max: 50 },
	partsPerPost: { min: 1, max: 100 },
	mediaPerPart: 20,
	interMin: 1,
	types: ['draft', 'schedule', 'now'],
} as const;

/** Media usable in a post, by the ending of its path (service-notes). */
export const MEDIA_EXTENSIONS: Record<string, MediaKind> = {
	'.png': 'image',
	'.jpg': 'image',
	'.jpeg': 'image',
	'.webp': 'image',
	'.gif': 'gif',
	'.mp4': 'video',
};
