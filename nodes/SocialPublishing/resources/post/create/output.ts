/**
 * Post → Create's output (postReceive): one item per created post, with the channel's name and
 * platform, the date sent and what was said (warnings), which preSend hands over per item.
 */
import type {
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { runState, RunSlot } from '../../../shared/runState';
import { serviceChannels } from './lookups';
import type { Json, PostRequest } from './request';
import type { Warning } from './warnings';

/**
 * What postReceive needs from preSend of the same item: item index → the date and warnings sent.
 */
const SENT = new RunSlot<
	Map<number, { date?: string; warnings: Array<{ channelId: string; text: string }> }>
>('what Post → Create sent for each item');

/** What preSend hands to postReceive for this item: the date and warnings sent. */
export function handToOutput(
	context: IExecuteSingleFunctions,
	request: PostRequest,
	warnings: Warning[],
): void {
	runState(context)
		.get(SENT, () => new Map())
		.set(context.getItemIndex(), {
			...(typeof request.body.date === 'string' ? { date: request.body.date } : {}),
			warnings: warnings.map((warning) => ({
				channelId: request.channels[warning.entryIndex]?.id ?? '',
				text: warning.text,
			})),
		});
}

/**
 * postReceive of Post → Create: one item per created post, with the channel's name and platform.
 */
export async function toCreatedPosts(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const created = Array.isArray(response.body) ? (response.body as Json[]) : [];
	const channels = new Map((await serviceChannels(this)).map((channel) => [channel.id, channel]));
	const sent = runState(this)
		.get(SENT, () => new Map())
		.get(this.getItemIndex());
	const date = sent?.date;
	const warnings = sent?.warnings ?? [];
	return created.map((post) => {
		const channel = channels.get(String(post.integration));
		const said = warnings
			.filter((warning) => warning.channelId === post.integration)
			.map((warning) => warning.text);
		return {
			json: {
				postId: post.postId as string,
				integration: post.integration as string,
				channelName: channel?.name ?? null,
				platform: channel?.platform ?? null,
				...(date ? { date } : {}),
				...(said.length ? { warnings: said } : {}),
				alreadySent: false,
			},
			pairedItem: { item: this.getItemIndex() },
		};
	});
}
