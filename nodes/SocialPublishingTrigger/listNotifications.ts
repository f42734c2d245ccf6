import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IPollFunctions,
	type JsonObject,
} from 'n8n-workflow';
import type { Notification } from './cursor';

/** One page of GET /notifications (spec 4.6): newest first, 100 a page, pages from 0. */
export interface NotificationPage {
	notifications: Notification[];
	hasMore: boolean;
}

export const PAGE_SIZE = 100;

/**
 * Reads one page. Any failure throws: a poll that throws emits nothing and n8n keeps the previous
 * cursor, so the next poll reads the same window again.
 *
 * TODO(transport): switch to the shared `apiRequest` of nodes/SocialPublishing/shared/transport.ts
 * once it exists; until then this is a plain authenticated GET with a timeout.
 */
export async function listNotifications(
	this: IPollFunctions,
	page: number,
	timeoutMs: number,
): Promise<NotificationPage> {
	const credentials = await this.getCredentials<{ baseUrl?: string }>('socialPublishingApi');
	const baseUrl = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
	let body: unknown;
	try {
		body = await this.helpers.httpRequestWithAuthentication.call(this, 'socialPublishingApi', {
			method: 'GET',
			url: `${baseUrl}/notifications`,
			qs: { page },
			json: true,
			timeout: timeoutMs,
			disableFollowRedirect: true,
		});
	} catch (error) {
		throw requestFailure(this, error, page, timeoutMs);
	}
	return pageFrom(this, body, page);
}

function pageFrom(context: IPollFunctions, body: unknown, page: number): NotificationPage {
	const answer = (typeof body === 'string' ? safeJson(body) : body) as IDataObject | undefined;
	if (!answer || typeof answer !== 'object' || !Array.isArray(answer.notifications)) {
		throw new NodeOperationError(
			context.getNode(),
			`GET /notifications (page ${page}) did not answer like the API`,
			{
				description:
					'Check the Base URL of the credential: it must end with /api/public/v1 (self-hosted) or be https://api.postiz.com/public/v1 (cloud). Without /api the web application answers instead.',
			},
		);
	}
	const notifications: Notification[] = [];
	for (const raw of answer.notifications as IDataObject[]) {
		if (!raw || typeof raw.id !== 'string' || typeof raw.createdAt !== 'string') continue;
		if (Number.isNaN(Date.parse(raw.createdAt))) continue;
		notifications.push({
			id: raw.id,
			content: typeof raw.content === 'string' ? raw.content : '',
			link: typeof raw.link === 'string' ? raw.link : null,
			createdAt: raw.createdAt,
		});
	}
	// `hasMore` is the spec's; a full page is the fallback when a server leaves it out.
	const hasMore =
		typeof answer.hasMore === 'boolean' ? answer.hasMore : notifications.length >= PAGE_SIZE;
	return { notifications, hasMore };
}

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/** A clean error: the status and what to do, never the request (its headers hold the key). */
function requestFailure(
	context: IPollFunctions,
	error: unknown,
	page: number,
	timeoutMs: number,
): NodeApiError {
	const failure = error as {
		httpCode?: string | null;
		code?: string;
		message?: string;
		cause?: { status?: number; response?: { status?: number }; code?: string; message?: string };
	};
	// n8n puts either an HTTP status or a network error code (ECONNRESET, ECONNABORTED) in httpCode.
	const fromHttpCode = /^\d{3}$/.test(failure.httpCode ?? '') ? Number(failure.httpCode) : undefined;
	const status = fromHttpCode ?? failure.cause?.response?.status ?? failure.cause?.status;
	const code =
		failure.cause?.code ??
		failure.code ??
		(failure.httpCode && fromHttpCode === undefined ? failure.httpCode : undefined);
	const where = `GET /notifications (page ${page})`;
	let message: string;
	let description: string;
	if (status === 429) {
		message = `${where}: rate limit reached (429)`;
		description = 'The service asked to slow down. Nothing was emitted; the next poll catches up.';
	} else if (status === 401) {
		message = `${where}: the service refused the credential (401)`;
		description =
			'Check the API key or OAuth token of the credential (pasted bare, without "Bearer"), and that the organisation has an active paid plan.';
	} else if (status !== undefined && status >= 500) {
		message = `${where}: the service failed (${status})`;
		description = 'A server error. Nothing was emitted; the next poll catches up.';
	} else if (status !== undefined) {
		message = `${where}: the service answered ${status}`;
		description = 'Nothing was emitted; the next poll tries again.';
	} else if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(failure.cause?.message ?? '')) {
		message = `${where}: no answer within ${Math.round(timeoutMs / 1000)} s`;
		description = 'The service did not answer in time. Nothing was emitted; the next poll catches up.';
	} else {
		// The code stays out of the message: n8n replaces a message naming ECONNRESET etc. by its own text.
		message = `${where}: the request failed (no answer from the service)`;
		description = `The service could not be reached or closed the connection${code ? ` (${code})` : ''}. Check the Base URL; nothing was emitted and the next poll catches up.`;
	}
	return new NodeApiError(
		context.getNode(),
		{ message, ...(status !== undefined ? { httpCode: String(status) } : {}) } as JsonObject,
		{ message, description, ...(status !== undefined ? { httpCode: String(status) } : {}) },
	);
}
