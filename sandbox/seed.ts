/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped */
/**
 * The state the sandbox starts with. Fixed ids so the demo and tests can name channels; a JSON file
 * (`seedFile`) may replace the organisations. The first organisation is the "main" one.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type {
	Channel,
	ChannelBehaviour,
	Customer,
	OAuthToken,
	Org,
	PlanName,
	Post,
	Store,
	Tag,
} from './store';

/** A channel as written in a seed: behaviour and posting times may be left out. */
export type SeedChannel = Omit<Channel, 'behaviour' | 'postingTimes'> &
	Partial<Pick<Channel, 'postingTimes'>> & { behaviour?: Partial<ChannelBehaviour> };

export interface SeedOrg {
	id: string;
	name: string;
	plan: PlanName | null;
	apiKey: string;
	oauthTokens?: OAuthToken[];
	channels?: SeedChannel[];
	tags?: Tag[];
	customers?: Array<Customer & { handle?: string }>;
	posts?: Post[];
	/** Notifications to start with: `{content, link?, createdAt}`. */
	notifications?: Array<{ content: string; link?: string | null; createdAt: string }>;
}

export interface SeedData {
	orgs: SeedOrg[];
}

export interface SeedChannelSummary {
	id: string;
	name: string;
	platform: string;
	customer?: Customer;
	disabled: boolean;
}

export interface SeedSummary {
	orgId: string;
	keys: {
		/** Key of the main organisation (Business plan in the default seed). */
		main: string;
		/** Key of an organisation without a plan (401 `No subscription found`), if the seed has one. */
		noPlan?: string;
		oauth: { valid?: string; revoked?: string; expired?: string };
	};
	/** Channels of the main organisation by handle (`x`, `xPremium`, `discord`, `linkedinDisabled`, ...). */
	channels: Record<string, SeedChannelSummary>;
	/** Chat channels of the main organisation's discord server. */
	discordChannels: Array<{ id: string; name: string }>;
	customers: Record<string, Customer>;
	tags: Tag[];
	/** Production profile only: each channel's access and refresh token (DELETE /integrations/:id echoes them). */
	channelTokens?: Record<string, { token: string; refreshToken: string }>;
}

const id = (group: string, n: number) => `${group}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const SEED_IDS = {
	mainOrg: id('0a000000', 1),
	noPlanOrg: id('0a000000', 2),
	customers: { acme: id('0c000000', 1), globex: id('0c000000', 2) },
	tags: { launch: id('07000000', 1), tips: id('07000000', 2), promo: id('07000000', 3) },
	channels: {
		facebook: id('0e000000', 1),
		instagram: id('0e000000', 2),
		linkedin: id('0e000000', 3),
		linkedinDisabled: id('0e000000', 4),
		tiktok: id('0e000000', 5),
		youtube: id('0e000000', 6),
		threads: id('0e000000', 7),
		bluesky: id('0e000000', 8),
		mastodon: id('0e000000', 9),
		telegram: id('0e000000', 10),
		x: id('0e000000', 11),
		xPremium: id('0e000000', 12),
		discord: id('0e000000', 13),
		noPlanFacebook: id('0e000000', 14),
	},
} as const;

/**
 * Seed credentials: derived from a fixed name so they are the same on every run (tests and the demo can rely on them)
 * and obviously not real. The OAuth ones carry the `pos_` prefix of section 5.
 */
export function sandboxCredential(prefix: string, name: string): string {
	return `${prefix}${createHash('sha256').update(`social-publishing-sandbox:${name}`).digest('hex').slice(0, 32)}`;
}

/** 09:00, 13:00 and 17:30 UTC. */
const OFFICE_HOURS = [9 * 60, 13 * 60, 17 * 60 + 30];

function channel(
	handle: keyof typeof SEED_IDS.channels,
	platform: string,
	name: string,
	extra: Partial<SeedChannel> = {},
): SeedChannel {
	return {
		id: SEED_IDS.channels[handle],
		handle,
		name,
		platform,
		picture: `https://avatars.sandbox.invalid/${handle}.png`,
		profile: `sandbox_${handle.toLowerCase()}`,
		disabled: false,
		postingTimes: OFFICE_HOURS,
		...extra,
	};
}

