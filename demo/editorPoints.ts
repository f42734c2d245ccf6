/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code, never shipped: it drives the demo's editor in a browser */
/**
 * `npm run screenshots -- --points=after` (or `before`): issue 24's six points as a person meets them in the demo's
 * real n8n editor, one small PNG per point, cropped to the panel that shows it, into
 * .github/screenshots/editor-points/<point>-<label>.png. Run on today's tree it takes the "after" pictures; copied
 * into a checkout of an older commit it takes the "before" ones (it only needs startDemo.ts, the examples and the
 * sandbox's seed ids). What the editor shows as a link or the terminal prints is drawn as text (points 5 and 6).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { selectors, type BrowserContext, type Locator, type Page } from 'playwright-core';

import { EXAMPLE_CREDENTIAL, EXAMPLES } from '../examples/examples';
import { ROOT } from '../local-n8n/localN8n';
import { SEED_IDS } from '../sandbox/seed';
import type { RunningDemo } from './startDemo';

// A dot folder: n8n-node build copies every .png outside dot folders into dist/, which would ship them.
export const POINTS_OUT = join(ROOT, '.github', 'screenshots', 'editor-points');
const ACTION_TYPE = 'n8n-nodes-social-publishing.socialPublishing';
const SLOW = 60_000;
/** Not a key: what the pictures type where a key goes (the service refuses it or is never reached). */
const MISTYPED = 'not-the-right-one-for-the-picture';
const say = (line: string) => process.stdout.write(`${line}\n`);

interface Workflow {
	id: string;
}

