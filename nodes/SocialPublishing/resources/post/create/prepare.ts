/**
 * Step 1 of Post → Create (see preSend.ts), no request: the body read from the parameters (fields
 * or JSON), a Schedule date that has passed (`pastDate.ts`), files in binary fields read
 * (`uploads.ts`), media URLs judged (`mediaUrls.ts`), follow-up delays checked (`delays.ts`).
 * Problems go to `request.problems`.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { checkDelays } from './delays';
import { prepareMediaUrls } from './mediaUrls';
import { pastDateProblem } from './pastDate';
import { requestFromJson, type Json } from './request';
import { requestFromFields } from './requestFromFields';
import { prepareBinaryMedia } from './uploads';

/** An item's request as read from its parameters, with the files and addresses still to upload. */
export async function prepareRequest(context: IExecuteSingleFunctions, options: IDataObject) {
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
	// Fields mode with the same parts for every channel: a part's problem is said once.
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
	// delays.warnings are said with the created posts (a delay on the first part).
	return { request, binaryMedia, mediaUrls, warnings: delays.warnings, sharedParts };
}
