/**
 * Post → Create with Options → Check Only: the report returned instead of creating anything, one
 * n8n item per channel entry of the input item. `hooks.ts` runs every check and look-up (GETs only)
 * and hands the outcome here; the transport answers the request with these items without sending it
 * (`ANSWERED_WITHOUT_SENDING`).
 *
 * Each item says for its channel: whether it would be accepted (`ok`), the POST /posts body that
 * would be sent (media still to upload shown as `{uploadFromUrl}` or `{uploadFromBinaryField}`),
 * each part's length as the platform counts it against its limit, the problems (each with how to
 * fix it) and the warnings.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import type { Channel } from '../../../shared/channel';
import { isPlatformId } from '../../../shared/platforms';
import { maxLengthFor, textLength } from '../../../shared/postRules';
import { BINARY_SOURCE, URL_SOURCE, type Json } from './body';
import { describeProblem, locate, type Problem } from '../../../shared/postProblems';
import type { PostRequest } from './request';
import type { Warning } from './warnings';

/** The outcome of every check of one item, as Check Only reports it. */
export interface CheckOutcome {
	request: PostRequest;
	/** The channels as the service lists them (empty when the list was not read). */
	infos: Channel[];
	problems: Problem[];
	warnings: Warning[];
}

/**
 * A media reference still to upload, shown as what the node would do with it; others as they are.
 */
function mediaView(ref: unknown): unknown {
	if (typeof ref !== 'object' || ref === null) return ref;
	const marks = ref as Record<symbol, unknown>;
	const alt = (ref as Json).alt;
	const withAlt = alt === undefined ? {} : { alt };
	if (marks[URL_SOURCE] !== undefined)
		return { uploadFromUrl: (ref as Json).path ?? marks[URL_SOURCE], ...withAlt };
	if (marks[BINARY_SOURCE] !== undefined)
		return { uploadFromBinaryField: marks[BINARY_SOURCE], ...withAlt };
	return ref;
}

/** The body as it would be sent, with media still to upload named for what they are. */
function bodyView(body: Json): IDataObject {
	const posts = Array.isArray(body.posts) ? body.posts : undefined;
	if (!posts) return { ...body } as IDataObject;
	return {
		...body,
		posts: posts.map((post) => {
			const parts = Array.isArray((post as Json)?.value) ? ((post as Json).value as unknown[]) : [];
			if (parts.length === 0) return post;
			return {
				...(post as Json),
				value: parts.map((part) => {
					const image = (part as Json)?.image;
					return Array.isArray(image) ? { ...(part as Json), image: image.map(mediaView) } : part;
				}),
			};
		}),
	} as IDataObject;
}

/** The channel entry a problem belongs to, or undefined for one of the whole item. */
function entryIndexOf(problem: Problem, request: PostRequest): number | undefined {
	if ('entryIndex' in problem && problem.entryIndex !== undefined) return problem.entryIndex;
	if ('path' in problem) return locate(problem.path, request.context).entryIndex;
	return undefined;
}

function settingsOf(post: Json | undefined): Json | undefined {
	const settings = post?.settings;
	return typeof settings === 'object' && settings !== null && !Array.isArray(settings)
		? (settings as Json)
		: undefined;
}

/**
 * Each part's length as the channel's platform counts it, against its limit (premium X accounts
 * included).
 */
function lengths(request: PostRequest, entryIndex: number, channel: Channel | undefined) {
	const post = Array.isArray(request.body.posts)
		? (request.body.posts[entryIndex] as Json)
		: undefined;
	const parts = Array.isArray(post?.value) ? (post.value as Json[]) : [];
	const platform = channel && isPlatformId(channel.platform) ? channel.platform : undefined;
	const label = request.context.channels[entryIndex];
	return parts.map((part, partIndex) => {
		const content = typeof part?.content === 'string' ? part.content : '';
		if (!platform) return { part: partIndex + 1, length: null, maxLength: null };
		return {
			part: partIndex + 1,
			length: textLength(content, platform),
			maxLength: maxLengthFor(
				{
					id: label?.id ?? '',
					name: label?.name ?? '',
					platform,
					premium: label?.premium,
				},
				settingsOf(post),
			),
		};
	});
}

/** One item per channel entry (one for the whole item when its body names none). */
export function checkOnlyItems(outcome: CheckOutcome, itemIndex: number): INodeExecutionData[] {
	const { request, infos, problems, warnings } = outcome;
	const byId = new Map(infos.map((info) => [info.id, info]));
	const worded = problems.map((problem) => {
		const { what, fix } = describeProblem(problem, request.context, request.body);
		return { entryIndex: entryIndexOf(problem, request), text: `${what}. To fix: ${fix}.` };
	});
	const bodyAsSent = bodyView(request.body);
	const entries =
		request.channels.length > 0 ? request.channels.map((_, index) => index) : [undefined];
	return entries.map((entryIndex) => {
		const mine = worded
			.filter((problem) => problem.entryIndex === undefined || problem.entryIndex === entryIndex)
			.map((problem) => problem.text);
		const said = warnings
			.filter((warning) => warning.entryIndex === entryIndex)
			.map((warning) => warning.text);
		const ref = entryIndex === undefined ? undefined : request.channels[entryIndex];
		const label = entryIndex === undefined ? undefined : request.context.channels[entryIndex];
		const channel = ref ? byId.get(ref.id) : undefined;
		return {
			json: {
				checkOnly: true,
				ok: mine.length === 0,
				channelId: ref?.id || null,
				channelName: channel?.name ?? label?.name ?? null,
				platform: channel?.platform ?? label?.platform ?? null,
				type: (request.body.type as string | undefined) ?? null,
				date: (request.body.date as string | undefined) ?? null,
				parts: entryIndex === undefined ? [] : lengths(request, entryIndex, channel),
				problems: mine,
				warnings: said,
				request: bodyAsSent,
			},
			pairedItem: { item: itemIndex },
		};
	});
}
