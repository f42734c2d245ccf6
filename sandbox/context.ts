/**
 * Everything a route of the sandbox may use. The media routes (sandbox/media/index.ts) receive the same object:
 * `export function mediaRoutes(ctx: SandboxContext): Router`, mounted by app.ts on the authenticated API router,
 * after request logging, fault injection, authentication and rate limiting (POST /upload and POST /upload-from-url
 * are counted by app.ts, the media routes need not do it). The authenticated organisation is `orgOf(res)`.
 * A media index may also export `uploadsRoutes(ctx): Router`, mounted without auth at `/` to serve stored files.
 */
import type { RequestHandler, Response, Router } from 'express';
import type { Clock } from './clock';
import type { Faults } from './faults';
import type { Quirk } from './quirks';
import type { RateLimiter } from './rateLimit';
import type { RequestLog } from './requestLog';
import type { Org, Post, Store } from './store';

/** Where the API is served; other paths answer as the web application does (app.ts). */
export const API_BASE = '/api/public/v1';

export interface SandboxSettings {
	/** Let POST /upload-from-url fetch from loopback/private addresses and plain http (tests serve files locally). */
	allowLoopbackUploadUrls: boolean;
	/** Platforms for which GET /social/:platform answers 403 (not taking new channels yet). */
	closedPlatforms: string[];
	/** Billing page named in 402 answers. */
	billingUrl: string;
}

export interface SandboxContext {
	store: Store;
	clock: Clock;
	rateLimiter: RateLimiter;
	requestLog: RequestLog;
	faults: Faults;
	settings: SandboxSettings;
	/** Origin of the sandbox itself, e.g. `http://127.0.0.1:40123` (known once listening). */
	origin: string;
	/** {cdn_url}: media paths in posts must start with it. */
	storageOrigin: string;
	/** Whether a media path points to the service's storage; the media part may replace the plain prefix check. */
	isStoragePath: (path: string) => boolean;
	/** Production's departures from the spec (production.ts); absent in the spec profile. */
	production?: ProductionHooks;
}

/**
 * What the spec sandbox asks of the production profile (production.ts implements it), at the places it hooks in:
 * app.ts (body limit, rate limiting, routes mounted before the spec ones), routes/posts.ts (what POST /posts checks,
 * GET /posts items), media/index.ts and single switches (`on`).
 */
export interface ProductionHooks {
	on(quirk: Quirk): boolean;
	/** express.json's limit, when production's differs from the spec sandbox's. */
	readonly jsonLimit: string | undefined;
	/** Replaces the spec rate limiting, or undefined to keep it. */
	rateLimitMiddleware(ctx: SandboxContext): RequestHandler | undefined;
	/** The POST /posts body as production checks and stores it. */
	createPostBody(ctx: SandboxContext, org: Org, body: unknown): unknown;
	/** One GET /posts item as production shows it. */
	postView(org: Org, post: Post, view: Record<string, unknown>): Record<string, unknown>;
	/** Routes answered differently from the spec (or only in production). */
	routes(ctx: SandboxContext): Router;
}

/** The organisation the request authenticated as (set by the auth middleware). */
export function orgOf(res: Response): Org {
	const org = res.locals.org as Org | undefined;
	if (!org) throw new Error('orgOf used on a route that is not behind the auth middleware');
	return org;
}
