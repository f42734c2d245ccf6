/** In-memory state of the service: organisations and everything they own. One place, no persistence. */
import { randomUUID } from 'node:crypto';

export type PlanName = 'Starter' | 'Pro' | 'Business';
export type PostState = 'QUEUE' | 'PUBLISHED' | 'ERROR' | 'DRAFT';
export type PublishOutcome = 'success' | 'error' | 'missingReleaseId';

export interface MediaRef {
	id: string;
	path: string;
	alt?: string;
}

export interface PostPart {
	/** The first part's id is the post's; follow-up parts have their own (production edits parts by id). */
	id: string;
	content: string;
	image: MediaRef[];
	/** Production (followUpDelay): minutes the publisher waits after the previous part; stored, never shown. */
	delay?: number;
}

export interface Tag {
	id: string;
	name: string;
	color: string;
}

export interface Customer {
	id: string;
	name: string;
}

/** Simulated behaviour of a channel's platform, switched through PATCH /_sandbox/channels/:id. */
export interface ChannelBehaviour {
	publishOutcome: PublishOutcome;
	/** Error text an `error` outcome writes on the post. */
	errorMessage: string;
	/** The platform sign-in expired and cannot be renewed (integration-trigger answers 401). */
	signInExpired: boolean;
}

export interface Channel {
	id: string;
	/** Stable name for the seed summary (`seed.channels.x`); not part of the API. */
	handle?: string;
	name: string;
	platform: string;
	picture: string;
	profile: string;
	disabled: boolean;
	customerId?: string;
	/** x premium accounts may write 4000 characters. */
	premium?: boolean;
	/** Minutes after midnight UTC at which the channel likes to post (find-slot). */
	postingTimes: number[];
	/** Chat channels of a discord server. */
	discordChannels?: Array<{ id: string; name: string }>;
	behaviour: ChannelBehaviour;
}

export interface Post {
	id: string;
	orgId: string;
	channelId: string;
	group: string;
	/** First part is the post, further parts are follow-up parts (they live and die with it). */
	parts: PostPart[];
	settings?: Record<string, unknown>;
	publishDate: string;
	state: PostState;
	releaseURL: string | null;
	releaseId: string | null;
	error: string | null;
	intervalInDays: number | null;
	creationMethod: 'API';
	tags: Array<{ value: string; label: string }>;
	/** Published without the platform reporting its id: waiting for PUT /posts/:id/release-id. */
	missingReleaseId: boolean;
	createdAt: string;
	/**
	 * When the publishing run wakes (production, editInPlace): absent, it follows `publishDate`; a date, the run
	 * started for an earlier date (an edit of type "update" does not restart it); null, no run (never published).
	 */
	publishRunAt?: string | null;
}

export interface Notification {
	id: string;
	content: string;
	link: string | null;
	createdAt: string;
	/** Insertion order, breaks ties between equal createdAt so "newest first" is stable. */
	seq: number;
}

/** Media library entry; written by the media routes, read by GET /media. */
export interface MediaItem {
	id: string;
	name: string;
	originalName: string;
	path: string;
	type: string;
	size: number;
	createdAt: string;
	[extra: string]: unknown;
}

export type OAuthTokenStatus = 'valid' | 'revoked' | 'expired';

export interface OAuthToken {
	token: string;
	status: OAuthTokenStatus;
}

export interface Org {
	id: string;
	name: string;
	plan: PlanName | null;
	apiKey: string;
	oauthTokens: OAuthToken[];
	channels: Channel[];
	posts: Post[];
	tags: Tag[];
	customers: Customer[];
	notifications: Notification[];
	media: MediaItem[];
	/** Posts counted against the monthly allowance, by billing month `YYYY-MM` (section 8). */
	usage: Record<string, number>;
}

export class Store {
	orgs: Org[] = [];
	/** Short link code → target, written when a post asks for `shortLink: true`. */
	shortLinks = new Map<string, string>();
	/** Analytics answers kept for an hour of the sandbox clock (section 8), by request key. */
	analyticsCache = new Map<string, { until: number; series: unknown }>();
	/** Every post id handed out, deleted posts' included (production edits a deleted post's row in place). */
	issuedPostIds = new Set<string>();
	private notificationSeq = 0;

	/** The organisation a control route acts on when none is named. */
	get mainOrg(): Org {
		return this.orgs[0];
	}

	orgById(id: string): Org | undefined {
		return this.orgs.find((o) => o.id === id);
	}

	orgByApiKey(key: string): Org | undefined {
		return this.orgs.find((o) => o.apiKey === key);
	}

	oauthToken(token: string): { org: Org; token: OAuthToken } | undefined {
		for (const org of this.orgs) {
			const found = org.oauthTokens.find((t) => t.token === token);
			if (found) return { org, token: found };
		}
		return undefined;
	}

	channel(org: Org, id: string): Channel | undefined {
		return org.channels.find((c) => c.id === id);
	}

	post(org: Org, id: string): Post | undefined {
		return org.posts.find((p) => p.id === id);
	}

	addNotification(org: Org, content: string, link: string | null, createdAt: string): Notification {
		const n: Notification = {
			id: randomUUID(),
			content,
			link,
			createdAt,
			seq: ++this.notificationSeq,
		};
		org.notifications.push(n);
		return n;
	}
}
