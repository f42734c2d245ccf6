/**
 * Post → Update's check (step 4, after prepare.ts; see preSend.ts): Create's rules
 * (shared/postRules/) over the edit with its channel known, an X account's limit read when the
 * text needs it; settings alone are judged on their settings only. Where the service does not list
 * the post's settings, a setting left out is not called missing: the node cannot know it (the
 * service holds it, or refuses the edit naming it).
 */
import type { IExecuteSingleFunctions } from 'n8n-workflow';
import type { Channel } from '../../../shared/channel';
import { PLATFORMS } from '../../../shared/platforms';
import type { EntryLabel, Problem } from '../../../shared/postProblems';
import { checkCreatePostRequest, type RuleProblem } from '../../../shared/postRules';
import { needsPremium, oversizedBody } from '../create/check';
import { channelMaxLength } from '../create/lookups';
import { isFollowOn } from '../create/request';
import type { Edit } from './prepare';

/** The rules' problems of the edit; the channel's label learns whether it is a premium account. */
export async function checkEdit(
	context: IExecuteSingleFunctions,
	edit: Edit,
	label: EntryLabel,
): Promise<Problem[]> {
	const { body, channel, platform, request, sentAs } = edit;
	const info: Channel = { ...channel };
	if (platform && needsPremium(body, 0, platform)) {
		const max = await channelMaxLength(context, channel.id);
		info.premium = max !== undefined && max > PLATFORMS[platform].maxLength;
		label.premium = info.premium;
	}
	// Settings GET /posts did not list: one left out may be the post's, so it is not called missing.
	const unknowable = (problem: RuleProblem) =>
		edit.post.settings === undefined &&
		problem.kind === 'field' &&
		problem.path.startsWith('posts.0.settings') &&
		problem.fault.code === 'missing';
	const ruleProblems = checkCreatePostRequest(body, (id) => (id === info.id ? info : undefined))
		.filter((problem) => !unknowable(problem))
		.filter((problem) =>
			// Settings alone: the text and media are the service's own, not judged here (the API does not
			// show the media).
			sentAs === 'settings'
				? problem.kind === 'field' && problem.path.startsWith('posts.0.settings')
				: !isFollowOn(request, problem),
		);
	// Settings alone go as `{settings}` to PUT /posts/:id/settings: that body is the one measured.
	return [
		...ruleProblems,
		...(sentAs === 'settings'
			? oversizedBody({ settings: edit.settings }, 'settingsJson')
			: oversizedBody(body)),
	];
}
