/**
 * Post → Update, steps 1 to 4 (see preSend.ts), nothing written: what to change, the post found,
 * its channel, then the edit built and judged as Post → Create judges a post (settings alone: on
 * their settings only), and a group shared with other posts (a resend would delete them).
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import type { Channel } from '../../../shared/channel';
import { isPlatformId, PLATFORMS } from '../../../shared/platforms';
import type { EntryLabel, Problem } from '../../../shared/postProblems';
import { checkCreatePostRequest } from '../../../shared/postRules';
import { idParameter } from '../../../shared/routing';
import { needsPremium, oversizedBody } from '../create/check';
import { checkDelays } from '../create/delays';
import { channelMaxLength, serviceChannels } from '../create/lookups';
import { prepareMediaUrls } from '../create/mediaUrls';
import { pastDateProblem } from '../create/pastDate';
import { isFollowOn, type Json, type PostRequest } from '../create/request';
import { partsFromParam } from '../create/requestFromFields';
import { prepareBinaryMedia } from '../create/uploads';
import { changesOf, readChanges } from './changes';
import { findPost } from './current';
import { namedByAnEarlierItem } from './samePost';

/** Steps 1 to 4 for one item. With `collect` (Check Only), problems do not stop the look-ups. */
export async function prepareEdit(
	context: IExecuteSingleFunctions,
	options: IDataObject,
	collect: boolean,
) {
	const label: EntryLabel = { id: '', settingsMode: 'json', platformGiven: true };
	const request: PostRequest = {
		body: {},
		channels: [],
		context: {
			itemIndex: context.getItemIndex(),
			inputMode: 'fields',
			contentMode: 'perChannel',
			channels: [label],
			edit: true,
		},
		problems: [],
		wantsNextSlot: false,
		skipChecks: false,
		explained: [],
		partsWithUnreadMedia: new Set(),
	};
	const stop = (...problems: Problem[]) => ({ problems, request, edit: undefined });
	const postId = idParameter(context, 'postId');
	// Step 1: what to change, and a post no earlier item of the run names (samePost.ts).
	const read = readChanges(context, options);
	const twice = namedByAnEarlierItem(context, postId);
	const early = twice ? [...read.problems, twice] : read.problems;
	if (early.length > 0 && !collect) return stop(...early);

	// Step 2: the post, found and still changeable.
	const now = Date.now();
	const post = await findPost(context, postId, now, read.near);
	if ('kind' in post) return stop(...early, post);

	// Step 3: its channel (GET /integrations, once per run), named in the item's problems.
	label.id = post.channelId;
	const channel = (await serviceChannels(context)).find((known) => known.id === post.channelId);
	if (!channel) {
		label.notListed = true;
		return stop(...early, {
			kind: 'node',
			code: 'channelGone',
			entryIndex: 0,
			field: 'channel',
		});
	}
	label.name = channel.name;
	const platform = isPlatformId(channel.platform) ? channel.platform : undefined;
	if (platform) label.platform = platform;

	// Step 4: the edit built.
	// How the edit goes to the service.
	const sentAs = !read.resends ? 'settings' : post.state === 'DRAFT' ? 'draft' : 'schedule';
	const date = read.date ?? post.publishDate;
	// A resend carries the post's listed settings, those given merged in (the service sets `__type`
	// on each save); not listed, only those given: never what the node could not read.
	const settings =
		post.settings === undefined
			? read.settings
			: {
					...Object.fromEntries(Object.entries(post.settings).filter(([key]) => key !== '__type')),
					...(read.settings ?? {}),
				};
	const firstPart = partsFromParam({
		part: [{ content: read.fields.content ?? post.content, media: read.parts?.media }],
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

	// Judged: its group, media, delays and date.
	const problems: Problem[] = [...early];
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
	// Media by URL and follow-up delays, judged as Create judges them, for the post's one channel.
	const mediaUrls = prepareMediaUrls(posts, 'fields', options.allowPrivateAddress === true, false);
	const delays = checkDelays(body, 'fields', false);
	problems.push(...binaryMedia.problems, ...mediaUrls.problems, ...delays.problems);
	// What those problems explain: the rules' own problems of the same values are not said again.
	request.body = body;
	request.channels = [{ id: channel.id, settingsMode: 'json' }];
	request.explained.push(...delays.explained);
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

	// Checked with Create's rules; the channel's label learns whether it is a premium account.
	const info: Channel = { ...channel };
	if (platform && needsPremium(body, 0, platform)) {
		const max = await channelMaxLength(context, channel.id);
		info.premium = max !== undefined && max > PLATFORMS[platform].maxLength;
		label.premium = info.premium;
	}
	// Settings not listed: one left out may be the post's, so it is not called missing. Settings
	// alone: the text and media are the service's own (the API does not show media), not judged.
	const ruleProblems = checkCreatePostRequest(body, (id) => (id === info.id ? info : undefined));
	const kept = ruleProblems.filter((problem) => {
		const ofSettings = problem.kind === 'field' && problem.path.startsWith('posts.0.settings');
		if (ofSettings && post.settings === undefined && problem.fault.code === 'missing') return false;
		return sentAs === 'settings' ? ofSettings : !isFollowOn(request, problem);
	});
	// Settings alone go as `{settings}` to PUT /posts/:id/settings: that body is the one measured.
	problems.push(
		...kept,
		...(sentAs === 'settings'
			? oversizedBody({ settings: read.settings }, 'settingsJson')
			: oversizedBody(body)),
	);
	// The edit: what is sent, and what the output and Check Only say of it.
	return {
		problems,
		request,
		edit: {
			post,
			body,
			sentAs,
			date,
			settings: read.settings,
			changes: changesOf(post, read, body),
			binaryMedia,
			mediaUrls,
			channel,
			platform,
		},
	};
}

/** The edit of one item, once built by prepareEdit. */
export type Edit = NonNullable<Awaited<ReturnType<typeof prepareEdit>>['edit']>;
