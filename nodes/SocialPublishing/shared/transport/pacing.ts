import { sleep, type IDataObject } from 'n8n-workflow';

import { runState, RunSlot, type RunContext } from '../runState';
import { announcedWindow, rateLimitedRouteOf } from './rateLimits';

/**
 * Pacing: n8n starts every item of a declarative node at once, so 200 items would be a burst the
 * service answers with 429. Before each attempt the run's pacer admits requests, in the order they
 * asked, only when they can be sent now:
 * - at most Max Requests in Flight requests of the run are out at a time;
 * - a limited route (documented, rateLimits.ts, or announcing X-RateLimit-*) sends one request
 *   alone; its answer says how many more may go and until when (an install may set a lower limit
 *   than documented). The service counts in arrival order, so the lowest "left" is the latest count
 *   and a request still out may come after it. With nothing left, the route waits until every
 *   window its requests were counted in is surely over (Reset is rounded: `resetSlackMs`), then one
 *   asks again. No figures: unlimited for the run (production announces none on GET); an answer
 *   that tells nothing (an error) lets the next one ask;
 * - a 429 closes its route for Retry-After seconds for the whole run, then one request asks again;
 * - a wait for a window or a Retry-After beyond what is left of Max Rate-Limit Wait is not waited
 *   (`TooLongToWait`); one for a place in flight or for the answer is bounded by the timeout.
 */

/** A step past the latest window end the figures allow (timers fire a little early or late). */
const MARGIN_MS = 25;

/** The wait a request would need (seconds until the window opens) is longer than allowed. */
export type TooLongToWait = { waitSeconds: number };

/** The pacer's time, so its rules can be checked against a simulated service. */
export type PacerClock = { now(): number; sleep(ms: number): Promise<void> };

const REAL_TIME: PacerClock = { now: () => Date.now(), sleep: async (ms) => await sleep(ms) };

/** A window's end as announced (`serviceAt`, what a wait is told), and the latest it may be. */
type WindowEnd = { serviceAt: number; overAt: number };

const NO_END: WindowEnd = { serviceAt: 0, overAt: 0 };

/**
 * What the run knows of one route's window: `unlimited` (no figures: only a 429 holds it back),
 * `asking` (one request goes when none is out, its answer tells the figures) or `counted` (what is
 * left once every request out is counted may go until the window is surely over).
 */
class Budget {
	constructor(public state: 'unlimited' | 'asking' | 'counted') {}
	/** Goes up each time the figures in force are dropped: an older window's answers are old news. */
	window = 1;
	/** `counted`: the least X-RateLimit-Remaining announced (the latest count). */
	leftAtLeast = 0;
	/** `counted`: requests answered without figures, each taken as counted after the lowest one. */
	unknown = 0;
	/**
	 * `counted`: the window's end as the answers surely counted in it announce it: the earliest of
	 * the latest ends they allow, and the latest of the earliest ones.
	 */
	end = NO_END;
	earliestEnd = 0;
	/** `counted`: requests sent after this `seq` were sent knowing the window in force. */
	knownAfter = 0;
	/** `counted`: the latest end of an answer that may have been counted in a later window. */
	laterEnd = NO_END;
	/** After a 429: not before this time. */
	closedUntil = 0;
	/** Requests of this route sent by the run so far (a ticket's `seq` is its place). */
	sent = 0;
	/** Requests of this route sent and not yet answered. */
	out = 0;
}

export interface Ticket {
	key: string;
	/** Its place among the route's requests of this run (1 for the first). */
	seq: number;
	/** `Budget.window` when it was sent. */
	window: number;
	sentAt: number;
	release(): void;
}

interface Waiter {
	key: string;
	budget: Budget;
	/** Time it has waited for a window or a Retry-After (not for a place, an answer, a margin). */
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
	/** Tickets answered or released: no longer out on their route (in flight until released). */
	private readonly answered = new WeakSet<Ticket>();
	/** When the pending wake-up fires (Infinity: none). */
	private wakeAt = Infinity;

	constructor(
		readonly maxInFlight: number,
		private readonly clock: PacerClock = REAL_TIME,
	) {}

	/** Drops the figures in force: the next request asks, alone, once none is out. */
	private ask(budget: Budget): void {
		budget.state = 'asking';
		budget.window++;
	}

	/**
	 * When the budget lets one more request go: 0 for now, undefined for "once an answer out tells",
	 * else when (`at`, with the pacer's margin) and when the service said (`serviceAt`).
	 */
	private openAt(budget: Budget, now: number): { at: number; serviceAt: number } | 0 | undefined {
		// Every window the route's requests were counted in is surely over.
		const last = budget.laterEnd.overAt > budget.end.overAt ? budget.laterEnd : budget.end;
		const end = { at: last.overAt + MARGIN_MS, serviceAt: last.serviceAt };
		if (budget.state === 'counted' && now >= end.at) this.ask(budget);
		if (budget.closedUntil > now)
			return { at: budget.closedUntil + MARGIN_MS, serviceAt: budget.closedUntil };
		if (budget.state === 'unlimited') return 0;
		if (budget.state === 'asking') return budget.out > 0 ? undefined : 0;
		// What is left once every request out (each may be counted after the lowest figure) and each
		// answered without figures is counted.
		return budget.leftAtLeast - budget.out - budget.unknown > 0 ? 0 : end;
	}

