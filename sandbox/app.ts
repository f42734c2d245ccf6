/**
 * The express app: the API under /api/public/v1 (log → faults → body → auth → rate limit → routes),
 * the control routes under /_sandbox when asked for, and a stand-in for the web application everywhere else.
 */
import express, { Router, type Express, type RequestHandler } from 'express';
import { authMiddleware } from './auth';
import { API_BASE, orgOf, type SandboxContext } from './context';
import { controlRoutes } from './control';
import { closeMedia, isStoragePath, mediaRoutes, uploadsRoutes } from './media';
import { errorHandler, tooManyRequests } from './errors';
import { rateLimitedRouteOf } from './rateLimit';
import { authKindOf } from './requestLog';
import { analyticsRoutes } from './routes/analytics';
import { channelRoutes } from './routes/channels';
import { notificationRoutes } from './routes/notifications';
import { postRoutes } from './routes/posts';
import { slotRoutes } from './routes/slots';
import { videoRoutes } from './routes/video';

function requestLogger(ctx: SandboxContext): RequestHandler {
	return (req, res, next) => {
		const started = Date.now();
		let logged = false;
		const log = (status: number) => {
			if (logged) return;
			logged = true;
			const body: unknown = req.body;
			ctx.requestLog.add({
				at: new Date().toISOString(),
				method: req.method,
				path: req.path,
				query: { ...(req.query as Record<string, unknown>) },
				status,
				auth: authKindOf(req.get('authorization')),
				bodySize: Number(req.get('content-length') ?? 0),
				...(body !== undefined && req.is('application/json') ? { body } : {}),
				durationMs: Date.now() - started,
				...(res.locals.fault ? { fault: String(res.locals.fault) } : {}),
			});
		};
		res.on('finish', () => log(res.statusCode));
		res.on('close', () => log(res.writableFinished ? res.statusCode : 0));
		next();
	};
}

function rateLimitMiddleware(ctx: SandboxContext): RequestHandler {
	return (req, res, next) => {
		const route = rateLimitedRouteOf(req.method, req.path);
		if (!route) return next();
		const verdict = ctx.rateLimiter.hit(orgOf(res).id, route);
		res.set(verdict.headers);
		if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
		next();
	};
}

export interface AppOptions {
	control: boolean;
	/** Restores the seeded state (POST /_sandbox/reset). */
	reset: () => void;
}

export async function createApp(
	ctx: SandboxContext,
	options: AppOptions,
): Promise<{ app: Express; onClose: () => void }> {
	const app = express();
	app.disable('x-powered-by');
	app.set('etag', false);
	ctx.isStoragePath = (path) => isStoragePath(path, ctx.storageOrigin);

	const api = Router();
	api.use(requestLogger(ctx));
	api.use(ctx.faults.middleware());
	api.use(express.json({ limit: ctx.production?.jsonLimit ?? '10mb' }));
	api.use(authMiddleware(ctx));
	api.use(ctx.production?.rateLimitMiddleware(ctx) ?? rateLimitMiddleware(ctx));
	// Production's departures answer first and fall through to the spec routes for everything else.
	if (ctx.production) api.use(ctx.production.routes(ctx));
	api.use(channelRoutes(ctx));
	api.use(postRoutes(ctx));
	api.use(slotRoutes(ctx));
	api.use(analyticsRoutes(ctx));
	api.use(notificationRoutes());
	api.use(mediaRoutes(ctx));
	// Beyond the spec, as production (service-notes); in both profiles, since the spec says nothing of them.
	api.use(videoRoutes(ctx));
	api.use((req, res) => {
		res.status(404).json({
			statusCode: 404,
			message: `Cannot ${req.method} ${API_BASE}${req.path}`,
			error: 'Not Found',
		});
	});
	app.use(API_BASE, api);

	if (options.control) app.use('/_sandbox', controlRoutes(ctx, options.reset));
	app.use(uploadsRoutes(ctx));

	// Short links written by `shortLink: true`.
	app.get('/l/:code', (req, res) => {
		const target = ctx.store.shortLinks.get(req.params.code);
		if (target) res.redirect(302, target);
		else res.status(404).type('text/plain').send('Unknown short link');
	});

	// Section 9: a path outside /api reaches the web application, which answers with an HTML page.
	app.use((_req, res) => {
		res
			.status(200)
			.type('html')
			.send(
				'<!doctype html><html><head><title>Social Publishing</title></head><body><div id="root"></div></body></html>',
			);
	});

	app.use(errorHandler);
	return { app, onClose: () => closeMedia(ctx) };
}
