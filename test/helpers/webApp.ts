/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped */
/**
 * A stand-in for the service's web application: what a self-hosted user reaches when the Base URL
 * lacks the /api segment. It answers every path with an HTML page, or redirects to its login page.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

export interface WebApp {
	origin: string;
	close(): Promise<void>;
}

export async function startWebApp(kind: 'html' | 'redirect'): Promise<WebApp> {
	const app = express();
	app.get('/login', (_req, res) => {
		res.type('html').send('<!doctype html><html><body><form>Sign in</form></body></html>');
	});
	app.use((_req, res) => {
		if (kind === 'redirect') res.redirect(302, '/login');
		else
			res
				.type('html')
				.send('<!doctype html><html><head><title>App</title></head><body></body></html>');
	});
	const server: Server = await new Promise((resolve) => {
		const s = app.listen(0, '127.0.0.1', () => resolve(s));
	});
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		// Keep-alive sockets of the HTTP client would otherwise hold close() (and the jest worker) open.
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
