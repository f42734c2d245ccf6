/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
import type { ErrorRequestHandler } from 'express';

/** An answer the service gives with a non-2xx status; thrown by handlers, written by `errorHandler`. */
export class ApiError extends Error {
	constructor(
		public readonly status: number,
		public readonly body: unknown,
		public readonly headers: Record<string, string> = {},
	) {
		super(typeof body === 'object' && body && 'msg' in body ? String(body.msg) : `HTTP ${status}`);
	}
}

/** Section 7: field validation failure, class-validator style messages with dotted paths. */
export const fieldErrors = (messages: string[]) =>
	new ApiError(400, { statusCode: 400, message: messages, error: 'Bad Request' });

/** A 400 that is not about one field (e.g. republish required). */
export const badRequest = (message: string) =>
	new ApiError(400, { statusCode: 400, message, error: 'Bad Request' });

/** Section 7: platform rule violation, naming the channel. */
export const platformViolation = (platform: string, name: string, message: string) =>
	new ApiError(400, { statusCode: 400, provider: platform, name, message });

/** Section 7: plan does not allow it. */
export const paymentRequired = (message: string, url: string) =>
	new ApiError(402, { statusCode: 402, message, url });

/** Section 5: the four authentication messages (and the expired platform sign-in of integration-trigger). */
export const unauthorized = (msg: string) => new ApiError(401, { msg });

/** service-notes: 403 and 404 bodies are `{msg}`. */
export const forbidden = (msg: string) => new ApiError(403, { msg });
export const notFound = (msg: string) => new ApiError(404, { msg });

export const tooManyRequests = (retryAfterSeconds: number) =>
	new ApiError(
		429,
		{ statusCode: 429, message: 'ThrottlerException: Too Many Requests' },
		{ 'Retry-After': String(retryAfterSeconds) },
	);

export const internalError = () =>
	new ApiError(500, { statusCode: 500, message: 'Internal server error' });

/** Last handler of the app: known errors get their body, body-parser errors their NestJS-like shape, the rest 500. */
export const errorHandler: ErrorRequestHandler = (err, _req, res, next) => {
	if (res.headersSent) return next(err);
	if (err instanceof ApiError) {
		res.set(err.headers).status(err.status).json(err.body);
		return;
	}
	const type = (err as { type?: string }).type;
	if (type === 'entity.too.large') {
		res.status(413).json({ statusCode: 413, message: 'request entity too large' });
		return;
	}
	if (type === 'entity.parse.failed') {
		res.status(400).json({
			statusCode: 400,
			message: `Invalid JSON body: ${(err as Error).message}`,
			error: 'Bad Request',
		});
		return;
	}
	process.stderr.write(`sandbox: unexpected error: ${(err as Error)?.stack ?? String(err)}\n`);
	res.status(500).json({ statusCode: 500, message: 'Internal server error' });
};
