/**
 * Post → Update, step 4 (see preSend.ts), first half, no request: the edit built from the post
 * found and the changes asked (how it goes to the service, the POST /posts body, what changes,
 * before → after), then judged as Create's prepare.ts judges a post: files in binary fields read,
 * media URLs judged, follow-up delays checked, a Schedule date that has passed, a post that shares
 * its group with other posts (a resend would delete them). `check.ts` then checks it.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import type { Channel } from '../../../shared/channel';
import type { PlatformId } from '../../../shared/platforms';
import type { Problem, ProblemContext } from '../../../shared/postProblems';
import { checkDelays } from '../create/delays';
import { prepareMediaUrls, type MediaUrls } from '../create/mediaUrls';
import { pastDateProblem } from '../create/pastDate';
import type { Json, PostRequest } from '../create/request';
import { partsFromParam } from '../create/requestFromFields';
import { prepareBinaryMedia } from '../create/uploads';
import { changesOf, type Change, type AskedChanges, type UpdateFields } from './changes';
import type { CurrentPost } from './current';

/** How the edit goes to the service. */
export type SentAs = 'schedule' | 'draft' | 'settings';

/** An edit built and checked: what is sent, and what the output and Check Only say of it. */
export interface Edit {
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
export interface Prepared {
	problems: Problem[];
	context: ProblemContext;
	/** Set once the post and its channel are found and the edit is built. */
	edit?: Edit;
}

/** What step 4 starts from: the changes asked, the post found and its channel. */
export interface EditSource {
	fields: UpdateFields;
	read: AskedChanges;
	post: CurrentPost;
	channel: Channel;
	platform: PlatformId | undefined;
	problemContext: ProblemContext;
	now: number;
}

/** `__type` is the service's own marker of the platform; it sets it again on every save. */
function withoutMarker(settings: IDataObject): Json {
	return Object.fromEntries(Object.entries(settings).filter(([key]) => key !== '__type'));
}

/**
 * The settings a resend carries: the post's, as GET /posts lists them, with those given merged in.
 * Where the service does not list them, only those given are sent (none: no `settings`), so the
 * node never sends as the post's settings what it could not read; the service keeps or checks
 * what it holds.
 */
function resentSettings(post: CurrentPost, given: Json | undefined): Json | undefined {
	if (post.settings === undefined) return given;
	return { ...withoutMarker(post.settings), ...(given ?? {}) };
}

/** Step 4 for one item, no request: the edit, and the problems of its media, delays and date. */
export async function prepareEdit(
	context: IExecuteSingleFunctions,
	options: IDataObject,
	source: EditSource,
): Promise<{ edit: Edit; problems: Problem[] }> {
	const { fields, read, post, channel, platform, problemContext, now } = source;
	const sentAs: SentAs = !read.resends ? 'settings' : post.state === 'DRAFT' ? 'draft' : 'schedule';
	const date = read.date ?? post.publishDate;
	const settings = resentSettings(post, read.settings);
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
				...(settings === undefined ? {} : { settings }),
			},
		],
		...(post.intervalInDays ? { inter: post.intervalInDays } : {}),
	};

	const problems: Problem[] = [...read.problems];
	// Sent with its group, the edit would delete the group's other posts (docs/real-backend.md);
	// PUT /posts/:id/settings changes the post alone.
	if (sentAs !== 'settings' && post.sharesGroupWith.length > 0)
		problems.push({
			kind: 'node',
			code: 'groupShared',
			field: 'postId',
			postId: post.id,
			others: post.sharesGroupWith,
		});
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
	return {
		problems,
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
				read.resends,
			),
			binaryMedia,
			mediaUrls,
			request,
			channel,
			platform,
		},
	};
}
