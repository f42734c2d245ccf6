import { NodeApiError, type IDataObject, type INode, type JsonObject } from 'n8n-workflow';

import { EXPECTED_BASE_URL } from '../../../credentials/SocialPublishingApi.credentials';
import { plainHttpHint } from './baseUrl';
import type { Explained, RouteMatch, SubjectKind } from './routeFacts';
import { MAX_ANNOUNCED_WAIT_S } from './transport/policy';
import { resetDelayMs, retryAfterDelayMs } from './transport/rateLimits';
import { redactSecrets } from './secrets';

/**
 * Turns a failed request into an error that says what happened (message) and how to fix it
 * (description), worded here once for the node, its loaders and the trigger. Only ids, paths and
 * the service's own messages go in: never headers, so never the key.
 */

/** What the transport knows about one failed request. */
export interface Failure {
	method: string;
	/** Path relative to the base URL, e.g. `/find-slot/<id>`. */
	path: string;
	status?: number;
	body?: unknown;
	headers?: IDataObject;
	network?: 'timeout' | 'dropped' | 'unreachable';
	/** Time waited for an answer, for timeout messages. */
	timeoutMs?: number;
	/** Attempts made (retries included). */
	attempts?: number;
	/** A success status whose answer is not one (transport/answers.ts): what is wrong with it. */
	broken?: string;
	/** The Base URL `path` is relative to (to resolve a redirect's Location). */
	baseUrl?: string;
	/** The route the request went to, as its sender declared it (shared/routeFacts.ts). */
	route?: RouteMatch;
}

/** Where to find the right id of each kind of subject. */
const SUBJECTS: Record<SubjectKind, { label: string; find: string }> = {
	channel: {
		label: 'Channel',
		find: 'Pick the channel from the list, or check its ID with Channel → Get Many; it may have been deleted.',
	},
	post: {
		label: 'Post',
		find: "Check the post ID with Post → Get Many (over the post's date); it may have been deleted.",
	},
	group: { label: 'Post group', find: 'Take the group value from a post of Post → Get Many.' },
};

/** The service's own words from an error body: `{msg}`, `{message}` or a list of messages. */
function serviceMessage(body: unknown): string | undefined {
	if (typeof body === 'string') {
		const text = body.trim();
		return text && !text.startsWith('<') ? text.slice(0, 300) : undefined;
	}
	if (!body || typeof body !== 'object') return undefined;
	for (const key of ['msg', 'message', 'error']) {
		const value = (body as IDataObject)[key];
		if (typeof value === 'string' && value) return value;
		if (Array.isArray(value) && value.length) return value.map(String).join('; ');
	}
	return undefined;
}

const routeOf = (failure: Failure) => `${failure.method} ${failure.path.split('?')[0]}`;

/**
 * Seconds the service asks to wait after a 429: Retry-After, else X-RateLimit-Reset, as
 * rateLimits.ts reads them (at most a day; undefined when neither can be read).
 */
export function retryAfterSeconds(headers: IDataObject | undefined): number | undefined {
	const now = Date.now();
	const ms =
		retryAfterDelayMs(headers?.['retry-after'], now) ??
		resetDelayMs(headers?.['x-ratelimit-reset'], now);
	return ms === undefined ? undefined : Math.ceil(ms / 1000);
}

/** 401: production tells a key, an OAuth token and a plan apart by its words ('': any other). */
const UNAUTHORIZED: Record<string, Explained> = {
	'No API Key found': {
		message: 'The service received no API key',
		description: 'Open the credential and paste the API key (or the "pos_" OAuth token).',
	},
	'Invalid OAuth token': {
		message: 'The service refused the OAuth token',
		description:
			'The "pos_" token is unknown, revoked or expired. Authorise the app again and paste the new token into the credential.',
	},
	'No subscription found': {
		message: 'The organisation has no active paid plan',
		description:
			"The API works only with a Starter, Pro or Business plan. Choose a plan in the service's billing settings, then run again.",
	},
	'': {
		message: 'The service refused the API key',
		description:
			'Copy the key again from Settings → Developers → Access (owner or admin only) and paste it bare, without "Bearer". A rotated key stops working at once.',
	},
};

function explainNotFound({ at, said, subject }: Read): Explained {
	if (subject) {
		const { label, find } = SUBJECTS[subject.kind];
		return { message: `${label} ${subject.id} was not found`, description: find };
	}
	if (said && /^Cannot (GET|POST|PUT|DELETE)/.test(said)) {
		return {
			message: `The service does not know the route ${at}`,
			description: `Check the Base URL of the credential. ${EXPECTED_BASE_URL}`,
		};
	}
	return { message: said ?? `Not found: ${at}`, description: 'Check the IDs given to the node.' };
}

