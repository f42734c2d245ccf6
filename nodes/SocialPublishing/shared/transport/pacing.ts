import { sleep, type IDataObject } from 'n8n-workflow';

import { runState, RunSlot, type RunContext } from '../runState';
import { DEFAULT_POLICY } from './policy';
import { announcedWindow, MAX_ANNOUNCED_WAIT_S, rateLimitedRouteOf } from './rateLimits';

/**
 * Pacing: n8n starts every item of a declarative node at once, so 200 items would be 200 requests
 * in flight and a burst the service answers with 429. The transport asks the run's pacer before
 * each attempt, and the pacer admits a request only when it can be sent now, in the order they
 * asked:
 * - at most Max Requests in Flight requests of the run are out at a time;
 * - a limited route (one with a documented limit, rateLimits.ts, or one whose answers announce
 *   X-RateLimit-*) sends one request, with nothing else out on it, and waits for its answer before
 *   the rest of a burst: the documented limit is never trusted, since an install may set a lower
 *   one (the real backend's API_LIMIT). The figures of the latest request answered (the one the
 *   service counted last) say how many more may go (what is left, less what this run sent after
 *   that request) and until when; when that time is past, the next request asks again. An answer
 *   without figures leaves the route unlimited for the run (production announces none on its GET
 *   routes); an answer that tells nothing (an error, a timeout) lets the next one ask;
 * - a 429 closes its route for Retry-After seconds for every item of the run;
 * - a wait for a window or a Retry-After longer than what is left of Max Rate-Limit Wait is not
 *   waited: the request is not sent (`TooLongToWait`). Waiting for a place in flight or for the
 *   answer that tells the window is not such a wait: the request timeout bounds it.
 */

/**
 * A small step past the announced window end, so the first request of the next window never lands
 * in the old one.
 */
const MARGIN_MS = 25;

/** The wait a request would need is longer than the caller allows: it is not sent. */
export interface TooLongToWait {
	/** When the window opens, in seconds from now. */
	waitSeconds: number;
}

/** The pacer's time, so its rules can be checked against a simulated service. */
export interface PacerClock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

const REAL_TIME: PacerClock = { now: () => Date.now(), sleep: async (ms) => await sleep(ms) };

/**
 * What the run knows of one route's window:
 * - `unlimited`: no figures announced (or a route with no documented limit): only a 429 holds it
 *   back;
 * - `asking`: the window's figures are unknown; one request goes when none is out, and its answer
 *   tells them;
 * - `counted`: an answer announced them: `allowance` more requests may go until `endsAt`.
 */
interface Budget {
	state: 'unlimited' | 'asking' | 'counted';
	/** `counted`: requests that may still be sent until `endsAt`. */
	allowance: number;
	/** `counted`: when the window restarts, as the figures in force say. */
	endsAt: number;
	/**
	 * The `seq` of the request whose figures are in force (0: none); an answer to an earlier one is
	 * older news.
	 */
	figuresOf: number;
	/** After a 429: not before this time. */
	closedUntil: number;
	/**
	 * Requests of this route sent by the run so far (a ticket's `seq` is its place in that count).
	 */
	sent: number;
	/** Requests of this route sent and not yet answered. */
	out: number;
}

export interface Ticket {
	/** The budget's key. */
	key?: string;
	/** Its place among the route's requests of this run (1 for the first). */
	seq: number;
	sentAt: number;
	release(): void;
}

interface Waiter {
	key: string;
	budget: Budget;
	/**
	 * Time it has waited for a window or a Retry-After (not for a place, an answer or the pacer's
	 * margin).
	 */
	waitedMs: number;
	/** The wait it is in: since when, and until when the service asked (without the margin). */
	waitingSince?: number;
	waitingUntil?: number;
	maxWaitMs: number;
	resolve(admitted: Ticket | TooLongToWait): void;
}

export class Pacer {
	private inFlight = 0;
	private readonly waiting: Waiter[] = [];
	private readonly budgets = new Map<string, Budget>();
	/** When the pending wake-up fires (Infinity: none). */
	private wakeAt = Infinity;

	constructor(
		readonly maxInFlight: number = DEFAULT_POLICY.maxInFlight,
		private readonly clock: PacerClock = REAL_TIME,
	) {}

	private budgetOf(method: string, path: string): { key: string; budget: Budget } {
		const route = rateLimitedRouteOf(method, path);
		// Routes without a documented limit are still closed by a 429 (each path on its own).
		const key = route ?? `${method.toUpperCase()} ${path.split('?')[0]}`;
		let budget = this.budgets.get(key);
		if (!budget) {
			budget = {
				state: route ? 'asking' : 'unlimited',
				allowance: 0,
				endsAt: 0,
				figuresOf: 0,
				closedUntil: 0,
				sent: 0,
				out: 0,
			};
			this.budgets.set(key, budget);
		}
		return { key, budget };
	}

	/**
	 * When the budget lets one more request go: 0 for now, undefined for "once an answer out tells".
	 */
	private openAt(budget: Budget, now: number): number | undefined {
		if (budget.state === 'counted' && now >= budget.endsAt + MARGIN_MS) budget.state = 'asking';
		if (budget.closedUntil > now) return budget.closedUntil;
		if (budget.state === 'unlimited') return 0;
		if (budget.state === 'asking') return budget.out > 0 ? undefined : 0;
		return budget.allowance > 0 ? 0 : budget.endsAt + MARGIN_MS;
	}