export function defaultSeed(): SeedData {
	const { customers, tags } = SEED_IDS;
	return {
		orgs: [
			{
				id: SEED_IDS.mainOrg,
				name: 'Sandbox Studio',
				plan: 'Business',
				apiKey: sandboxCredential('sbx_live_', 'main org'),
				oauthTokens: [
					{ token: sandboxCredential('pos_', 'valid token'), status: 'valid' },
					{ token: sandboxCredential('pos_', 'revoked token'), status: 'revoked' },
					{ token: sandboxCredential('pos_', 'expired token'), status: 'expired' },
				],
				customers: [
					{ id: customers.acme, name: 'Acme Bakery', handle: 'acme' },
					{ id: customers.globex, name: 'Globex Outdoor', handle: 'globex' },
				],
				tags: [
					{ id: tags.launch, name: 'Launch', color: '#e14b4b' },
					{ id: tags.tips, name: 'Weekly tips', color: '#3b82f6' },
					{ id: tags.promo, name: 'Promo', color: '#10b981' },
				],
				channels: [
					channel('facebook', 'facebook', 'Sandbox Studio Page'),
					channel('instagram', 'instagram', 'Acme Bakery Instagram', {
						customerId: customers.acme,
					}),
					channel('linkedin', 'linkedin', 'Sandbox Studio LinkedIn'),
					channel('linkedinDisabled', 'linkedin', 'Old LinkedIn Page', { disabled: true }),
					channel('tiktok', 'tiktok', 'Acme Bakery TikTok', { customerId: customers.acme }),
					channel('youtube', 'youtube', 'Globex Outdoor YouTube', { customerId: customers.globex }),
					channel('threads', 'threads', 'Sandbox Studio Threads'),
					channel('bluesky', 'bluesky', 'Sandbox Studio Bluesky', { postingTimes: [] }),
					channel('mastodon', 'mastodon', 'Sandbox Studio Mastodon'),
					channel('telegram', 'telegram', 'Sandbox Studio Telegram'),
					channel('x', 'x', 'Sandbox Studio X'),
					channel('xPremium', 'x', 'Sandbox Premium X', {
						premium: true,
						customerId: customers.globex,
					}),
					channel('discord', 'discord', 'Sandbox Community Discord', {
						discordChannels: [
							{ id: '1180000000000000001', name: 'general' },
							{ id: '1180000000000000002', name: 'announcements' },
							{ id: '1180000000000000003', name: 'releases' },
						],
					}),
				],
			},
			{
				id: SEED_IDS.noPlanOrg,
				name: 'Lapsed Org',
				plan: null,
				apiKey: sandboxCredential('sbx_live_', 'org without plan'),
				channels: [channel('noPlanFacebook', 'facebook', 'Lapsed Page')],
			},
		],
	};
}

export function readSeedFile(path: string): { seed?: SeedData; options?: Record<string, unknown> } {
	const parsed = JSON.parse(readFileSync(path, 'utf8')) as {
		orgs?: SeedOrg[];
		options?: Record<string, unknown>;
	};
	if (parsed.orgs !== undefined && (!Array.isArray(parsed.orgs) || parsed.orgs.length === 0))
		throw new Error(`${path}: "orgs" must be a non-empty array`);
	return { seed: parsed.orgs ? { orgs: parsed.orgs } : undefined, options: parsed.options };
}

const DEFAULT_BEHAVIOUR: ChannelBehaviour = {
	publishOutcome: 'success',
	errorMessage: 'The platform refused the post',
	signInExpired: false,
};

/** Builds live organisations from seed data (deep copies, so a reset starts clean). */
export function buildOrgs(seed: SeedData): Org[] {
	const copy = structuredClone(seed);
	return copy.orgs.map((o) => ({
		id: o.id,
		name: o.name,
		plan: o.plan,
		apiKey: o.apiKey,
		oauthTokens: o.oauthTokens ?? [],
		channels: (o.channels ?? []).map((c) => ({
			...c,
			postingTimes: c.postingTimes ?? [],
			behaviour: { ...DEFAULT_BEHAVIOUR, ...c.behaviour },
		})),
		posts: o.posts ?? [],
		tags: o.tags ?? [],
		customers: (o.customers ?? []).map(({ id: cid, name }) => ({ id: cid, name })),
		notifications: [],
		media: [],
		usage: {},
	}));
}

/** Replaces the store's organisations with the seed's, notifications included. */
export function applySeed(store: Store, seed: SeedData): void {
	store.orgs = buildOrgs(seed);
	seed.orgs.forEach((o, i) => {
		for (const n of o.notifications ?? [])
			store.addNotification(store.orgs[i], n.content, n.link ?? null, n.createdAt);
	});
}

export function summarise(seed: SeedData): SeedSummary {
	const [main] = seed.orgs;
	const customerById = new Map(
		(main.customers ?? []).map((c) => [c.id, { id: c.id, name: c.name }]),
	);
	const channels: Record<string, SeedChannelSummary> = {};
	for (const c of main.channels ?? []) {
		const customer = c.customerId ? customerById.get(c.customerId) : undefined;
		channels[c.handle ?? c.id] = {
			id: c.id,
			name: c.name,
			platform: c.platform,
			disabled: c.disabled,
			...(customer ? { customer } : {}),
		};
	}
	const tokenOf = (status: string) => main.oauthTokens?.find((t) => t.status === status)?.token;
	return {
		orgId: main.id,
		keys: {
			main: main.apiKey,
			noPlan: seed.orgs.find((o) => o.plan === null)?.apiKey,
			oauth: { valid: tokenOf('valid'), revoked: tokenOf('revoked'), expired: tokenOf('expired') },
		},
		channels,
		discordChannels:
			(main.channels ?? []).find((c) => c.platform === 'discord')?.discordChannels ?? [],
		customers: Object.fromEntries(
			(main.customers ?? []).map((c) => [c.handle ?? c.id, { id: c.id, name: c.name }]),
		),
		tags: main.tags ?? [],
	};
}
