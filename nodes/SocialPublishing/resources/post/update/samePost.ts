/**
 * Post → Update: one post, one item per run. Two items naming the same post would change it twice,
 * the later edit replacing the earlier one unsaid. The first item naming a post may change it;
 * each later item naming it is refused before anything is sent: in its checks (step 1, see
 * prepare.ts) and, for an item whose checks ended before an earlier item read its Post ID, again
 * before the uploads, when every item of the run has read its Post ID (preSend.ts). The run is then
 * all or nothing as any refusal is (shared/batch.ts); under Continue On Fail each later item is an
 * error item in its place.
 */
import type { IExecuteSingleFunctions } from 'n8n-workflow';
import type { NodeProblem } from '../../../shared/postProblems';
import { runState, RunSlot } from '../../../shared/runState';

/** Item → the Post ID it names, for this attempt of the run. */
const NAMED = new RunSlot<Map<number, string>>('the post each item of Post → Update names');

/**
 * Notes the post this item names, and answers the refusal when an earlier item of the run names it
 * too (the items naming it, numbered from 1, as far as they have read their Post ID).
 */
export function namedByAnEarlierItem(
	context: IExecuteSingleFunctions,
	postId: string,
): NodeProblem | undefined {
	const named = runState(context).get(NAMED, () => new Map());
	const itemIndex = context.getItemIndex();
	named.set(itemIndex, postId);
	const items = [...named]
		.filter(([, id]) => id === postId)
		.map(([index]) => index)
		.sort((a, b) => a - b);
	if (items[0] === itemIndex) return undefined;
	const numbers = items.map((index) => index + 1);
	return { kind: 'node', code: 'postNamedTwice', field: 'postId', postId, items: numbers };
}
