/**
 * Post → Create's preSend: builds and checks the POST /posts body (the output, postReceive, is
 * `output.ts`). Order of work for one item, so that a bad post costs nothing:
 * 1. the body read from the parameters, no request (`prepare.ts`);
 * 2. the checks that need no request (`check.ts`): a post that breaks a rule stops here;
 * 3. the channels read (GET /integrations, once per run) for names, platforms and unknown ids; for
 *    an X channel whose text is over the standard limit, its limit (GET /integration-settings/:id:
 *    premium accounts get more) (`channels.ts`, `lookups.ts`);
 * 4. every rule again with every channel known (`check.ts`); the item then waits until every item
 *    of the run has passed its checks (shared/batch.ts);
 * 5. the posts an earlier run created looked for (`earlierPosts.ts`), then the media URLs (each
 *    address once per run: `mediaUrls.ts`) and the binary fields (`uploads.ts`) uploaded, and no
 *    post before every item's uploads are done: one that fails stops every post of the run;
 * 6. with "next free slot", the latest of the channels' next free slots (`slots.ts`); only then
 *    POST /posts is sent, by the transport, which never repeats a POST (only a 429, refused before
 *    processing, is retried).
 * With Options → Check Only, steps 1-4 and 6 run without stopping at a problem and without any
 * write, with step 5's search for earlier posts, and the report (`checkOnly.ts`) is the output.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { checkedWithTheOtherItems, uploadedWithTheOtherItems } from '../../../shared/batch';
import { takeTurn } from '../../../shared/sendRecord';
import { answerWithoutSending } from '../../../shared/transport';
import { problemsError } from '../../../shared/postProblems';
import { checkWithChannels, checkWithoutRequests } from './check';
import { nameChannels, resolveChannels } from './channels';
import { checkOnlyRequest } from './checkOnly';
import { earlierPosts, expectPost, markPosts } from './earlierPosts';
import { uploadMediaUrls } from './mediaUrls';
import { handToOutput } from './output';
import { prepareRequest } from './prepare';
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
	const node = this.getNode();
	// Steps 1-4, inside the run's all-or-nothing checks (shared/batch.ts).
	const checked = await checkedWithTheOtherItems(this, async () => {
		const prepared = await prepareRequest(this, options);
		const { request } = prepared;
		// Step 2: what the node finds itself (no channel, bad JSON, no file) is never sent, even with
		// checks skipped. The refusal names its channels.
		const blocking = request.skipChecks ? request.problems : checkWithoutRequests(request);
		if (blocking.length > 0) {
			await nameChannels(this, request, blocking);
			throw problemsError(node, blocking, request.context, request.body);
		}
		// Steps 3 and 4; their problems are not refusals with Options → Skip Local Checks.
		const { infos, known, problems } = await resolveChannels(this, request);
		if (!request.skipChecks)
			for (const found of [problems, checkWithChannels(request, infos)])
				if (found.length > 0) throw problemsError(node, found, request.context, request.body);
		expectPost(this, request);
		return { ...prepared, infos, known };
	});
	const { request } = checked;
	// Step 5 (shared/batch.ts).
	const earlier = await uploadedWithTheOtherItems(this, 'create', async () => {
		const found = await earlierPosts(this);
		if (found) return found;
		// An address the service cannot fetch stops the whole run; the files already uploaded stay in
		// the media library.
		const failed = await uploadMediaUrls(this, checked.mediaUrls, checked.sharedParts);
		if (failed.length > 0) throw problemsError(node, failed, request.context, request.body);
		await uploadPending(this, checked.binaryMedia.pending);
		return undefined;
	});
	if (earlier) {
		return answerWithoutSending(requestOptions, earlier);
	}
	// Step 6 in the item's turn: one post of the run at a time, in item order (sendRecord.ts; an
	// item that stops before its post is on record as not sent: shared/pairedItems.ts).
	await takeTurn(this);
	if (request.wantsNextSlot) {
		const slot = await nextFreeSlot(this, request, checked.known);
		if (typeof slot !== 'string') throw problemsError(node, slot, request.context);
		request.body.date = slot;
	}
	handToOutput(this, request, warningsOf(request, checked.infos, checked.warnings));
	// After the warnings, which would name the mark's keys as settings the platform does not have.
	markPosts(this, request);
	requestOptions.body = request.body;
	return requestOptions;
}
