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

/**
 * What is said with the edit: HTML the service strips, settings the node does not know, and a
 * resend of a post whose settings the service did not list (only those given go with it).
 */
export function warningsOf(edit: Edit): Warning[] {
	const { body, channel, platform } = edit;
	const warnings = [...removedHtmlTags(body), ...unknownSettingWarnings(body, () => platform)];
	if (edit.sentAs !== 'settings' && edit.post.settings === undefined)
		warnings.push({
			entryIndex: 0,
			text: `The service does not list this post's settings (GET /posts), so the edit carries only those given in Update Fields → Settings (JSON)${edit.settings ? '' : ' (none)'}: a service that replaces a post's settings with those sent keeps no other; give them there to keep them.`,
		});
	if (!platform)
		warnings.push({
			entryIndex: 0,
			text: uncheckedPlatformText(channel, "the edit's length, media and settings"),
		});
	return warnings;
}
