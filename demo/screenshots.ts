/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev code, never shipped: it runs the demo and a browser */
/**
 * `npm run screenshots`: the pictures in the README, taken from the demo's real n8n editor with headless Chromium
 * (Debian's `chromium` package: `apt-get install chromium`; playwright-core drives it, it downloads no browser).
 * Starts `npm run demo`, logs in with the login it prints, saves the PNGs into .github/screenshots/, then stops the demo
 * with the Ctrl-C it expects. Not part of `npm test`: CI machines have no Chromium.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import { chromium, type Page } from 'playwright-core';

import { EXAMPLE_CREDENTIAL, EXAMPLES } from '../examples/examples';
import { ROOT } from '../local-n8n/localN8n';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// A dot folder: n8n-node build copies every .png outside dot folders into dist/, which would ship them.
const OUT = join(ROOT, '.github', 'screenshots');
const say = (line: string) => process.stdout.write(`${line}\n`);

async function startDemo(): Promise<{ editor: string; email: string; password: string; stop: () => Promise<void> }> {
	const demo = spawn('npm', ['run', '--silent', 'demo'], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
	let output = '';
	demo.stdout.on('data', (chunk: Buffer) => {
		output += chunk.toString('utf8');
		process.stdout.write(chunk);
	});
	const exited = new Promise((resolve) => demo.once('close', resolve));
	const stop = async () => {
		process.kill(-(demo.pid as number), 'SIGINT');
		await exited;
	};
	while (!/^Login: +\S+ \/ \S+/m.test(output)) {
		if (demo.exitCode !== null) throw new Error('the demo stopped before the editor was up');
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	const [, email, password] = /^Login: +(\S+) \/ (\S+)/m.exec(output) as RegExpExecArray;
	return { editor: /^Editor: +(\S+)/m.exec(output)?.[1] as string, email, password, stop };
}

async function shot(page: Page, name: string): Promise<void> {
	await page.waitForTimeout(1500); // let the canvas settle (fit-to-view animation)
	await page.screenshot({ path: join(OUT, name) });
	say(`saved .github/screenshots/${name}`);
}

async function main(): Promise<void> {
	if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`);
	await mkdir(OUT, { recursive: true });
	const demo = await startDemo();
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		// This machine's network is closed: without these, Chromium keeps trying Google's services.
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
	try {
		const context = await browser.newContext({ viewport: { width: 1440, height: 860 }, deviceScaleFactor: 1 });
		const login = await context.request.post(`${demo.editor}/rest/login`, {
			data: { emailOrLdapLoginId: demo.email, password: demo.password },
		});
		if (!login.ok()) throw new Error(`login answered ${login.status()}`);
		const page = await context.newPage();

		await page.goto(`${demo.editor}/workflow/${EXAMPLES.uploadThread.id}`);
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });
		await shot(page, 'workflow-canvas.png');

		await page.goto(`${demo.editor}/workflow/${EXAMPLES.schedule.id}`);
		const node = page.locator('[data-test-id="canvas-node"]', { hasText: 'Schedule at Next Free Slot' });
		await node.waitFor({ timeout: 60_000 });
		await node.dblclick();
		await page.locator('[data-test-id="ndv"]').waitFor({ timeout: 30_000 });
		await shot(page, 'post-create-panel.png');
		// Further down the same panel: the Channels entries, Platform first, settings named in words.
		await page.locator('[data-test-id="ndv"]').getByText('Channels', { exact: true }).first().scrollIntoViewIfNeeded();
		await page.mouse.wheel(0, 350);
		await shot(page, 'post-create-channels.png');

		await page.goto(`${demo.editor}/home/credentials/${EXAMPLE_CREDENTIAL.id}`);
		await page.getByText('Base URL').first().waitFor({ timeout: 30_000 });
		await shot(page, 'credential-dialog.png');
	} finally {
		await browser.close();
		await demo.stop();
	}
}

main().then(
	() => process.exit(0),
	(error: Error) => {
		process.stderr.write(`screenshots: ${error.message}\n`);
		process.exit(1);
	},
);
