/**
 * Post → Create's checks (steps 2 and 4, see preSend.ts): the platform table's rules
 * (shared/postRules/) over the body, first with only what the user gave (no request), then with
 * every channel known; an X text over the standard limit that a premium account could take; a body
 * over the size production takes.
 */
import { PLATFORMS, type PlatformId } from '../../../shared/platforms';
import { checkCreatePostRequest, textLength } from '../../../shared/postRules';
import { MAX_JSON_BODY_BYTES } from '../../../shared/bounds';
import type { Channel } from '../../../shared/channel';
import type { NodeProblem, Problem } from '../../../shared/postProblems';
import { MARK_ROOM_BYTES } from './itemMark';
import { STAND_IN_ID } from './mediaUrls';
import { entriesOf, isFollowOn, type Json, type PostRequest } from './request';

/** Parts whose text an X channel could only take as a premium account. */
export function needsPremium(body: Json, entryIndex: number, platform: PlatformId): boolean {
	const rules = PLATFORMS[platform];
	if (rules.premiumMaxLength === undefined) return false;
	return entriesOf(entriesOf(body, 'posts')[entryIndex], 'value').some(
		({ content }) => typeof content === 'string' && textLength(content, platform) > rules.maxLength,
	);
}

/** Step 4: every rule with every channel known, but those that repeat a problem already said. */
export function checkWithChannels(request: PostRequest, channels: Channel[]): Problem[] {
	const byId = new Map(channels.map((channel) => [channel.id, channel]));
	return checkCreatePostRequest(request.body, (id) => byId.get(id)).filter(
		(ruleProblem) => !isFollowOn(request, ruleProblem),
	);
}

/**
 * Step 2: the checks that need no request. Channels whose platform is to be looked up are not
 * judged yet; X texts over the standard limit wait for the account's real limit.
 */
export function checkWithoutRequests(request: PostRequest): Problem[] {
	if (request.unreadable) return request.problems;
	const known: Channel<PlatformId>[] = request.channels.flatMap((ref) =>
		ref.platform ? [{ id: ref.id, name: ref.cachedName ?? ref.id, platform: ref.platform }] : [],
	);
	const problems = checkWithChannels(request, known).filter((ruleProblem) => {
		if (ruleProblem.kind === 'channel') return false;
		if (ruleProblem.kind === 'platform' && ruleProblem.rule === 'tooLong') {
			const rules = PLATFORMS[ruleProblem.platform];
			return (
				!needsPremium(request.body, ruleProblem.entryIndex, ruleProblem.platform) ||
				ruleProblem.length > (rules.premiumMaxLength ?? rules.maxLength)
			);
		}
		return true;
	});
	return [...request.problems, ...problems, ...oversizedBody(request.body)];
}

/**
 * Room counted for the path the service gives a file uploaded from a URL (its own paths are about
 * 100 characters): until the upload, the body holds the URL there, which can be far longer.
 */
const UPLOADED_PATH_ROOM = 300;

export function oversizedBody(
	body: Json,
	field: 'request' | 'settingsJson' = 'request',
): NodeProblem[] {
	const asSent = function (this: unknown, key: string, value: unknown) {
		const holder = this as Record<string, unknown>;
		const standIn = typeof holder.id === 'string' && holder.id.startsWith(STAND_IN_ID);
		return key === 'path' && standIn ? 'x'.repeat(UPLOADED_PATH_ROOM) : value;
	};
	// Each post's mark (itemMark.ts) is added when it is sent, after these checks.
	const marks = Array.isArray(body.posts) ? body.posts.length * MARK_ROOM_BYTES : 0;
	const bytes = new TextEncoder().encode(JSON.stringify(body, asSent)).length + marks;
	// Production answers 413 to a JSON body over 100 kB (bounds.ts).
	if (bytes <= MAX_JSON_BODY_BYTES) return [];
	return [{ kind: 'node', code: 'bodyTooLarge', field, bytes, max: MAX_JSON_BODY_BYTES }];
}
