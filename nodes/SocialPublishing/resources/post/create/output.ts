/**
 * Post → Create's output (postReceive): one item per created post, with its channel, its state as
 * the service creates it, the date sent and what was said (warnings), which preSend hands over per
 * item. A post found by Skip Posts Already Created (earlierPosts.ts) comes out in the same shape.
 */
import type {
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { runState, RunSlot } from '../../../shared/runState';
import { channelsById } from './lookups';
import type { Json, PostRequest } from './request';
import type { Warning } from './warnings';

type Sent = { type?: string; date?: string; warnings: Array<{ channelId: string; text: string }> };
const SENT = new RunSlot<Map<number, Sent>>('what Post → Create sent for each item');

/** What preSend hands to postReceive for this item: the type, date and warnings sent. */
export function handToOutput(
	context: IExecuteSingleFunctions,
	request: PostRequest,
	warnings: Warning[],
): void {
	runState(context)
		.get(SENT, () => new Map())
		.set(context.getItemIndex(), {
			...(typeof request.body.type === 'string' ? { type: request.body.type } : {}),
			...(typeof request.body.date === 'string' ? { date: request.body.date } : {}),
			warnings: warnings.map((warning) => ({
				channelId: request.channels[warning.entryIndex]?.id ?? '',
				text: warning.text,
			})),
		});
}

/** One output item's json, created now or found by Skip Posts Already Created: the same keys. */
export function postJson(post: {
	postId: string;
	channelId: string;
	channel?: { name: string; platform: string };
	state: string | null;
	date?: string;
	releaseURL: string | null;
	warnings?: string[];
	alreadySent: boolean;
}) {
	const name = post.channel?.name ?? null;
	const platform = post.channel?.platform ?? null;
	return {
		postId: post.postId,
		channel: { id: post.channelId, name, platform },
		state: post.state,
		...(post.date ? { date: post.date } : {}),
		// The link exists once the post is published: the trigger's Post Published gives it.
		releaseURL: post.releaseURL,
		...(post.warnings?.length ? { warnings: post.warnings } : {}),
		alreadySent: post.alreadySent,
		// The channel as outputs before `channel` had it, for the workflows that read them.
		integration: post.channelId,
		channelName: name,
		platform,
	};
}

/** postReceive of Post → Create: one item per created post (the answer's postId and channel). */
export async function toCreatedPosts(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const created = Array.isArray(response.body) ? (response.body as Json[]) : [];
	const channels = await channelsById(this);
	const sent = runState(this)
		.get(SENT, () => new Map())
		.get(this.getItemIndex());
	return created.map((post) => {
		const channelId = String(post.integration);
		return {
			json: postJson({
				postId: post.postId as string,
				channelId,
				channel: channels.get(channelId),
				// As the service creates it (the spec's state table; for Now, createOrUpdatePost: a Now
				// post is queued and published right after).
				state: sent?.type === 'draft' ? 'DRAFT' : 'QUEUE',
				date: sent?.date,
				releaseURL: null,
				warnings: (sent?.warnings ?? [])
					.filter((warning) => warning.channelId === channelId)
					.map((warning) => warning.text),
				alreadySent: false,
			}),
			pairedItem: { item: this.getItemIndex() },
		};
	});
}
