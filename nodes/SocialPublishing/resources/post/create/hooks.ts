/**
 * Post → Create at run time: the preSend step that builds and checks the POST /posts body, and the
 * postReceive step that turns the answer into one item per created post.
 *
 * Order of work for one item, so that a bad post costs nothing:
 * 1. build the body from the parameters (`request.ts`), refuse a Schedule date that has passed
 *    (`pastDate.ts`), read the type and size of files given as binary fields, judge media URLs
 *    (`mediaUrls.ts`) and follow-up delays (`delays.ts`), no request (`prepareRequest`);
 * 2. check it with the platforms the user gave: a post that breaks a rule stops here, before any
 *    request at all;
 * 3. read the channels (GET /integrations, once per run) for names, platforms and unknown
 *    ids; for an X channel whose text is over the standard limit, read its limit
 *    (GET /integration-settings/:id: premium accounts get more);
 * 4. check the whole body again with everything known; the item then waits until every item of
 *    the run has passed its checks (shared/batch.ts);
 * 5. upload the media URLs (POST /upload-from-url, each address once per run) and the files given
 *    as binary fields (`uploads.ts`), then wait until every item's uploads are done: one that
 *    fails stops every post of the run;
 * 6. with "next free slot", ask GET /find-slot/:id for every channel and take the latest; only then
 *    POST /posts is sent, by the transport, which never repeats a POST (only a 429, refused before
 *    processing, is retried).
 *    With Options → Check Only, steps 1-4 and 6 run without stopping at a problem and without
 *    any write (no upload, the slot not taken), and the report (`checkOnly.ts`) is the output: the
 *    transport sends nothing. The steps are functions of their own, so that another operation
 *    sending a post body can run the same checks.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { isPlatformId, PLATFORMS, type PlatformId } from '../../../shared/platforms';
import { type Json } from './body';
import {
	checkCreatePostRequest,
	textLength,
	type PlatformProblem,
	type RuleProblem,
} from '../../../shared/postRules';
import { checkedWithTheOtherItems, uploadedWithTheOtherItems } from '../../../shared/batch';
import { runState, RunSlot } from '../../../shared/runState';
import { isMalformedId } from '../../../shared/routing';
import type { Channel } from '../../../shared/channel';
import { channelMaxLength, serviceChannels } from './lookups';
import { nextFreeSlot } from './slots';
import { prepareBinaryMedia, uploadPending, type PendingUploads } from './uploads';
import { prepareMediaUrls, uploadMediaUrls, type MediaUrls } from './mediaUrls';
import { checkDelays } from './delays';
import { checkOnlyItems } from './checkOnly';
import { ANSWERED_WITHOUT_SENDING } from '../../../shared/transport';
import { pastDateProblem } from './pastDate';
import {
	locate,
	problemsError,
	type NodeProblem,
	type Problem,
} from '../../../shared/postProblems';
import {
	partIdWarnings,
	removedHtmlTags,
	uncheckedPlatformText,
	unknownSettingWarnings,
	type Warning,
} from './warnings';
import { isFollowOn, requestFromFields, requestFromJson, type PostRequest } from './request';

// ---------------------------------------------------------------- checks

/** Parts whose text an X channel could only take as a premium account. */
export function needsPremium(body: Json, entryIndex: number, platform: PlatformId): boolean {
	const rules = PLATFORMS[platform];
	if (rules.premiumMaxLength === undefined) return false;
	const post = Array.isArray(body.posts) ? (body.posts[entryIndex] as Json | undefined) : undefined;
	const parts = Array.isArray(post?.value) ? (post.value as Json[]) : [];
	return parts.some(
		(part) =>
			typeof part?.content === 'string' && textLength(part.content, platform) > rules.maxLength,
	);
}

export function check(body: Json, channels: Channel[]): RuleProblem[] {
	const byId = new Map(channels.map((channel) => [channel.id, channel]));
	return checkCreatePostRequest(body, (id) => byId.get(id));
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
	const problems: Problem[] = check(request.body, known).filter((ruleProblem) => {
		if (ruleProblem.kind === 'channel') return false;
		if (ruleProblem.kind === 'platform' && ruleProblem.rule === 'tooLong') {
			return (
				!needsPremium(request.body, ruleProblem.entryIndex, ruleProblem.platform) ||
				!isWithinPremium(ruleProblem)
			);
		}
		return true;
	});
	return [
		...request.problems,
		...problems.filter((ruleProblem) => !isFollowOn(request, ruleProblem)),
		...oversizedBody(request.body),
	];
}

