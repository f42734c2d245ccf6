import { sleep, type IDataObject } from 'n8n-workflow';

import { runState, RunSlot, type RunContext } from '../runState';
import { announcedWindow, rateLimitedRouteOf } from './rateLimits';

/**
 * Pacing: n8n starts every item of a declarative node at once, so 200 items would be 200 requests
 * in flight and a burst the service answers with 429. The transport asks the run's pacer before
 * each attempt, and the pacer admits a request only when it can be sent now, in the order they
 * asked:
 * - at most Max Requests in Flight requests of the run are out at a time;
 * - a limited route (one with a documented limit, rateLimits.ts, or one whose answers announce
 *   X-RateLimit-*) sends one request, with nothing else out on it, and waits for its answer before
 *   the rest of a burst: the documented limit is never trusted, since an install may set a lower
 *   one (the real backend's API_LIMIT). That answer (nothing else was out) says how many more may
 *   go and until when. Until then later answers can only lower what is left, never raise it: the
 *   service counts requests in the order they reach it, which need not be the order they were sent
 *   nor the order their answers come back, so the lowest "left" announced is the latest count, and
 *   every request still out may come after it (`allowanceOf`). Once nothing is left, the route
 *   waits until every window its requests were counted in is surely over: the latest end the
 *   answers allow, X-RateLimit-Reset being rounded either way (whole seconds: a second more,
 *   `resetSlackMs`), since a request sent near a window's end may be counted in the next one. Then
 *   one request asks again. An answer without figures leaves the route unlimited for the run
 *   (production announces none on its GET routes); an answer that tells nothing (an error, a
 *   timeout) lets the next one ask;
 * - a 429 closes its route for Retry-After seconds for every item of the run, and then one request
 *   asks again;
 * - a wait for a window or a Retry-After longer than what is left of Max Rate-Limit Wait is not
 *   waited: the request is not sent (`TooLongToWait`). Waiting for a place in flight or for the
 *   answer that tells the window is not such a wait: the request timeout bounds it.
 */

/**
 * A small step past the latest window end the figures allow (timers fire a little early or late).
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
 * A window's end as an answer announced it (`serviceAt`, what a wait is told) and the latest it may
 * truly be (`overAt`: later by the figure's rounding).
 */
interface WindowEnd {
	serviceAt: number;
	overAt: number;
}

const NO_END: WindowEnd = { serviceAt: 0, overAt: 0 };

/**
 * What the run knows of one route's window:
 * - `unlimited`: no figures announced (or a route with no documented limit): only a 429 holds it
 *   back;
 * - `asking`: the window's figures are unknown; one request goes when none is out, and its answer
 *   tells them;
 * - `counted`: an answer announced them: what is left once every request out is counted
 *   (`allowanceOf`) may go until the window is surely over (`windowEnd`).
 */
interface Budget {
	state: 'unlimited' | 'asking' | 'counted';
	/**
	 * Counts the windows the run has known on this route: it goes up each time the figures in force
	 * are dropped (the window is over, a 429), so an answer to a request sent before is older news.
	 */
	window: number;
	/**
	 * `counted`: the least X-RateLimit-Remaining the window's answers announced. The service counts
	 * requests in the order they reach it, so the lowest figure is the latest count: every request
	 * answered was counted by then, and only those still out can come after it.
	 */
	leftAtLeast: number;
	/**
	 * `counted`: requests of the window answered without figures (an error, a timeout): counted or
	 * not, when is unknown, so each is taken as counted after the lowest figure.
	 */
	unknown: number;
	/**
	 * `counted`: the window in force, as the answers surely counted in it announce its end: the
	 * earliest of the latest ends they allow, and the latest of the earliest ones.
	 */
	end: WindowEnd;
	earliestEnd: number;
	/** `counted`: requests sent after this `seq` were sent knowing the window in force. */
	knownAfter: number;
	/**
	 * `counted`: the latest end announced by an answer that may have been counted in a later window
	 * (sent before the window was known, or answered once it may have ended).
	 */
	laterEnd: WindowEnd;
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
	key: string;
	/** Its place among the route's requests of this run (1 for the first). */
	seq: number;
	/** The route's window it was sent in (`Budget.window`). */
	window: number;
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
	/**
	 * Tickets answered (`learn`) or released: no longer out on their route, so that what their answer
	 * leaves is counted at once (they keep their place in flight until released).
	 */
	private readonly answered = new WeakSet<Ticket>();
	/** When the pending wake-up fires (Infinity: none). */
	private wakeAt = Infinity;

