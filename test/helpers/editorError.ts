/**
 * What n8n's editor shows of a node's error, for the tests of item numbering (issue 38, part 7).
 * n8n's NodeErrorView (n8n-editor-ui 2.41 and 1.123, `addItemIndexSuffix`) ends the message with
 * " [item N]", N the error's `context.itemIndex` counted from 0, when the node's input has more
 * than one item and the message does not say "item N" already. It reads the error as the execution
 * saved it (JSON), which is what this takes: an error object, or its JSON from n8n's API.
 */
export function shownInTheEditor(error: unknown, inputItems: number): string {
	const saved = JSON.parse(JSON.stringify(error)) as {
		message: string;
		context?: { itemIndex?: number };
	};
	const index = saved.context?.itemIndex;
	const suffix = inputItems > 1 && index !== undefined ? `item ${index}` : '';
	return saved.message.includes(suffix) ? saved.message : `${saved.message} [${suffix}]`;
}