function isWithinPremium(tooLong: PlatformProblem & { rule: 'tooLong' }): boolean {
	const rules = PLATFORMS[tooLong.platform];
	return tooLong.length <= (rules.premiumMaxLength ?? rules.maxLength);
}

/** Step 3: what the channel list says (names, platforms, unknown ids), and X limits. */
export async function resolveChannels(
	context: IExecuteSingleFunctions,
	request: PostRequest,
): Promise<{ infos: Channel[]; known: Map<string, Channel>; problems: NodeProblem[] }> {
	const list = await serviceChannels(context);
	const known = new Map(list.map((channel) => [channel.id, channel]));
	const problems: NodeProblem[] = [];
	const infos: Channel[] = [];
	for (const [entryIndex, ref] of request.channels.entries()) {
		const found = known.get(ref.id);
		const label = request.context.channels[entryIndex];
		if (!found) continue;
		label.name = found.name;
		// A platform the rules table does not know (the service has more): sent with the body's checks
		// only.
		if (!isPlatformId(found.platform)) {
			infos.push({
				id: found.id,
				name: found.name,
				platform: found.platform,
				disabled: found.disabled,
			});
			continue;
		}
		label.platform = found.platform;
		if (ref.platform && ref.platform !== found.platform) {
			problems.push({
				kind: 'node',
				entryIndex,
				field: 'Platform',
				message:
					`Platform is set to ${PLATFORMS[ref.platform].displayName}, but the channel is on ` +
					`${PLATFORMS[found.platform].displayName}`,
				hint:
					`set Platform to ${PLATFORMS[found.platform].displayName} (or to Look Up From ` +
					`Channel with settings as JSON)`,
			});
		}
		const info: Channel<PlatformId> = {
			id: found.id,
			name: found.name,
			platform: found.platform,
			disabled: found.disabled,
		};
		if (needsPremium(request.body, entryIndex, found.platform)) {
			const max = await channelMaxLength(context, found.id);
			info.premium = max !== undefined && max > PLATFORMS[found.platform].maxLength;
			label.premium = info.premium;
		}
		infos.push(info);
	}
	return { infos, known, problems };
}

/**
 * Before refusing, names the channels a problem would otherwise give as "(platform unknown)" (JSON
 * mode, or a platform to look up): one read of the channel list, cached for the run. A refusal
 * whose channels all have a platform, or that names no channel, sends nothing; if the list cannot
 * be read, the refusal names them by id.
 */
async function nameChannels(
	context: IExecuteSingleFunctions,
	request: PostRequest,
	problems: Problem[],
): Promise<void> {
	const labels = request.context.channels;
	const channelOf = (problem: Problem) =>
		'entryIndex' in problem
			? problem.entryIndex
			: 'path' in problem
				? locate(problem.path, request.context).entryIndex
				: undefined;
	const unnamed = [...new Set(problems.map(channelOf))]
		.flatMap((entryIndex) => (entryIndex === undefined ? [] : [labels[entryIndex]]))
		// An id that cannot be one (blank, spaces, slashes) is named as given: no request for it.
		.filter((label) => label && label.id && !isMalformedId(label.id) && !label.platform);
	if (unnamed.length === 0) return;
	let list: Channel[];
	try {
		list = await serviceChannels(context);
	} catch {
		return;
	}
	const known = new Map(list.map((channel) => [channel.id, channel]));
	for (const label of unnamed) {
		const found = known.get(label.id);
		if (!found) {
			label.notListed = true;
			continue;
		}
		label.name = found.name;
		if (isPlatformId(found.platform)) label.platform = found.platform;
	}
}

/** Entries whose channel is on a platform the rules table does not know: sent, and said so. */
export function uncheckedPlatforms(
	request: PostRequest,
	infos: Channel[],
): Array<{ entryIndex: number; text: string }> {
	const byId = new Map(infos.map((info) => [info.id, info]));
	return request.channels.flatMap((ref, entryIndex) => {
		const channel = byId.get(ref.id);
		if (!channel || isPlatformId(channel.platform)) return [];
		return [
			{
				entryIndex,
				text: uncheckedPlatformText(channel, 'its length, media and settings'),
			},
		];
	});
}

/** Production answers 413 to a JSON body over 100 kB (service-notes), whatever the spec allows. */
export const MAX_BODY_BYTES = 100 * 1024;

export function oversizedBody(body: Record<string, unknown>): NodeProblem[] {
	const bytes = new TextEncoder().encode(JSON.stringify(body)).length;
	if (bytes <= MAX_BODY_BYTES) return [];
	return [
		{
			kind: 'node',
			field: 'the request',
			message:
				`the request body is ${Math.ceil(bytes / 1024)} kB; the service refuses bodies over ` +
				`${MAX_BODY_BYTES / 1024} kB`,
			hint: 'split the channels (or the parts) over several items, or shorten the texts',
		},
	];
}

