/**
 * Step 1 of Post → Create in JSON mode (see preSend.ts): Request (JSON) read as the POST /posts
 * body, sent as written; what does not parse, or is no object, is the one problem (the body is then
 * unreadable: the rules are not run on what is left). The body's date is sent as written, and
 * judged as written by the rules (postRules: the same date reader).
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import type { NodeProblem } from '../../../shared/postProblems';
import {
	entriesOf,
	isObject,
	jsonProblem,
	newRequest,
	parseJsonParameter,
	type PostRequest,
} from './request';

export function requestFromJson(
	context: IExecuteSingleFunctions,
	options: IDataObject,
): PostRequest {
	const parsed = parseJsonParameter(context.getNodeParameter('requestJson', '{}'));
	const body = 'value' in parsed && isObject(parsed.value) ? parsed.value : {};
	const problems: NodeProblem[] =
		'error' in parsed
			? [jsonProblem('requestJson', parsed)]
			: isObject(parsed.value)
				? []
				: [{ kind: 'node', code: 'requestNotObject', field: 'requestJson', value: parsed.value }];
	return newRequest(context, options, {
		body,
		channels: entriesOf(body, 'posts').map((post) => {
			const id = isObject(post.integration) ? post.integration.id : undefined;
			return { id: typeof id === 'string' ? id : '', settingsMode: 'json' };
		}),
		problems,
		wantsNextSlot: false,
		unreadable: problems.length > 0,
		explained: [],
		inputMode: 'json',
		contentMode: 'perChannel',
	});
}
