import { NodeApiError, type IDataObject, type INode, type JsonObject } from 'n8n-workflow';

import { EXPECTED_BASE_URL } from '../../../credentials/SocialPublishingApi.credentials';
import { redactSecrets } from './secrets';

/**
 * Turns a failed request into an error that says what happened (message) and how to fix it
 * (description). One place for every route, so the node, its loaders and the trigger word
 * failures alike. Only ids, paths and the service's own messages go in: never headers, so
 * never the key.
 */

/** What the transport knows about one failed request. */
export interface Failure {
	method: string;
	/** Path relative to the base URL, e.g. `/find-slot/<id>`. */
	path: string;
	status?: number;
	body?: unknown;
	headers?: IDataObject;
	/** Kind of failure without an HTTP answer. */
	network?: 'timeout' | 'dropped' | 'unreachable';
	/** Time waited for an answer, for timeout messages. */
	timeoutMs?: number;
	/** Attempts made (retries included). */
	attempts?: number;
}

type SubjectKind = 'channel' | 'post' | 'group';

/** The id a route acts on, found from its path: `:id` of channel routes is a channel, of post routes a post. */
const SUBJECTS: Array<[RegExp, SubjectKind]> = [
	[/^\/integrations\/([^/?]+)$/, 'channel'],
	[/^\/integration-settings\/([^/?]+)$/, 'channel'],
	[/^\/integration-trigger\/([^/?]+)$/, 'channel'],
	[/^\/find-slot\/([^/?]+)$/, 'channel'],
	[/^\/analytics\/post\/([^/?]+)$/, 'post'],
	[/^\/analytics\/([^/?]+)$/, 'channel'],
	[/^\/posts\/group\/([^/?]+)$/, 'group'],
	[/^\/posts\/([^/?]+)(\/[^?]*)?$/, 'post'],
];

export function subjectOf(path: string): { kind: SubjectKind; id: string } | undefined {
	const bare = path.split('?')[0];
	for (const [pattern, kind] of SUBJECTS) {
		const match = pattern.exec(bare);
		if (match) return { kind, id: decodeURIComponent(match[1]) };
	}
	return undefined;
}

const LABEL: Record<SubjectKind, string> = { channel: 'Channel', post: 'Post', group: 'Post group' };

const FIND_THE_ID: Record<SubjectKind, string> = {
	channel: 'Pick the channel from the list, or check its ID with Channel → Get Many; it may have been deleted.',
	post: 'Check the post ID with Post → Get Many (over the post\'s date); it may have been deleted.',
	group: 'Take the group value from a post of Post → Get Many.',
};

/** The service's own words from an error body: `{msg}`, `{message}` or a list of messages. */
export function serviceMessage(body: unknown): string | undefined {
	if (typeof body === 'string') {
		const text = body.trim();
		return text && !text.startsWith('<') ? text.slice(0, 300) : undefined;
	}
	if (!body || typeof body !== 'object') return undefined;
	const record = body as IDataObject;
	for (const key of ['msg', 'message', 'error']) {
		const value = record[key];
		if (typeof value === 'string' && value) return value;
		if (Array.isArray(value) && value.length) return value.map(String).join('; ');
	}
	return undefined;
}

function route(failure: Failure): string {
	return `${failure.method} ${failure.path.split('?')[0]}`;
}

function secondsFrom(value: unknown): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const text = String(value).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text));
	const at = Date.parse(text);
	return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Seconds the service asks to wait after a 429: Retry-After, else X-RateLimit-Reset. */
export function retryAfterSeconds(headers: IDataObject | undefined): number | undefined {
	if (!headers) return undefined;
	return secondsFrom(headers['retry-after']) ?? secondsFrom(headers['x-ratelimit-reset']);
}

interface Explained {
	message: string;
	description: string;
}

function explainUnauthorized(failure: Failure, said: string | undefined): Explained {
	const subject = subjectOf(failure.path);
	// The key itself worked: only the channel trigger route answers 401 for a platform sign-in.
	if (failure.path.startsWith('/integration-trigger/') && said && /expired|disconnected/i.test(said)) {
		return {
			message: `The sign-in of channel ${subject?.id ?? '(unknown)'} on its platform has expired`,
			description:
				'Reconnect the channel in the service\'s application (open the channel\'s preferences and reconnect it), then run the node again.',
		};
	}
	switch (said) {
		case 'No API Key found':
			return {
				message: 'The service received no API key',
				description: 'Open the credential and paste the API key (or the "pos_" OAuth token).',
			};
		case 'Invalid OAuth token':
			return {
				message: 'The service refused the OAuth token',
				description: 'The "pos_" token is unknown, revoked or expired. Authorise the app again and paste the new token into the credential.',
			};
		case 'No subscription found':
			return {
				message: 'The organisation has no active paid plan',
				description: 'The API works only with a Starter, Pro or Business plan. Choose a plan in the service\'s billing settings, then run again.',
			};
		default:
			return {
				message: 'The service refused the API key',
				description:
					'Copy the key again from Settings → Developers → Access (owner or admin only) and paste it bare, without "Bearer". A rotated key stops working at once.',
			};
	}
}

