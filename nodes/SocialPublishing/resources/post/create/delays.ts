/**
 * Follow-up delays of Post → Create: `delay` on a follow-up part (`value[n].delay`, n ≥ 1) is how
 * many minutes the service's publishing run waits after the previous part before publishing this
 * one (the service's own client sends it; docs/real-backend.md). The first part's delay is stored
 * by the service and never used.
 *
 * Checked before sending, in both modes: whole minutes, 0 or more, at most DELAY_MAX_MINUTES. The
 * service itself takes any number (2.5 is cut to 2, a negative one waits 0) and answers 500 to a
 * value over 2^31 after it has stored the first part, so the node refuses what it would read
 * otherwise than written.
 */
import type { INodeProperties } from 'n8n-workflow';
import { partLabel, type DelayProblem } from '../../../shared/postProblems';
import { shownValue } from '../../../shared/userValues';
import { entriesOf, type Json } from './request';
import type { Warning } from './warnings';

/** 30 days: a follow-up later than that is a post of its own. */
export const DELAY_MAX_MINUTES = 30 * 24 * 60;

export const delayProperty: INodeProperties = {
	displayName: 'Delay (Minutes)',
	name: 'delay',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: DELAY_MAX_MINUTES, numberPrecision: 0 },
	default: 0,
	description: `For a follow-up part: how many minutes to wait after the previous part before publishing this one (0: right after it; at most ${DELAY_MAX_MINUTES}, 30 days). The first part goes out at the post's date and has no delay.`,
};

/** Why a delay is not whole minutes within the bounds, or undefined when it is. */
function refusal(
	value: unknown,
	inputMode: 'fields' | 'json',
): DelayProblem['refusal'] | undefined {
	if (shownValue(value) === 'empty') return 'empty';
	if (typeof value === 'string' && inputMode === 'json') return 'text';
	const minutes =
		typeof value === 'number'
			? value
			: typeof value === 'string' && value.trim() !== ''
				? Number(value)
				: NaN;
	if (!Number.isFinite(minutes)) return 'notNumber';
	if (!Number.isInteger(minutes)) return 'notWhole';
	if (minutes < 0) return 'negative';
	if (minutes > DELAY_MAX_MINUTES) return 'tooLarge';
	return undefined;
}

/**
 * Checks every part's `delay` and puts it in the form the service reads: in fields mode a delay of
 * 0 is left out (the service's default), a numeric text from an expression becomes a number, and
 * the first part's is not sent (said in a warning when it is not 0); in JSON mode the body is kept
 * as given, and a delay on the first part is said. `shared`: the parts are the same for every
 * channel (fields mode), so a problem is said once, not per channel.
 */
export function checkDelays(body: Json, inputMode: 'fields' | 'json', shared: boolean) {
	// `explained`: body paths whose value a problem here explains (`posts.0.value.1.delay`).
	const check = {
		problems: [] as DelayProblem[],
		warnings: [] as Warning[],
		explained: [] as string[],
	};
	const said = new Set<string>();
	entriesOf(body, 'posts').forEach((post, entryIndex) => {
		entriesOf(post, 'value').forEach((part, partIndex) => {
			if (!('delay' in part)) return;
			const value = part.delay;
			if (value === undefined || (inputMode === 'fields' && value === '')) {
				delete part.delay;
				return;
			}
			const why = refusal(value, inputMode);
			if (why !== undefined) {
				check.explained.push(`posts.${entryIndex}.value.${partIndex}.delay`);
				const key = `${partIndex}:${why}`;
				if (shared && said.has(key)) return;
				said.add(key);
				check.problems.push({
					kind: 'delay',
					...(shared ? {} : { entryIndex }),
					partIndex,
					value,
					refusal: why,
					max: DELAY_MAX_MINUTES,
				});
				return;
			}
			const minutes = Number(value);
			if (inputMode === 'fields') {
				if (partIndex === 0 || minutes === 0) delete part.delay;
				else part.delay = minutes;
			}
			// Warnings are shown per channel (with each created post): said for every channel.
			if (partIndex === 0 && minutes !== 0) {
				// Fields mode leaves it out, JSON mode sends it; either way it waits for nothing.
				check.warnings.push({
					entryIndex,
					text:
						inputMode === 'fields'
							? `${partLabel(0)}: Delay (Minutes) ${minutes} was not sent; a delay applies to follow-up parts (the post goes out at its date)`
							: `${partLabel(0)} carries "delay": ${minutes}; the service keeps it but waits only before follow-up parts (the post goes out at its date)`,
				});
			}
		});
	});
	return check;
}
