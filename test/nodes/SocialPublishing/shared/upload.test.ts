import { fromBuffer } from 'file-type';

import { multipartFile, sniffMediaType } from '../../../../nodes/SocialPublishing/shared/upload';
import { avif, bmp, gif, jpeg, mov, mp4, png, text, tiff, webp } from '../../../fixtures/media';

/** The upload helpers: what the node reads of a file before sending it, and the multipart body it streams. */
describe('shared/upload', () => {
	describe('sniffMediaType: the node judges a file as the service does (file-type, what the sandbox uses)', () => {
		const ACCEPTED: Record<string, string> = {
			jpg: 'image/jpeg',
			png: 'image/png',
			gif: 'image/gif',
			webp: 'image/webp',
			avif: 'image/avif',
			bmp: 'image/bmp',
			tif: 'image/tiff',
			mp4: 'video/mp4',
		};
		it.each([
			['png', png()],
			['jpeg', jpeg()],
			['gif', gif()],
			['webp', webp()],
			['avif', avif()],
			['bmp', bmp()],
			['tiff', tiff()],
			['mp4', mp4()],
			['mov', mov()],
			['text', text()],
		])('%s', async (_name, bytes) => {
			const detected = await fromBuffer(bytes);
			const serviceAccepts =
				detected && ACCEPTED[detected.ext] ? ACCEPTED[detected.ext] : undefined;
			expect(sniffMediaType(bytes)?.mime).toBe(serviceAccepts);
		});
	});

	it('multipartFile streams head, file and tail with the exact size it announces, and can be streamed again', async () => {
		const file = Buffer.from('file-bytes');
		let opened = 0;
		const body = multipartFile('file', 'a "b".png', 'image/png', file.length, async () => {
			opened++;
			return [file.subarray(0, 4), file.subarray(4)];
		});
		const read = async () => {
			const chunks: Buffer[] = [];
			for await (const chunk of body.stream()) chunks.push(Buffer.from(chunk));
			return Buffer.concat(chunks);
		};
		const first = await read();
		expect(first.length).toBe(body.size);
		const boundary = /boundary=(.+)$/.exec(body.type)?.[1];
		expect(first.toString()).toBe(
			`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a _b_.png"\r\nContent-Type: image/png\r\n\r\nfile-bytes\r\n--${boundary}--\r\n`,
		);
		expect(Object.prototype.toString.call(body)).toBe('[object Blob]');
		expect((await read()).equals(first)).toBe(true);
		expect(opened).toBe(2);
	});

	it('multipartFile refuses to finish when the file is not the size announced', async () => {
		const body = multipartFile('file', 'a.png', 'image/png', 100, async () => [Buffer.alloc(10)]);
		await expect(async () => {
			for await (const _chunk of body.stream()) void _chunk;
		}).rejects.toThrow('changed while it was uploaded (10 of 100 bytes)');
	});
});
