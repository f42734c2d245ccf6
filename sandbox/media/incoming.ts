/**
 * One file arriving chunk by chunk (from a multipart upload or a download): its type is decided by its first bytes,
 * its size is counted as it comes, and it is written to storage only once it is known to be acceptable.
 */
import { randomBytes } from 'node:crypto';
import FileType from 'file-type';
import { ACCEPTED_TYPES, type MediaKind } from './rules';
import type { FileStore, Spool } from './storage';

/** file-type reads at most this many bytes to decide. */
const DETECT_BYTES = 4100;

export type Rejection = 'unsupported' | 'imageTooLarge' | 'tooLarge';

export interface IncomingLimits {
	/** Any file above this is refused as `tooLarge`. */
	maxBytes?: number;
	/** An image above this is refused as `imageTooLarge`. */
	maxImageBytes?: number;
}

export interface AcceptedFile {
	ext: string;
	mime: string;
	kind: MediaKind;
	size: number;
}

export class IncomingMedia {
	private head: Buffer[] = [];
	private headBytes = 0;
	private type?: { ext: string; mime: string; kind: MediaKind };
	private readonly spool: Spool;
	size = 0;
	rejected?: Rejection;

	constructor(
		store: FileStore,
		private readonly limits: IncomingLimits,
	) {
		this.spool = store.spool();
	}

	/** Takes the next chunk; answers the reason once the file is refused (later chunks are then ignored). */
	async push(chunk: Buffer): Promise<Rejection | undefined> {
		if (this.rejected) return this.rejected;
		this.size += chunk.length;
		if (this.limits.maxBytes !== undefined && this.size > this.limits.maxBytes)
			return await this.reject('tooLarge');
		if (!this.type) {
			this.head.push(chunk);
			this.headBytes += chunk.length;
			if (this.headBytes < DETECT_BYTES) return undefined;
			await this.detect();
		} else {
			await this.spool.write(chunk);
		}
		return this.checkImageSize();
	}

	/** The whole file has arrived: the accepted type, or the reason it is refused. */
	async finish(): Promise<AcceptedFile | Rejection> {
		if (!this.rejected && !this.type) await this.detect();
		if (!this.rejected) await this.checkImageSize();
		if (this.rejected || !this.type) return this.rejected ?? 'unsupported';
		return { ...this.type, size: this.size };
	}

	/** Files an accepted file under a new random name with the extension of its real type; returns the storage path. */
	async keep(now: Date): Promise<{ name: string; relativePath: string }> {
		if (!this.type) throw new Error('keep() before an accepted finish()');
		const name = `${randomBytes(16).toString('hex')}.${this.type.ext}`;
		const day = now.toISOString().slice(0, 10).replace(/-/g, '/');
		const relativePath = `${day}/${name}`;
		await this.spool.keep(relativePath, this.type.mime);
		return { name, relativePath };
	}

	/** Drops whatever was written (e.g. when the request failed half-way). */
	async discard(): Promise<void> {
		this.head = [];
		await this.spool.discard();
	}

	private async detect(): Promise<void> {
		const head = Buffer.concat(this.head);
		this.head = [];
		// file-type throws on some truncated headers (e.g. a 10-byte TIFF): that file is not an accepted one either.
		const found =
			head.length > 0 ? await FileType.fromBuffer(head).catch(() => undefined) : undefined;
		const accepted = found ? ACCEPTED_TYPES[found.ext] : undefined;
		if (!found || !accepted) {
			await this.reject('unsupported');
			return;
		}
		this.type = { ext: found.ext, mime: accepted.mime, kind: accepted.kind };
		await this.spool.write(head);
	}

	private async checkImageSize(): Promise<Rejection | undefined> {
		if (this.rejected) return this.rejected;
		const max = this.limits.maxImageBytes;
		if (this.type?.kind === 'image' && max !== undefined && this.size > max)
			return await this.reject('imageTooLarge');
		return undefined;
	}

	private async reject(reason: Rejection): Promise<Rejection> {
		this.rejected ??= reason;
		await this.discard();
		return this.rejected;
	}
}
