import { sleep, type IDataObject, type IExecuteSingleFunctions } from 'n8n-workflow';

import { DOCUMENTED_RATE_LIMITS, rateLimitedRouteOf } from './rateLimits';

/**
 * Pacing: n8n starts every item of a declarative node at once, so 200 items would be 200 requests in flight and a
 * burst the service answers with 429. The transport asks the run's pacer before each attempt:
 * - at most Max Requests in Flight requests of the run are out at a time;
 * - each limited endpoint (shared/rateLimits.ts) has a budget for the current window: the documented limit until
 *   an answer's X-RateLimit-* headers say the real limit, what is left and when the window restarts. A request
 *   that would exceed it waits for the window instead of being sent;
 * - a 429 closes its endpoint for Retry-After seconds for every item of the run;
 * - a wait longer than what is left of Max Rate-Limit Wait is not waited: the request is not sent (`TooLongToWait`).
 * An endpoint whose answers carry no X-RateLimit headers (production limits only POST /posts, without them) is not
 * paced by the documented figures, so nothing the service would take is held back; only its 429s close it.
 */

/** A small step past the announced window end, so the first request of the next window never lands in the old one. */
const MARGIN_MS = 25;
/** How often a request waiting for an unknown window end looks again (answers in flight will tell it). */
const RECHECK_MS = 20;

export const DEFAULT_MAX_IN_FLIGHT = 16;

/** The wait a request would need is longer than the caller allows: it is not sent. */
export interface TooLongToWait {
	/** When the window opens, in seconds from now. */
	waitSeconds: number;
}

interface Budget {
	/** Requests the window allows; undefined when the service does not announce a limit for the endpoint. */
	limit?: number;
	/** The documented window, used only while no answer has told when the window ends. */
	windowMs?: number;
	/** Requests counted in the current window (sent by this run, or reported used by the service). */
	used: number;
	/** When the current window ends, from the earliest X-RateLimit-Reset seen in it. */
	endsAt?: number;
	/** When this run began counting the current window. */
	startedAt: number;
	/** After a 429: not before this time. */
	closedUntil: number;
	/** Requests sent and not yet answered. */
	pending: number;
}

export interface Ticket {
	/** The budget's key, or undefined for a request that is not counted. */
	key?: string;
	sentAt: number;
	release(): void;
}

export class Pacer {
	private inFlight = 0;
	private readonly queue: Array<() => void> = [];
	private readonly budgets = new Map<string, Budget>();

	constructor(readonly maxInFlight: number = DEFAULT_MAX_IN_FLIGHT) {}

	private budgetOf(method: string, path: string): { key: string; budget: Budget } {
		const route = rateLimitedRouteOf(method, path);
		// Endpoints without a documented limit are still closed by a 429 (each path on its own).
		const key = route ?? `${method.toUpperCase()} ${path.split('?')[0]}`;
		let budget = this.budgets.get(key);
		if (!budget) {
			const documented = route ? DOCUMENTED_RATE_LIMITS[route] : undefined;
			budget = {
				limit: documented?.limit,
				windowMs: documented ? documented.windowSeconds * 1000 : undefined,
				used: 0,
				startedAt: Date.now(),
				closedUntil: 0,
				pending: 0,
			};
			this.budgets.set(key, budget);
		}
		return { key, budget };
	}

	/** When the budget lets one more request go: 0 for now, undefined for "once an answer in flight tells". */
	private openAt(budget: Budget, now: number): number | undefined {
		if (budget.endsAt !== undefined && now >= budget.endsAt + MARGIN_MS) {
			budget.used = 0;
			budget.endsAt = undefined;
			budget.startedAt = now;
		}
		if (budget.closedUntil > now) return budget.closedUntil;
		if (budget.limit === undefined || budget.used < budget.limit) return 0;
		if (budget.endsAt !== undefined) return budget.endsAt + MARGIN_MS;
		if (budget.pending > 0) return undefined;
		return budget.startedAt + (budget.windowMs ?? 0) + MARGIN_MS;
	}

	/** Waits until one request may be sent (window, then a place in flight), or says how long past `maxWaitMs` that is. */
	async admit(method: string, path: string, maxWaitMs: number): Promise<Ticket | TooLongToWait> {
		const { key, budget } = this.budgetOf(method, path);
		const start = Date.now();
		for (;;) {
			const now = Date.now();
			const at = this.openAt(budget, now);
			if (at === 0) break;
			if (at !== undefined && at - start > maxWaitMs) return { waitSeconds: Math.max(1, Math.ceil((at - now) / 1000)) };
			if (at === undefined && now - start > maxWaitMs) return { waitSeconds: 1 };
			await sleep(at === undefined ? RECHECK_MS : Math.max(1, at - now));
		}
		budget.used++;
		budget.pending++;
		await this.place();
		let released = false;
		return {
			key,
			sentAt: Date.now(),
			release: () => {
				if (released) return;
				released = true;
				budget.pending--;
				this.inFlight--;
				this.queue.shift()?.();
			},
		};
	}

	private async place(): Promise<void> {
		if (this.inFlight < this.maxInFlight) {
			this.inFlight++;
			return;
		}
		// The releasing request hands its place over, so the count stays right.
		await new Promise<void>((resolve) => this.queue.push(() => {
			this.inFlight++;
			resolve();
		}));
	}

	/** What one answer says about its endpoint's window (headers lower-cased), or a 429's Retry-After. */
	learn(ticket: Ticket, status: number | undefined, headers: IDataObject | undefined, retryAfterSeconds?: number): void {
		const budget = ticket.key === undefined ? undefined : this.budgets.get(ticket.key);
		if (!budget) return;
		const now = Date.now();
		if (status === 429) {
			budget.closedUntil = Math.max(budget.closedUntil, now + (retryAfterSeconds ?? 1) * 1000);
			return;
		}
		const limit = Number(headers?.['x-ratelimit-limit']);
		const remaining = Number(headers?.['x-ratelimit-remaining']);
		const reset = Number(headers?.['x-ratelimit-reset']);
		if (!Number.isFinite(limit) || !Number.isFinite(remaining) || !Number.isFinite(reset)) {
			// An answer without the figures: the service does not announce this limit, so the documented one is not applied.
			if (status !== undefined && status < 400) budget.limit = undefined;
			return;
		}
		// An answer to a request sent before the run moved to a new window speaks of the old one.
		if (ticket.sentAt < budget.startedAt) return;
		budget.limit = limit;
		const endsAt = now + reset * 1000;
		budget.endsAt = budget.endsAt === undefined ? endsAt : Math.min(budget.endsAt, endsAt);
		budget.used = Math.max(budget.used, limit - remaining);
	}
}

/** One pacer per run of the node, keyed like shared/batch.ts by the run's input items (shared by its items). */
const pacers = new WeakMap<object, Pacer>();

export function pacerOf(context: Pick<IExecuteSingleFunctions, 'getExecuteData'>, maxInFlight: number): Pacer {
	let items: unknown;
	try {
		items = context.getExecuteData()?.data?.main?.[0];
	} catch {
		items = undefined;
	}
	if (!Array.isArray(items)) return new Pacer(maxInFlight);
	let pacer = pacers.get(items);
	if (!pacer) {
		pacer = new Pacer(maxInFlight);
		pacers.set(items, pacer);
	}
	return pacer;
}
