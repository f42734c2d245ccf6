/**
 * A Schedule date that has already passed. Neither the spec nor the service refuses one, and the
 * service publishes such a post at once: a typo in the year would publish today. So the node
 * refuses it before sending, unless the workflow allows it on purpose (Options → Allow Past Date).
 * Drafts, Type Now and the next free slot are not concerned. It receives the instant already read
 * from the parameters (the request readers parse dates; this only judges one).
 */
import { wallOf } from '../../../shared/userValues';
import type { NodeProblem } from '../../../shared/postProblems';

/**
 * How far in the past a Schedule date may be: n8n's clock and the service's may differ a little,
 * and a date set to "now" by an expression is a moment old when it arrives.
 */
export const PAST_DATE_ALLOWANCE_MS = 5 * 60_000;

export interface PastDateCheck {
	/** The post's type as sent: only `schedule` is judged. */
	type: unknown;
	/**
	 * The date as an instant (ms since the epoch), already parsed; NaN or undefined when there is
	 * none.
	 */
	instant: number | undefined;
	/** The workflow's time zone, to say when the date was as the user wrote it. */
	timeZone: string;
	/** Options → Allow Past Date. */
	allowed: boolean;
	/** Fields mode ("Publish At", Type) or JSON mode ("date" and "type" in Request (JSON)). */
	inputMode: 'fields' | 'json';
	now?: number;
}

/** How long ago, in the largest whole unit: "3 days", "1 hour", "12 minutes". */
function agoInWords(ms: number): string {
	const units: Array<[string, number]> = [
		['year', 365 * 24 * 3_600_000],
		['day', 24 * 3_600_000],
		['hour', 3_600_000],
		['minute', 60_000],
	];
	for (const [unit, size] of units) {
		const count = Math.floor(ms / size);
		if (count >= 1) return `${count} ${unit}${count > 1 ? 's' : ''}`;
	}
	return 'less than a minute';
}

/**
 * The instant as the user reads it in the workflow's time zone, e.g. "2025-03-01 10:00
 * (Europe/Berlin)".
 */
function inTimeZone(instant: number, timeZone: string): string {
	const wall = new Date(wallOf(instant, timeZone)).toISOString();
	return `${wall.slice(0, 10)} ${wall.slice(11, 16)} (${timeZone})`;
}

/** The problem of a Schedule date that has passed, or undefined when there is none to report. */
export function pastDateProblem(check: PastDateCheck): NodeProblem | undefined {
	if (check.type !== 'schedule' || check.allowed) return undefined;
	if (check.instant === undefined || !Number.isFinite(check.instant)) return undefined;
	const late = (check.now ?? Date.now()) - check.instant;
	if (late <= PAST_DATE_ALLOWANCE_MS) return undefined;
	const json = check.inputMode === 'json';
	return {
		kind: 'node',
		field: json ? '"date" in Request (JSON)' : 'Publish At',
		message:
			`the date has passed: it was ${inTimeZone(check.instant, check.timeZone)}, ` +
			`${agoInWords(late)} ago, and the service would publish the post at once`,
		hint:
			`set a date in the future (check the year); to publish at once, ` +
			`${json ? 'give "type": "now"' : 'set Type to Now'}; to send a past date on purpose, turn ` +
			`on Options → Allow Past Date`,
	};
}
