/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * A stand-in for the production service (v1.47) on the routes where it departs from the spec
 * (shared/spec/service-notes.md), so tests can prove the node copes. The sandbox follows the spec;
 * this answers as production was observed to:
 * - GET /posts: `settings` as a JSON string, tags as `[{tag: {id, name, color}}]`, `actualDate` on repeats;
 * - DELETE /integrations/:id: the full channel record, tokens included;
 * - DELETE /posts/:id and DELETE /posts/group/:group: `{error: true}` on success;
 * - PUT /posts/:id/status for an unknown post: 400 `Post not found`;
 * - GET /media: absent (404, NestJS "Cannot GET").
 */
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Made at run time: recognisable in a leak, and not a literal that looks like a real secret. */
const made = (prefix: string) => [prefix, Math.random().toString(36).slice(2), Date.now().toString(36)].join('-');

export const PRODUCTION_KEY = made('prod-live');
export const CHANNEL_ID = '11111111-0000-4000-8000-000000000001';
export const POST_ID = '22222222-0000-4000-8000-000000000001';
/** The channel tokens production echoes; they must never reach the node's output. */
export const CHANNEL_TOKENS = { token: made('channel-access'), refreshToken: made('channel-refresh') };

export interface ProductionLike {
	baseUrl: string;
	calls: Array<{ method: string; path: string }>;
	close(): Promise<void>;
}

export async function startProductionLike(): Promise<ProductionLike> {
	const app = express();
	const calls: ProductionLike['calls'] = [];
	const api = express.Router();
	api.use(express.json());
	api.use((req, res, next) => {
		calls.push({ method: req.method, path: req.path });
		if (req.get('authorization') !== PRODUCTION_KEY) {
			res.status(401).json({ msg: 'Invalid API key' });
			return;
		}
		next();
	});
	api.get('/posts', (_req, res) => {
		res.json({
			posts: [
				{
					id: POST_ID,
					content: 'Weekly tip',
					publishDate: '2026-11-20T09:00:00.000Z',
					actualDate: '2026-11-27T09:00:00.000Z',
					releaseURL: null,
					releaseId: null,
					state: 'QUEUE',
					group: 'g-1',
					intervalInDays: 7,
					settings: '{"__type":"x","who_can_reply_post":"everyone","made_with_ai":false}',
					tags: [{ tag: { id: 't1', name: 'Weekly tips', color: '#3b82f6' } }, { tag: { id: 't2', name: 'Launch', color: '#e14b4b' } }],
					integration: { id: CHANNEL_ID, providerIdentifier: 'x', name: 'Prod X', picture: 'https://p/x.png' },
				},
				{
					id: '22222222-0000-4000-8000-000000000002',
					content: 'Plain',
					publishDate: '2026-11-21T09:00:00.000Z',
					state: 'DRAFT',
					group: 'g-2',
					settings: 'not json',
					tags: [{ value: 't2', label: 'Launch' }],
					integration: { id: CHANNEL_ID, providerIdentifier: 'x', name: 'Prod X', picture: 'https://p/x.png' },
				},
			],
		});
	});
	api.delete('/integrations/:id', (req, res) => {
		res.json({
			id: req.params.id,
			name: 'Prod X',
			providerIdentifier: 'x',
			internalId: '1234567',
			...CHANNEL_TOKENS,
			tokenExpiration: '2026-12-01T00:00:00.000Z',
			deletedAt: new Date().toISOString(),
		});
	});
	api.delete('/posts/group/:group', (_req, res) => {
		res.json({ error: true });
	});
	api.delete('/posts/:id', (_req, res) => {
		res.json({ error: true });
	});
	api.put('/posts/:id/status', (req, res) => {
		if (req.params.id !== POST_ID) {
			res.status(400).json({ statusCode: 400, message: 'Post not found' });
			return;
		}
		res.json({ id: POST_ID, state: 'DRAFT' });
	});
	api.use((req, res) => {
		res.status(404).json({ message: `Cannot ${req.method} /public/v1${req.path}`, error: 'Not Found', statusCode: 404 });
	});
	app.use('/public/v1', api);
	const server: Server = await new Promise((resolve) => {
		const s = app.listen(0, '127.0.0.1', () => resolve(s));
	});
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/public/v1`,
		calls,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
