/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * A service that misbehaves on purpose, for the hostile cases: an HTTP server on 127.0.0.1 (port chosen by the
 * system) whose answer each test sets with `respond`, and which logs every request it received. The misbehaviours
 * a gateway, a proxy or a broken service can show are ready-made in `answers`: echoing the key, redirecting to
 * another origin, cutting a body, invalid JSON, no body, trickling, paging forever. Every loop here is bounded, and
 * `close` ends open sockets so a trickling answer never outlives its test.
 */
import {
	createServer,
	type IncomingHttpHeaders,
	type IncomingMessage,
	type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
	method: string;
	/** The path with its query, as sent (e.g. `/api/public/v1/posts?x=1`). */
	url: string;
	/** The path without the query and without the API prefix (e.g. `/posts`). */
	path: string;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	body: string;
}

/** Writes one answer. `request` is what was received; `res` is Node's response. */
export type Handler = (request: SeenRequest, res: ServerResponse) => void | Promise<void>;

export interface HostileServer {
	/** `http://127.0.0.1:<port>`. */
	origin: string;
	/** The Base URL a credential names: the origin and the API prefix. */
	baseUrl: string;
	/** Every request received, in order, since the last `reset`. */
	requests: SeenRequest[];
	/** Sets how the server answers from now on. */
	respond(handler: Handler): void;
	/** Forgets the requests and answers 500 until `respond` is called again. */
	reset(): void;
	close(): Promise<void>;
}

export const API_PREFIX = '/api/public/v1';

async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

const unset: Handler = (_request, res) => {
	res
		.writeHead(500, { 'content-type': 'application/json' })
		.end('{"message":"no answer set for this test"}');
};

export async function startHostileServer(): Promise<HostileServer> {
	let handler: Handler = unset;
	const requests: SeenRequest[] = [];
	const sockets = new Set<Socket>();
	const server = createServer((req, res) => {
		void (async () => {
			const url = req.url ?? '/';
			const parsed = new URL(url, 'http://127.0.0.1');
			const request: SeenRequest = {
				method: req.method ?? 'GET',
				url,
				path: parsed.pathname.startsWith(API_PREFIX)
					? parsed.pathname.slice(API_PREFIX.length) || '/'
					: parsed.pathname,
				query: parsed.searchParams,
				headers: req.headers,
				body: await readBody(req),
			};
			requests.push(request);
			try {
				await handler(request, res);
			} catch {
				res.destroy();
			}
		})();
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		origin,
		baseUrl: `${origin}${API_PREFIX}`,
		requests,
		respond(next) {
			handler = next;
		},
		reset() {
			requests.length = 0;
			handler = unset;
		},
		async close() {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** The Authorization header the request carried ('' when none). */
export const keyOf = (request: SeenRequest): string => String(request.headers.authorization ?? '');

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** Ready-made answers. Each returns a Handler; combine them with `byRoute` or `inTurn`. */
export const answers = {
	/** A JSON answer. */
	json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
		return (_request, res) => {
			res
				.writeHead(status, { 'content-type': 'application/json', ...headers })
				.end(JSON.stringify(body));
		};
	},

	/** Raw text with the content type given (default JSON's, whatever the text is). */
	raw(
		status: number,
		text: string,
		headers: Record<string, string> = { 'content-type': 'application/json' },
	): Handler {
		return (_request, res) => {
			res.writeHead(status, headers).end(text);
		};
	},

	/**
	 * Repeats the key it received, as a gateway or a debugging service may: `shape` makes the answer around it
	 * (the key as given in the Authorization header, e.g. `pos_…`).
	 */
	echoKey(
		status: number,
		shape: (key: string) => unknown,
		headers: Record<string, string> = {},
	): Handler {
		return (request, res) => {
			res
				.writeHead(status, { 'content-type': 'application/json', ...headers })
				.end(JSON.stringify(shape(keyOf(request))));
		};
	},

	/** A redirect to `location` (absolute, or made from the request). */
	redirect(
		status: 301 | 302 | 303 | 307 | 308,
		location: string | ((request: SeenRequest) => string),
	): Handler {
		return (request, res) => {
			res
				.writeHead(status, {
					location: typeof location === 'function' ? location(request) : location,
				})
				.end();
		};
	},

	/** Announces the whole body's length, sends its first `keep` bytes, then drops the connection. */
	cutBody(status: number, body: unknown, keep: number): Handler {
		return (_request, res) => {
			const text = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
			res.writeHead(status, {
				'content-type': 'application/json',
				'content-length': String(text.length),
			});
			res.write(text.subarray(0, Math.min(keep, text.length - 1)), () => res.destroy());
		};
	},

	/** An answer with no body at all (e.g. 204, or a 200 with nothing). */
	noBody(status: number, headers: Record<string, string> = {}): Handler {
		return (_request, res) => {
			res.writeHead(status, headers).end();
		};
	},

	/** The body one chunk every `everyMs`, `chunks` times (bounded), then the end. */
	trickle(status: number, body: unknown, chunks: number, everyMs: number): Handler {
		return async (_request, res) => {
			const text = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
			res.writeHead(status, { 'content-type': 'application/json' });
			const size = Math.max(1, Math.ceil(text.length / chunks));
			for (let at = 0; at < text.length && !res.destroyed; at += size) {
				res.write(text.subarray(at, at + size));
				await sleep(everyMs);
			}
			res.end();
		};
	},

	/** Headers, then nothing until the connection is closed by the client (or `close`). */
	hang(status = 200): Handler {
		return (_request, res) => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.write('');
		};
	},

	/** Never answers at all. */
	silent(): Handler {
		return () => {};
	},

	/** Drops the connection without an answer. */
	drop(): Handler {
		return (_request, res) => {
			res.destroy();
		};
	},
};

/** Answers each route (`'GET /integrations'`, by path without the API prefix) with its own handler; 404 otherwise. */
export function byRoute(
	routes: Record<string, Handler>,
	otherwise: Handler = answers.json(404, { message: 'Not Found' }),
): Handler {
	return async (request, res) => {
		const handler = routes[`${request.method} ${request.path}`] ?? routes[request.path];
		await (handler ?? otherwise)(request, res);
	};
}

/** The first handler for the first request, the second for the second, …; the last one for every request after. */
export function inTurn(...handlers: Handler[]): Handler {
	let next = 0;
	return async (request, res) => {
		const handler = handlers[Math.min(next++, handlers.length - 1)];
		await handler(request, res);
	};
}
