import { NodeOperationError, jsonParse, type IDataObject, type IPollFunctions } from 'n8n-workflow';
import { EXPECTED_BASE_URL } from '../../credentials/SocialPublishingApi.credentials';
import { getManyPosts } from '../SocialPublishing/resources/post/getMany';
import { apiRequest } from '../SocialPublishing/shared/transport';
import { pollPolicy } from './listNotifications';
import { MAX_INTERVAL_DAYS, type ListedPost, type Range } from './postEvents';

/**
 * One GET /posts for the range (spec 4.3; at most 370 days, the option's bound), read into the
 * trigger's words. Any failure throws: the poll emits nothing and keeps its snapshot.
 */
export async function listPosts(
	this: IPollFunctions,
	range: Range,
	timeoutMs: number,
): Promise<ListedPost[]> {
	const body = await apiRequest.call(this, 'GET', '/posts', {
		qs: {
			startDate: new Date(range.from).toISOString(),
			endDate: new Date(range.to).toISOString(),
		},
		policy: pollPolicy(timeoutMs),
		// Post → Get Many's route: its answers are held to the same contract.
		route: getManyPosts.route,
	});
	const answer = (typeof body === 'string' ? safeJson(body) : body) as IDataObject | undefined;
	if (!answer || typeof answer !== 'object' || !Array.isArray(answer.posts)) {
		throw new NodeOperationError(this.getNode(), 'GET /posts did not answer like the API', {
			description: `Check the Base URL of the credential. ${EXPECTED_BASE_URL} Without /api the web application answers instead.`,
		});
	}
	return (answer.posts as unknown[]).flatMap((raw) => {
		const post = postFrom(raw);
		return post ? [post] : [];
	});
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A listed post, or undefined when it has no id or no date (it cannot be followed). */
export function postFrom(raw: unknown): ListedPost | undefined {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
	const listed = raw as IDataObject;
	const id = text(listed.id);
	const date = text(listed.publishDate);
	if (!id || !date || !Number.isFinite(Date.parse(date))) return undefined;
	const integration = (
		listed.integration && typeof listed.integration === 'object' ? listed.integration : {}
	) as IDataObject;
	// Production lists settings as JSON text: read, so the item and the fingerprint see one shape.
	let settings: unknown = listed.settings;
	if (typeof settings === 'string') {
		try {
			settings = jsonParse(settings);
		} catch {
			// Kept as the text it is.
		}
	}
	const interval = Number(listed.intervalInDays);
	const firstDate = text(listed.actualDate);
	return {
		id,
		channel: {
			id: text(integration.id) ?? '',
			name: text(integration.name),
			platform: text(integration.providerIdentifier),
		},
		date,
		...(firstDate && Number.isFinite(Date.parse(firstDate)) ? { firstDate } : {}),
		interval:
			Number.isInteger(interval) && interval > 0 && interval <= MAX_INTERVAL_DAYS ? interval : null,
		state: text(listed.state) ?? '',
		releaseURL: text(listed.releaseURL) || null,
		content: text(listed.content) ?? '',
		settings: settings ?? null,
		raw: { ...listed, ...(settings !== undefined ? { settings: settings as IDataObject } : {}) },
	};
}

function safeJson(value: string): unknown {
	try {
		return JSON.parse(value) as unknown;
	} catch {
		return undefined;
	}
}
