/**
 * What is said with Post → Update's edit, in its output's `warnings` and Check Only's report, as
 * Create's warnings.ts says it of a created post.
 */
import {
	removedHtmlTags,
	uncheckedPlatformText,
	unknownSettingWarnings,
	type Warning,
} from '../create/warnings';
import type { Edit } from './prepare';

/** What is said with the edit: HTML the service strips, settings the node does not know. */
export function warningsOf(edit: Edit): Warning[] {
	const { body, channel, platform } = edit;
	const warnings = [...removedHtmlTags(body), ...unknownSettingWarnings(body, () => platform)];
	if (!platform)
		warnings.push({
			entryIndex: 0,
			text: uncheckedPlatformText(channel, "the edit's length, media and settings"),
		});
	return warnings;
}
