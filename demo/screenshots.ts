/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code, never shipped: it runs the demo and a browser */
/**
 * `npm run screenshots`: the pictures in the README, taken from the demo's real n8n editor with headless Chromium
 * (Debian's `chromium` package: `apt-get install chromium`; playwright-core drives it, it downloads no browser).
 * Starts `npm run demo`, logs in with the login it prints, saves the PNGs into .github/screenshots/, then stops the demo
 * with the Ctrl-C it expects (the start-up, shared with `npm run test:browser`, is in startDemo.ts).
 * `npm run screenshots -- --points=after` takes issue 24's six points instead, `--issue=32` another round's,
 * `--only=1,4` some of its points (editorPoints.ts).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import { type Page } from 'playwright-core';

import { EXAMPLE_CREDENTIAL, EXAMPLES } from '../examples/examples';
import { ROOT } from '../local-n8n/localN8n';
import { captureEditorPoints } from './editorPoints';
import { openEditor, startDemo } from './startDemo';

// A dot folder: n8n-node build copies every .png outside dot folders into dist/, which would ship them.
const OUT = join(ROOT, '.github', 'screenshots');
const say = (line: string) => process.stdout.write(`${line}\n`);

async function shot(page: Page, name: string): Promise<void> {
	await page.waitForTimeout(1500); // let the canvas settle (fit-to-view animation)
	await page.screenshot({ path: join(OUT, name) });
	say(`saved .github/screenshots/${name}`);
}

async function main(): Promise<void> {
	await mkdir(OUT, { recursive: true });
	let demoOutput = '';
	const demo = await startDemo((text) => {
		demoOutput += text;
		process.stdout.write(text);
	});
	const { browser, context } = await openEditor(demo).catch(async (error: Error) => {
		await demo.stop();
		throw error;
	});
	try {
		const flag = (name: string) =>
			process.argv
				.slice(2)
				.map((arg) => new RegExp(`^--${name}=([\\w,-]+)$`).exec(arg)?.[1])
				.find(Boolean);
		const label = flag('points');
		if (label)
			return await captureEditorPoints(demo, context, {
				label,
				issue: flag('issue') ?? '24',
				only: flag('only')?.split(','),
				demoOutput,
			});
		const page = await context.newPage();

		await page.goto(`${demo.editor}/workflow/${EXAMPLES.uploadThread.id}`);
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });
		await shot(page, 'workflow-canvas.png');

		await page.goto(`${demo.editor}/workflow/${EXAMPLES.schedule.id}`);
		const node = page.locator('[data-test-id="canvas-node"]', {
			hasText: 'Schedule at Next Free Slot',
		});
		await node.waitFor({ timeout: 60_000 });
		await node.dblclick();
		await page.locator('[data-test-id="ndv"]').waitFor({ timeout: 30_000 });
		await shot(page, 'post-create-panel.png');
		// Further down the same panel: the Channels entries, Platform first, settings named in words.
		await page
			.locator('[data-test-id="ndv"]')
			.getByText('Channels', { exact: true })
			.first()
			.scrollIntoViewIfNeeded();
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
