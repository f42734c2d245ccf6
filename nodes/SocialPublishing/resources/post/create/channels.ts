/**
 * What the channel list (GET /integrations, read once per run: `lookups.ts`) says about a
 * request's channels (step 3, see preSend.ts): their names and platforms, a Platform that is not
 * the channel's, ids it does not have, an X account's limit; channels named before a refusal.
 * Channels on a platform the node has no rules for are said in `warnings.ts`.
 */
import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { isPlatformId, PLATFORMS } from '../../../shared/platforms';
import { isMalformedId } from '../../../shared/routing';
import type { Channel } from '../../../shared/channel';
import {
	locate,
	type NodeProblem,
	type Problem,
	type ProblemContext,
} from '../../../shared/postProblems';
import { needsPremium } from './check';
import { channelMaxLength, channelsById } from './lookups';
import type { PostRequest } from './request';

/** Step 3: what the channel list says (names, platforms, unknown ids), and X limits. */
export async function resolveChannels(
	context: IExecuteSingleFunctions,
	request: PostRequest,
): Promise<{ infos: Channel[]; known: Map<string, Channel>; problems: NodeProblem[] }> {
	const known = await channelsById(context);
	const problems: NodeProblem[] = [];
	const infos: Channel[] = [];
	for (const [entryIndex, ref] of request.channels.entries()) {
		const found = known.get(ref.id);
		const label = request.context.channels[entryIndex];
		if (!found) continue;
		label.name = found.name;
		const { id, name, platform, disabled } = found;
		const info: Channel = { id, name, platform, disabled };
		infos.push(info);
		// A platform the rules table does not know (the service has more): the body's checks only.
		if (!isPlatformId(platform)) continue;
		label.platform = platform;
		if (ref.platform && ref.platform !== platform) {
			problems.push({
				kind: 'node',
				code: 'platformMismatch',
				entryIndex,
				field: 'platform',
				given: ref.platform,
				actual: platform,
			});
		}
		if (needsPremium(request.body, entryIndex, platform)) {
			const max = await channelMaxLength(context, id);
			info.premium = max !== undefined && max > PLATFORMS[platform].maxLength;
			label.premium = info.premium;
		}
	}
	return { infos, known, problems };
}

/** The channel entry a problem belongs to, or undefined for one of the whole item. */
export function entryOf(problem: Problem, context: ProblemContext): number | undefined {
	if ('entryIndex' in problem && problem.entryIndex !== undefined) return problem.entryIndex;
	return 'path' in problem ? locate(problem.path, context).entryIndex : undefined;
}

/**
 * Before refusing, names the channels a problem would otherwise give as "(platform unknown)" (JSON
 * mode, or a platform to look up): one read of the channel list, cached for the run. A refusal
 * whose channels all have a platform, or that names no channel, sends nothing; if the list cannot
 * be read, the refusal names them by id.
 */
export async function nameChannels(
	context: IExecuteSingleFunctions,
	request: PostRequest,
	problems: Problem[],
): Promise<void> {
	const labels = request.context.channels;
	const unnamed = [...new Set(problems.map((problem) => entryOf(problem, request.context)))]
		.flatMap((entryIndex) => (entryIndex === undefined ? [] : [labels[entryIndex]]))
		// An id that cannot be one (blank, spaces, slashes) is named as given: no request for it.
		.filter((label) => label && label.id && !isMalformedId(label.id) && !label.platform);
	if (unnamed.length === 0) return;
	const known = await channelsById(context).catch(() => undefined);
	if (!known) return;
	for (const label of unnamed) {
		const found = known.get(label.id);
		if (!found) {
			label.notListed = true;
			continue;
		}
		label.name = found.name;
		if (isPlatformId(found.platform)) label.platform = found.platform;
	}
}
