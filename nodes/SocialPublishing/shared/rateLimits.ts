/**
 * The service's documented rate limits (spec, section 8): counted per organisation, each endpoint with its own
 * counter (every id of `GET /analytics/:id` shares one). The node paces its requests by them (shared/pacing.ts) and
 * the sandbox enforces them; this is the one place they are written down.
 */
export type RateLimitedRoute =
	| 'POST /posts'
	| 'POST /upload'
	| 'POST /upload-from-url'
	| 'POST /integration-trigger/:id'
	| 'GET /posts/:id/missing'
	| 'GET /social/:platform'
	| 'GET /analytics/:id'
	| 'GET /analytics/post/:postId';

export interface RateLimitRule {
	limit: number;
	windowSeconds: number;
}

export const DOCUMENTED_RATE_LIMITS: Record<RateLimitedRoute, RateLimitRule> = {
	'POST /posts': { limit: 90, windowSeconds: 3600 },
	'POST /upload': { limit: 30, windowSeconds: 300 },
	'POST /upload-from-url': { limit: 30, windowSeconds: 300 },
	'POST /integration-trigger/:id': { limit: 30, windowSeconds: 300 },
	'GET /posts/:id/missing': { limit: 30, windowSeconds: 300 },
	'GET /social/:platform': { limit: 60, windowSeconds: 300 },
	'GET /analytics/:id': { limit: 60, windowSeconds: 300 },
	'GET /analytics/post/:postId': { limit: 60, windowSeconds: 300 },
};

/** Which limited endpoint a request is, from its method and its path below the Base URL (query ignored). */
export function rateLimitedRouteOf(method: string, path: string): RateLimitedRoute | undefined {
	const m = method.toUpperCase();
	const p = path.split('?')[0];
	if (m === 'POST') {
		if (p === '/posts') return 'POST /posts';
		if (p === '/upload') return 'POST /upload';
		if (p === '/upload-from-url') return 'POST /upload-from-url';
		if (/^\/integration-trigger\/[^/]+$/.test(p)) return 'POST /integration-trigger/:id';
	}
	if (m === 'GET') {
		if (/^\/posts\/[^/]+\/missing$/.test(p)) return 'GET /posts/:id/missing';
		if (/^\/social\/[^/]+$/.test(p)) return 'GET /social/:platform';
		if (/^\/analytics\/post\/[^/]+$/.test(p)) return 'GET /analytics/post/:postId';
		if (/^\/analytics\/[^/]+$/.test(p)) return 'GET /analytics/:id';
	}
	return undefined;
}