function explainNotFound(failure: Failure, said: string | undefined): Explained {
	const path = failure.path.split('?')[0];
	const subject = subjectOf(path);
	if (failure.method === 'GET' && path === '/media') {
		return {
			message: 'This server has no media library route (GET /media answered 404)',
			description:
				'Some installs of the service (production v1.47) do not offer GET /media. Keep the id and path returned by Media → Upload or Upload From URL, or browse the library in the service\'s application.',
		};
	}
	if (said === 'Tool not found') {
		return {
			message: `Channel ${subject?.id ?? ''} has no such tool`,
			description: 'Pick a tool from the list; Channel → Get Settings shows the tools of a channel. The channel itself may also be unknown.',
		};
	}
	if (path.startsWith('/find-slot/')) {
		return {
			message: `No free posting slot for channel ${subject?.id ?? ''}`,
			description:
				'The channel has no posting times configured, or it is unknown. Set its posting times in the service\'s application, or check the ID with Channel → Get Many.',
		};
	}
	if (path.endsWith('/release-id')) {
		return {
			message: `Post ${subject?.id ?? ''} is not waiting for a release ID`,
			description: 'Only a post published without its platform id can take one. Post → Get Missing Items lists the candidates when it is waiting.',
		};
	}
	if (subject) {
		return {
			message: `${LABEL[subject.kind]} ${subject.id} was not found`,
			description: FIND_THE_ID[subject.kind],
		};
	}
	if (said && /^Cannot (GET|POST|PUT|DELETE)/.test(said)) {
		return {
			message: `The service does not know the route ${route(failure)}`,
			description: `Check the Base URL of the credential. ${EXPECTED_BASE_URL}`,
		};
	}
	return { message: said ?? `Not found: ${route(failure)}`, description: 'Check the IDs given to the node.' };
}

function explainServerError(failure: Failure, said: string | undefined): Explained {
	const subject = subjectOf(failure.path);
	const retried = failure.attempts && failure.attempts > 1 ? ` (tried ${failure.attempts} times)` : '';
	if (subject) {
		return {
			message: `${LABEL[subject.kind]} ${subject.id} was not found, or the service failed (HTTP ${failure.status})${retried}`,
			description: `Some installs answer ${failure.status} instead of 404 for an unknown ID on ${route(failure)}. ${FIND_THE_ID[subject.kind]} If the ID is right, the service failed: try again later.`,
		};
	}
	return {
		message: `The service failed on ${route(failure)} (HTTP ${failure.status})${retried}`,
		description: `${said ? `The service said: ${said.replace(/\.+$/, '')}. ` : ''}Try again later; if it keeps failing, the service is down or overloaded.`,
	};
}

/** Said when POST /posts got no answer: it is never re-sent, since the service may have created the posts. */
const POSTS_MAY_EXIST =
	'The post may have been created: check Post → Get Many (around the post\'s date) before retrying, or it may be published twice.';

function explainNetwork(failure: Failure): Explained {
	const subject = subjectOf(failure.path);
	const retried = failure.attempts && failure.attempts > 1 ? ` (tried ${failure.attempts} times)` : '';
	const createsPosts = failure.method === 'POST' && failure.path.split('?')[0] === '/posts';
	if (failure.network === 'timeout') {
		const seconds = Math.round((failure.timeoutMs ?? 0) / 100) / 10;
		if (createsPosts) {
			return {
				message: `No answer from the service within ${seconds} s on ${route(failure)}`,
				description: `${POSTS_MAY_EXIST} If the service is just slow, raise Timeout under Request Options.`,
			};
		}
		if (failure.path.startsWith('/find-slot/')) {
			return {
				message: `No answer from the service within ${seconds} s for the free slot of channel ${subject?.id ?? ''}: the channel may be unknown or disabled${retried}`,
				description:
					'Some installs never answer GET /find-slot for an unknown or disabled channel, so it is not retried. Check the channel with Channel → Get Many (it must be listed and not disabled); if it is, raise Timeout under Request Options.',
			};
		}
		return {
			message: `No answer from the service within ${seconds} s on ${route(failure)}${retried}`,
			description: 'The service may be slow or overloaded. Try again later, or raise Timeout under Request Options.',
		};
	}
	if (failure.network === 'dropped') {
		if (createsPosts) {
			return { message: `The connection was closed before the service answered ${route(failure)}`, description: POSTS_MAY_EXIST };
		}
		return {
			message: `The connection was closed before the service answered ${route(failure)}${retried}`,
			description: 'The service or a proxy on the way dropped the request. Try again later.',
		};
	}
	return {
		message: `Cannot reach the service for ${route(failure)}`,
		description: 'Check the Base URL of the credential (host name and port) and that the service is running.',
	};
}

