/**
 * A Schedule date that has already passed. Neither the spec nor the service refuses one, and the
 * service publishes such a post at once: a typo in the year would publish today. So the node
 * refuses it before sending, unless the workflow allows it on purpose (Options → Allow Past Date).
 * Drafts, Type Now and the next free slot are not concerned. It judges an instant the request
 * readers already parsed. Worded by shared/postProblems/ (`pastDate`).
 */
import type { NodeProblem } from '../../../shared/postProblems';

/**
 * How far in the past a Schedule date may be: n8n's clock and the service's may differ a little,
 * and a date set to "now" by an expression is a moment old when it arrives.
 */
export const PAST_DATE_ALLOWANCE_MS = 5 * 60_000;

export interface PastDateCheck {
	/** The post's type as sent: only `schedule` is judged. */
	type: unknown;
	/** The date in ms since the epoch; NaN or undefined when there is none. */
	instant: number | undefined;
	/** The workflow's time zone, to say when the date was as the user wrote it. */
	timeZone: string;
	/** Options → Allow Past Date. */
	allowed: boolean;
	/** Where the date was given: Publish At, Request (JSON), or Post → Update's Publish At. */
	inputMode: 'fields' | 'json' | 'update';
	/** Post → Update: the date is the post's own, as no new one was given. */
	postsOwnDate?: boolean;
	now?: number;
}

const PAST_DATE_FIELD = { fields: 'date', json: 'requestJsonDate', update: 'updateDate' } as const;

/** The problem of a Schedule date that has passed, or undefined when there is none to report. */
export function pastDateProblem(check: PastDateCheck): NodeProblem | undefined {
	if (check.type !== 'schedule' || check.allowed) return undefined;
	if (check.instant === undefined || !Number.isFinite(check.instant)) return undefined;
	const late = (check.now ?? Date.now()) - check.instant;
	if (late <= PAST_DATE_ALLOWANCE_MS) return undefined;
	return {
		kind: 'node',
		code: 'pastDate',
		field: PAST_DATE_FIELD[check.inputMode],
		instant: check.instant,
		timeZone: check.timeZone,
		lateMs: late,
		...(check.postsOwnDate ? { postsOwnDate: true } : {}),
	};
}
