/**
 * Post → Create's preSend: builds and checks the POST /posts body, each step a function named for
 * what it does (the output, postReceive, is `output.ts`).
 *
 * Order of work for one item, so that a bad post costs nothing:
 * 1. build the body from the parameters (`requestFromFields.ts`, `requestFromJson.ts`), refuse a
 *    Schedule date that has passed (`pastDate.ts`), read the type and size of files given as binary
 *    fields, judge media URLs (`mediaUrls.ts`) and follow-up delays (`delays.ts`), no request
 *    (`prepare.ts`);
 * 2. check it with the platforms the user gave (`check.ts`): a post that breaks a rule stops here,
 *    before any request at all;
 * 3. read the channels (GET /integrations, once per run) for names, platforms and unknown
 *    ids; for an X channel whose text is over the standard limit, read its limit
 *    (GET /integration-settings/:id: premium accounts get more) (`channels.ts`, `lookups.ts`);
 * 4. check the whole body again with everything known (`check.ts`); the item then waits until
 *    every item of the run has passed its checks (shared/batch.ts);
 * 5. upload the media URLs (POST /upload-from-url, each address once per run: `mediaUrls.ts`) and
 *    the files given as binary fields (`uploads.ts`), then wait until every item's uploads are
 *    done: one that fails stops every post of the run;
 * 6. with "next free slot", ask GET /find-slot/:id for every channel and take the latest
 *    (`slots.ts`); only then POST /posts is sent, by the transport, which never repeats a POST
 *    (only a 429, refused before processing, is retried).
 *    With Options → Check Only, steps 1-4 and 6 run without stopping at a problem and without
 *    any write (no upload, the slot not taken), with step 5's search for earlier posts, and
 *    the report (`checkOnly.ts`) is the output: the transport sends nothing. The steps are
 *    functions of their own, so that another operation sending a post body can run the same
 *    checks.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { checkedWithTheOtherItems, uploadedWithTheOtherItems } from '../../../shared/batch';
import { takeTurn } from '../../../shared/sendRecord';
import { ANSWERED_WITHOUT_SENDING } from '../../../shared/transport';
import type { Channel } from '../../../shared/channel';
import { problemsError, type Problem } from '../../../shared/postProblems';
import { checkWithChannels, checkWithoutRequests } from './check';
import { nameChannels, resolveChannels } from './channels';
import { checkOnlyRequest } from './checkOnly';
import { earlierPosts, expectPost } from './earlierPosts';
import { uploadMediaUrls } from './mediaUrls';
import { handToOutput } from './output';
import { prepareRequest, type PreparedRequest } from './prepare';
import type { PostRequest } from './request';
import { nextFreeSlot } from './slots';
import { uploadPending } from './uploads';
import { warningsOf } from './warnings';

/** preSend of Post → Create: builds, checks and completes the POST /posts body. */
export async function buildCreatePostRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const options = (this.getNodeParameter('options', {}) as IDataObject) ?? {};
	// Check Only: every check and look-up, nothing written; the items are the report (checkOnly.ts).
	if (options.checkOnly === true) return await checkOnlyRequest(this, requestOptions, options);
	// Steps 1-4, inside the run's all-or-nothing checks (shared/batch.ts).
	const checked = await checkedWithTheOtherItems(this, async () => {
		const prepared = await prepareRequest(this, options);
		await refuseWithoutRequests(this, prepared.request);
		const { infos, known, problems } = await resolveChannels(this, prepared.request);
		refuseWithEveryChannelKnown(this, prepared.request, problems, infos);
		expectPost(this, prepared.request);
		return { ...prepared, infos, known };
	});
	// Step 5 once every item of the run passed its checks: the posts an earlier run created
	// (earlierPosts.ts), then the uploads; no post before every item's are done (shared/batch.ts).
	const earlier = await uploadedWithTheOtherItems(this, 'create', async () => {
		const found = await earlierPosts(this);
		if (!found) await uploadMedia(this, checked);
		return found;
	});
	if (earlier) {
		(requestOptions as unknown as Record<symbol, unknown>)[ANSWERED_WITHOUT_SENDING] = earlier;
		return requestOptions;
	}
	// Step 6 in the item's turn: one post of the run at a time, in item order (sendRecord.ts; an
	// item that stops before its post is on record as not sent: shared/pairedItems.ts).
	await takeTurn(this);
	await takeNextFreeSlot(this, checked.request, checked.known);
	handToOutput(this, checked.request, warningsOf(checked.request, checked.infos, checked.warnings));
	requestOptions.body = checked.request.body;
	return requestOptions;
}

/**
 * Step 2: problems the node finds itself (no channel, bad JSON, no file) are never sent, even with
 * checks skipped; with checks, the rules that need no request too. The refusal names its channels.
 */
async function refuseWithoutRequests(
	context: IExecuteSingleFunctions,
	request: PostRequest,
): Promise<void> {
	const blocking = request.skipChecks ? request.problems : checkWithoutRequests(request);
	if (blocking.length > 0) {
		await nameChannels(context, request, blocking);
		throw problemsError(context.getNode(), blocking, request.context, request.body);
	}
}

/**
 * Step 4: what the channel list found (a Platform that is not the channel's), then every rule with
 * every channel known. Skipped with Options → Skip Local Checks.
 */
function refuseWithEveryChannelKnown(
	context: IExecuteSingleFunctions,
	request: PostRequest,
	channelProblems: Problem[],
	infos: Channel[],
): void {
	if (request.skipChecks) return;
	for (const problems of [channelProblems, checkWithChannels(request, infos)])
		if (problems.length > 0)
			throw problemsError(context.getNode(), problems, request.context, request.body);
}

/**
 * Step 5: the media URLs, then the files of binary fields. An address the service cannot fetch
 * stops the whole run (shared/batch.ts); the files already uploaded stay in the media library.
 */
async function uploadMedia(
	context: IExecuteSingleFunctions,
	prepared: PreparedRequest,
): Promise<void> {
	const { request } = prepared;
	const failed = await uploadMediaUrls(context, prepared.mediaUrls, prepared.sharedParts);
	if (failed.length > 0)
		throw problemsError(context.getNode(), failed, request.context, request.body);
	await uploadPending(context, prepared.binaryMedia.pending);
}

/** Step 6: with "next free slot", the latest of every channel's next free slot is the date. */
async function takeNextFreeSlot(
	context: IExecuteSingleFunctions,
	request: PostRequest,
	known: Map<string, Channel>,
): Promise<void> {
	if (!request.wantsNextSlot) return;
	const slot = await nextFreeSlot(
		context,
		request.channels.map((channel) => channel.id),
		known,
	);
	if (typeof slot !== 'string') throw problemsError(context.getNode(), slot, request.context);
	request.body.date = slot;
}
