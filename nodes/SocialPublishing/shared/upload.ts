import { BINARY_ENCODING, type IBinaryData, type IExecuteSingleFunctions } from 'n8n-workflow';

import type { AnswerContract } from './transport/answers';

/**
 * Uploads from an n8n binary property, streamed (Media → Upload, Post → Create's binary media): a
 * file n8n keeps on disk is never read whole. Type and size come from the binary's metadata and
 * first bytes, so a refused file costs no upload.
 */

export const MB = 1024 * 1024;

/** What both upload routes answer: a media item (spec 2.2). */
export const MEDIA_ITEM: AnswerContract = {
	is: 'the uploaded media item',
	shape: { object: { id: 'text', path: 'text' } },
};

export const UPLOAD_LIMITS = {
	/** Spec 8: an image on upload. */
	imageBytes: 10 * MB,
	/** Spec 8: the whole POST /upload request (413 above). */
	requestBytes: 50 * MB,
} as const;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
	String.fromCharCode(...bytes.subarray(from, to));

const image = (ext: string, type = ext) => ({ mime: `image/${type}`, kind: 'image' as const, ext });

/** ISO base media brands that are MP4 video (not AVIF/HEIF images, not QuickTime). */
const MP4_BRAND = /^(iso[m2-6]|mp4[12]|avc1|M4V[ P]|dash|mmp4|MSNV|f4v |XAVC)$/;

/**
 * The accepted types of POST /upload (service-notes: JPEG, PNG, GIF, WEBP, AVIF, BMP, TIFF, MP4),
 * told by their bytes.
 */
export function sniffMediaType(head: Uint8Array) {
	const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
	const brand = ascii(head, 4, 8) === 'ftyp' ? ascii(head, 8, 12) : '';
	if (starts(0xff, 0xd8, 0xff)) return image('jpg', 'jpeg');
	if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return image('png');
	if (/^GIF8[79]a$/.test(ascii(head, 0, 6))) return image('gif');
	if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return image('webp');
	if (starts(0x42, 0x4d) && head.length >= 14) return image('bmp');
	if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return image('tif', 'tiff');
	if (brand === 'avif' || brand === 'avis') return image('avif');
	if (MP4_BRAND.test(brand)) return { mime: 'video/mp4', kind: 'video' as const, ext: 'mp4' };
	return undefined;
}

export type MediaType = NonNullable<ReturnType<typeof sniffMediaType>>;

/**
 * A multipart/form-data body with one file field, read lazily: a Blob to axios, streamed with a
 * known Content-Length; each `stream()` opens the file again, so it can be re-sent after a 429.
 */
export function multipartFile(
	field: string,
	fileName: string,
	contentType: string,
	fileSize: number,
	open: () => Promise<AsyncIterable<Uint8Array> | Iterable<Uint8Array>>,
) {
	const unique = `${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
	const boundary = `----n8nSocialPublishing${unique}`;
	const name = fileName.replace(/[\r\n"\\]/g, '_');
	const head = Buffer.from(
		`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`,
	);
	const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
	return {
		size: head.length + fileSize + tail.length,
		type: `multipart/form-data; boundary=${boundary}`,
		[Symbol.toStringTag]: 'Blob',
		async *stream(): AsyncGenerator<Uint8Array> {
			yield head;
			let sent = 0;
			for await (const chunk of await open()) {
				sent += chunk.length;
				yield chunk;
			}
			// A Content-Length that does not match the bytes would hang or cut the request.
			if (sent !== fileSize)
				throw new Error(
					`The binary data changed while it was uploaded (${sent} of ${fileSize} bytes)`,
				);
			yield tail;
		},
	};
}

/** Bytes read to tell the type. */
const HEAD_BYTES = 64;
const CHUNK_BYTES = 256 * 1024;

/**
 * Size, first bytes (enough for sniffMediaType) and a reader from the start, in chunks, of an n8n
 * binary, without reading a file n8n keeps on disk whole. For Media → Upload and Post → Create.
 */
export async function binarySource(context: IExecuteSingleFunctions, binary: IBinaryData) {
	const { id } = binary;
	if (id) {
		// Kept by n8n on disk or in object storage: read in chunks, never whole.
		const { fileSize: size } = await context.helpers.getBinaryMetadata(id);
		const stream = await context.helpers.getBinaryStream(id, HEAD_BYTES);
		let head = Buffer.alloc(0);
		try {
			for await (const chunk of stream) {
				head = Buffer.concat([head, chunk as Buffer]);
				if (head.length >= HEAD_BYTES) break;
			}
		} finally {
			stream.destroy();
		}
		head = head.subarray(0, HEAD_BYTES);
		return { size, head, open: async () => await context.helpers.getBinaryStream(id, CHUNK_BYTES) };
	}
	// n8n's in-memory mode: the item already holds the whole file.
	const buffer = Buffer.from(binary.data, BINARY_ENCODING);
	return { size: buffer.length, head: buffer.subarray(0, HEAD_BYTES), open: async () => [buffer] };
}

export type BinarySource = Awaited<ReturnType<typeof binarySource>>;