	constructor(
		readonly maxInFlight: number,
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
				window: 1,
				leftAtLeast: 0,
				unknown: 0,
				end: NO_END,
				earliestEnd: 0,
				knownAfter: 0,
				laterEnd: NO_END,
				closedUntil: 0,
				sent: 0,
				out: 0,
			};
			this.budgets.set(key, budget);
		}
		return { key, budget };
	}

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
		const end = windowEnd(budget);
		if (budget.state === 'counted' && now >= end.at) this.ask(budget);
		if (budget.closedUntil > now)
			return { at: budget.closedUntil + MARGIN_MS, serviceAt: budget.closedUntil };
		if (budget.state === 'unlimited') return 0;
		if (budget.state === 'asking') return budget.out > 0 ? undefined : 0;
		return allowanceOf(budget) > 0 ? 0 : end;
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
			if (at !== undefined && at !== 0) {
				// The cap and the time to retry are the service's; the pacer's own margins (the figure's
				// rounding, the timer's step) are not counted in them.
				const { serviceAt } = at;
				if (serviceAt - now > waiter.maxWaitMs - waiter.waitedMs) {
					this.waiting.splice(i, 1);
					waiter.resolve({ waitSeconds: Math.max(1, Math.ceil((serviceAt - now) / 1000)) });
					continue;
				}
				waiter.waitingSince = now;
				waiter.waitingUntil = serviceAt;
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

	private send(waiter: Waiter, now: number): Ticket {
		const { budget } = waiter;
		this.inFlight++;
		budget.out++;
		budget.sent++;
		let released = false;
		const ticket: Ticket = {
			key: waiter.key,
			seq: budget.sent,
			window: budget.window,
			sentAt: now,
			release: () => {
				if (released) return;
				released = true;
				this.inFlight--;
				this.answer(ticket, budget);
				this.pump();
			},
		};
		return ticket;
	}

	private answer(ticket: Ticket, budget: Budget): void {
		if (this.answered.has(ticket)) return;
		this.answered.add(ticket);
		budget.out--;
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
			// An answer without figures: the service does not announce this route's limit, so no
			// documented one is applied.
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
					// Maybe counted in a later window (a request sent near a window's end can be): that
					// window must be over too before one request asks again.
					budget.laterEnd = end;
				}
			}
		}
		this.answer(ticket, budget);
		this.pump();
	}
}

/**
 * What a counted window leaves once every request out is counted: the lowest figure announced, less
 * the requests out (each may be counted after it) and those answered without figures.
 */
function allowanceOf(budget: Budget): number {
	return budget.leftAtLeast - budget.out - budget.unknown;
}

/**
 * When every window the route's requests were counted in is surely over (`at`, with the pacer's
 * margin), and when the service said it would be (`serviceAt`, the figure a wait is told).
 */
function windowEnd(budget: Budget): { at: number; serviceAt: number } {
	const end = budget.laterEnd.overAt > budget.end.overAt ? budget.laterEnd : budget.end;
	return { at: end.overAt + MARGIN_MS, serviceAt: end.serviceAt };
}

/** One pacer per run of the node (shared/runState.ts), shared by its items. */
const PACER = new RunSlot<Pacer>("the run's pacer");

export function pacerOf(context: RunContext, maxInFlight: number): Pacer {
	return runState(context).get(PACER, () => new Pacer(maxInFlight));
}
