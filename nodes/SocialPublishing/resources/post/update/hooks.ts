/**
 * Post → Update at run time. Order of work for one item, so that a bad edit costs no write:
 * 1. read what to change (Update Fields), no request;
 * 2. find the post as the service holds it (`current.ts`, GET /posts): unknown, deleted or
 *    published stops here;
 * 3. read its channel (GET /integrations, once per run; an X channel's limit when the text needs
 *    it);
 * 4. build what is sent and check it with Create's rules (shared/postRules/, worded by
 *    shared/postProblems/);
 * 5. upload media given as binary fields, then send: - text, media, follow-up parts or date: POST
 *    /posts with the post's id as its first part's id and its current group, `type: "schedule"` for
 *    a queued post (the publish run restarts at the date sent; `update` would keep the old time) or
 *    `"draft"` for a draft, on the post's own channel (another would move the post); - settings
 *    alone: PUT /posts/:id/settings, which merges them and touches nothing else. The answer is
 *    checked to be the same post (a service without edit answers with a new one) and output with
 *    what changed, before → after.
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
} from 'n8n-workflow';
import { checkedWithTheOtherItems, uploadedWithTheOtherItems } from '../../../shared/batch';
import type { Channel } from '../../../shared/channel';
import { isPlatformId, PLATFORMS, type PlatformId } from '../../../shared/platforms';
import {
	problemsError,
	type EntryLabel,
	type NodeProblem,
	type Problem,
	type ProblemContext,
} from '../../../shared/postProblems';
import { checkCreatePostRequest } from '../../../shared/postRules';
import { idParameter } from '../../../shared/routing';
import { runState, RunSlot } from '../../../shared/runState';
import { readDate, shownValue } from '../../../shared/userValues';
import { partsFromParam, type MediaParam, type PartParam } from '../create/requestFromFields';
import { needsPremium, oversizedBody } from '../create/check';
import { channelMaxLength, serviceChannels } from '../create/lookups';
import { pastDateProblem } from '../create/pastDate';
import { prepareBinaryMedia, uploadPending } from '../create/uploads';
import { checkOnlyItems } from '../create/checkOnly';
import { checkDelays } from '../create/delays';
import { prepareMediaUrls, uploadMediaUrls, type MediaUrls } from '../create/mediaUrls';
import {
	isFollowOn,
	jsonProblem,
	parseJsonParameter,
	type Json,
	type PostRequest,
} from '../create/request';
import {
	removedHtmlTags,
	uncheckedPlatformText,
	unknownSettingWarnings,
	type Warning,
} from '../create/warnings';
import { ANSWERED_WITHOUT_SENDING } from '../../../shared/transport';
import { findPost, searchedRange, type CurrentPost } from './current';

/** Update Fields as n8n gives them: only the fields the user added are present. */
export interface UpdateFields {
	content?: string;
	date?: unknown;
	settingsJson?: unknown;
}

/**
 * The post's media and follow-up parts after the edit, as Media and Follow-Up Parts says them:
 * undefined until said.
 */
interface StatedParts {
	media?: { item?: MediaParam[] };
	followUps?: { part?: PartParam[] };
	replaced: boolean;
}

/**
 * What is said of a post's media and follow-up parts before the edit: the API does not show them.
 */
export const NOT_SHOWN = 'not shown by the service';

/** One field's change, as the output says it. */
export interface Change {
	before: unknown;
	after: unknown;
}

/** How the edit goes to the service. */
export type SentAs = 'schedule' | 'draft' | 'settings';

interface Sent {
	postId: string;
	channel: Channel;
	sentAs: SentAs;
	/** The post's state after the edit. */
	state: string;
	date: string;
	changes: Record<string, Change>;
	warnings: string[];
}

/** What postReceive needs from preSend of the same item. */
const SENT = new RunSlot<Map<number, Sent>>('what Post → Update sent for each item');

const has = <T extends object>(fields: T, name: keyof T & string) =>
	Object.prototype.hasOwnProperty.call(fields, name);

/** Fields whose change sends the whole post again (POST /posts). */
const RESENDING: Array<keyof UpdateFields> = ['content', 'date'];

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A setting's value for the output: the value, or 'not set'. */
const settingShown = (value: unknown) => (value === undefined ? 'not set' : value);

