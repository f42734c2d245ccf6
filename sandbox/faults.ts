/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/** Fault injection on chosen API routes: a 500, a slow answer, a dropped connection or a 429, from the Nth request on. */
import type { RequestHandler } from 'express';

export type FaultKind = 'error500' | 'slow' | 'drop' | 'rateLimit';

export interface FaultSpec {
	method: string;
	/** Exact API path (`/posts`) or a pattern with `:name` segments (`/posts/:id`). */
	path: string;
	fault: FaultKind;
	/** How many matching requests it hits; default 1. */
	times?: number;
	/**
	 * How many matching requests it lets through first; default 0. A run stopped midway (the first
	 * post created, the second failing) is `skip: 1`.
	 */
	skip?: number;
	/** For `slow`: wait before answering normally; default 2000. */
	delayMs?: number;
	/** For `rateLimit`: the Retry-After seconds; default 60. */
	retryAfter?: number;
}

interface ActiveFault extends FaultSpec {
	remaining: number;
	/** Matching requests still to let through before it hits. */
	skipping: number;
	matcher: RegExp;
}

const FAULT_KINDS: FaultKind[] = ['error500', 'slow', 'drop', 'rateLimit'];

function patternToRegExp(path: string): RegExp {
	const escaped = path
		.split('/')
		.map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
		.join('/');
	return new RegExp(`^${escaped}/?$`);
}

export class Faults {
	private active: ActiveFault[] = [];

	/** Validates and adds a fault; returns an error text for a bad spec. */
	add(spec: FaultSpec): string | undefined {
		if (
			!spec ||
			typeof spec.method !== 'string' ||
			typeof spec.path !== 'string' ||
			!spec.path.startsWith('/')
		)
			return 'method and path (starting with /, relative to /api/public/v1) are required';
		if (!FAULT_KINDS.includes(spec.fault)) return `fault must be one of ${FAULT_KINDS.join(', ')}`;
		const times = spec.times ?? 1;
		if (!Number.isInteger(times) || times < 1) return 'times must be an integer of 1 or more';
		const skip = spec.skip ?? 0;
		if (!Number.isInteger(skip) || skip < 0) return 'skip must be an integer of 0 or more';
		this.active.push({
			...spec,
			method: spec.method.toUpperCase(),
			remaining: times,
			skipping: skip,
			matcher: patternToRegExp(spec.path),
		});
		return undefined;
	}

	clear(): void {
		this.active = [];
	}

	list(): FaultSpec[] {
		return this.active.map(({ method, path, fault, remaining, skipping, delayMs, retryAfter }) => ({
			method,
			path,
			fault,
			times: remaining,
			...(skipping > 0 ? { skip: skipping } : {}),
			...(delayMs !== undefined ? { delayMs } : {}),
			...(retryAfter !== undefined ? { retryAfter } : {}),
		}));
	}

	/**
	 * Takes the first fault matching the request that lets none through any more, spending one of its
	 * uses; every matching fault still letting requests through counts this one.
	 */
	take(method: string, path: string): ActiveFault | undefined {
		const matching = this.active.filter(
			(f) => f.method === method.toUpperCase() && f.matcher.test(path),
		);
		const found = matching.find((f) => f.skipping === 0);
		for (const f of matching) if (f.skipping > 0) f.skipping--;
		if (!found) return undefined;
		found.remaining--;
		if (found.remaining <= 0) this.active = this.active.filter((f) => f !== found);
		return found;
	}

	middleware(): RequestHandler {
		return (req, res, next) => {
			const fault = this.take(req.method, req.path);
			if (!fault) return next();
			res.locals.fault = fault.fault;
			switch (fault.fault) {
				case 'error500':
					res.status(500).json({ statusCode: 500, message: 'Internal server error' });
					return;
				case 'rateLimit':
					res
						.set('Retry-After', String(fault.retryAfter ?? 60))
						.status(429)
						.json({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
					return;
				case 'drop':
					req.socket.destroy();
					return;
				case 'slow': {
					const timer = setTimeout(() => next(), fault.delayMs ?? 2000);
					res.on('close', () => clearTimeout(timer));
					return;
				}
			}
		};
	}
}
