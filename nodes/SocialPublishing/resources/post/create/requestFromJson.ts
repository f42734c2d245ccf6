/**
 * Step 1 of Post → Create in JSON mode (see preSend.ts): Request (JSON) read as the POST /posts
 * body, sent as written; what does not parse, or is no object, is the one problem (the body is then
 * unreadable: the rules are not run on what is left).
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import type { NodeProblem } from '../../../shared/postProblems';
import {
	jsonProblem,
	labelOf,
	parseJsonParameter,
	type Entry,
	type Json,
	type PostRequest,
} from './request';

export function requestFromJson(
	context: IExecuteSingleFunctions,
	options: IDataObject,
): PostRequest {
	const itemIndex = context.getItemIndex();
	const problems: NodeProblem[] = [];
	let body: Json = {};
	const parsed = parseJsonParameter(context.getNodeParameter('requestJson', '{}'));
	if ('error' in parsed) problems.push(jsonProblem('requestJson', parsed));
	else if (
		typeof parsed.value === 'object' &&
		parsed.value !== null &&
		!Array.isArray(parsed.value)
	) {
		body = parsed.value as Json;
	} else {
		problems.push({
			kind: 'node',
			code: 'requestNotObject',
			field: 'requestJson',
			value: parsed.value,
		});
	}
	// The body's date is sent as written, and judged as written by the rules (postRules: the same
	// date reader).
	const unreadable = problems.length > 0;
	const posts = Array.isArray(body.posts) ? body.posts : [];
	const channels: Entry[] = posts.map((post) => {
		const integration =
			typeof post === 'object' && post !== null ? (post as Json).integration : undefined;
		const id =
			typeof integration === 'object' && integration !== null
				? (integration as Json).id
				: undefined;
		return { id: typeof id === 'string' ? id : '', settingsMode: 'json' };
	});
	return {
		body,
		channels,
		problems,
		wantsNextSlot: false,
		skipChecks: options.skipChecks === true,
		unreadable,
		explained: [],
		partsWithUnreadMedia: new Set(),
		context: {
			itemIndex,
			inputMode: 'json',
			contentMode: 'perChannel',
			channels: channels.map(labelOf),
		},
	};
}