/** A workflow of a manual trigger and one Social Publishing node, saved through the editor's REST API. */
async function saveWorkflow(
	context: BrowserContext,
	editor: string,
	name: string,
	node: { name: string; parameters: object; credentialId: string; credentialName: string },
): Promise<Workflow> {
	const answer = await context.request.post(`${editor}/rest/workflows`, {
		data: {
			name,
			active: false,
			settings: {},
			connections: { Start: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
			nodes: [
				{
					id: 'b0000000-0000-4000-8000-000000000001',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 'b0000000-0000-4000-8000-000000000002',
					name: node.name,
					type: ACTION_TYPE,
					typeVersion: 1,
					position: [260, 0],
					parameters: node.parameters,
					credentials: {
						socialPublishingApi: { id: node.credentialId, name: node.credentialName },
					},
				},
			],
		},
	});
	if (!answer.ok())
		throw new Error(`saving "${name}" answered ${answer.status()}: ${await answer.text()}`);
	return ((await answer.json()) as { data: Workflow }).data;
}

/** Opens a workflow, runs its Social Publishing node from its panel and waits until the output panel shows a result. */
async function runNode(
	page: Page,
	editor: string,
	workflow: Workflow,
	node: string,
): Promise<Locator> {
	await page.goto(`${editor}/workflow/${workflow.id}`);
	const canvasNode = page.getByTestId('canvas-node').filter({ hasText: node });
	await canvasNode.waitFor({ timeout: SLOW });
	await canvasNode.dblclick();
	const ndv = page.getByTestId('ndv');
	await ndv.getByTestId('node-execute-button').click();
	const output = ndv.getByTestId('output-panel');
	// Either a result ("1 item", "Node executed successfully") or an error with n8n's own "Error details".
	await output
		.getByText(/\d+ items?|Node executed successfully|Error details|Ask n8n Assistant/)
		.first()
		.waitFor({ timeout: SLOW });
	return output;
}

/** What the output panel shows down to n8n's "Error details" (below it: empty space and n8n's toast). */
const OUTPUT_HEIGHT = 440;

/** The panel `target`, its top `height` pixels when given (the rest is empty or under n8n's toast). */
async function shot(target: Locator, name: string, height?: number): Promise<void> {
	await target.page().waitForTimeout(1000); // let the panel finish rendering
	const box = await target.boundingBox();
	if (!box) throw new Error(`nothing to see for ${name}`);
	await target.page().screenshot({
		path: join(POINTS_OUT, name),
		clip: { ...box, height: Math.min(box.height, height ?? box.height) },
	});
	say(`saved .github/screenshots/editor-points/${name}`);
}

/** Text the editor links to or the terminal prints, drawn as a small picture beside the editor's. */
async function textCard(page: Page, title: string, lines: string[], name: string): Promise<void> {
	const escape = (text: string) =>
		text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
	await page.setContent(
		`<body style="margin:0;background:#fff"><div id="card" style="display:inline-block;padding:16px 20px;` +
			`font:13px/1.5 monospace;max-width:1100px;white-space:pre-wrap;word-break:break-all;color:#222">` +
			`<b>${escape(title)}</b>\n\n${lines.map(escape).join('\n')}</div></body>`,
	);
	await shot(page.locator('#card'), name);
}

/** The link n8n opens from a node's panel ("Docs" at its top right), as the browser resolves it. */
async function nodeDocsLink(page: Page, editor: string, workflowId: string, node: string) {
	await page.goto(`${editor}/workflow/${workflowId}`);
	const canvasNode = page.getByTestId('canvas-node').filter({ hasText: node });
	await canvasNode.waitFor({ timeout: SLOW });
	await canvasNode.dblclick();
	const link = page.getByTestId('ndv').getByRole('link', { name: 'Docs' });
	return (await link.evaluate((a) => (a as HTMLAnchorElement).href)) || '(no Docs link)';
}

/** Where a link lands: the page, and the anchor it relies on (n8n appends its ?utm_… after a #, inside it). */
function landing(href: string): string[] {
	const url = new URL(href);
	if (!url.hash) return [`   page:   ${url.origin}${url.pathname}  (no anchor to miss)`];
	const anchor = decodeURIComponent(url.hash);
	return [
		`   page:   ${url.origin}${url.pathname}`,
		`   anchor: ${anchor}  ` +
			(/[?&]utm_/.test(anchor)
				? "(n8n's ?utm_… query is inside the anchor: no heading matches)"
				: '(relies on the page having this anchor)'),
	];
}

export async function captureEditorPoints(
	demo: RunningDemo,
	context: BrowserContext,
	label: string,
): Promise<void> {
	await mkdir(POINTS_OUT, { recursive: true });
	selectors.setTestIdAttribute('data-test-id'); // n8n's editor names its parts with data-test-id
	const page = await context.newPage();
	page.setDefaultTimeout(SLOW);
	const { editor } = demo;
	const sandboxCredential = {
		credentialId: EXAMPLE_CREDENTIAL.id,
		credentialName: EXAMPLE_CREDENTIAL.name,
	};
	const bluesky = (content: string) => ({
		channels: {
			channel: [
				{
					channel: { __rl: true, mode: 'id', value: SEED_IDS.channels.bluesky },
					platform: 'bluesky',
					settingsMode: 'fields',
				},
			],
		},
		contentMode: 'same',
		parts: { part: [{ content }] },
	});

	// 1: Post → Create, Type Schedule, Publish At in 2025.
	const pastDate = await saveWorkflow(context, editor, 'Point 1: a date in the past', {
		name: 'Create Post',
		parameters: {
			resource: 'post',
			operation: 'create',
			type: 'schedule',
			dateMode: 'date',
			date: '2025-11-24T10:00:00',
			...bluesky('Scheduled with a typo in the year'),
		},
		...sandboxCredential,
	});
	await shot(
		await runNode(page, editor, pastDate, 'Create Post'),
		`1-past-date-${label}.png`,
		OUTPUT_HEIGHT,
	);

	// 2: a new credential whose Base URL is written without https://, and the dialog's test.
	await page.goto(`${editor}/home/credentials/create`);
	await page
		.getByRole('dialog')
		.getByText(/select an app/i)
		.waitFor();
	await page.keyboard.type('Social Publishing API'); // the app search is focused
	await page.getByText('Social Publishing API', { exact: true }).click();
	await page.getByRole('button', { name: /continue/i }).click();
	const withoutScheme = demo.baseUrl.replace(/^https?:\/\//, '');
	await page.getByTestId('parameter-input-baseUrl').locator('input').fill(withoutScheme);
	await page.getByTestId('parameter-input-apiKey').locator('input').fill(MISTYPED);
	await page.getByRole('button', { name: 'Save', exact: true }).click();
	const details = page.getByText('More details');
	await details.waitFor();
	await details.click();
	await shot(
		page.locator('.el-dialog').filter({ hasText: 'Base URL' }),
		`2-base-url-without-scheme-${label}.png`,
		500,
	);
	await page.keyboard.press('Escape');

	// 3: a Base URL that is no address at all; the node's message gives an example.
	const saved = await context.request.post(`${editor}/rest/credentials`, {
		data: {
			name: 'Base URL that is no address',
			type: EXAMPLE_CREDENTIAL.type,
			data: { baseUrl: 'my postiz', apiKey: MISTYPED },
		},
	});
	if (!saved.ok()) throw new Error(`saving a credential answered ${saved.status()}`);
	const noAddress = ((await saved.json()) as { data: { id: string; name: string } }).data;
	const listChannels = await saveWorkflow(context, editor, 'Point 3: Base URL example', {
		name: 'List Channels',
		parameters: { resource: 'channel', operation: 'getMany' },
		credentialId: noAddress.id,
		credentialName: noAddress.name,
	});
	await shot(
		await runNode(page, editor, listChannels, 'List Channels'),
		`3-base-url-example-${label}.png`,
		OUTPUT_HEIGHT,
	);

	// 4: the nodes panel, searched for the node.
	await page.goto(`${editor}/workflow/new`);
	await page
		.getByRole('button', { name: /add first step/i })
		.or(page.getByTestId('canvas-add-button'))
		.first()
		.click();
	const creator = page.getByTestId('node-creator');
	await creator.waitFor();
	await page.keyboard.type('Social Publishing');
	await creator.getByTestId('node-creator-item-name').first().waitFor();
	await shot(creator, `4-nodes-panel-description-${label}.png`, 340);

	// 5: where each Docs link goes.
	const triggerNode = (
		JSON.parse(readFileSync(join(ROOT, 'examples', EXAMPLES.postFailed.file), 'utf8')) as {
			nodes: Array<{ name: string; type: string }>;
		}
	).nodes.find((n) => /Trigger$/.test(n.type) && n.type.startsWith('n8n-nodes-social-publishing'));
	const actionDocs = await nodeDocsLink(page, editor, pastDate.id, 'Create Post');
	const triggerDocs = await nodeDocsLink(
		page,
		editor,
		EXAMPLES.postFailed.id,
		triggerNode?.name ?? '(no trigger in the example)',
	);
	await page.goto(`${editor}/home/credentials/${EXAMPLE_CREDENTIAL.id}`);
	await page.getByText('Base URL').first().waitFor();
	const credentialDocs = await page
		.getByRole('dialog')
		.getByRole('link', { name: /^docs$/i })
		.first()
		.evaluate((a) => (a as HTMLAnchorElement).href);
	await textCard(
		page,
		"The Docs links: the address the editor opens (the link's href as the browser reads it)",
		[
			'Social Publishing (node panel, "Docs"):',
			`   ${actionDocs}`,
			...landing(actionDocs),
			'',
			'Social Publishing Trigger (node panel, "Docs"):',
			`   ${triggerDocs}`,
			...landing(triggerDocs),
			'',
			'Social Publishing API credential (dialog, docs link):',
			`   ${credentialDocs}`,
			...landing(credentialDocs),
		],
		`5-docs-links-${label}.png`,
	);

	// 6a: a problem caught before sending, with what the service would answer.
	const tooLong = await saveWorkflow(context, editor, 'Point 6: caught before sending', {
		name: 'Create Post',
		parameters: {
			resource: 'post',
			operation: 'create',
			type: 'now',
			...bluesky(`A post too long for Bluesky. ${'x'.repeat(330)}`),
		},
		...sandboxCredential,
	});
	await shot(
		await runNode(page, editor, tooLong, 'Create Post'),
		`6-service-wording-${label}.png`,
		OUTPUT_HEIGHT,
	);

	// 6b: npm ci's EBADENGINE warning on Node 20, and what the README says of it.
	const { stdout, stderr } = await promisify(execFile)(
		'npm',
		['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'],
		{ cwd: ROOT },
	);
	const warning = `${stdout}${stderr}`.split('\n').filter((line) => /EBADENGINE/.test(line));
	const paragraphs = readFileSync(join(ROOT, 'README.md'), 'utf8').split(/\n\s*\n/);
	const told = paragraphs.find((p) => /EBADENGINE/.test(p));
	const setUp = paragraphs.find((p) => /^Two commands/.test(p));
	await textCard(
		page,
		`npm ci on Node ${process.versions.node} (npm ci --dry-run prints the same warning)`,
		[
			...(warning.length ? warning : ['(no EBADENGINE warning)']),
			'',
			'README.md, set-up on a fresh clone:',
			...(setUp ? [setUp] : []),
			'',
			told ? told.replace(/\s*\n\s*/g, ' ') : '(the README says nothing of the EBADENGINE warning)',
		],
		`6-npm-ci-ebadengine-${label}.png`,
	);
	await page.close();
}