// ---------------------------------------------------------------- step 1

/**
 * An item's request as read from its parameters (step 1), with the files and addresses still to
 * upload.
 */
export interface PreparedRequest {
	request: PostRequest;
	binaryMedia: { pending: PendingUploads };
	mediaUrls: MediaUrls;
	/** Said with the created posts (a delay on the first part). */
	warnings: Warning[];
	/** Fields mode with the same parts for every channel: a part's problem is said once. */
	sharedParts: boolean;
}

/**
 * Step 1 for one item, no request: the body from the parameters, a Schedule date that has passed,
 * files in binary fields read, media URLs judged (`mediaUrls.ts`), follow-up delays checked
 * (`delays.ts`). Problems go to `request.problems`.
 */
export async function prepareRequest(
	context: IExecuteSingleFunctions,
	options: IDataObject,
): Promise<PreparedRequest> {
	const request =
		context.getNodeParameter('inputMode', 'fields') === 'json'
			? requestFromJson(context, options)
			: requestFromFields(context, options);
	const pastDate = pastDateProblem({
		type: request.body.type,
		instant: typeof request.body.date === 'string' ? Date.parse(request.body.date) : undefined,
		timeZone: context.getTimezone(),
		allowed: options.allowPastDate === true,
		inputMode: request.context.inputMode,
	});
	if (pastDate) request.problems.push(pastDate);

	const posts = Array.isArray(request.body.posts) ? (request.body.posts as Json[]) : [];
	const binaryMedia = await prepareBinaryMedia(context, posts);
	request.problems.push(...binaryMedia.problems);
	const sharedParts =
		request.context.inputMode === 'fields' && request.context.contentMode === 'same';
	const mediaUrls = prepareMediaUrls(
		posts,
		request.context.inputMode,
		options.allowPrivateAddress === true,
		sharedParts,
	);
	request.problems.push(...mediaUrls.problems);
	for (const { entryIndex, partIndex, mediaIndex } of [
		...binaryMedia.unusable,
		...mediaUrls.unusable,
	]) {
		request.explained.push(`posts.${entryIndex}.value.${partIndex}.image.${mediaIndex}`);
		request.partsWithUnreadMedia.add(`${entryIndex}.${partIndex}`);
	}
	const delays = checkDelays(request.body, request.context.inputMode, sharedParts);
	request.problems.push(...delays.problems);
	request.explained.push(...delays.explained);
	return { request, binaryMedia, mediaUrls, warnings: delays.warnings, sharedParts };
}

/**
 * What is sent as given but said, per channel entry (shown with the created posts, or by Check
 * Only).
 */
export function warningsOf(prepared: PreparedRequest, infos: Channel[]): Warning[] {
	const { request } = prepared;
	const platforms = new Map(
		infos.flatMap((info) =>
			isPlatformId(info.platform) ? [[info.id, info.platform] as const] : [],
		),
	);
	return [
		...uncheckedPlatforms(request, infos),
		...removedHtmlTags(request.body),
		...partIdWarnings(request.body),
		...unknownSettingWarnings(request.body, (entryIndex) =>
			platforms.get(request.channels[entryIndex]?.id ?? ''),
		),
		...prepared.warnings,
	];
}

// ---------------------------------------------------------------- Check Only

/**
 * Options → Check Only: every check of the steps above, with their look-ups (GET /integrations, an
 * X account's limit, GET /find-slot without taking the slot), and nothing that writes: no upload
 * (media URLs are judged only), no POST /posts. Problems do not stop the item: they are the report
 * (checkOnly.ts), which the transport hands back as the items without sending the request. Not held
 * by the run's all-or-nothing wait, as nothing is written.
 */
