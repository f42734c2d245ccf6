/** What reached the API, for tests and the demo to inspect. Never holds a secret: only the kind of credential. */
export type AuthKind = 'bare' | 'bearer' | 'oauth' | 'none';

export interface LoggedRequest {
	seq: number;
	at: string;
	method: string;
	/** Path relative to the API base, e.g. `/posts`. */
	path: string;
	query: Record<string, unknown>;
	/** 0 when the connection was dropped without an answer. */
	status: number;
	auth: AuthKind;
	/** Bytes of the request body as received (Content-Length, or 0). */
	bodySize: number;
	/** The JSON body, for the demo and tests to see what the node sent (no credentials are ever in a body). */
	body?: unknown;
	durationMs: number;
	fault?: string;
}

export function authKindOf(header: string | undefined): AuthKind {
	if (!header) return 'none';
	if (/^bearer\s/i.test(header)) return 'bearer';
	if (header.startsWith('pos_')) return 'oauth';
	return 'bare';
}

export class RequestLog {
	private entries: LoggedRequest[] = [];
	private seq = 0;

	add(entry: Omit<LoggedRequest, 'seq'>): LoggedRequest {
		const logged = { seq: ++this.seq, ...entry };
		this.entries.push(logged);
		return logged;
	}

	list(): LoggedRequest[] {
		return [...this.entries];
	}

	clear(): void {
		this.entries = [];
	}
}
