/**
 * Post → Update's changes: what to change, read from Update Fields and Media and Follow-Up Parts
 * (step 1, see preSend.ts; no request), and the changes as the output says them, before → after.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import type { NodeProblem } from '../../../shared/postProblems';
import { isObject } from '../../../shared/postRules/report';
import { readDate, readJson } from '../../../shared/userValues';
import type { MediaParam, PartParam } from '../create/requestFromFields';
import { jsonProblem, type Json } from '../create/request';
import type { CurrentPost } from './current';

/** Update Fields as n8n gives them: only the fields the user added are present. */
interface UpdateFields {
	content?: string;
	date?: unknown;
	settingsJson?: unknown;
}

/** The post's media and follow-up parts after the edit, as Media and Follow-Up Parts says them. */
export interface StatedParts {
	media?: { item?: MediaParam[] };
	followUps?: { part?: PartParam[] };
	replaced: boolean;
}

/** A post's media and follow-up parts before the edit: the API does not show them. */
const NOT_SHOWN = 'not shown by the service';

/** Each field's change, as the output says it. */
type Changes = Record<string, { before: unknown; after: unknown }>;

const has = (fields: object, name: string) => Object.prototype.hasOwnProperty.call(fields, name);

/** Step 1: what to change, read from the parameters; no request. */
export function readChanges(context: IExecuteSingleFunctions, options: IDataObject) {
	const fields = (context.getNodeParameter('updateFields', {}) as UpdateFields) ?? {};
	const problems: NodeProblem[] = [];
	/** A date field given: read in the workflow's time zone, or a problem naming the field. */
	const dateOf = (value: unknown, field: 'currentDate' | 'updateDate') => {
		const read = readDate(value, context.getTimezone());
		if ('iso' in read) return read;
		problems.push({ kind: 'node', code: 'dateNotRead', field, value, read });
		return undefined;
	};
	// Options → Current Publish Date: where to look for the post first.
	const near = has(options, 'currentDate')
		? dateOf(options.currentDate, 'currentDate')?.ms
		: undefined;
	const choice = context.getNodeParameter('mediaAndFollowUps', 'notSaid') as unknown;
	let parts: StatedParts | undefined;
	if (choice === 'replace')
		parts = {
			media: context.getNodeParameter('media', {}) as StatedParts['media'],
			followUps: context.getNodeParameter('followUps', {}) as StatedParts['followUps'],
			replaced: true,
		};
	else if (choice === 'none') parts = { replaced: false };
	else if (choice !== 'notSaid')
		problems.push({
			kind: 'node',
			code: 'unknownPartsChoice',
			field: 'mediaAndFollowUps',
			value: choice,
		});
	const date = has(fields, 'date') ? dateOf(fields.date, 'updateDate')?.iso : undefined;
	let settings: Json | undefined;
	if (has(fields, 'settingsJson')) {
		const parsed = readJson(fields.settingsJson);
		if ('error' in parsed) problems.push(jsonProblem('updateSettingsJson', parsed));
		else if (!isObject(parsed.value))
			problems.push({
				kind: 'node',
				code: 'settingsNotObject',
				field: 'updateSettingsJson',
				value: parsed.value,
			});
		else settings = parsed.value;
	}
	// Fields whose change sends the whole post again (POST /posts).
	const resending = (['content', 'date'] as const).filter((name) => has(fields, name));
	const resends = resending.length > 0 || parts?.replaced === true;
	if (!resends && !has(fields, 'settingsJson'))
		problems.push({ kind: 'node', code: 'nothingToChange', field: 'updateFields' });
	// The service shows neither a post's media nor its follow-up parts, and a resend replaces both:
	// never guessed, never dropped unsaid.
	if (resending.length > 0 && choice === 'notSaid')
		problems.push({
			kind: 'node',
			code: 'partsNotSaid',
			field: 'mediaAndFollowUps',
			resending,
		});
	return { fields, problems, date, settings, resends, parts, near };
}

/** The changes, before → after, of the fields given. */
export function changesOf(
	post: CurrentPost,
	asked: ReturnType<typeof readChanges>,
	body: Json,
): Changes {
	const { fields, date, parts, settings } = asked;
	const changes: Changes = {};
	const sent = ((body.posts as Json[] | undefined)?.[0]?.value as Json[] | undefined) ?? [];
	if (has(fields, 'content') && fields.content !== post.content)
		changes.text = { before: post.content, after: fields.content };
	if (date !== undefined && Date.parse(date) !== Date.parse(post.publishDate))
		changes.date = { before: post.publishDate, after: date };
	// Media and follow-up parts said, the post resent: what it has now, even none (not shown before).
	if (parts && asked.resends) {
		changes.media = {
			before: NOT_SHOWN,
			after: ((sent[0]?.image as Json[] | undefined) ?? []).map((media) => media.path ?? media.id),
		};
		changes.followUpParts = {
			before: NOT_SHOWN,
			after: sent.slice(1).map((part) => part.content),
		};
	}
	// Settings the service does not list: their values before are not known.
	for (const [key, after] of Object.entries(settings ?? {})) {
		const before = post.settings ? post.settings[key] : NOT_SHOWN;
		if (!post.settings || JSON.stringify(before) !== JSON.stringify(after))
			changes[`settings.${key}`] = { before: before === undefined ? 'not set' : before, after };
	}
	return changes;
}
