/**
 * The request both readers build: the POST /posts body with what the node found on the way (step 1
 * of Post → Create, no request), the marks on media still to upload, and what both readers share
 * (a JSON parameter read, its problem, the request's frame, how each entry is named in errors), and
 * the one reading of the body's lists (posts, parts, media) that the checks, warnings and uploads
 * use. Fields mode is read by `requestFromFields.ts`; JSON mode here (`requestFromJson`).
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import type { NodeField, NodeProblem, Problem, ProblemContext } from '../../../shared/postProblems';
import type { PlatformId } from '../../../shared/platforms';
import { isObject, type Json } from '../../../shared/postRules/report';
import { readJson, type JsonRefusal } from '../../../shared/userValues';

export { isObject, type Json };

/**
 * Marks a media reference whose file is in a binary field of the item (the field's name). A symbol
 * key: never serialised, so it cannot leak into the request body.
 */
export const BINARY_SOURCE = Symbol('binaryProperty');

/** Marks a media reference given as a URL (the address as given: mediaUrls.ts); not sent either. */
export const URL_SOURCE = Symbol('mediaUrl');

/** What the body says about one channel before any lookup: its id, and what the user told us. */
export interface Entry {
	id: string;
	/** undefined: to be looked up from the channel. */
	platform?: PlatformId;
	/** The name the list picker stored, when the channel was picked from the list. */
	cachedName?: string;
	/** How settings were given, for error hints. */
	settingsMode: 'fields' | 'json';
}

export interface PostRequest {
	body: Json;
	channels: Entry[];
	context: ProblemContext;
	/** What the node finds itself in step 1 (prepare.ts). */
	problems: Problem[];
	/** Fields mode with "next free slot": the date is found after the checks that need no request. */
	wantsNextSlot: boolean;
	skipChecks: boolean;
	/**
	 * Set when the body could not be read at all (JSON that does not parse, or is not an object):
	 * checking what is left would only repeat that first problem as missing fields.
	 */
	unreadable?: boolean;
	/** Body paths (`posts.0.settings`) whose value a problem above already explains. */
	explained: string[];
	/** Parts (`<entryIndex>.<partIndex>`) whose media a problem above explains. */
	partsWithUnreadMedia: Set<string>;
}

/** What a reader gives; `newRequest` adds what both fill in the same way. */
type Read = Omit<PostRequest, 'skipChecks' | 'partsWithUnreadMedia' | 'context'> &
	Pick<ProblemContext, 'inputMode' | 'contentMode'>;

export function newRequest(
	context: IExecuteSingleFunctions,
	options: IDataObject,
	{ inputMode, contentMode, ...read }: Read,
): PostRequest {
	return {
		...read,
		skipChecks: options.skipChecks === true,
		partsWithUnreadMedia: new Set(),
		context: {
			itemIndex: context.getItemIndex(),
			inputMode,
			contentMode,
			channels: read.channels.map((ref) => ({
				id: ref.id,
				name: ref.cachedName,
				platform: ref.platform,
				settingsMode: ref.settingsMode,
				platformGiven: ref.platform !== undefined,
			})),
		},
	};
}

/**
 * A list of the body (`posts`, a post's parts `value`, a part's `image`), each entry an object:
 * `{}` stands for one that is not, so that every entry keeps its place.
 */
export function entriesOf(holder: unknown, key: 'posts' | 'value' | 'image'): Json[] {
	const list = isObject(holder) ? holder[key] : undefined;
	return Array.isArray(list) ? list.map((entry) => (isObject(entry) ? entry : {})) : [];
}

/** Where a media reference is: channel entry, part, place in the part's media. */
export interface MediaPlace {
	entryIndex: number;
	partIndex: number;
	mediaIndex: number;
}

/** Every media reference of the body's `posts`, with its place. */
export function mediaRefs(posts: unknown[]): Array<MediaPlace & { ref: Json }> {
	return posts.flatMap((post, entryIndex) =>
		entriesOf(post, 'value').flatMap((part, partIndex) =>
			entriesOf(part, 'image').map((ref, mediaIndex) => ({
				ref,
				entryIndex,
				partIndex,
				mediaIndex,
			})),
		),
	);
}

/** Whether a rule's problem only repeats one the node already reported (a follow-on error). */
export function isFollowOn(request: PostRequest, ruleProblem: Problem): boolean {
	if (ruleProblem.kind === 'field') {
		return request.explained.some(
			(path) => ruleProblem.path === path || ruleProblem.path.startsWith(`${path}.`),
		);
	}
	if (ruleProblem.kind === 'platform' && ruleProblem.field === 'image') {
		return request.partsWithUnreadMedia.has(
			`${ruleProblem.entryIndex}.${ruleProblem.partIndex ?? 0}`,
		);
	}
	return false;
}

/** A JSON parameter that was not read, as a problem of `field` (of a channel entry, if given). */
export function jsonProblem(
	field: NodeField,
	refused: { error: string; why: JsonRefusal },
	entryIndex?: number,
): NodeProblem {
	return {
		kind: 'node',
		code: 'jsonNotRead',
		entryIndex,
		field,
		why: refused.why,
		said: refused.error,
	};
}

/**
 * Step 1 in JSON mode: Request (JSON) read as the POST /posts body, sent as written (its date too,
 * judged as written by the rules); what does not parse, or is no object, is the one problem (the
 * body is then unreadable: the rules are not run on what is left).
 */
export function requestFromJson(
	context: IExecuteSingleFunctions,
	options: IDataObject,
): PostRequest {
	const parsed = readJson(context.getNodeParameter('requestJson', '{}'));
	const body = 'value' in parsed && isObject(parsed.value) ? parsed.value : {};
	const problems: NodeProblem[] =
		'error' in parsed
			? [jsonProblem('requestJson', parsed)]
			: isObject(parsed.value)
				? []
				: [{ kind: 'node', code: 'requestNotObject', field: 'requestJson', value: parsed.value }];
	return newRequest(context, options, {
		body,
		channels: entriesOf(body, 'posts').map((post) => {
			const id = isObject(post.integration) ? post.integration.id : undefined;
			return { id: typeof id === 'string' ? id : '', settingsMode: 'json' };
		}),
		problems,
		wantsNextSlot: false,
		unreadable: problems.length > 0,
		explained: [],
		inputMode: 'json',
		contentMode: 'perChannel',
	});
}
