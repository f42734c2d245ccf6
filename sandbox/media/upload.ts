/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped */
/**
 * POST /upload (spec 4.7): multipart/form-data, file in the field `file`, read as a stream with busboy.
 * The request is counted as it arrives, so a 50 MB+ body is refused without being held in memory.
 */
import busboy from 'busboy';
import type { Request, Response } from 'express';
import type { Readable } from 'node:stream';
import { IncomingMedia, type AcceptedFile, type Rejection } from './incoming';
import { MEDIA_LIMITS, MESSAGES } from './rules';
import type { FileStore } from './storage';

export interface Outcome {
	status: number;
	body: unknown;
}

const tooLarge: Outcome = {
	status: 413,
	body: { statusCode: 413, message: MESSAGES.requestTooLarge },
};

const REJECTIONS: Record<Rejection, Outcome> = {
	unsupported: { status: 400, body: { msg: MESSAGES.unsupportedUpload } },
	imageTooLarge: { status: 400, body: { msg: MESSAGES.imageTooLarge } },
	tooLarge,
};

/** What a received upload turned into: an accepted file ready to keep, or the answer to send. */
export type Received =
	| { file: AcceptedFile; incoming: IncomingMedia; originalName: string }
	| Outcome;

/** Reads the multipart request; never rejects. */
export async function receiveUpload(req: Request, store: FileStore): Promise<Received> {
	const declared = Number(req.headers['content-length']);
	if (Number.isFinite(declared) && declared > MEDIA_LIMITS.uploadRequestBytes) return tooLarge;

	let parser: busboy.Busboy;
	try {
		parser = busboy({ headers: req.headers });
	} catch {
		return { status: 400, body: { msg: MESSAGES.notMultipart } };
	}

	return await new Promise<Received>((resolve) => {
		let settled = false;
		let fileDone: Promise<Received> | undefined;
		let pending: IncomingMedia | undefined;
		const settle = (result: Received) => {
			if (settled) return;
			settled = true;
			resolve(result);
		};
		const fail = (outcome: Outcome) => {
			req.unpipe(parser);
			parser.destroy();
			// Read the rest and drop it, so the client finishes sending and then reads the answer.
			req.resume();
			void pending?.discard();
			settle(outcome);
		};

		let received = 0;
		req.on('data', (chunk: Buffer) => {
			received += chunk.length;
			if (received > MEDIA_LIMITS.uploadRequestBytes) fail(tooLarge);
		});

		parser.on('file', (field: string, stream: Readable, info: busboy.FileInfo) => {
			if (field !== 'file' || fileDone) {
				stream.resume();
				return;
			}
			pending = new IncomingMedia(store, { maxImageBytes: MEDIA_LIMITS.imageBytes });
			fileDone = readFile(stream, pending, info.filename);
		});
		parser.on('close', () => {
			if (!fileDone) settle({ status: 400, body: { msg: MESSAGES.noFile } });
			else void fileDone.then(settle);
		});
		parser.on('error', () => fail({ status: 400, body: { msg: MESSAGES.notMultipart } }));
		req.on('aborted', () => {
			void pending?.discard();
			settle({ status: 400, body: { msg: 'Upload aborted' } });
		});
		req.pipe(parser);
	});
}

async function readFile(
	stream: Readable,
	incoming: IncomingMedia,
	filename: string | undefined,
): Promise<Received> {
	try {
		// A refused file is still read to its end (and dropped), so that busboy reaches the rest of the request.
		for await (const chunk of stream) await incoming.push(chunk as Buffer);
		const result = await incoming.finish();
		if (typeof result === 'string') return REJECTIONS[result];
		return { file: result, incoming, originalName: filename ?? '' };
	} catch {
		await incoming.discard();
		return { status: 400, body: { msg: MESSAGES.notMultipart } };
	}
}

export function sendOutcome(res: Response, outcome: Outcome): void {
	res.status(outcome.status).json(outcome.body);
}
