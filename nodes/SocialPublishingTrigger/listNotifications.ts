import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';
import { EXPECTED_BASE_URL } from '../../credentials/SocialPublishingApi.credentials';
import { getManyNotifications } from '../SocialPublishing/resources/notification/getMany';
import {
	apiRequest,
	DEFAULT_POLICY,
	type TransportPolicy,
} from '../SocialPublishing/shared/transport';
import type { Notification } from './cursor';

/** One page of GET /notifications (spec 4.6): newest first, 100 a page, pages from 0. */
export interface NotificationPage {
	notifications: Notification[];
	hasMore: boolean;
}

export const PAGE_SIZE = 100;

/**
 * The package's request policy, tuned for a poll: a GET is retried on 5xx, timeouts and dropped
 * connections, but a 429 is not waited for: the poll fails at once (emitting nothing, keeping its
 * cursor) and the next scheduled poll catches up.
 */
export function pollPolicy(timeoutMs: number): TransportPolicy {
	return {
		...DEFAULT_POLICY,
		timeoutMs,
		retryDelayMs: 500,
		maxRateLimitWaitS: 0,
		includeRateLimitInfo: false,
	};
}

/**
 * Reads one page through the package's transport. Any failure throws: a poll that throws emits
 * nothing and n8n keeps the previous cursor, so the next poll reads the same window again.
 */
export async function listNotifications(
	this: IPollFunctions,
	page: number,
	timeoutMs: number,
): Promise<NotificationPage> {
	const body = await apiRequest.call(this, 'GET', '/notifications', {
		qs: { page },
		policy: pollPolicy(timeoutMs),
		// Notification → Get Many's route: its answers are held to the same contract.
		route: getManyNotifications.route,
	});
	return pageFrom(this, body, page);
}

function pageFrom(context: IPollFunctions, body: unknown, page: number): NotificationPage {
	const answer = (typeof body === 'string' ? safeJson(body) : body) as IDataObject | undefined;
	if (!answer || typeof answer !== 'object' || !Array.isArray(answer.notifications)) {
		throw new NodeOperationError(
			context.getNode(),
			`GET /notifications (page ${page}) did not answer like the API`,
			{
				description: `Check the Base URL of the credential. ${EXPECTED_BASE_URL} Without /api the web application answers instead.`,
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
