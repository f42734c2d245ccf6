/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev/test code, never shipped: it starts the sandbox in a child process so that only the node's memory is measured */
/**
 * Peak memory of a 50 MB upload through the Social Publishing node (Media → Upload), run by n8n's
 * engine with the binary kept on disk (n8n's default filesystem mode). The sandbox runs in a child
 * process, so the figures are the node's side only.
 *
 *   npx tsc -p tsconfig.dev.json && node .build/bench/uploadMemory.js [sizeInBytes]
 */
import './benchEnv';

import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { SocialPublishing } from '../nodes/SocialPublishing/SocialPublishing.node';
import { mp4 } from '../test/fixtures/media';
import { storeBinary } from '../test/helpers/binaryData';
import { runNode } from '../test/helpers/engine';
import { registerAsLoadedByN8n } from '../test/helpers/n8nLoader';

const MB = 1024 * 1024;
const NODE_TYPE = 'n8n-nodes-social-publishing.socialPublishing';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function generated(head: Buffer, size: number): Readable {
	const filler = Buffer.alloc(MB);
	return Readable.from(
		(function* () {
			yield head;
			for (let left = size - head.length; left > 0; left -= MB) yield left >= MB ? filler : filler.subarray(0, left);
		})(),
	);
}

async function startSandboxProcess(): Promise<{ child: ChildProcess; baseUrl: string; apiKey: string }> {
	const child = spawn(process.execPath, [join(__dirname, '..', 'sandbox', 'cli.js'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
	let out = '';
	return await new Promise((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
		child.stdout?.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const baseUrl = /Base URL: (\S+)/.exec(out)?.[1];
			const apiKey = /API key:\s+(\S+)/.exec(out)?.[1];
			if (baseUrl && apiKey) resolve({ child, baseUrl, apiKey });
		});
	});
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

async function main(): Promise<void> {
	const size = Number(process.argv[2] ?? 50_000_000);
	registerAsLoadedByN8n(NODE_TYPE, new SocialPublishing());
	const sandbox = await startSandboxProcess();
	try {
		const binary = await storeBinary(generated(mp4(), size), { fileName: 'bench.mp4', mimeType: 'video/mp4' }, 'bench');
		const run = async () =>
			await runNode({
				credentials: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
				nodeType: NODE_TYPE,
				parameters: { resource: 'media', operation: 'upload', binaryPropertyName: 'data', requestOptions: { timeout: 60_000 } },
				items: [{ json: {}, binary: { data: binary } }],
			});
		// A small warm-up upload loads the engine and the HTTP client, so the measured run shows the upload itself.
		const warmUp = await storeBinary(mp4(), { fileName: 'warm.mp4', mimeType: 'video/mp4' }, 'bench-warm');
		await runNode({
			credentials: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
			nodeType: NODE_TYPE,
			parameters: { resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
			items: [{ json: {}, binary: { data: warmUp } }],
		});

		/** Peaks above the idle process while one upload runs; `collectEveryMs` forces GC to show what stays alive. */
		const measure = async (collectEveryMs?: number) => {
			gc();
			const base = process.memoryUsage();
			const peak = { rss: base.rss, heapUsed: base.heapUsed, external: base.external, arrayBuffers: base.arrayBuffers };
			let lastGc = Date.now();
			const sampler = setInterval(() => {
				if (collectEveryMs !== undefined && Date.now() - lastGc >= collectEveryMs) {
					gc();
					lastGc = Date.now();
				}
				const now = process.memoryUsage();
				peak.rss = Math.max(peak.rss, now.rss);
				peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
				peak.external = Math.max(peak.external, now.external);
				peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
			}, 2);
			const started = Date.now();
			const result = await run();
			const ms = Date.now() - started;
			clearInterval(sampler);
			if (result.error) throw result.error;
			return {
				ms,
				media: result.items[0]?.json,
				rss: peak.rss - base.rss,
				heapUsed: peak.heapUsed - base.heapUsed,
				external: peak.external - base.external,
				arrayBuffers: peak.arrayBuffers - base.arrayBuffers,
			};
		};
		const plain = await measure();
		const live = await measure(10);
		const row = (name: string, key: 'rss' | 'heapUsed' | 'external' | 'arrayBuffers') =>
			`    ${name.padEnd(13)} +${mb(plain[key]).padEnd(10)} +${mb(live[key])}`;
		const rows = [
			`Upload of ${mb(size)} (${size} bytes, MP4 kept on disk by n8n) through Media → Upload: ${plain.ms} ms, ${(size / MB / (plain.ms / 1000)).toFixed(0)} MB/s`,
			`  answer: type=${String(plain.media?.type)} path=${String(plain.media?.path)}`,
			'  peak above the idle process (sampled every 2 ms):',
			'                  as run         with GC forced every 10 ms (what stays alive)',
			row('rss', 'rss'),
			row('heapUsed', 'heapUsed'),
			row('external', 'external'),
			row('arrayBuffers', 'arrayBuffers'),
			`  "as run" includes read chunks V8 has not collected yet; a read-whole upload would keep the file (${mb(size)}) alive.`,
		];
		process.stdout.write(`${rows.join('\n')}\n`);
	} finally {
		sandbox.child.kill('SIGTERM');
	}
}

main().catch((error: Error) => {
	process.stderr.write(`uploadMemory: ${error.message}\n`);
	process.exitCode = 1;
});
