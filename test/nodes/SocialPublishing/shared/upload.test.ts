import { fromBuffer } from 'file-type';

import { tagName } from '../../../../nodes/SocialPublishing/methods/loadOptions';
import { explainFailure, subjectOf } from '../../../../nodes/SocialPublishing/shared/errors';
import { policyOf, DEFAULT_POLICY } from '../../../../nodes/SocialPublishing/shared/transport';
import { multipartFile, sniffMediaType } from '../../../../nodes/SocialPublishing/shared/upload';
import { dateWindows, parseSettings } from '../../../../nodes/SocialPublishing/resources/post/getMany';
import { redactSecrets } from '../../../../nodes/SocialPublishing/shared/secrets';
import { avif, bmp, gif, jpeg, mov, mp4, png, text, tiff, webp } from '../../../fixtures/media';

/** The node's pure helpers, where a table says more than a workflow would. */
describe('Social Publishing helpers', () => {
	describe('sniffMediaType: the node judges a file as the service does (file-type, what the sandbox uses)', () => {
		const ACCEPTED: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif', bmp: 'image/bmp', tif: 'image/tiff', mp4: 'video/mp4' };
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
			const serviceAccepts = detected && ACCEPTED[detected.ext] ? ACCEPTED[detected.ext] : undefined;
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

	it('dateWindows splits a range into windows of at most N days that neither overlap nor leave gaps', () => {
		const day = 86_400_000;
		const start = Date.parse('2025-01-01T00:00:00Z');
		const windows = dateWindows(start, start + 800 * day, 370).map(([a, b]) => [Date.parse(a), Date.parse(b)]);
		expect(windows.map(([a, b]) => (b - a) / day)).toEqual([370, 370, 60 - 2 / day]);
		expect(windows[0][0]).toBe(start);
		expect(windows.at(-1)?.[1]).toBe(start + 800 * day);
		for (let i = 1; i < windows.length; i++) expect(windows[i][0]).toBe(windows[i - 1][1] + 1);
		expect(dateWindows(start, start, 370)).toHaveLength(1);
	});

	it('redactSecrets drops credential fields at any depth and keeps the rest', () => {
		expect(
			redactSecrets({ id: 'c1', token: 't', refreshToken: 'r', nested: [{ accessToken: 'a', name: 'n', api_key: 'k', clientSecret: 's' }], tokenExpiration: 'x' }),
		).toEqual({ id: 'c1', nested: [{ name: 'n' }] });
	});

	it('parseSettings parses a JSON string and leaves other values alone', () => {
		expect(parseSettings({ settings: '{"a":1}' })).toEqual({ settings: { a: 1 } });
		expect(parseSettings({ settings: 'plain' })).toEqual({ settings: 'plain' });
		expect(parseSettings({ settings: { a: 1 } })).toEqual({ settings: { a: 1 } });
	});

	it('tagName reads both tag shapes', () => {
		expect(tagName({ value: 'id', label: 'Launch' })).toBe('Launch');
		expect(tagName({ tag: { id: 'id', name: 'Promo', color: '#fff' } })).toBe('Promo');
		expect(tagName({ tag: {} })).toBeUndefined();
		expect(tagName(null)).toBeUndefined();
	});

	it('subjectOf finds the id a route acts on', () => {
		expect(subjectOf('/analytics/post/p1')).toEqual({ kind: 'post', id: 'p1' });
		expect(subjectOf('/analytics/c1')).toEqual({ kind: 'channel', id: 'c1' });
		expect(subjectOf('/posts/group/g1')).toEqual({ kind: 'group', id: 'g1' });
		expect(subjectOf('/posts/p1/release-id')).toEqual({ kind: 'post', id: 'p1' });
		expect(subjectOf('/integration-trigger/c%201')).toEqual({ kind: 'channel', id: 'c 1' });
		expect(subjectOf('/posts')).toBeUndefined();
	});

	it('explainFailure words a platform rule violation with the channel and a fix', () => {
		const explained = explainFailure({
			method: 'POST',
			path: '/posts',
			status: 400,
			body: { statusCode: 400, provider: 'instagram', name: 'Acme Bakery Instagram', message: 'Should have at least one media' },
		});
		expect(explained.message).toBe('Channel "Acme Bakery Instagram" (instagram) refused the post: Should have at least one media');
	});

	it('policyOf reads Request Options, keeping defaults for what is absent or invalid', () => {
		expect(policyOf({})).toEqual(DEFAULT_POLICY);
		expect(policyOf({ timeout: 500, maxRetries: 0, retryDelay: 5, maxRateLimitWait: 0, includeRateLimitInfo: true })).toEqual({
			timeoutMs: 500,
			retries: 0,
			retryDelayMs: 5,
			maxRateLimitWaitS: 0,
			includeRateLimitInfo: true,
		});
		expect(policyOf({ timeout: -1, maxRetries: 'x' }).timeoutMs).toBe(DEFAULT_POLICY.timeoutMs);
		expect(policyOf({ maxRetries: 'x' }).retries).toBe(DEFAULT_POLICY.retries);
	});
});
