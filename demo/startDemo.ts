/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev code, never shipped: it runs the demo and a browser */
/**
 * The demo's editor in a browser, shared by `npm run screenshots` and the browser test (`npm run test:browser`):
 * `startDemo()` runs `npm run demo` in a process group of its own and waits for the login it prints; `stop()` sends
 * the Ctrl-C it expects and waits until it has stopped everything. `openEditor()` starts Debian's Chromium headless
 * (playwright-core drives it, it downloads no browser) with a context already logged in to that editor.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

import { chromium, type Browser, type BrowserContext } from 'playwright-core';

import { ROOT } from '../local-n8n/localN8n';
import { defaultSeed, summarise } from '../sandbox/seed';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface RunningDemo {
	editor: string;
	email: string;
	password: string;
	/** The sandbox's address (the credential's Base URL). */
	baseUrl: string;
	stop: () => Promise<void>;
}

/** `npm run demo` until its editor is up; its output is echoed through `echo`. */
export async function startDemo(
	echo: (text: string) => void = (text) => process.stdout.write(text),
): Promise<RunningDemo> {
	const demo = spawn('npm', ['run', '--silent', 'demo'], {
		cwd: ROOT,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	const keep = (chunk: Buffer) => {
		output += chunk.toString('utf8');
		echo(chunk.toString('utf8'));
	};
	demo.stdout.on('data', keep);
	demo.stderr.on('data', keep);
	const exited = new Promise((resolve) => demo.once('close', resolve));
	const stop = async () => {
		if (demo.exitCode === null && demo.signalCode === null)
			process.kill(-(demo.pid as number), 'SIGINT');
		await exited;
	};
	while (!/^Login: +\S+ \/ \S+/m.test(output)) {
		if (demo.exitCode !== null) throw new Error('the demo stopped before the editor was up');
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	const [, email, password] = /^Login: +(\S+) \/ (\S+)/m.exec(output) as RegExpExecArray;
	return {
		editor: /^Editor: +(\S+)/m.exec(output)?.[1] as string,
		baseUrl: /^Base URL: (\S+)/m.exec(output)?.[1] as string,
		email,
		password,
		stop,
	};
}

/** Headless Chromium and a context logged in to the demo's editor. */
export async function openEditor(
	demo: RunningDemo,
): Promise<{ browser: Browser; context: BrowserContext }> {
	if (!existsSync(CHROMIUM))
		throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`);
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		// This machine's network is closed: without these, Chromium keeps trying Google's services.
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	let ready = false;
	try {
		const context = await browser.newContext({
			viewport: { width: 1440, height: 860 },
			deviceScaleFactor: 1,
		});
		const login = await context.request.post(`${demo.editor}/rest/login`, {
			data: { emailOrLdapLoginId: demo.email, password: demo.password },
		});
		if (!login.ok()) throw new Error(`login answered ${login.status()}`);
		ready = true;
		return { browser, context };
	} finally {
		if (!ready) await browser.close();
	}
}

/** The demo's sandbox's API with the seed's key: the answer's JSON, or an error naming the route and status. */
export async function sandboxApi(baseUrl: string, method: string, path: string, body?: unknown) {
	const response = await fetch(`${baseUrl}${path}`, {
		method,
		headers: {
			Authorization: summarise(defaultSeed()).keys.main,
			'Content-Type': 'application/json',
		},
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});
	if (!response.ok) throw new Error(`the demo's ${method} ${path} answered ${response.status}`);
	return (await response.json()) as unknown;
}
