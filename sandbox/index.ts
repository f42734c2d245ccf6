/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/** Starts the sandbox: a local implementation of the service's public API (see sandbox/README.md). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { Clock, type ClockMode } from './clock';
import { API_BASE, type SandboxContext, type SandboxSettings } from './context';
import { SandboxControl } from './controlClient';
import { Faults } from './faults';
import { ProductionProfile, channelTokens } from './production';
import { publishDue } from './publishing';
import { resolveQuirks, type QuirkSwitches, type SandboxProfile } from './quirks';
import { RateLimiter, type RateLimitRule, type RateLimitedRoute } from './rateLimit';
import { RequestLog } from './requestLog';
import {
	applySeed,
	defaultSeed,
	readSeedFile,
	summarise,
	type SeedData,
	type SeedSummary,
} from './seed';
import { Store } from './store';

export type { SeedSummary } from './seed';
export type { RateLimitedRoute } from './rateLimit';
export { SEED_IDS } from './seed';
export { SandboxControl } from './controlClient';
export { API_BASE } from './context';
export { channelTokens } from './production';
export { QUIRKS, type Quirk, type QuirkSwitches, type SandboxProfile } from './quirks';

export interface SandboxOptions {
	/** 0 (default) picks a free port. */
	port?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** Mount the control routes under /_sandbox (default false). */
	control?: boolean;
	/** JSON file with `orgs` (replacing the default seed) and/or `options` (any of these options). */
	seedFile?: string;
	/** Real time (default; due posts are published by a timer every second), or a manual clock moved by tests. */
	clock?: { mode: ClockMode; now?: string };
	/** Per-endpoint limits and windows; defaults are section 8's. */
	rateLimits?: Partial<Record<RateLimitedRoute, RateLimitRule>>;
	/** {cdn_url}; default: the sandbox's own origin + '/uploads'. */
	storageOrigin?: string;
	/** Initial settings (see SandboxSettings). */
	settings?: Partial<SandboxSettings>;
	/** 'spec' (default) follows the spec; 'production' adds every departure of service-notes (see production.ts). */
	profile?: SandboxProfile;
	/** Switches single production quirks on or off, over either profile. */
	productionQuirks?: QuirkSwitches;
}

export interface RunningSandbox {
	origin: string;
	/** origin + '/api/public/v1' */
	baseUrl: string;
	/** Key of the main organisation at start (rotation changes it: see control.rotateKey()). */
	apiKey: string;
	seed: SeedSummary;
	control: SandboxControl;
	close(): Promise<void>;
}

const PUBLISH_TICK_MS = 1000;

/** The production profile echoes channel tokens; tests get them to prove they never leak. */
function withChannelTokens(summary: SeedSummary): SeedSummary {
	const tokens = Object.fromEntries(
		Object.entries(summary.channels).map(([handle, c]) => [handle, channelTokens(c.id)]),
	);
	return { ...summary, channelTokens: tokens };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	const file = options.seedFile ? readSeedFile(options.seedFile) : {};
	const opts: SandboxOptions = { ...(file.options as SandboxOptions | undefined), ...options };
	const seed: SeedData = file.seed ?? defaultSeed();
	const host = opts.host ?? '127.0.0.1';
	const clockMode = opts.clock?.mode ?? 'real';

	const quirks = resolveQuirks(opts.profile, opts.productionQuirks);
	const store = new Store();
	applySeed(store, seed);
	const clock = new Clock(clockMode, opts.clock?.now);
	const initialSettings: SandboxSettings = {
		allowLoopbackUploadUrls: false,
		closedPlatforms: [],
		billingUrl: '',
		...opts.settings,
	};
	const ctx: SandboxContext = {
		store,
		clock,
		rateLimiter: new RateLimiter(opts.rateLimits),
		requestLog: new RequestLog(),
		faults: new Faults(),
		settings: { ...initialSettings },
		origin: '',
		storageOrigin: '',
		isStoragePath: (path) => path.startsWith(`${ctx.storageOrigin}/`),
		...(quirks.size > 0 ? { production: new ProductionProfile(quirks) } : {}),
	};

	const reset = () => {
		applySeed(store, seed);
		store.shortLinks.clear();
		store.analyticsCache.clear();
		store.issuedPostIds.clear();
		const fresh = new Clock(clockMode, opts.clock?.now);
		clock.set(fresh.now().toISOString());
		ctx.rateLimiter.reset();
		ctx.requestLog.clear();
		ctx.faults.clear();
		ctx.settings = {
			...initialSettings,
			billingUrl: initialSettings.billingUrl || `${ctx.origin}/billing`,
		};
	};

	const { app, onClose } = await createApp(ctx, { control: opts.control ?? false, reset });
	const server = createServer(app);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(opts.port ?? 0, host, () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
	ctx.origin = origin;
	ctx.storageOrigin = (opts.storageOrigin ?? `${origin}/uploads`).replace(/\/$/, '');
	ctx.settings.billingUrl ||= `${origin}/billing`;

	// With a real clock, due posts go out on their own; a manual clock waits for POST /_sandbox/publish-due.
	const timer =
		clockMode === 'real' ? setInterval(() => publishDue(ctx), PUBLISH_TICK_MS) : undefined;
	timer?.unref();

	return {
		origin,
		baseUrl: `${origin}${API_BASE}`,
		apiKey: store.mainOrg.apiKey,
		seed: ctx.production ? withChannelTokens(summarise(seed)) : summarise(seed),
		control: new SandboxControl(origin),
		close: async () => {
			if (timer) clearInterval(timer);
			onClose();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