	/**
	 * Waits until one request may be sent now (its route's window and a place in flight), or says how
	 * long past `maxWaitMs` that is.
	 */
	async admit(method: string, path: string, maxWaitMs: number): Promise<Ticket | TooLongToWait> {
		const { key, budget } = this.budgetOf(method, path);
		return await new Promise((resolve) => {
			this.waiting.push({ key, budget, waitedMs: 0, maxWaitMs: Math.max(0, maxWaitMs), resolve });
			this.pump();
		});
	}

	/**
	 * Admits, in order, every waiting request that can go now; refuses those whose wait is past their
	 * cap; sets the next wake-up.
	 */
	private pump(): void {
		const now = this.clock.now();
		let wakeAt = Infinity;
		for (let i = 0; i < this.waiting.length; ) {
			const waiter = this.waiting[i];
			const at = this.openAt(waiter.budget, now);
			if (at === 0 && this.inFlight < this.maxInFlight) {
				this.waiting.splice(i, 1);
				waiter.resolve(this.send(waiter, now));
				continue;
			}
			// Counts what it waited since the last look, if that was a wait the service imposed.
			if (waiter.waitingSince !== undefined && waiter.waitingUntil !== undefined) {
				waiter.waitedMs += Math.max(0, Math.min(now, waiter.waitingUntil) - waiter.waitingSince);
			}
			waiter.waitingSince = undefined;
			if (at !== undefined && at > now) {
				// The cap and the time to retry are the service's; the pacer's own margin is not counted in
				// them.
				const serviceAt = at - MARGIN_MS;
				if (serviceAt - now > waiter.maxWaitMs - waiter.waitedMs) {
					this.waiting.splice(i, 1);
					waiter.resolve({ waitSeconds: Math.max(1, Math.ceil((serviceAt - now) / 1000)) });
					continue;
				}
				waiter.waitingSince = now;
				waiter.waitingUntil = serviceAt;
				wakeAt = Math.min(wakeAt, at);
			}
			i++;
		}
		if (wakeAt < this.wakeAt) {
			this.wakeAt = wakeAt;
			void this.clock.sleep(Math.max(1, wakeAt - now)).then(() => {
				if (this.wakeAt === wakeAt) this.wakeAt = Infinity;
				this.pump();
			});
		}
	}

	private send(waiter: Waiter, now: number): Ticket {
		const { budget } = waiter;
		this.inFlight++;
		budget.out++;
		budget.sent++;
		if (budget.state === 'counted') budget.allowance--;
		let released = false;
		return {
			key: waiter.key,
			seq: budget.sent,
			sentAt: now,
			release: () => {
				if (released) return;
				released = true;
				this.inFlight--;
				budget.out--;
				this.pump();
			},
		};
	}

	/**
	 * What one answer says about its route's window (headers lower-cased), or a 429's Retry-After.
	 */
	learn(
		ticket: Ticket,
		status: number | undefined,
		headers: IDataObject | undefined,
		retryAfterSeconds?: number,
	): void {
		const budget = ticket.key === undefined ? undefined : this.budgets.get(ticket.key);
		if (!budget) return;
		const now = this.clock.now();
		if (status === 429) {
			const seconds =
				retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds)
					? retryAfterSeconds
					: 1;
			budget.closedUntil = Math.max(
				budget.closedUntil,
				now + Math.min(MAX_ANNOUNCED_WAIT_S, Math.max(0, seconds)) * 1000,
			);
		}
		const announced = announcedWindow(headers, now);
		if (announced === undefined) {
			// An answer without figures: the service does not announce this route's limit, so no
			// documented one is applied.
			if (budget.state === 'asking' && status !== undefined && status < 400)
				budget.state = 'unlimited';
		} else if (announced === 'unreadable') {
			// Limited, by how much is unknown: one request at a time, each waiting for the one before.
			if (budget.state === 'unlimited') budget.state = 'asking';
		} else if (ticket.seq > budget.figuresOf) {
			// The latest request answered is the one the service counted last: its figures replace older
			// ones. What is left, less what this run sent after that request (the service had not counted
			// those yet).
			const allowance = announced.remaining - (budget.sent - ticket.seq);
			const endsAt = now + announced.resetMs;
			// Within one window what is left only goes down, and its earliest announced end holds (later
			// answers of a burst round the same end up); more left than counted means the window
			// restarted, and its end is the new one.
			const sameWindow = budget.state === 'counted' && allowance <= budget.allowance;
			budget.endsAt = sameWindow ? Math.min(budget.endsAt, endsAt) : endsAt;
			budget.allowance = allowance;
			budget.figuresOf = ticket.seq;
			budget.state = 'counted';
		}
		this.pump();
	}
}

/** One pacer per run of the node (shared/runState.ts), shared by its items. */
const PACER = new RunSlot<Pacer>("the run's pacer");

export function pacerOf(context: RunContext, maxInFlight: number): Pacer {
	return runState(context).get(PACER, () => new Pacer(maxInFlight));
}
