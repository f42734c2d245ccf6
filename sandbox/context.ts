/**
 * Everything a route of the sandbox may use. The media routes (sandbox/media/index.ts) receive the same object:
 * `export function mediaRoutes(ctx: SandboxContext): Router`, mounted by app.ts on the authenticated API router,
 * after request logging, fault injection, authentication and rate limiting (POST /upload and POST /upload-from-url
 * are counted by app.ts, the media routes need not do it). The authenticated organisation is `orgOf(res)`.
 * A media index may also export `uploadsRoutes(ctx): Router`, mounted without auth at `/` to serve stored files.
 */
import type { Response } from 'express';
import type { Clock } from './clock';
import type { Faults } from './faults';
import type { ProductionProfile } from './production';
import type { RateLimiter } from './rateLimit';
import type { RequestLog } from './requestLog';
import type { Org, Store } from './store';

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
	production?: ProductionProfile;
}

/** The organisation the request authenticated as (set by the auth middleware). */
export function orgOf(res: Response): Org {
	const org = res.locals.org as Org | undefined;
	if (!org) throw new Error('orgOf used on a route that is not behind the auth middleware');
	return org;
}