/** Step 1: what to change, read from the parameters; no request. */
function readChanges(context: IExecuteSingleFunctions, fields: UpdateFields, options: IDataObject) {
	const problems: NodeProblem[] = [];
	// Options → Current Publish Date: where to look for the post first.
	let near: number | undefined;
	if (has(options, 'currentDate')) {
		const read = readDate(options.currentDate, context.getTimezone());
		if ('iso' in read) near = read.ms;
		else
			problems.push({
				kind: 'node',
				code: 'dateNotRead',
				field: 'currentDate',
				value: options.currentDate,
				read,
			});
	}
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
	let date: string | undefined;
	if (has(fields, 'date')) {
		const read = readDate(fields.date, context.getTimezone());
		if ('iso' in read) date = read.iso;
		else
			problems.push({
				kind: 'node',
				code: 'dateNotRead',
				field: 'updateDate',
				value: fields.date,
				read,
			});
	}
	let settings: Json | undefined;
	if (has(fields, 'settingsJson')) {
		const parsed = parseJsonParameter(fields.settingsJson);
		if ('error' in parsed) problems.push(jsonProblem('updateSettingsJson', parsed));
		else if (
			typeof parsed.value !== 'object' ||
			parsed.value === null ||
			Array.isArray(parsed.value)
		)
			problems.push({
				kind: 'node',
				code: 'settingsNotObject',
				field: 'updateSettingsJson',
				value: parsed.value,
			});
		else settings = parsed.value as Json;
	}
	const resending = RESENDING.filter((name) => has(fields, name));
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
			resending: resending.map((name) => (name === 'content' ? 'content' : 'date')),
		});
	return { problems, date, settings, resends, parts, near };
}

/** Step 2: the post must exist and still be changeable. */
function postProblems(postId: string, post: CurrentPost | undefined, now: number): NodeProblem[] {
	if (!post) {
		const { from, to } = searchedRange(now);
		return [{ kind: 'node', code: 'postNotFound', field: 'postId', postId, from, to }];
	}
	if (post.state === 'PUBLISHED')
		return [
			{
				kind: 'node',
				code: 'postPublished',
				field: 'postId',
				postId,
				publishDate: post.publishDate,
			},
		];
	return [];
}

/** `__type` is the service's own marker of the platform; it sets it again on every save. */
function withoutMarker(settings: IDataObject): Json {
	return Object.fromEntries(Object.entries(settings).filter(([key]) => key !== '__type'));
}

/** The changes, before → after, of the fields given. */
function changesOf(
	post: CurrentPost,
	fields: UpdateFields,
	parts: StatedParts | undefined,
	body: Json,
	settings: Json | undefined,
	date: string | undefined,
): Record<string, Change> {
	const changes: Record<string, Change> = {};
	const sent = ((body.posts as Json[] | undefined)?.[0]?.value as Json[] | undefined) ?? [];
	if (has(fields, 'content') && fields.content !== post.content)
		changes.text = { before: post.content, after: fields.content };
	if (date !== undefined && Date.parse(date) !== Date.parse(post.publishDate))
		changes.date = { before: post.publishDate, after: date };
	if (parts?.replaced) {
		changes.media = {
			before: NOT_SHOWN,
			after: ((sent[0]?.image as Json[] | undefined) ?? []).map((media) => media.path ?? media.id),
		};
		changes.followUpParts = {
			before: NOT_SHOWN,
			after: sent.slice(1).map((part) => part.content),
		};
	}
	for (const [key, value] of Object.entries(settings ?? {}))
		if (!sameValue(post.settings[key], value))
			changes[`settings.${key}`] = { before: settingShown(post.settings[key]), after: value };
	return changes;
}

/** An edit built and checked: what is sent, and what the output and Check Only say of it. */
interface Edit {
	post: CurrentPost;
	body: Json;
	sentAs: SentAs;
	date: string;
	settings: Json | undefined;
	changes: Record<string, Change>;
	binaryMedia: Awaited<ReturnType<typeof prepareBinaryMedia>>;
	mediaUrls: MediaUrls;
	/** The body as Create's report and follow-on filter read it (create/checkOnly.ts, request.ts). */
	request: PostRequest;
	channel: Channel;
	platform: PlatformId | undefined;
}

/** Steps 1 to 4 for one item; problems stop it before the next step needs what they concern. */
interface Prepared {
	problems: Problem[];
	context: ProblemContext;
	/** Set once the post and its channel are found and the edit is built. */
	edit?: Edit;
}

