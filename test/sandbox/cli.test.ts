/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev/test code, never shipped: it runs the user command `npm run sandbox` */
/**
 * `npm run sandbox` as a user runs it: the command compiles the sandbox and starts the built JavaScript, which is not
 * what the other sandbox tests load (they run the TypeScript sources). A route family missing from the build (as the
 * media routes once were) answers 404 here and nowhere else, so this smoke run calls one route of each family.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { png } from '../fixtures/media';

const ROOT = join(__dirname, '..', '..');
const X_CHANNEL = '0e000000-0000-4000-8000-000000000011';

let sandbox: ChildProcess;
let output = '';
let baseUrl = '';
let apiKey = '';

beforeAll(async () => {
	// Its own process group, so that stopping it stops npm, the shell and node alike.
	sandbox = spawn('npm', ['run', '--silent', 'sandbox', '--', '--port', '0'], {
		cwd: ROOT,
		detached: true,
	});
	sandbox.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	sandbox.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	await new Promise<void>((resolve, reject) => {
		const started = Date.now();
		const timer = setInterval(() => {
			const url = /^Base URL: (\S+)$/m.exec(output)?.[1];
			const key = /^API key: +(\S+)$/m.exec(output)?.[1];
			if (url && key) {
				clearInterval(timer);
				[baseUrl, apiKey] = [url, key];
				resolve();
			} else if (sandbox.exitCode !== null || Date.now() - started > 150_000) {
				clearInterval(timer);
				reject(new Error(`npm run sandbox did not start:\n${output}`));
			}
		}, 100);
	});
}, 160_000);

afterAll(async () => {
	if (sandbox.exitCode !== null || sandbox.pid === undefined) return;
	const exited = new Promise((resolve) => sandbox.once('exit', resolve));
	process.kill(-sandbox.pid, 'SIGTERM');
	await exited;
});

async function call(
	method: string,
	path: string,
	body?: unknown,
): Promise<{ status: number; json: unknown }> {
	const isForm = body instanceof FormData;
	const response = await fetch(`${baseUrl}${path}`, {
		method,
		headers: {
			Authorization: apiKey,
			...(body && !isForm ? { 'Content-Type': 'application/json' } : {}),
		},
		body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.status, json: await response.json().catch(() => undefined) };
}

function uploadForm(): FormData {
	const form = new FormData();
	form.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'cover.png');
	return form;
}

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

// One route of each family, with the status the spec gives for a valid request (or for a refused one where a
// valid one needs the outside world: upload-from-url needs a public https host, so it must answer 400, not 404).
const families: Array<
	[family: string, method: string, path: string, body: (() => unknown) | undefined, status: number]
> = [
	['channels', 'GET', '/integrations', undefined, 200],
	[
		'posts',
		'GET',
		`/posts?startDate=${new Date(Date.now() - 86_400_000).toISOString()}&endDate=${inAWeek()}`,
		undefined,
		200,
	],
	[
		'posts',
		'POST',
		'/posts',
		() => ({
			type: 'draft',
			date: inAWeek(),
			shortLink: false,
			tags: [],
			posts: [
				{
					integration: { id: X_CHANNEL },
					value: [{ content: 'Smoke test', image: [] }],
					settings: { who_can_reply_post: 'everyone' },
				},
			],
		}),
		201,
	],
	['slots', 'GET', `/find-slot/${X_CHANNEL}`, undefined, 200],
	['analytics', 'GET', `/analytics/${X_CHANNEL}?date=7`, undefined, 200],
	['notifications', 'GET', '/notifications?page=0', undefined, 200],
	['upload', 'POST', '/upload', uploadForm, 201],
	['upload-from-url', 'POST', '/upload-from-url', () => ({ url: 'http://example.com/a.png' }), 400],
	['media', 'GET', '/media?page=1', undefined, 200],
];

describe('npm run sandbox serves every route family from its build', () => {
	test.each(families)('%s: %s %s', async (_family, method, path, body, status) => {
		const answer = await call(method, path, body?.());
		expect({ path, status: answer.status }).toEqual({ path, status });
	});
});
