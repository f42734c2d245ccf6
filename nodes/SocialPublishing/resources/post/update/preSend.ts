/**
 * Post → Update's preSend: the run-time order of one item, so that a bad edit costs no write:
 * steps 1-4 (`prepare.ts`, nothing written), then the uploads of media, then either POST /posts
 * (the post's id, group and channel; `type: "schedule"`, as `update` would keep the old time, or
 * `"draft"`) or, for settings alone, PUT /posts/:id/settings, which touches nothing else.
 * With Options → Check Only, steps 1-4 run without stopping, and the item is their report, handed
 * back without sending (`answerWithoutSending`).
 */
import type { IDataObject, PreSendAction } from 'n8n-workflow';
import { checkedWithTheOtherItems, uploadedWithTheOtherItems } from '../../../shared/batch';
import { problemsError } from '../../../shared/postProblems';
import { idParameter } from '../../../shared/routing';
import { takeTurn } from '../../../shared/sendRecord';
import { answerWithoutSending } from '../../../shared/transport';
import { checkOnlyItems } from '../create/checkOnly';
import { uploadMediaUrls } from '../create/mediaUrls';
import { uploadPending } from '../create/uploads';
import { handToOutput, warningsOf } from './output';
import { prepareEdit } from './prepare';
import { namedByAnEarlierItem } from './samePost';

/** preSend of Post → Update: the edit built and checked, then the request pointed at its route. */
export const buildUpdateRequest: PreSendAction = async function (requestOptions) {
	const options = (this.getNodeParameter('options', {}) as IDataObject) ?? {};
	if (options.checkOnly === true) {
		const { problems, request, edit } = await prepareEdit(this, options, true);
		const [report] = checkOnlyItems(
			{
				request,
				infos: edit ? [edit.channel] : [],
				problems,
				warnings: edit ? warningsOf(edit) : [],
			},
			this.getItemIndex(),
		);
		const settingsAlone = edit?.sentAs === 'settings';
		report.json = {
			...report.json,
			postId: edit?.post.id ?? idParameter(this, 'postId'),
			sentAs: edit?.sentAs ?? null,
			...(settingsAlone ? { type: null, date: edit.post.publishDate } : {}),
			sentTo: !edit ? null : settingsAlone ? `PUT /posts/${edit.post.id}/settings` : 'POST /posts',
			...(settingsAlone ? { request: { settings: edit.settings } as IDataObject } : {}),
			changes: (edit?.changes ?? {}) as IDataObject,
		};
		return answerWithoutSending(requestOptions, [report]);
	}
	// Steps 1-4, inside the run's all-or-nothing checks (shared/batch.ts).
	const { edit, request } = await checkedWithTheOtherItems(this, async () => {
		const { problems, request, edit } = await prepareEdit(this, options, false);
		if (problems.length > 0 || !edit)
			throw problemsError(this.getNode(), problems, request.context, edit?.body);
		return { edit, request };
	});
	// Then uploads, once every item passed its checks; no edit before all are done (shared/batch.ts).
	await uploadedWithTheOtherItems(this, 'update', async () => {
		// Every item of the run has read its Post ID by now: one named earlier is known (samePost.ts).
		const twice = namedByAnEarlierItem(this, edit.post.id);
		if (twice) throw problemsError(this.getNode(), [twice], request.context, edit.body);
		const failed = await uploadMediaUrls(this, edit.mediaUrls, false);
		if (failed.length > 0) throw problemsError(this.getNode(), failed, request.context, edit.body);
		await uploadPending(this, edit.binaryMedia.pending);
	});
	// Sent in the item's turn: one edit of the run at a time, in item order (sendRecord.ts).
	await takeTurn(this);
	handToOutput(this, edit);
	const settingsAlone = edit.sentAs === 'settings';
	return Object.assign(requestOptions, {
		method: settingsAlone ? 'PUT' : 'POST',
		url: settingsAlone ? `/posts/${encodeURIComponent(edit.post.id)}/settings` : '/posts',
		body: settingsAlone ? { settings: edit.settings } : edit.body,
	});
};
