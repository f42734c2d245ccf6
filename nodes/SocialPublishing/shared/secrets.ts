import type { IDataObject } from 'n8n-workflow';

/** Credential keys: production echoes a channel's tokens on DELETE /integrations/:id. */
const SECRET_KEY = /token|secret|password|api[-_]?key|authorization|cookie/i;

/** The value without credential fields: copied where one is found, else itself (CPU per item). */
export function redactSecrets(value: unknown): unknown {
	return anyInside(value, { name: (name) => SECRET_KEY.test(name) })
		? withoutSecretFields(value)
		: value;
}

function withoutSecretFields(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutSecretFields);
	if (!value || typeof value !== 'object') return value;
	const kept = Object.entries(value).filter(([key]) => !SECRET_KEY.test(key));
	return Object.fromEntries(kept.map(([key, inner]) => [key, withoutSecretFields(inner)]));
}

/**
 * Shortest key the node sends: every answer, error and output has the key's value replaced, and a
 * key of a few characters would take ordinary words with it ("post", "2024"). No key the service
 * issues is shorter (long hex strings, OAuth tokens "pos_" and more): a shorter one is refused.
 */
export const MIN_KEY_LENGTH = 8;

export const REDACTED = '[redacted]';

/** Replaces the key in whatever crosses the transport (shared/transport/index.ts), by its value. */
export interface KeyRedactor {
	/** The text with every form of the key replaced. */
	text(value: string): string;
	/** A JSON-like value with the key replaced in every string and field name (copied if held). */
	value<T>(value: T): T;
	/**
	 * The error itself, with the key replaced in every string it holds. Handed on to n8n, it also
	 * loses the HTTP client's error it wraps (it holds the request and the key); `keepCause` leaves
	 * it, for the transport to read the answer from.
	 */
	error<T>(error: T, options?: { keepCause?: boolean }): T;
}

/**
 * The forms in which a service, a gateway or a proxy repeats a header value, escaped for a RegExp.
 * Matched without regard to case (%2f and %2F; a case variant of a key is no ordinary text either).
 */
function formsOf(key: string): string[] {
	const json = JSON.stringify(key).slice(1, -1);
	const forms = [
		key,
		encodeURIComponent(key),
		encodeURIComponent(encodeURIComponent(key)),
		new URLSearchParams({ k: key }).toString().slice(2),
		json,
		json.replace(/\//g, '\\/'),
		JSON.stringify(json).slice(1, -1),
	];
	const escaped = (form: string) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	return [...new Set(forms)].sort((a, b) => b.length - a.length).map(escaped);
}

/** A plain JSON-like container: an array, an object of Object or no prototype, axios' headers. */
function isContainer(value: unknown): value is Record<string, unknown> {
	if (!value || typeof value !== 'object') return false;
	const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
	if (Array.isArray(value) || proto === null || proto === Object.prototype) return true;
	return proto.constructor?.name === 'AxiosHeaders';
}

/**
 * Whether a field name (`name`) or a string (`text`) anywhere in `root` passes its test. Iterative,
 * each container once: a deep or cyclic value is walked without exhausting the stack.
 */
function anyInside(
	root: unknown,
	test: { name?: (name: string) => boolean; text?: (text: string) => boolean },
): boolean {
	const seen = new Set<object>();
	const pending: unknown[] = [root];
	while (pending.length > 0) {
		const inner = pending.pop();
		if (typeof inner === 'string') {
			if (test.text?.(inner)) return true;
		} else if (isContainer(inner) && !seen.has(inner)) {
			seen.add(inner);
			// One by one, not spread: an answer's list can be longer than a call takes arguments.
			const named = !Array.isArray(inner);
			for (const name of Object.keys(inner)) {
				if (named && test.name?.(name)) return true;
				pending.push(inner[name]);
			}
		}
	}
	return false;
}

/** Parts of a client error that hold the request being sent (and its key), not what came back. */
const REQUEST_PARTS = /^(config|request|req|res|socket|agent|_currentRequest|_options)$/;

/** The last redactor made: every item of a run asks for the same key's (CPU per item, issue 31). */
let last: { key: string; redactor: KeyRedactor } | undefined;

/**
 * The one place where the key's value is taken out of what the service sent back. Iterative (no
 * recursion), so a deeply nested answer is walked without exhausting the stack.
 */
export function keyRedactor(key: string): KeyRedactor {
	if (last?.key === key) return last.redactor;
	if (!key) return { text: (value) => value, value: (value) => value, error: (error) => error };
	const pattern = new RegExp(formsOf(key).join('|'), 'gi');
	// Every form is at least as long as the key: a shorter text cannot hold one.
	const text = (value: string): string =>
		value.length >= key.length ? value.replace(pattern, REDACTED) : value;

	const shape = new RegExp(pattern.source, 'i');
	const holds = (text: string) => text.length >= key.length && shape.test(text);
	/** Most answers do not hold the key, and are handed on as they are: walked once, not copied. */
	const holdsKey = (root: unknown) => anyInside(root, { name: holds, text: holds });

	const value = <T>(root: T): T => {
		if (typeof root === 'string') return text(root) as T;
		if (!isContainer(root) || !holdsKey(root)) return root;
		const copies = new Map<object, Record<string, unknown>>();
		const copyOf = (from: Record<string, unknown>) => {
			let copy = copies.get(from);
			if (!copy) {
				copy = (Array.isArray(from) ? [] : {}) as Record<string, unknown>;
				copies.set(from, copy);
				pending.push([from, copy]);
			}
			return copy;
		};
		const pending: Array<[Record<string, unknown>, Record<string, unknown>]> = [];
		const top = copyOf(root);
		while (pending.length > 0) {
			const [from, to] = pending.pop() as [Record<string, unknown>, Record<string, unknown>];
			for (const [name, inner] of Object.entries(from)) {
				to[Array.isArray(from) ? name : text(name)] =
					typeof inner === 'string' ? text(inner) : isContainer(inner) ? copyOf(inner) : inner;
			}
		}
		return top as T;
	};

	const error = <T>(root: T, options: { keepCause?: boolean } = {}): T => {
		const seen = new WeakSet<object>();
		const pending: unknown[] = [root];
		while (pending.length > 0) {
			const holder = pending.pop();
			if (!holder || typeof holder !== 'object' || seen.has(holder)) continue;
			seen.add(holder);
			for (const name of Object.getOwnPropertyNames(holder)) {
				if (REQUEST_PARTS.test(name)) continue;
				const descriptor = Object.getOwnPropertyDescriptor(holder, name);
				if (!descriptor || !('value' in descriptor)) continue;
				const inner: unknown = descriptor.value;
				const renamed = Array.isArray(holder) ? name : text(name);
				const replaced = typeof inner === 'string' ? text(inner) : inner;
				if (renamed !== name && descriptor.configurable) {
					delete (holder as Record<string, unknown>)[name];
					Object.defineProperty(holder, renamed, { ...descriptor, value: replaced });
				} else if (replaced !== inner && (descriptor.writable || descriptor.configurable)) {
					Object.defineProperty(holder, name, { ...descriptor, value: replaced });
				}
				if (inner instanceof Error || isContainer(inner)) pending.push(inner);
			}
		}
		// An error handed on never keeps the client's own, which holds the request and its
		// Authorization header.
		const cause = Object(root instanceof Error ? root.cause : undefined) as IDataObject;
		if (!options.keepCause && (cause.isAxiosError || cause.config || cause.request))
			(root as Error).cause = undefined;
		return root;
	};

	last = { key, redactor: { text, value, error } };
	return last.redactor;
}
