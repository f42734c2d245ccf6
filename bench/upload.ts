/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev code, never shipped: each measurement runs in a fresh child process */
/**
 * 50 MB upload: Media → Upload from a binary property (n8n's filesystem mode: the binary is a file on disk), run by
 * n8n's engine, against a plain streamed upload of the same file to the same route (fetch with a multipart body
 * written by node:http around a read stream of the file). Each measurement runs in its own fresh process (this file with
 * `--child node|plain`), after a small warm-up upload, with the sandbox in another process; the peak growth of RSS
 * and of heap + external memory above the idle process is sampled every 2 ms. Rounds alternate in a random order;
 * ratios are medians of the rounds.
 */
import './benchEnv';

import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

import { mp4 } from '../test/fixtures/media';
import { binaryDataService, storeBinary } from '../test/helpers/binaryData';
import { runNode } from '../test/helpers/engine';
import {
	gc,
	median,
	NODE_TYPE,
	shuffled,
	startSandboxProcess,
	useBuiltNodes,
	type Row,
} from './lib';

const MB = 1024 * 1024;
const SIZE = 50_000_000;
const ROUNDS = 3;

type Mode = 'node' | 'plain';

interface Measured {
	ms: number;
	rss: number;
	heap: number;
	bytes: number;
}

function generated(head: Buffer, size: number): Readable {
	const filler = Buffer.alloc(MB, 7);
	return Readable.from(
		(function* () {
			yield head;
			for (let left = size - head.length; left > 0; left -= MB)
				yield left >= MB ? filler : filler.subarray(0, left);
		})(),
	);
}

/** One measurement in this (fresh) process: prints its figures as one JSON line. */
async function child(mode: Mode, baseUrl: string, apiKey: string): Promise<void> {
	await useBuiltNodes();
	const credentials = { baseUrl, apiKey };
	const big = await storeBinary(
		generated(mp4(), SIZE),
		{ fileName: 'bench.mp4', mimeType: 'video/mp4' },
		'bench',
	);
	const small = await storeBinary(
		mp4(),
		{ fileName: 'warm.mp4', mimeType: 'video/mp4' },
		'bench-warm',
	);
	const service = await binaryDataService();
	const viaNode = async (binary: typeof big) => {
		const result = await runNode({
			credentials,
			nodeType: NODE_TYPE,
			parameters: {
				resource: 'media',
				operation: 'upload',
				binaryPropertyName: 'data',
				requestOptions: { timeout: 120_000 },
			},
			items: [{ json: {}, binary: { data: binary } }],
		});
		if (result.error) throw new Error(`node: ${result.error.message}`);
	};
	/** node:http with the multipart body written around a read stream of the file, with back-pressure. */
	const plain = async (binary: typeof big) => {
		const path = service.getPath(binary.id as string);
		const boundary = `----bench${Date.now()}`;
		const head = Buffer.from(
			`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
		);
		const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
		const length = head.length + (await stat(path)).size + tail.length;
		const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
			const request = httpRequest(`${baseUrl}/upload`, {
				method: 'POST',
				headers: {
					Authorization: apiKey,
					'Content-Type': `multipart/form-data; boundary=${boundary}`,
					'Content-Length': length,
				},
			});
			request.once('response', (response) => {
				let body = '';
				response.on('data', (chunk: Buffer) => (body += chunk.toString()));
				response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
			});
			request.once('error', reject);
			pipeline(
				Readable.from(
					(async function* () {
						yield head;
						yield* createReadStream(path);
						yield tail;
					})(),
				),
				request,
			).catch(reject);
		});
		if (answer.status !== 201 && answer.status !== 200)
			throw new Error(`plain: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
	};
	const upload = mode === 'node' ? viaNode : plain;
	await upload(small);
	gc();
	const base = process.memoryUsage();
	const peak = { rss: base.rss, heap: base.heapUsed + base.external };
	const sampler = setInterval(() => {
		const now = process.memoryUsage();
		peak.rss = Math.max(peak.rss, now.rss);
		peak.heap = Math.max(peak.heap, now.heapUsed + now.external);
	}, 2);
	const started = process.hrtime.bigint();
	await upload(big);
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	clearInterval(sampler);
	const measured: Measured = {
		ms,
		rss: peak.rss - base.rss,
		heap: peak.heap - (base.heapUsed + base.external),
		bytes: big.fileSize ? Number(big.fileSize) : SIZE,
	};
	process.stdout.write(`${JSON.stringify(measured)}\n`);
}

async function measureInChild(mode: Mode, baseUrl: string, apiKey: string): Promise<Measured> {
	const proc = spawn(process.execPath, [__filename, '--child', mode], {
		stdio: ['ignore', 'pipe', 'inherit'],
		env: { ...process.env, BENCH_BASE_URL: baseUrl, BENCH_API_KEY: apiKey },
	});
	let out = '';
	proc.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
	const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
	if (code !== 0) throw new Error(`upload child (${mode}) exited with ${code}`);
	return JSON.parse(out.trim().split('\n').pop() ?? '{}') as Measured;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export async function upload(): Promise<Row[]> {
	const sandbox = await startSandboxProcess({
		rateLimits: { 'POST /upload': { limit: 1000, windowSeconds: 1 } },
	});
	try {
		const runs: Record<Mode, Measured[]> = { node: [], plain: [] };
		for (let round = 0; round < ROUNDS; round++) {
			for (const mode of shuffled<Mode>(['node', 'plain']))
				runs[mode].push(await measureInChild(mode, sandbox.baseUrl, sandbox.apiKey));
		}
		const of = (mode: Mode, key: keyof Measured) => median(runs[mode].map((m) => m[key]));
		const ratio = (key: keyof Measured) =>
			median(runs.node.map((m, i) => m[key] / Math.max(runs.plain[i][key], 1)));
		const size = `${(SIZE / 1e6).toFixed(0)} MB upload`;
		return [
			{
				section: 'upload',
				what: `${size}: peak RSS growth, node / plain`,
				ratio: ratio('rss'),
				detail: `+${mb(of('node', 'rss'))} vs +${mb(of('plain', 'rss'))} (medians of ${ROUNDS}, fresh processes)`,
			},
			{
				section: 'upload',
				what: `${size}: peak heap+external growth, node / plain`,
				ratio: ratio('heap'),
				detail: `+${mb(of('node', 'heap'))} vs +${mb(of('plain', 'heap'))}`,
			},
			{
				section: 'upload',
				what: `${size}: time, node / plain`,
				ratio: ratio('ms'),
				detail: `${(of('node', 'ms') / 1000).toFixed(2)} s vs ${(of('plain', 'ms') / 1000).toFixed(2)} s`,
			},
		];
	} finally {
		sandbox.stop();
	}
}

if (process.argv[2] === '--child') {
	child(
		process.argv[3] as Mode,
		String(process.env.BENCH_BASE_URL),
		String(process.env.BENCH_API_KEY),
	).catch((error: Error) => {
		process.stderr.write(`upload child: ${error.stack ?? error.message}\n`);
		process.exitCode = 1;
	});
}
