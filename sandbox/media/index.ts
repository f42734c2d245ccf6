/**
 * Media routes of the sandbox (spec 4.7): POST /upload, POST /upload-from-url, GET /media, and the public GET of
 * stored files under {cdn_url}. Hooks for the core (sandbox/app.ts):
 * - `mediaRoutes(ctx)`: mounted on the authenticated API router (rate limits are counted there, before these run);
 * - `uploadsRoutes(ctx)`: mounted without auth at `/`, serves files under `ctx.storageOrigin`;
 * - `isStoragePath(path, ctx.storageOrigin)`: for POST /posts, true for every path these routes issue;
 * - `closeMedia(ctx)`: on close, drops stored files and removes the temp dir of big ones.
 */
import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import type { SandboxContext } from '../context';
import { orgOf } from '../context';
import { fieldErrors } from '../errors';
import type { MediaItem, Org } from '../store';
import { download, originalNameOf, validateUrlBody } from './fromUrl';
import type { AcceptedFile, IncomingMedia } from './incoming';
import { MEDIA_LIMITS, MESSAGES } from './rules';
import { FileStore } from './storage';
import { receiveUpload, sendOutcome } from './upload';

export { isStoragePath } from './storage';
export { MEDIA_LIMITS } from './rules';

/**
 * Optional settings read by the media routes beside `SandboxSettings` (PUT /_sandbox/settings may set them):
 * `uploadFromUrlTimeoutMs` shortens the 60 s download wait so tests can reach it; `trustedUploadCa` (PEM) is the
 * certificate POST /upload-from-url trusts for https, so tests can serve files from a self-signed local server.
 * Unset (the default), downloads trust only the system's roots, as production does.
 */
export interface MediaSettings {
	uploadFromUrlTimeoutMs?: number;
	trustedUploadCa?: string;
}

const stores = new WeakMap<SandboxContext, FileStore>();

function filesOf(ctx: SandboxContext): FileStore {
	let files = stores.get(ctx);
	if (!files) {
		files = new FileStore(() => ctx.storageOrigin);
		stores.set(ctx, files);
	}
	return files;
}

export function closeMedia(ctx: SandboxContext): void {
	stores.get(ctx)?.close();
	stores.delete(ctx);
}

export function uploadsRoutes(ctx: SandboxContext): Router {
	return filesOf(ctx).router();
}

function timeoutMs(ctx: SandboxContext): number {
	const configured = (ctx.settings as MediaSettings).uploadFromUrlTimeoutMs;
	return typeof configured === 'number' && configured > 0 ? configured : MEDIA_LIMITS.urlTimeoutMs;
}

function trustedCa(ctx: SandboxContext): string | undefined {
	const configured = (ctx.settings as MediaSettings).trustedUploadCa;
	return typeof configured === 'string' && configured !== '' ? configured : undefined;
}

/** Keeps an accepted file and adds it to the organisation's library; answers the spec 2.2 media item. */
async function addToLibrary(
	ctx: SandboxContext,
	org: Org,
	incoming: IncomingMedia,
	file: AcceptedFile,
	originalName: string,
) {
	const { name, relativePath } = await incoming.keep(ctx.clock.now());
	const item: MediaItem = {
		id: randomUUID(),
		name,
		originalName,
		path: filesOf(ctx).urlOf(relativePath),
		type: file.kind,
		size: file.size,
		createdAt: ctx.clock.now().toISOString(),
	};
	org.media.push(item);
	// Production answers the stored record: no type or date, and no original name (it keeps none).
	if (ctx.production?.on('uploadRecordAnswer'))
		return {
			id: item.id,
			name: item.name,
			originalName: null,
			path: item.path,
			thumbnail: null,
			alt: null,
		};
	return {
		id: item.id,
		name: item.name,
		path: item.path,
		type: item.type,
		createdAt: item.createdAt,
	};
}

function pageOf(req: Request): number {
	const raw = req.query.page;
	if (raw === undefined || raw === '') return 1;
	if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < 1)
		throw fieldErrors([MESSAGES.pageInvalid]);
	return Number(raw);
}

export function mediaRoutes(ctx: SandboxContext): Router {
	const router = Router();

	router.post('/upload', async (req, res) => {
		const org = orgOf(res);
		const received = await receiveUpload(req, filesOf(ctx));
		if (!('file' in received)) return sendOutcome(res, received);
		res
			.status(201)
			.json(await addToLibrary(ctx, org, received.incoming, received.file, received.originalName));
	});

	router.post('/upload-from-url', async (req, res) => {
		const org = orgOf(res);
		const allowLoopback = ctx.settings.allowLoopbackUploadUrls;
		const problems = await validateUrlBody(req.body, allowLoopback);
		if (problems.length > 0) throw fieldErrors(problems);
		const url = (req.body as { url: string }).url;
		const fetched = await download(url, filesOf(ctx), {
			timeoutMs: timeoutMs(ctx),
			allowLoopback,
			ca: trustedCa(ctx),
		});
		if (!('file' in fetched)) return sendOutcome(res, fetched);
		res
			.status(201)
			.json(await addToLibrary(ctx, org, fetched.incoming, fetched.file, originalNameOf(url)));
	});

	router.get('/media', (req, res) => {
		const org = orgOf(res);
		const page = pageOf(req);
		const search = req.query.search;
		if (search !== undefined && typeof search !== 'string')
			throw fieldErrors([MESSAGES.searchInvalid]);
		const needle = (search ?? '').toLowerCase();
		// Newest first; among equal times (a stopped test clock) the later upload first.
		const matching = org.media
			.map((item, order) => ({ item, order }))
			.filter(({ item }) => item.originalName.toLowerCase().includes(needle))
			.sort((a, b) => b.item.createdAt.localeCompare(a.item.createdAt) || b.order - a.order);
		const size = MEDIA_LIMITS.pageSize;
		res.json({
			pages: Math.ceil(matching.length / size),
			results: matching.slice((page - 1) * size, page * size).map(({ item }) => ({
				id: item.id,
				name: item.name,
				originalName: item.originalName,
				path: item.path,
				createdAt: item.createdAt,
			})),
		});
	});

	return router;
}

/**
 * Saves bytes the service made itself (a generated video) in the organisation's library and answers the stored
 * record, as production does for them: `{id, name, originalName, path, thumbnail: null, alt: null}`.
 */
export function saveMadeMedia(
	ctx: SandboxContext,
	org: Org,
	made: { data: Buffer; mime: string; ext: string; kind: string },
) {
	const name = `${randomUUID().replace(/-/g, '')}.${made.ext}`;
	const relativePath = `${ctx.clock.now().toISOString().slice(0, 10).replace(/-/g, '/')}/${name}`;
	filesOf(ctx).put(relativePath, { mime: made.mime, size: made.data.length, data: made.data });
	const item: MediaItem = {
		id: randomUUID(),
		name,
		originalName: name,
		path: filesOf(ctx).urlOf(relativePath),
		type: made.kind,
		size: made.data.length,
		createdAt: ctx.clock.now().toISOString(),
	};
	org.media.push(item);
	// Production saves a made file without an original name.
	return { id: item.id, name, originalName: null, path: item.path, thumbnail: null, alt: null };
}
