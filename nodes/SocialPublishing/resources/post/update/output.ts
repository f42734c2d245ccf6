/**
 * Post → Update's output (postReceive): the post, its state and date after the edit, how it went
 * (`sentAs`) and what changed, before → after, which preSend hands over per item. An answer that
 * is a new post (a service without edit) is refused with what to do about it.
 */
import {
	NodeOperationError,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
} from 'n8n-workflow';
import type { Channel } from '../../../shared/channel';
import { isPlatformId, PLATFORMS, type PlatformId } from '../../../shared/platforms';
import { runState, RunSlot } from '../../../shared/runState';
import { shownValue } from '../../../shared/userValues';
import type { Json } from '../create/request';
import type { Change } from './changes';
import type { Edit, SentAs } from './prepare';
import { warningsOf } from './warnings';

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

/** What preSend hands to postReceive for this item: the post, its channel, state and date after. */
export function handToOutput(context: IExecuteSingleFunctions, edit: Edit): void {
	const { post, sentAs, channel } = edit;
	runState(context)
		.get(SENT, () => new Map())
		.set(context.getItemIndex(), {
			postId: post.id,
			channel,
			sentAs,
			state: sentAs === 'draft' ? 'DRAFT' : sentAs === 'schedule' ? 'QUEUE' : post.state,
			date: sentAs === 'settings' ? post.publishDate : edit.date,
			changes: edit.changes,
			warnings: warningsOf(edit).map((warning) => warning.text),
		});
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
			`The service made a new post (${shownValue(answered)}) instead of changing post ${sent.postId}`,
			{
				itemIndex: this.getItemIndex(),
				description: `This service answers POST /posts as the API's contract describes it, which has no edit: it did not take the post's ID. Post ${sent.postId} is unchanged, and a new post is now on "${sent.channel.name}" (${platform}): delete it with Post → Delete (Post ID ${shownValue(answered)}) unless it is wanted. Post → Update needs a service that edits posts (the service's own backend does).`,
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