async function checkOnlyRequest(
	context: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
	options: IDataObject,
): Promise<IHttpRequestOptions> {
	const prepared = await prepareRequest(context, options);
	const { request } = prepared;
	let infos: Channel[] = [];
	const problems: Problem[] = [];
	if (request.unreadable) problems.push(...request.problems);
	else {
		const resolved = await resolveChannels(context, request);
		infos = resolved.infos;
		request.channels.forEach((ref, entryIndex) => {
			const label = request.context.channels[entryIndex];
			if (label && ref.id && !resolved.known.has(ref.id)) label.notListed = true;
		});
		problems.push(
			...request.problems,
			...resolved.problems,
			...check(request.body, infos).filter((ruleProblem) => !isFollowOn(request, ruleProblem)),
			...oversizedBody(request.body),
		);
		const channelsKnown = request.channels.every((ref) => resolved.known.has(ref.id));
		if (request.wantsNextSlot && channelsKnown && request.channels.length > 0) {
			const slot = await nextFreeSlot(
				context,
				request.channels.map((channel) => channel.id),
				resolved.known,
				{ reserve: false },
			);
			if (typeof slot === 'string') request.body.date = slot;
			else problems.push(...slot);
		}
	}
	const items = checkOnlyItems(
		{ request, infos, problems, warnings: warningsOf(prepared, infos) },
		context.getItemIndex(),
	);
	(requestOptions as unknown as Record<symbol, unknown>)[ANSWERED_WITHOUT_SENDING] = items;
	return requestOptions;
}

// ---------------------------------------------------------------- the hooks

/**
 * What postReceive needs from preSend of the same item: item index → the date and warnings sent.
 */
const SENT = new RunSlot<
	Map<number, { date?: string; warnings: Array<{ channelId: string; text: string }> }>
>('what Post → Create sent for each item');

/** preSend of Post → Create: builds, checks and completes the POST /posts body. */
export async function buildCreatePostRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const node = this.getNode();
	const options = (this.getNodeParameter('options', {}) as IDataObject) ?? {};
	// Check Only: every check and look-up, nothing written; the items are the report (checkOnly.ts).
	if (options.checkOnly === true) return await checkOnlyRequest(this, requestOptions, options);
	const prepared = await checkedWithTheOtherItems(this, async () => {
		const prepared = await prepareRequest(this, options);
		const { request } = prepared;

		// Problems the node finds itself (no channel, bad JSON, no file) are never sent, even with
		// checks skipped.
		const blocking = request.skipChecks ? request.problems : checkWithoutRequests(request);
		if (blocking.length > 0) {
			await nameChannels(this, request, blocking);
			throw problemsError(node, blocking, request.context, request.body);
		}

		const { infos, known, problems } = await resolveChannels(this, request);
		if (!request.skipChecks && problems.length > 0)
			throw problemsError(node, problems, request.context, request.body);

		if (!request.skipChecks) {
			const problems = check(request.body, infos).filter(
				(ruleProblem) => !isFollowOn(request, ruleProblem),
			);
			if (problems.length > 0) throw problemsError(node, problems, request.context, request.body);
		}
		return { ...prepared, infos, known };
	});
	const { request, infos, known, binaryMedia } = prepared;

	// Uploads only once every item of the run passed its checks, and no post before every item's
	// uploads are done: an address the service cannot fetch stops the whole run (shared/batch.ts).
	await uploadedWithTheOtherItems(this, async () => {
		const failed = await uploadMediaUrls(this, prepared.mediaUrls, prepared.sharedParts);
		if (failed.length > 0) throw problemsError(node, failed, request.context, request.body);
		await uploadPending(this, binaryMedia.pending);
	});

	if (request.wantsNextSlot) {
		const slot = await nextFreeSlot(
			this,
			request.channels.map((channel) => channel.id),
			known,
		);
		if (typeof slot !== 'string') throw problemsError(node, slot, request.context);
		request.body.date = slot;
	}

	const warnings = warningsOf(prepared, infos);
	runState(this)
		.get(SENT, () => new Map())
		.set(this.getItemIndex(), {
			...(typeof request.body.date === 'string' ? { date: request.body.date } : {}),
			warnings: warnings.map((warning) => ({
				channelId: request.channels[warning.entryIndex]?.id ?? '',
				text: warning.text,
			})),
		});
	requestOptions.body = request.body;
	return requestOptions;
}

/**
 * postReceive of Post → Create: one item per created post, with the channel's name and platform.
 */
export async function toCreatedPosts(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const created = Array.isArray(response.body) ? (response.body as Json[]) : [];
	const channels = new Map((await serviceChannels(this)).map((channel) => [channel.id, channel]));
	const sent = runState(this)
		.get(SENT, () => new Map())
		.get(this.getItemIndex());
	const date = sent?.date;
	const warnings = sent?.warnings ?? [];
	return created.map((post) => {
		const channel = channels.get(String(post.integration));
		const said = warnings
			.filter((warning) => warning.channelId === post.integration)
			.map((warning) => warning.text);
		return {
			json: {
				postId: post.postId as string,
				integration: post.integration as string,
				channelName: channel?.name ?? null,
				platform: channel?.platform ?? null,
				...(date ? { date } : {}),
				...(said.length ? { warnings: said } : {}),
			},
			pairedItem: { item: this.getItemIndex() },
		};
	});
}
