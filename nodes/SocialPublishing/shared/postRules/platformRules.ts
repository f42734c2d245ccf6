import { PLATFORMS, type PlatformId } from '../platforms';
import type { Channel } from '../channel';
import { brokenMediaRule, type Part } from './media';
import type { Json, RuleProblem } from './report';
import { maxLengthFor, textLength, TOO_LONG_MESSAGE } from './text';

/** A channel's platform rules (media, length) over the parts of its post. */

export function checkPlatformRules(
	channel: Channel<PlatformId>,
	entryIndex: number,
	parts: Part[],
	settings: Json,
): RuleProblem[] {
	const rules = PLATFORMS[channel.platform];
	const limit = maxLengthFor(channel, settings);
	const found: RuleProblem[] = [];
	const where = {
		kind: 'platform',
		entryIndex,
		platform: channel.platform,
		channelName: channel.name,
	} as const;
	parts.forEach((part, partIndex) => {
		const rule = brokenMediaRule(rules, part, partIndex, settings);
		// A rule the platform gives no text for is no rule of its own.
		const message = rule && rules.media.messages[rule];
		if (rule && message) found.push({ ...where, partIndex, field: 'image', rule, message });
		const length = textLength(part.content, channel.platform);
		if (length > limit) {
			found.push({
				...where,
				partIndex,
				field: 'content',
				rule: 'tooLong',
				limit,
				length,
				message: TOO_LONG_MESSAGE,
			});
		}
	});
	return found;
}