/**
 * Steps 1 to 4: reads, finds, looks up and checks; sends nothing that writes. With `collect`
 * (Check Only) the problems of the parameters do not stop the look-ups.
 */
async function prepareEdit(
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
	const fields = (context.getNodeParameter('updateFields', {}) as UpdateFields) ?? {};
	const read = readChanges(context, fields, options);
	if (read.problems.length > 0 && !collect) return stop(read.problems);

	const now = Date.now();
	const post = await findPost(context, postId, now, read.near);
	const refused = postProblems(postId, post, now);
	if (!post || refused.length > 0) return stop([...read.problems, ...refused]);

	label.id = post.channelId;
	const channel = (await serviceChannels(context)).find((known) => known.id === post.channelId);
	if (!channel) {
		label.notListed = true;
		return stop([
			...read.problems,
			{ kind: 'node', code: 'channelGone', entryIndex: 0, field: 'channel' },
		]);
	}
	label.name = channel.name;
	const platform = isPlatformId(channel.platform) ? channel.platform : undefined;
	if (platform) label.platform = platform;

	const sentAs: SentAs = !read.resends ? 'settings' : post.state === 'DRAFT' ? 'draft' : 'schedule';
	const date = read.date ?? post.publishDate;
	const kept = withoutMarker(post.settings);
	const firstPart = partsFromParam({
		part: [{ content: fields.content ?? post.content, media: read.parts?.media }],
	})[0];
	const body: Json = {
		type: sentAs === 'draft' ? 'draft' : 'schedule',
		date,
		shortLink: false,
		tags: post.tags.map((name) => ({ value: name, label: name })),
		posts: [
			{
				group: post.group,
				integration: { id: post.channelId },
				value: [{ ...firstPart, id: post.id }, ...partsFromParam(read.parts?.followUps)],
				settings: { ...kept, ...(read.settings ?? {}) },
			},
		],
		...(post.intervalInDays ? { inter: post.intervalInDays } : {}),
	};

	const problems: Problem[] = [...read.problems];
	const posts = body.posts as Json[];
	const binaryMedia = await prepareBinaryMedia(context, posts);
	problems.push(...binaryMedia.problems);
	// Media by URL and follow-up delays, judged as Create judges them (same checks, same words),
	// for the post's one channel.
	const mediaUrls = prepareMediaUrls(posts, 'fields', options.allowPrivateAddress === true, false);
	const delays = checkDelays(body, 'fields', false);
	problems.push(...mediaUrls.problems, ...delays.problems);
	// What those problems explain: the rules' own problems of the same values are not said again.
	const request: PostRequest = {
		body,
		channels: [{ id: channel.id, settingsMode: 'json' }],
		context: problemContext,
		problems: [],
		wantsNextSlot: false,
		skipChecks: false,
		explained: [...delays.explained],
		partsWithUnreadMedia: new Set(),
	};
	for (const { entryIndex, partIndex, mediaIndex } of [
		...binaryMedia.unusable,
		...mediaUrls.unusable,
	]) {
		request.explained.push(`posts.${entryIndex}.value.${partIndex}.image.${mediaIndex}`);
		request.partsWithUnreadMedia.add(`${entryIndex}.${partIndex}`);
	}
	if (sentAs === 'schedule') {
		const pastDate = pastDateProblem({
			type: 'schedule',
			instant: Date.parse(date),
			timeZone: context.getTimezone(),
			allowed: options.allowPastDate === true,
			inputMode: 'update',
			postsOwnDate: read.date === undefined,
			now,
		});
		if (pastDate) problems.push(pastDate);
	}
	const info: Channel = { ...channel };
	if (platform && needsPremium(body, 0, platform)) {
		const max = await channelMaxLength(context, channel.id);
		info.premium = max !== undefined && max > PLATFORMS[platform].maxLength;
		label.premium = info.premium;
	}
	const ruleProblems = checkCreatePostRequest(body, (id) =>
		id === info.id ? info : undefined,
	).filter((problem) =>
		// Settings alone: the text and media are the service's own, not judged here (the API does not
		// show the media).
		sentAs === 'settings'
			? problem.kind === 'field' && problem.path.startsWith('posts.0.settings')
			: !isFollowOn(request, problem),
	);
	problems.push(...ruleProblems, ...(sentAs === 'settings' ? [] : oversizedBody(body)));
	return {
		problems,
		context: problemContext,
		edit: {
			post,
			body,
			sentAs,
			date,
			settings: read.settings,
			changes: changesOf(
				post,
				fields,
				read.parts,
				body,
				read.settings,
				date === post.publishDate ? undefined : date,
			),
			binaryMedia,
			mediaUrls,
			request,
			channel,
			platform,
		},
	};
}