function explainServerError({ failure: { status }, at, said, retried, subject }: Read): Explained {
	if (subject) {
		const { label, find } = SUBJECTS[subject.kind];
		return {
			message: `${label} ${subject.id} was not found, or the service failed (HTTP ${status})${retried}`,
			description: `Some installs answer ${status} instead of 404 for an unknown ID on ${at}. ${find} If the ID is right, the service failed: try again later.`,
		};
	}
	return {
		message: `The service failed on ${at} (HTTP ${status})${retried}`,
		description: `${said ? `The service said: ${said.replace(/\.+$/, '')}. ` : ''}Try again later; if it keeps failing, the service is down or overloaded.`,
	};
}

/** A write without an answer may still have been made: the route says what to check. */
function explainNetwork({ failure, at, retried, mayBeDone, seconds }: Read): Explained {
	const tried = mayBeDone ? '' : retried;
	if (failure.network === 'timeout') {
		return {
			message: `No answer from the service within ${seconds} s on ${at}${tried}`,
			description: mayBeDone
				? `${mayBeDone} If the service is just slow, raise Timeout under Request Options.`
				: 'The service may be slow or overloaded. Try again later, or raise Timeout under Request Options.',
		};
	}
	if (failure.network === 'dropped') {
		const plainHttp = plainHttpHint(failure.baseUrl);
		const dropped = plainHttp
			? `${plainHttp} Otherwise the service or a proxy on the way dropped the request: try again later.`
			: 'The service or a proxy on the way dropped the request. Try again later.';
		return {
			message: `The connection was closed before the service answered ${at}${tried}`,
			description: mayBeDone ? [mayBeDone, plainHttp].filter(Boolean).join(' ') : dropped,
		};
	}
	return {
		message: `Cannot reach the service for ${at}`,
		description:
			'Check the Base URL of the credential (host name and port) and that the service is running.',
	};
}

function explainBadRequest(read: Read): Explained {
	const { failure, said } = read;
	// Production answers 400 `Post not found` on PUT /posts/:id/status for an unknown post.
	if (said === 'Post not found' && read.subject) return explainNotFound(read);
	const body = failure.body as IDataObject | undefined;
	if (body && typeof body.provider === 'string') {
		return {
			message: `Channel "${String(body.name ?? '')}" (${body.provider}) refused the post: ${said ?? ''}`,
			description:
				"Change the post so that it meets the platform's rules (Channel → Get Settings shows them).",
		};
	}
	return {
		message: `The service refused the request: ${said ?? 'bad request'}`,
		description: 'Correct the fields named in the message and run again.',
	};
}

/**
 * A redirect, never followed: a Base URL that is not quite the API's. When the Location ends with
 * the path asked, the rest is the Base URL to set. Only its origin and path are quoted.
 */
function explainRedirect({ failure, at, mayBeDone }: Read): Explained {
	const write = failure.method !== 'GET';
	const notFollowed = `The node follows no redirect: the API answers at its own address, so a redirect means the Base URL is not quite it (http:// instead of https://, a missing /api, a path too many), and following it would send the key${write ? ' and the request' : ''} elsewhere.`;
	const notSent = write
		? ` The request was not sent again there. ${mayBeDone ?? 'The change may or may not have been made (the service may have acted on it before redirecting): check it with the matching Get operation before running again.'}`
		: '';
	// Where it points: the Location resolved against the request's address, when a web address.
	const written = failure.headers?.location;
	const asked = failure.path.split('?')[0];
	const where = typeof written === 'string' ? written.trim() : '';
	const base = `${failure.baseUrl ?? ''}${failure.path}`;
	const location = where && URL.canParse(where, base) ? new URL(where, base) : undefined;
	if (!location || !/^https?:$/.test(location.protocol)) {
		return {
			message: `The service answered ${at} with a redirect (HTTP ${failure.status})`,
			description: `${notFollowed}${notSent} ${EXPECTED_BASE_URL}`,
		};
	}
	const shown = `${location.origin}${location.pathname}`;
	const pathname = location.pathname.replace(/\/+$/, '');
	if (asked && asked !== '/' && pathname.endsWith(asked)) {
		const baseUrl = `${location.origin}${pathname.slice(0, -asked.length)}`;
		return {
			message: `The service redirected ${at} to ${shown}: set the credential's Base URL to ${baseUrl}`,
			description: `${notFollowed}${notSent}`,
		};
	}
	return {
		message: `The service redirected ${at} to ${shown}`,
		description: `That address is not the API's: the Base URL probably reaches the web application. ${notFollowed}${notSent} ${EXPECTED_BASE_URL}`,
	};
}

/**
 * A success status whose answer is not the route's success (cut off, not JSON, empty, another
 * shape): never read as one. A write may have been made all the same: the route says how to check.
 */
function explainBroken({ failure, at, retried, mayBeDone }: Read): Explained {
	const contract = failure.route?.facts.answer;
	const expected = contract ? `${contract.is} the API sends` : 'an answer the node can read';
	return {
		message: `${at} answered HTTP ${failure.status} with a body that is not ${expected} (${failure.broken})${retried}`,
		description:
			failure.method !== 'GET'
				? `The answer could not be read, so the node cannot tell whether the request was carried out. ${mayBeDone ?? "Check in the service's application before running again."}`
				: `The answer was cut off or changed on the way (a proxy or gateway), or the service failed while answering. Try again later; if it keeps happening, check the Base URL of the credential. ${EXPECTED_BASE_URL}`,
	};
}