function explainBadRequest(failure: Failure, said: string | undefined): Explained {
	const subject = subjectOf(failure.path);
	// Production answers 400 `Post not found` on PUT /posts/:id/status for an unknown post.
	if (said === 'Post not found' && subject) return explainNotFound({ ...failure, status: 404 }, said);
	const body = failure.body as IDataObject | undefined;
	if (body && typeof body.provider === 'string') {
		return {
			message: `Channel "${String(body.name ?? '')}" (${body.provider}) refused the post: ${said ?? ''}`,
			description: 'Change the post so that it meets the platform\'s rules (Channel → Get Settings shows them).',
		};
	}
	return {
		message: `The service refused the request: ${said ?? 'bad request'}`,
		description: 'Correct the fields named in the message and run again.',
	};
}

export function explainFailure(failure: Failure): Explained {
	const said = serviceMessage(failure.body);
	if (failure.network) return explainNetwork(failure);
	const status = failure.status ?? 0;
	if (status === 400) return explainBadRequest(failure, said);
	if (status === 401) return explainUnauthorized(failure, said);
	if (status === 402) {
		const billing = (failure.body as IDataObject | undefined)?.url;
		const allowance = said && /month|posts|allowance/i.test(said);
		return {
			message: `${allowance ? 'The monthly post allowance is used up' : 'The plan does not allow this'}: ${said ?? 'payment required'}`,
			description: `${allowance ? 'Wait for the next billing month, or upgrade the plan.' : 'Upgrade the plan, or free a channel slot by deleting an unused channel.'}${typeof billing === 'string' && billing ? ` Billing: ${billing}` : ''}`,
		};
	}
	if (status === 403) {
		return {
			message: `The platform does not take new channels yet: ${said ?? 'forbidden'}`,
			description: 'Connect another platform, or try again when the service opens this one.',
		};
	}
	if (status === 404) return explainNotFound(failure, said);
	if (status === 413) {
		if (failure.path.split('?')[0] === '/upload') {
			return {
				message: 'The upload is larger than the service accepts (50 MB)',
				description: 'For a file over 50 MB, put it at a public HTTPS address and use Media → Upload From URL (up to 100 MB).',
			};
		}
		return {
			message: `The request to ${route(failure)} is larger than the service accepts (HTTP 413)`,
			description:
				'Some installs take JSON bodies of at most 100 kB. Send less in one request: fewer channels or follow-up parts per post, or shorter text.',
		};
	}
	if (status >= 500) return explainServerError(failure, said);
	return {
		message: `The service answered HTTP ${status} on ${route(failure)}${said ? `: ${said}` : ''}`,
		description: 'Check the node\'s fields and the credential, then run again.',
	};
}

/** The error for a failed request, with the item it belongs to and only secret-free details. */
export function failureError(node: INode, failure: Failure, itemIndex?: number): NodeApiError {
	const { message, description } = explainFailure(failure);
	const details: JsonObject = {
		route: route(failure),
		...(failure.status ? { status: failure.status } : {}),
		...(failure.body !== undefined ? { body: redactSecrets(failure.body) as JsonObject } : {}),
	};
	return new NodeApiError(node, details, {
		message,
		description,
		httpCode: failure.status ? String(failure.status) : undefined,
		itemIndex,
	});
}

/** 429 beyond what the user allows the node to wait: when to try again. */
export function rateLimitError(
	node: INode,
	failure: Failure,
	waitSeconds: number | undefined,
	maxWaitSeconds: number,
	itemIndex?: number,
): NodeApiError {
	const when =
		waitSeconds === undefined
			? 'later'
			: `after ${new Date(Date.now() + waitSeconds * 1000).toISOString()} (in ${waitSeconds} s)`;
	return new NodeApiError(
		node,
		{ route: route(failure), status: 429, ...(waitSeconds !== undefined ? { retryAfterSeconds: waitSeconds } : {}) },
		{
			message: `Rate limit reached on ${route(failure)}: retry ${when}`,
			description: `The service counts requests per organisation and route. The node waits up to ${maxWaitSeconds} s (Max Rate-Limit Wait under Request Options); raise it to wait longer, or space the runs out.`,
			httpCode: '429',
			itemIndex,
		},
	);
}
