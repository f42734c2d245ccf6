/**
 * Post → Create with Options → Check Only: the report returned instead of creating anything, one
 * n8n item per channel entry of the input item. `checkOnlyRequest` (below, called by preSend.ts)
 * runs every check and look-up (GETs only) and hands the outcome to `checkOnlyItems`; the transport
 * answers the request with these items without sending it (`answerWithoutSending`).
 *
 * Each item says for its channel: whether it would be accepted (`ok`), the POST /posts body that
 * would be sent (media still to upload shown as `{uploadFromUrl}` or `{uploadFromBinaryField}`),
 * each part's length as the platform counts it against its limit, the problems (each with how to
 * fix it) and the warnings; with Skip Posts Already Created on, whether the run would output the
 * channel's earlier post instead of sending (`alreadySent`, `earlierPostId`, `notSent`: why).
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { checkedWithTheOtherItems } from '../../../shared/batch';
import { skipsPostsAlreadyCreated } from '../../../shared/sendRecord';
import { answerWithoutSending } from '../../../shared/transport';
import { checkWithChannels, oversizedBody } from './check';
import { entryOf, resolveChannels } from './channels';
import { earlierInCheckOnly, expectPost } from './earlierPosts';
import { prepareRequest } from './prepare';
import { nextFreeSlot } from './slots';
import { warningsOf } from './warnings';
import type { Channel } from '../../../shared/channel';
import { isPlatformId } from '../../../shared/platforms';
import { maxLengthFor, textLength } from '../../../shared/postRules';
import { describeProblem, type Problem } from '../../../shared/postProblems';
import {
	BINARY_SOURCE,
	entriesOf,
	isObject,
	URL_SOURCE,
	type Json,
	type PostRequest,
} from './request';
import type { Warning } from './warnings';

/** The outcome of every check of one item, as Check Only reports it. */
export interface CheckOutcome {
	request: PostRequest;
	/** The channels as the service lists them (empty when the list was not read). */
	infos: Channel[];
	problems: Problem[];
	warnings: Warning[];
	/** What Skip Posts Already Created would do with the item (earlierPosts.ts). */
	earlier?: Awaited<ReturnType<typeof earlierInCheckOnly>>;
}

/** A media reference still to upload, shown as what the node would do with it. */
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
	const viewed = (holder: unknown, key: string, view: (entry: unknown) => unknown) => {
		const list = (holder as Json | null | undefined)?.[key];
		return Array.isArray(list) && list.length > 0
			? { ...(holder as Json), [key]: list.map(view) }
			: holder;
	};
	return viewed({ ...body }, 'posts', (post) =>
		viewed(post, 'value', (part) => viewed(part, 'image', mediaView)),
	) as IDataObject;
}

/** Each part's length as the channel's platform counts it, against its (premium) limit. */
function lengths(request: PostRequest, entryIndex: number, channel: Channel | undefined) {
	const post = entriesOf(request.body, 'posts')[entryIndex];
	const platform = channel && isPlatformId(channel.platform) ? channel.platform : undefined;
	const label = request.context.channels[entryIndex];
	const maxLength = platform
		? maxLengthFor(
				{ id: label?.id ?? '', name: label?.name ?? '', platform, premium: label?.premium },
				isObject(post?.settings) ? post.settings : undefined,
			)
		: null;
	return entriesOf(post, 'value').map(({ content }, partIndex) => ({
		part: partIndex + 1,
		length: platform ? textLength(typeof content === 'string' ? content : '', platform) : null,
		maxLength,
	}));
}

/** One item per channel entry (one for the whole item when its body names none). */
export function checkOnlyItems(outcome: CheckOutcome, itemIndex: number): INodeExecutionData[] {
	const { request, infos, problems, warnings, earlier } = outcome;
	const byId = new Map(infos.map((info) => [info.id, info]));
	const worded = problems.map((problem) => {
		const { what, fix } = describeProblem(problem, request.context, request.body);
		return { entryIndex: entryOf(problem, request.context), text: `${what}. To fix: ${fix}.` };
	});
	if (earlier && 'problem' in earlier)
		worded.push({ entryIndex: undefined, text: earlier.problem });
	const skipped = earlier && 'notSent' in earlier ? earlier : undefined;
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
		const earlierPostId = (ref && skipped?.postIds.get(ref.id)) ?? null;
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
				alreadySent: earlierPostId !== null,
				earlierPostId,
				notSent: skipped?.notSent ?? null,
				request: bodyAsSent,
			},
			pairedItem: { item: itemIndex },
		};
	});
}

/**
 * Options → Check Only: every check of the steps (preSend.ts) with their look-ups (GET
 * /integrations, an X account's limit, GET /find-slot without taking the slot), nothing that
 * writes. Problems do not stop the item: they are the report. With Skip Posts Already Created on,
 * the items wait for each other's checks (shared/batch.ts), as a run's do, so that one GET /posts
 * looks for every item's earlier posts; an item that passes its checks is expected for it.
 */
export async function checkOnlyRequest(
	context: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
	options: IDataObject,
): Promise<IHttpRequestOptions> {
	const checks = async (): Promise<CheckOutcome> => {
		const prepared = await prepareRequest(context, options);
		const { request } = prepared;
		let infos: Channel[] = [];
		const problems: Problem[] = [...request.problems];
		if (!request.unreadable) {
			const resolved = await resolveChannels(context, request);
			infos = resolved.infos;
			request.channels.forEach((ref, entryIndex) => {
				const label = request.context.channels[entryIndex];
				if (label && ref.id && !resolved.known.has(ref.id)) label.notListed = true;
			});
			problems.push(
				...resolved.problems,
				...checkWithChannels(request, infos),
				...oversizedBody(request.body),
			);
			const channelsKnown = request.channels.every((ref) => resolved.known.has(ref.id));
			if (request.wantsNextSlot && channelsKnown && request.channels.length > 0) {
				const slot = await nextFreeSlot(context, request, resolved.known, { reserve: false });
				if (typeof slot === 'string') request.body.date = slot;
				else problems.push(...slot);
			}
			if (problems.length === 0) expectPost(context, request);
		}
		return { request, infos, problems, warnings: warningsOf(request, infos, prepared.warnings) };
	};
	const outcome = skipsPostsAlreadyCreated(context)
		? await checkedWithTheOtherItems(context, checks)
		: await checks();
	const earlier = await earlierInCheckOnly(context);
	const items = checkOnlyItems({ ...outcome, earlier }, context.getItemIndex());
	return answerWithoutSending(requestOptions, items);
}
