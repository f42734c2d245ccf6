/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped */
/**
 * Where uploaded bytes live ({cdn_url}): small files in memory, big ones in a temp dir removed on close.
 * Files are written while they arrive, so a big upload is never held whole in memory.
 */
import {
	createReadStream,
	createWriteStream,
	mkdtempSync,
	rmSync,
	type WriteStream,
} from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from 'express';

/** Files up to this size stay in memory; bigger ones spill to disk. */
const MEMORY_BYTES = 1024 * 1024;

export interface StoredFile {
	mime: string;
	size: number;
	data?: Buffer;
	file?: string;
}

/** Bytes of one file on their way in; `keep` files them under a name, `discard` drops them. */
export class Spool {
	private chunks: Buffer[] = [];
	private out?: WriteStream;
	private file?: string;
	size = 0;

	constructor(private readonly store: FileStore) {}

	async write(chunk: Buffer): Promise<void> {
		this.size += chunk.length;
		if (!this.out && this.size <= MEMORY_BYTES) {
			this.chunks.push(chunk);
			return;
		}
		if (!this.out) {
			this.file = this.store.tempFile();
			this.out = createWriteStream(this.file);
			const held = this.chunks;
			this.chunks = [];
			for (const c of held) this.out.write(c);
		}
		if (!this.out.write(chunk)) await once(this.out, 'drain');
	}

	async keep(relativePath: string, mime: string): Promise<void> {
		if (this.out) {
			this.out.end();
			await once(this.out, 'close');
			this.store.put(relativePath, { mime, size: this.size, file: this.file });
		} else {
			this.store.put(relativePath, { mime, size: this.size, data: Buffer.concat(this.chunks) });
		}
		this.chunks = [];
	}

	async discard(): Promise<void> {
		this.chunks = [];
		if (this.out) {
			this.out.destroy();
			await once(this.out, 'close').catch(() => undefined);
			if (this.file) rmSync(this.file, { force: true });
			this.out = undefined;
		}
	}
}

export class FileStore {
	private files = new Map<string, StoredFile>();
	private dir?: string;
	private fileSeq = 0;

	/** @param baseUrl {cdn_url}: absolute URL stored files are served under, read when needed (known once listening) */
	constructor(private readonly baseUrl: () => string) {}

	spool(): Spool {
		return new Spool(this);
	}

	tempFile(): string {
		this.dir ??= mkdtempSync(join(tmpdir(), 'social-sandbox-media-'));
		return join(this.dir, `f${++this.fileSeq}`);
	}

	put(relativePath: string, file: StoredFile): void {
		this.files.set(relativePath, file);
	}

	urlOf(relativePath: string): string {
		return `${this.baseUrl().replace(/\/$/, '')}/${relativePath}`;
	}

	/**
	 * Public GET of stored files, mounted at the root of the sandbox, outside the authenticated API.
	 * Serves whatever path {cdn_url} has, so the core may choose it.
	 */
	router(): Router {
		const router = Router();
		router.get('/*path', (req, res, next) => {
			const prefix = `${new URL(this.baseUrl()).pathname.replace(/\/$/, '')}/`;
			if (!req.path.startsWith(prefix)) return next();
			const file = this.files.get(decodeURIComponent(req.path.slice(prefix.length)));
			if (!file) {
				res.status(404).json({ msg: 'File not found' });
				return;
			}
			res.set({ 'Content-Type': file.mime, 'Content-Length': String(file.size) });
			if (file.data) res.end(file.data);
			else if (file.file) createReadStream(file.file).pipe(res);
		});
		return router;
	}

	close(): void {
		this.files.clear();
		if (this.dir) rmSync(this.dir, { recursive: true, force: true });
		this.dir = undefined;
	}
}

/**
 * True when `path` is an address inside the storage at `storageOrigin` ({cdn_url}): what POST /posts calls "the
 * service's own storage". Every path the media routes issue passes; other hosts, other prefixes and `..` do not.
 * Only the location is checked, not that the file exists.
 */
export function isStoragePath(path: string, storageOrigin: string): boolean {
	let url: URL;
	let base: URL;
	try {
		url = new URL(path);
		base = new URL(storageOrigin.endsWith('/') ? storageOrigin : `${storageOrigin}/`);
	} catch {
		return false;
	}
	return (
		url.origin === base.origin &&
		url.pathname.startsWith(base.pathname) &&
		url.pathname.length > base.pathname.length &&
		!/(^|\/)\.\.?(\/|$)|%2e/i.test(path.slice(base.origin.length))
	);
}