/** What is said with the edit: HTML the service strips, settings the node does not know. */
function warningsOf(edit: Edit): Warning[] {
	const { body, channel, platform } = edit;
	const warnings = [...removedHtmlTags(body), ...unknownSettingWarnings(body, () => platform)];
	if (!platform)
		warnings.push({
			entryIndex: 0,
			text: uncheckedPlatformText(channel, "the edit's length, media and settings"),
		});
	return warnings;
}

/**
 * Options → Check Only: steps 1 to 4 with their look-ups (GET /posts, GET /integrations, an X
 * account's limit) and nothing that writes: no upload, no POST /posts, no PUT. One item: Create's
 * report (create/checkOnly.ts: ok, lengths, problems, warnings, the body) with the post, how the
 * edit would go and what would change; the transport hands it back without sending the request.
 */
async function checkOnlyRequest(
	context: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
	options: IDataObject,
): Promise<IHttpRequestOptions> {
	const { problems, context: problemContext, edit } = await prepareEdit(context, options, true);
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
	// Check Only: every check and look-up, nothing written; the item is the report.
	if (options.checkOnly === true) return await checkOnlyRequest(this, requestOptions, options);
	const edit = await checkedWithTheOtherItems(this, async () => {
		const prepared = await prepareEdit(this, options, false);
		const { problems, context, edit } = prepared;
		if (problems.length > 0 || !edit) throw problemsError(node, problems, context, edit?.body);
		return edit;
	});

	const { post, body, sentAs, settings, binaryMedia, channel } = edit;
	// Uploads only once every item of the run passed its checks, and no edit before every item's
	// uploads are done: an address the service cannot fetch stops the whole run (shared/batch.ts).
	await uploadedWithTheOtherItems(
		this,
		async () => {
			const failed = await uploadMediaUrls(this, edit.mediaUrls, false);
			if (failed.length > 0) throw problemsError(node, failed, edit.request.context, body);
			await uploadPending(this, binaryMedia.pending);
		},
		'changed',
	);
	runState(this)
		.get(SENT, () => new Map())
		.set(this.getItemIndex(), {
			postId: post.id,
			channel,
			sentAs,
			state: sentAs === 'draft' ? 'DRAFT' : sentAs === 'schedule' ? 'QUEUE' : post.state,
			date: sentAs === 'settings' ? post.publishDate : edit.date,
			changes: edit.changes,
			warnings: warningsOf(edit).map((warning) => warning.text),
		});
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

/** postReceive of Post → Update: the post, its state, and what changed. */
export async function toUpdatedPost(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const sent = runState(this)
		.get(SENT, () => new Map())
		.get(this.getItemIndex());
	if (!sent) return [];
	const answered = Array.isArray(response.body)
		? (response.body as Json[])[0]?.postId
		: (response.body as Json | undefined)?.postId;
	if (answered !== sent.postId) {
		const platform = isPlatformId(sent.channel.platform)
			? PLATFORMS[sent.channel.platform as PlatformId].displayName
			: sent.channel.platform;
		throw new NodeOperationError(
			this.getNode(),
			`The service made a new post (${shownValue(answered)}) instead of changing post ` +
				`${sent.postId}`,
			{
				itemIndex: this.getItemIndex(),
				description:
					"This service answers POST /posts as the API's contract describes it, which has no " +
					'edit: it did ' +
					`not take the post's ID. Post ${sent.postId} is unchanged, and a new post is now on ` +
					`"${sent.channel.name}" (${platform}): delete it with Post → Delete (Post ID ` +
					`${shownValue(answered)}) ` +
					"unless it is wanted. Post → Update needs a service that edits posts (the service's " +
					'own backend does).',
			},
		);
	}
	return [
		{
			json: {
				postId: sent.postId,
				integration: sent.channel.id,
				channelName: sent.channel.name,
				platform: sent.channel.platform,
				state: sent.state,
				date: sent.date,
				sentAs: sent.sentAs,
				changes: sent.changes,
				...(sent.warnings.length ? { warnings: sent.warnings } : {}),
			},
			pairedItem: { item: this.getItemIndex() },
		},
	];
}
