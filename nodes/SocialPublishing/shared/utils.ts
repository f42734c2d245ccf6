import { jsonParse, type IDataObject, type INodeExecutionData } from 'n8n-workflow';

/** Keys whose values are credentials: production echoes a channel's tokens on DELETE /integrations/:id. */
const SECRET_KEY = /token|secret|password|api[-_]?key|authorization|cookie/i;

/** A deep copy without any field that holds a credential. */
export function redactSecrets(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(redactSecrets);
	if (value && typeof value === 'object') {
		const copy: IDataObject = {};
		for (const [key, inner] of Object.entries(value as IDataObject)) {
			if (!SECRET_KEY.test(key)) copy[key] = redactSecrets(inner) as IDataObject;
		}
		return copy;
	}
	return value;
}

/** Production sends a post's `settings` as a JSON string; the node outputs the object. */
export function parseSettings(post: IDataObject): IDataObject {
	const { settings } = post;
	if (typeof settings !== 'string') return post;
	try {
		return { ...post, settings: jsonParse<IDataObject>(settings) };
	} catch {
		return post;
	}
}

/** One item per element of a list answer; an object answer is one item. */
export function toItems(body: unknown): INodeExecutionData[] {
	if (Array.isArray(body)) {
		return body.map((element) => ({
			json: (element !== null && typeof element === 'object' ? element : { value: element }) as IDataObject,
		}));
	}
	if (body === undefined || body === null || body === '') return [];
	return [{ json: (typeof body === 'object' ? body : { value: body }) as IDataObject }];
}

/** The X-RateLimit-* figures of an answer, or null when the route sends none. */
export function rateLimitFigures(headers: IDataObject | undefined): IDataObject | null {
	if (!headers) return null;
	const read = (name: string) => {
		const value = headers[name];
		return value === undefined ? undefined : Number(value);
	};
	const limit = read('x-ratelimit-limit');
	const remaining = read('x-ratelimit-remaining');
	const reset = read('x-ratelimit-reset');
	if (limit === undefined && remaining === undefined && reset === undefined) return null;
	return { limit: limit ?? null, remaining: remaining ?? null, resetSeconds: reset ?? null };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Splits [start, end] into windows of at most `maxDays` that do not overlap (the service includes
 * both ends of a range, so each window starts one millisecond after the previous one ends).
 */
export function dateWindows(startMs: number, endMs: number, maxDays: number): Array<[string, string]> {
	const windows: Array<[string, string]> = [];
	let from = startMs;
	while (from <= endMs) {
		const to = Math.min(endMs, from + maxDays * DAY_MS);
		windows.push([new Date(from).toISOString(), new Date(to).toISOString()]);
		from = to + 1;
	}
	return windows;
}
