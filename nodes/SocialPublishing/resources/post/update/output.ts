/**
 * Post → Update's output (postReceive): the post after the edit, how it went (`sentAs`), what
 * changed and its warnings (`warningsOf`, also in Check Only's report). An answer that is a new
 * post (a service without edit) is refused with what to do about it.
 */
import { NodeOperationError, type IExecuteSingleFunctions } from 'n8n-workflow';
import type { OutputStep } from '../../../shared/items';
import { PLATFORMS } from '../../../shared/platforms';
import { runState, RunSlot } from '../../../shared/runState';
import { shownValue } from '../../../shared/userValues';
import {
	removedHtmlTags,
	uncheckedPlatformText,
	unknownSettingWarnings,
	type Warning,
} from '../create/warnings';
import type { Json } from '../create/request';
import type { Edit } from './prepare';

/** What is said with the edit: HTML stripped, unknown settings, settings the service hides. */
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

/** What postReceive needs from preSend of the same item: the edit and its warnings. */
const SENT = new RunSlot<Map<number, Edit & { warnings: string[] }>>(
	'what Post → Update sent for each item',
);

/** What preSend hands to postReceive for this item. */
export function handToOutput(context: IExecuteSingleFunctions, edit: Edit): void {
	const warnings = warningsOf(edit).map((warning) => warning.text);
	runState(context)
		.get(SENT, () => new Map())
		.set(context.getItemIndex(), { ...edit, warnings });
}

/** postReceive of Post → Update: the post, its state, and what changed. */
export const toUpdatedPost: OutputStep = async function (_items, response) {
	const sent = runState(this)
		.get(SENT, () => new Map())
		.get(this.getItemIndex());
	if (!sent) return [];
	const { post, channel, sentAs, warnings } = sent;
	const body = response.body as Json | Json[] | undefined;
	const answered = (Array.isArray(body) ? body[0] : body)?.postId;
	if (answered !== post.id) {
		const platform = sent.platform ? PLATFORMS[sent.platform].displayName : channel.platform;
		throw new NodeOperationError(
			this.getNode(),
			`The service made a new post (${shownValue(answered)}) instead of changing post ${post.id}`,
			{
				itemIndex: this.getItemIndex(),
				description: `This service answers POST /posts as the API's contract describes it, which has no edit: it did not take the post's ID. Post ${post.id} is unchanged, and a new post is now on "${channel.name}" (${platform}): delete it with Post → Delete (Post ID ${shownValue(answered)}) unless it is wanted. Post → Update needs a service that edits posts (the service's own backend does).`,
			},
		);
	}
	return [
		{
			json: {
				postId: post.id,
				integration: channel.id,
				channelName: channel.name,
				platform: channel.platform,
				// The post's state and date after the edit.
				state: sentAs === 'draft' ? 'DRAFT' : sentAs === 'schedule' ? 'QUEUE' : post.state,
				date: sentAs === 'settings' ? post.publishDate : sent.date,
				sentAs,
				changes: sent.changes,
				...(warnings.length ? { warnings } : {}),
			},
			pairedItem: { item: this.getItemIndex() },
		},
	];
};
