/**
 * Post → Update with Options → Check Only: steps 1 to 4 (see preSend.ts) with their look-ups
 * (GET /posts, GET /integrations, an X account's limit) and nothing that writes: no upload, no
 * POST /posts, no PUT. One item: Create's report (create/checkOnly.ts: ok, lengths, problems,
 * warnings, the body) with the post, how the edit would go and what would change; the transport
 * hands it back without sending the request (`ANSWERED_WITHOUT_SENDING`).
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { idParameter } from '../../../shared/routing';
import { ANSWERED_WITHOUT_SENDING } from '../../../shared/transport';
import { checkOnlyItems } from '../create/checkOnly';
import type { PostRequest } from '../create/request';
import type { Prepared } from './prepare';
import { warningsOf } from './warnings';

/** Check Only's report of the steps' outcome (`prepared`, problems not stopping the look-ups). */
export function checkOnlyRequest(
	context: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
	prepared: Prepared,
): IHttpRequestOptions {
	const { problems, context: problemContext, edit } = prepared;
	const request: PostRequest = edit?.request ?? {
		body: {},
		channels: [],
		context: problemContext,
		problems: [],
		wantsNextSlot: false,
		skipChecks: false,
		explained: [],
		partsWithUnreadMedia: new Set(),
	};
	const [report] = checkOnlyItems(
		{
			request,
			infos: edit ? [edit.channel] : [],
			problems,
			warnings: edit ? warningsOf(edit) : [],
		},
		context.getItemIndex(),
	);
	const settingsAlone = edit?.sentAs === 'settings';
	report.json = {
		...report.json,
		postId: edit?.post.id ?? idParameter(context, 'postId'),
		sentAs: edit?.sentAs ?? null,
		...(settingsAlone ? { type: null, date: edit.post.publishDate } : {}),
		sentTo: !edit ? null : settingsAlone ? `PUT /posts/${edit.post.id}/settings` : 'POST /posts',
		...(settingsAlone ? { request: { settings: edit.settings } as IDataObject } : {}),
		changes: (edit?.changes ?? {}) as IDataObject,
	};
	(requestOptions as unknown as Record<symbol, unknown>)[ANSWERED_WITHOUT_SENDING] = [report];
	return requestOptions;
}
