/**
 * Post → Update's preSend: finds the post, builds and checks the edit, and points the request at
 * its route, each step a function named for what it does (the output, postReceive, is `output.ts`).
 *
 * Order of work for one item, so that a bad edit costs no write:
 * 1. read what to change (Update Fields), no request (`changes.ts`);
 * 2. find the post as the service holds it (`current.ts`, GET /posts): unknown, deleted or
 *    published stops here;
 * 3. read its channel (GET /integrations, once per run; an X channel's limit when the text needs
 *    it, in step 4);
 * 4. build what is sent (`prepare.ts`, no request) and check it with Create's rules (`check.ts`:
 *    shared/postRules/, worded by shared/postProblems/);
 * 5. upload media given as binary fields, then send:
 *    - text, media, follow-up parts or date: POST /posts with the post's id as its first part's id
 *      and its current group, `type: "schedule"` for a queued post (the publish run restarts at
 *      the date sent; `update` would keep the old time) or `"draft"` for a draft, on the post's own
 *      channel (another would move the post);
 *    - settings alone: PUT /posts/:id/settings, which merges them and touches nothing else.
 *    The answer is checked to be the same post (a service without edit answers with a new one) and
 *    output with what changed, before → after (`output.ts`).
 *    With Options → Check Only, steps 1-4 run without stopping at a problem of the parameters and
 *    without any write, and the report (`checkOnly.ts`) is the output: the transport sends nothing.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { checkedWithTheOtherItems, uploadedWithTheOtherItems } from '../../../shared/batch';
import { takeTurn } from '../../../shared/sendRecord';
import type { Channel } from '../../../shared/channel';
import { isPlatformId } from '../../../shared/platforms';
import {
	problemsError,
	type EntryLabel,
	type Problem,
	type ProblemContext,
} from '../../../shared/postProblems';
import { idParameter } from '../../../shared/routing';
import { serviceChannels } from '../create/lookups';
import { uploadMediaUrls } from '../create/mediaUrls';
import { uploadPending } from '../create/uploads';
import { readChanges, type UpdateFields } from './changes';
import { checkEdit } from './check';
import { checkOnlyRequest } from './checkOnly';
import { findPost, whyNotChangeable, type CurrentPost } from './current';
import { handToOutput } from './output';
import { prepareEdit, type Edit, type Prepared } from './prepare';

/**
 * preSend of Post → Update: finds the post, builds and checks the edit, and points the request at
 * its route.
 */
export async function buildUpdateRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const node = this.getNode();
	const options = (this.getNodeParameter('options', {}) as IDataObject) ?? {};
	// Check Only: every check and look-up, nothing written; the item is the report (checkOnly.ts).
	if (options.checkOnly === true)
		return checkOnlyRequest(this, requestOptions, await prepareAndCheck(this, options, true));
	// Steps 1-4, inside the run's all-or-nothing checks (shared/batch.ts).
	const edit = await checkedWithTheOtherItems(this, async () => {
		const prepared = await prepareAndCheck(this, options, false);
		const { problems, context, edit } = prepared;
		if (problems.length > 0 || !edit) throw problemsError(node, problems, context, edit?.body);
		return edit;
	});
	// Step 5: uploads only once every item of the run passed its checks, and no edit before every
	// item's uploads are done (shared/batch.ts).
	await uploadedWithTheOtherItems(this, 'update', async () => await uploadMedia(this, edit));
	// Step 6 in the item's turn: one edit of the run at a time, in item order (sendRecord.ts; an
	// item that stops before its edit is on record as not sent: shared/pairedItems.ts).
	await takeTurn(this);
	handToOutput(this, edit);
	return pointAtRoute(requestOptions, edit);
}

/**
 * Steps 1 to 4: reads, finds, looks up and checks; sends nothing that writes. With `collect`
 * (Check Only) the problems of the parameters do not stop the look-ups.
 */
async function prepareAndCheck(
	context: IExecuteSingleFunctions,
	options: IDataObject,
	collect: boolean,
): Promise<Prepared> {
	const label: EntryLabel = { id: '', settingsMode: 'json', platformGiven: true };
	const problemContext: ProblemContext = {
		itemIndex: context.getItemIndex(),
		inputMode: 'fields',
		contentMode: 'perChannel',
		channels: [label],
		edit: true,
	};
	const stop = (problems: Problem[]): Prepared => ({ problems, context: problemContext });
	const postId = idParameter(context, 'postId');
	// Step 1: what to change (changes.ts).
	const fields = (context.getNodeParameter('updateFields', {}) as UpdateFields) ?? {};
	const read = readChanges(context, fields, options);
	if (read.problems.length > 0 && !collect) return stop(read.problems);

	// Step 2: the post, found and still changeable (current.ts).
	const now = Date.now();
	const post = await findPost(context, postId, now, read.near);
	const refused = whyNotChangeable(postId, post, now);
	if (!post || refused.length > 0) return stop([...read.problems, ...refused]);

	// Step 3: its channel.
	const channel = await readChannel(context, post, label);
	if (!channel)
		return stop([
			...read.problems,
			{ kind: 'node', code: 'channelGone', entryIndex: 0, field: 'channel' },
		]);
	const platform = isPlatformId(channel.platform) ? channel.platform : undefined;
	if (platform) label.platform = platform;

	// Step 4: the edit built and judged (prepare.ts), then checked with Create's rules (check.ts).
	const { edit, problems } = await prepareEdit(context, options, {
		fields,
		read,
		post,
		channel,
		platform,
		problemContext,
		now,
	});
	problems.push(...(await checkEdit(context, edit, label)));
	return { problems, context: problemContext, edit };
}

/**
 * Step 3: the post's channel in the channel list (GET /integrations, once per run), named in the
 * item's problems; undefined when the list no longer has it.
 */
async function readChannel(
	context: IExecuteSingleFunctions,
	post: CurrentPost,
	label: EntryLabel,
): Promise<Channel | undefined> {
	label.id = post.channelId;
	const channel = (await serviceChannels(context)).find((known) => known.id === post.channelId);
	if (!channel) {
		label.notListed = true;
		return undefined;
	}
	label.name = channel.name;
	return channel;
}

/**
 * Step 5: the media URLs, then the files of binary fields. An address the service cannot fetch
 * stops the whole run (shared/batch.ts).
 */
async function uploadMedia(context: IExecuteSingleFunctions, edit: Edit): Promise<void> {
	const failed = await uploadMediaUrls(context, edit.mediaUrls, false);
	if (failed.length > 0)
		throw problemsError(context.getNode(), failed, edit.request.context, edit.body);
	await uploadPending(context, edit.binaryMedia.pending);
}

/** Step 5, sent: settings alone to PUT /posts/:id/settings, anything else to POST /posts. */
function pointAtRoute(requestOptions: IHttpRequestOptions, edit: Edit): IHttpRequestOptions {
	const { post, body, sentAs, settings } = edit;
	if (sentAs === 'settings') {
		requestOptions.method = 'PUT';
		requestOptions.url = `/posts/${encodeURIComponent(post.id)}/settings`;
		requestOptions.body = { settings };
	} else {
		requestOptions.method = 'POST';
		requestOptions.url = '/posts';
		requestOptions.body = body;
	}
	return requestOptions;
}