	/** Waits until one request may be sent now (its window, a place in flight), or says how long. */
	async admit(method: string, path: string, maxWaitMs: number): Promise<Ticket | TooLongToWait> {
		const route = rateLimitedRouteOf(method, path);
		// Routes without a documented limit are still closed by a 429 (each path on its own).
		const key = route ?? `${method.toUpperCase()} ${path.split('?')[0]}`;
		let budget = this.budgets.get(key);
		if (!budget) {
			budget = new Budget(route ? 'asking' : 'unlimited');
			this.budgets.set(key, budget);
		}
		return await new Promise((resolve) => {
			this.waiting.push({ key, budget, waitedMs: 0, maxWaitMs: Math.max(0, maxWaitMs), resolve });
			this.pump();
		});
	}

	/** Admits, in order, every request that can go now; refuses those past their cap; sets a wake. */
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
			if (at !== undefined && at !== 0) {
				// The cap and the time to retry are the service's: the pacer's own margins are not counted.
				if (at.serviceAt - now > waiter.maxWaitMs - waiter.waitedMs) {
					this.waiting.splice(i, 1);
					waiter.resolve({ waitSeconds: Math.max(1, Math.ceil((at.serviceAt - now) / 1000)) });
					continue;
				}
				waiter.waitingSince = now;
				waiter.waitingUntil = at.serviceAt;
				wakeAt = Math.min(wakeAt, at.at);
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

	private send({ key, budget }: Waiter, now: number): Ticket {
		this.inFlight++;
		budget.out++;
		budget.sent++;
		let released = false;
		const ticket: Ticket = {
			key,
			seq: budget.sent,
			window: budget.window,
			sentAt: now,
			release: () => {
				if (released) return;
				released = true;
				this.inFlight--;
				this.answer(ticket, budget);
			},
		};
		return ticket;
	}

	private answer(ticket: Ticket, budget: Budget): void {
		if (!this.answered.has(ticket)) {
			this.answered.add(ticket);
			budget.out--;
		}
		this.pump();
	}

	/** What one answer says of its route's window (headers lower-cased), or a 429's Retry-After. */
	learn(
		ticket: Ticket,
		status: number | undefined,
		headers: IDataObject | undefined,
		retryAfterSeconds?: number,
	): void {
		const budget = this.budgets.get(ticket.key);
		if (!budget) return;
		const now = this.clock.now();
		// An answer to a request sent in a window whose figures were dropped since is older news.
		const current = ticket.window === budget.window;
		if (status === 429) {
			// Retry-After as send.ts read it (rateLimits.ts: at most a day); none: a second.
			budget.closedUntil = Math.max(budget.closedUntil, now + (retryAfterSeconds ?? 1) * 1000);
			// Whatever the figures said, the window is used up: after Retry-After, one request asks.
			if (current) this.ask(budget);
		}
		const announced = announcedWindow(headers, now);
		if (!current || status === 429) {
			// Nothing more to learn: the window it speaks of is over.
		} else if (announced === undefined) {
			// The service does not announce this route's limit: no documented one is applied.
			if (budget.state === 'asking' && status !== undefined && status < 400)
				budget.state = 'unlimited';
			if (budget.state === 'counted') budget.unknown++;
		} else if (announced === 'unreadable') {
			// Limited, by how much is unknown: one request at a time, each waiting for the one before.
			if (budget.state === 'unlimited') this.ask(budget);
			if (budget.state === 'counted') budget.unknown++;
		} else {
			const endsAt = now + announced.resetMs;
			const slackMs = announced.resetSlackMs;
			const end = { serviceAt: endsAt, overAt: endsAt + slackMs };
			if (budget.state !== 'counted') {
				budget.state = 'counted';
				budget.leftAtLeast = announced.remaining;
				budget.unknown = 0;
				budget.end = end;
				budget.earliestEnd = ticket.sentAt + announced.resetMs - slackMs;
				budget.knownAfter = budget.sent;
				budget.laterEnd = NO_END;
			} else {
				// The lowest figure holds: an answer counted earlier can come back later.
				budget.leftAtLeast = Math.min(budget.leftAtLeast, announced.remaining);
				if (ticket.seq > budget.knownAfter && now < budget.earliestEnd) {
					// Sent after the window was known and answered before it can have ended: counted in it.
					budget.earliestEnd = Math.max(
						budget.earliestEnd,
						ticket.sentAt + announced.resetMs - slackMs,
					);
					if (end.overAt < budget.end.overAt) budget.end = end;
				} else if (end.overAt > budget.laterEnd.overAt) {
					// Maybe counted in a later window: it must be over too before one request asks again.
					budget.laterEnd = end;
				}
			}
		}
		this.answer(ticket, budget);
	}
}

/** One pacer per run of the node (shared/runState.ts), shared by its items. */
const PACER = new RunSlot<Pacer>("the run's pacer");

export function pacerOf(context: RunContext, maxInFlight: number): Pacer {
	return runState(context).get(PACER, () => new Pacer(maxInFlight));
}