/** What the wording reads of a failure, once: the route, the service's words, the retries. */
function readFailure(failure: Failure) {
	return {
		failure,
		at: routeOf(failure),
		said: serviceMessage(failure.body),
		retried: failure.attempts && failure.attempts > 1 ? ` (tried ${failure.attempts} times)` : '',
		seconds: Math.round((failure.timeoutMs ?? 0) / 100) / 10,
		/** The id the path names, from the route its operation declared. */
		subject: failure.route?.subject,
		/** A write the service may have made without answering: what to check (routeFacts.ts). */
		mayBeDone: failure.route?.facts.mayApplyWithoutAnswer,
	};
}
type Read = ReturnType<typeof readFailure>;

export function explainFailure(failure: Failure): Explained {
	const read = readFailure(failure);
	const { said } = read;
	if (failure.broken) return explainBroken(read);
	const outcome =
		failure.network === 'timeout' ? 'timeout' : failure.network ? undefined : failure.status;
	const own = outcome === undefined ? undefined : failure.route?.facts.explain?.[outcome];
	const explained = own?.({ id: read.subject?.id ?? '', said, seconds: read.seconds });
	if (explained) return explained;
	if (failure.network) return explainNetwork(read);
	const status = failure.status ?? 0;
	if (status >= 300 && status < 400) return explainRedirect(read);
	if (status === 400) return explainBadRequest(read);
	if (status === 401)
		return Object.entries(UNAUTHORIZED).find(([words]) => words === said)?.[1] ?? UNAUTHORIZED[''];
	if (status === 402) {
		const billing = (failure.body as IDataObject | undefined)?.url;
		const link = typeof billing === 'string' && billing ? ` Billing: ${billing}` : '';
		return said && /month|posts|allowance/i.test(said)
			? {
					message: `The monthly post allowance is used up: ${said}`,
					description: `Wait for the next billing month, or upgrade the plan.${link}`,
				}
			: {
					message: `The plan does not allow this: ${said ?? 'payment required'}`,
					description: `Upgrade the plan, or free a channel slot by deleting an unused channel.${link}`,
				};
	}
	if (status === 403) {
		return {
			message: `The platform does not take new channels yet: ${said ?? 'forbidden'}`,
			description: 'Connect another platform, or try again when the service opens this one.',
		};
	}
	if (status === 404) return explainNotFound(read);
	if (status === 413) {
		return {
			message: `The request to ${read.at} is larger than the service accepts (HTTP 413)`,
			description:
				'Some installs take JSON bodies of at most 100 kB. Send less in one request: fewer channels or follow-up parts per post, or shorter text.',
		};
	}
	if (status >= 500) return explainServerError(read);
	return {
		message: `The service answered HTTP ${status} on ${read.at}${said ? `: ${said}` : ''}`,
		description: "Check the node's fields and the credential, then run again.",
	};
}

/** The error for a failed request, with the item it belongs to and only secret-free details. */
export function failureError(node: INode, failure: Failure, itemIndex?: number): NodeApiError {
	const { message, description } = explainFailure(failure);
	const details: JsonObject = {
		route: routeOf(failure),
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

/**
 * 429 beyond what the user allows the node to wait: when to try again. `notSent`: the node kept the
 * request back, its window opening too late (transport/pacing.ts).
 */
export function rateLimitError(
	node: INode,
	failure: Failure,
	waitSeconds: number | undefined,
	maxWaitSeconds: number,
	itemIndex?: number,
	notSent = false,
): NodeApiError {
	// Bounded here too (the readers bound every announced wait), so the date always exists.
	const seconds =
		waitSeconds === undefined || !Number.isFinite(waitSeconds)
			? undefined
			: Math.min(MAX_ANNOUNCED_WAIT_S, Math.max(0, Math.ceil(waitSeconds)));
	const when =
		seconds === undefined
			? 'later'
			: `after ${new Date(Date.now() + seconds * 1000).toISOString()} (in ${seconds} s)`;
	const kept = notSent
		? "Nothing was sent for this item: the service's window for this route is used up and opens again later than the node may wait. "
		: '';
	const route = routeOf(failure);
	return new NodeApiError(
		node,
		{ route, status: 429, ...(seconds !== undefined ? { retryAfterSeconds: seconds } : {}) },
		{
			message: `Rate limit reached on ${route}: retry ${when}`,
			description: `${kept}The service counts requests per organisation and route. The node waits up to ${maxWaitSeconds} s (Max Rate-Limit Wait under Request Options); raise it to wait longer, or space the runs out.`,
			httpCode: '429',
			itemIndex,
		},
	);
}
