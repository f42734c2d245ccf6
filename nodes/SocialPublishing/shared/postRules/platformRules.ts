import { PLATFORMS, type PlatformId } from '../platforms';
import type { Channel } from '../channel';
import { mediaProblem, type Part } from './media';
import type { Json, RuleProblem } from './report';
import { maxLengthFor, textLength, TOO_LONG_MESSAGE } from './text';

/** A channel's platform rules (media, length) over the parts of its post. */

export function checkPlatformRules(
	channel: Channel<PlatformId>,
	postIndex: number,
	parts: Part[],
	settings: Json,
): RuleProblem[] {
	const rules = PLATFORMS[channel.identifier];
	const maxLength = maxLengthFor(channel, settings);
	const found: RuleProblem[] = [];
	const ruleProblem = (
		partIndex: number,
		field: 'content' | 'image',
		message: string,
	): RuleProblem => ({
		kind: 'platform',
		postIndex,
		partIndex,
		field,
		provider: channel.identifier,
		channelName: channel.name,
		message,
	});
	parts.forEach((part, partIndex) => {
		const problem = mediaProblem(rules, part, partIndex, settings);
		if (problem !== undefined) found.push(ruleProblem(partIndex, 'image', problem));
		if (textLength(part.content, channel.identifier) > maxLength) {
			found.push(ruleProblem(partIndex, 'content', TOO_LONG_MESSAGE));
		}
	});
	return found;
}
