/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code, never shipped: it drives the demo's editor in a browser */
/**
 * `npm run screenshots -- --points=after --issue=32` (or `before`; `--issue=24` is the default): one round's points,
 * each as a person meets it in the demo's real n8n editor, one small PNG per picture, cropped to the panel that shows
 * it, into .github/screenshots/editor-points/ (issue 24's as `<point>-<what>-<label>.png`, later rounds' prefixed
 * with the issue: `32-<point>-<what>-<label>.png`). `--only=1,4` takes some points of the round. Run on today's tree
 * it takes the "after" pictures; copied into a checkout of an older commit (with screenshots.ts and startDemo.ts) it
 * takes the "before" ones: it only needs the examples, the sandbox's seed and the demo's start-up, and finds the
 * trigger by its type's ending. What the editor shows as a link or the terminal prints is drawn as text. The messages
 * a picture shows are printed as `said <file>: …`, for the README beside the pictures to quote.
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
import { sandboxApi, type RunningDemo } from './startDemo';

// A dot folder: n8n-node build copies every .png outside dot folders into dist/, which would ship them.
export const POINTS_OUT = join(ROOT, '.github', 'screenshots', 'editor-points');
const ACTION_TYPE = 'n8n-nodes-social-publishing.socialPublishing';
const SLOW = 60_000;
/** Not a key: what the pictures type where a key goes (the service refuses it or is never reached). */
const MISTYPED = 'not-the-right-one-for-the-picture';
/** A channel of the sandbox's seed (Bluesky: no settings required), as the channel list names it. */
const BLUESKY_CHANNEL = 'Sandbox Studio Bluesky';
const say = (line: string) => process.stdout.write(`${line}\n`);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

interface Workflow {
	id: string;
}

/** What each point of a round is taken with. */
interface Shoot {
	demo: RunningDemo;
	context: BrowserContext;
	page: Page;
	editor: string;
	/** What the demo printed while starting (its CSV line, its login). */
	demoOutput: string;
	/** The file a picture of this round is saved as: `what` with the round's prefix and the label. */
	file: (what: string) => string;
}

/** One point of a round: `take` saves its pictures through `shoot.file`. */
interface Point {
	id: string;
	take: (shoot: Shoot) => Promise<void>;
}

/** A Social Publishing node of a workflow saved through the editor's REST API. */
interface NodeToSave {
	name: string;
	parameters: object;
	credentialId: string;
	credentialName: string;
	/** The node's settings beside its parameters, e.g. onError. */
	settings?: object;
}

/**
 * A workflow of a manual trigger and one Social Publishing node, saved through the editor's REST API; `input` pins
 * the trigger's output (the item the node reads).
 */
async function saveWorkflow(
	context: BrowserContext,
	editor: string,
	name: string,
	node: NodeToSave,
	input?: object,
): Promise<Workflow> {
	const answer = await context.request.post(`${editor}/rest/workflows`, {
		data: {
			name,
			active: false,
			settings: {},
			connections: { Start: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
			...(input ? { pinData: { Start: [{ json: input }] } } : {}),
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
					...node.settings,
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

/** Opens a workflow and its Social Publishing node's panel. */
async function openNode(page: Page, editor: string, workflow: Workflow, node: string) {
	await page.goto(`${editor}/workflow/${workflow.id}`);
	const canvasNode = page.getByTestId('canvas-node').filter({ hasText: node });
	await canvasNode.waitFor({ timeout: SLOW });
	await canvasNode.dblclick();
	const ndv = page.getByTestId('ndv');
	await ndv.waitFor();
	return ndv;
}

/** Runs the open node from its panel and waits until the output panel shows a result. */
async function runOpenNode(ndv: Locator): Promise<Locator> {
	await ndv.getByTestId('node-execute-button').click();
	const output = ndv.getByTestId('output-panel');
	// Either a result ("1 item", "Node executed successfully") or an error with n8n's own "Error details".
	await output
		.getByText(/\d+ items?|Node executed successfully|Error details|Ask n8n Assistant/)
		.first()
		.waitFor({ timeout: SLOW });
	return output;
}

/** Opens a workflow, runs its Social Publishing node from its panel and waits until the output panel shows a result. */
async function runNode(
	page: Page,
	editor: string,
	workflow: Workflow,
	node: string,
): Promise<Locator> {
	return await runOpenNode(await openNode(page, editor, workflow, node));
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

/**
 * The smallest box around `targets` (a field and its open dropdown, say), `pad` pixels wider each side, within
 * the page; targets not shown are left out.
 */
async function shotAround(targets: Locator[], name: string, pad = 12): Promise<void> {
	const page = targets[0].page();
	await page.waitForTimeout(1000);
	const boxes = [];
	for (const target of targets) {
		for (const one of await target.all()) {
			const box = (await one.isVisible()) ? await one.boundingBox() : null;
			if (box) boxes.push(box);
		}
	}
	if (!boxes.length) throw new Error(`nothing to see for ${name}`);
	const viewport = page.viewportSize() ?? { width: 1440, height: 860 };
	const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - pad);
	const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - pad);
	const right = Math.min(viewport.width, Math.max(...boxes.map((b) => b.x + b.width)) + pad);
	const bottom = Math.min(viewport.height, Math.max(...boxes.map((b) => b.y + b.height)) + pad);
	await page.screenshot({
		path: join(POINTS_OUT, name),
		clip: { x, y, width: right - x, height: bottom - y },
	});
	say(`saved .github/screenshots/editor-points/${name}`);
}

/** The width of `panel`, from `top` down to `below` (not included), or 400 pixels when `below` is not shown. */
async function shotBetween(panel: Locator, top: Locator, below: Locator, name: string) {
	const page = panel.page();
	await page.waitForTimeout(1000);
	const outer = await panel.boundingBox();
	const from = await top.boundingBox();
	if (!outer || !from) throw new Error(`nothing to see for ${name}`);
	const to = (await below.count()) ? await below.boundingBox() : null;
	const y = from.y - 12;
	const height = Math.min((to ? to.y - 4 : y + 400) - y, outer.y + outer.height - y);
	await page.screenshot({
		path: join(POINTS_OUT, name),
		clip: { x: outer.x, y, width: outer.width, height },
	});
	say(`saved .github/screenshots/editor-points/${name}`);
}

/** Prints what a picture says, for the README to quote. */
function said(name: string, text: string): void {
	say(`said ${name}: ${oneLine(text)}`);
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

/** The example workflow holding this package's trigger, and the trigger's name there (its type has changed). */
function triggerExample(): { id: string; node: string } {
	for (const example of Object.values(EXAMPLES) as Array<{ file: string; id: string }>) {
		const { nodes } = JSON.parse(readFileSync(join(ROOT, 'examples', example.file), 'utf8')) as {
			nodes: Array<{ name: string; type: string }>;
		};
		const found = nodes.find(
			(n) => /Trigger$/.test(n.type) && n.type.startsWith('n8n-nodes-social-publishing'),
		);
		if (found) return { id: example.id, node: found.name };
	}
	throw new Error('no example workflow holds the trigger');
}

/** The three Docs links drawn as text: each node panel's and the credential dialog's. */
async function docsLinks(shoot: Shoot, title: string, name: string): Promise<string[]> {
	const { context, editor, page } = shoot;
	const anyAction = await saveWorkflow(context, editor, 'Docs link', {
		name: 'List Channels',
		parameters: { resource: 'channel', operation: 'getMany' },
		credentialId: EXAMPLE_CREDENTIAL.id,
		credentialName: EXAMPLE_CREDENTIAL.name,
	});
	const trigger = triggerExample();
	const actionDocs = await nodeDocsLink(page, editor, anyAction.id, 'List Channels');
	const triggerDocs = await nodeDocsLink(page, editor, trigger.id, trigger.node);
	await page.goto(`${editor}/home/credentials/${EXAMPLE_CREDENTIAL.id}`);
	await page.getByText('Base URL').first().waitFor();
	const credentialDocs = await page
		.getByRole('dialog')
		.getByRole('link', { name: /^docs$/i })
		.first()
		.evaluate((a) => (a as HTMLAnchorElement).href);
	await textCard(
		page,
		title,
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
		name,
	);
	return [actionDocs, triggerDocs, credentialDocs];
}

/** A new workflow's nodes panel, searched for the node by name. */
async function searchNodesPanel(page: Page, editor: string): Promise<Locator> {
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
	return creator;
}

const sandboxCredential = {
	credentialId: EXAMPLE_CREDENTIAL.id,
	credentialName: EXAMPLE_CREDENTIAL.name,
};

/** Post → Create's parameters for one Bluesky channel (by id) and the parts' texts. */
function onBluesky(...contents: string[]) {
	return {
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
		parts: { part: contents.map((content) => ({ content })) },
	};
}

/** Issue 24's six points, as the first round took them (names without a prefix). */
const ISSUE_24: Point[] = [
	{
		id: '1',
		// Post → Create, Type Schedule, Publish At in 2025.
		take: async ({ context, editor, page, file }) => {
			const pastDate = await saveWorkflow(context, editor, 'Point 1: a date in the past', {
				name: 'Create Post',
				parameters: {
					resource: 'post',
					operation: 'create',
					type: 'schedule',
					dateMode: 'date',
					date: '2025-11-24T10:00:00',
					...onBluesky('Scheduled with a typo in the year'),
				},
				...sandboxCredential,
			});
			await shot(
				await runNode(page, editor, pastDate, 'Create Post'),
				file('1-past-date'),
				OUTPUT_HEIGHT,
			);
		},
	},
	{
		id: '2',
		// A new credential whose Base URL is written without https://, and the dialog's test.
		take: async ({ demo, editor, page, file }) => {
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
				file('2-base-url-without-scheme'),
				500,
			);
			await page.keyboard.press('Escape');
		},
	},
	{
		id: '3',
		// A Base URL that is no address at all; the node's message gives an example.
		take: async ({ context, editor, page, file }) => {
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
				file('3-base-url-example'),
				OUTPUT_HEIGHT,
			);
		},
	},
	{
		id: '4',
		// The nodes panel, searched for the node.
		take: async ({ editor, page, file }) => {
			const creator = await searchNodesPanel(page, editor);
			await shot(creator, file('4-nodes-panel-description'), 340);
		},
	},
	{
		id: '5',
		// Where each Docs link goes.
		take: async (shoot) => {
			await docsLinks(
				shoot,
				"The Docs links: the address the editor opens (the link's href as the browser reads it)",
				shoot.file('5-docs-links'),
			);
		},
	},
	{
		id: '6',
		take: async ({ context, editor, page, file }) => {
			// 6a: a problem caught before sending, with what the service would answer.
			const tooLong = await saveWorkflow(context, editor, 'Point 6: caught before sending', {
				name: 'Create Post',
				parameters: {
					resource: 'post',
					operation: 'create',
					type: 'now',
					...onBluesky(`A post too long for Bluesky. ${'x'.repeat(330)}`),
				},
				...sandboxCredential,
			});
			await shot(
				await runNode(page, editor, tooLong, 'Create Post'),
				file('6-service-wording'),
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
					told
						? told.replace(/\s*\n\s*/g, ' ')
						: '(the README says nothing of the EBADENGINE warning)',
				],
				file('6-npm-ci-ebadengine'),
			);
		},
	},
];

const DAY = 86_400_000;

/** A date as the editor's date field saves it: the workflow's wall clock, no offset. */
const wallClock = (date: Date) => date.toISOString().slice(0, 19);

/** A post on X with Who Can Reply: Everyone, queued a year ahead as Post → Create sends it: its id. */
async function xPostForEveryone(baseUrl: string): Promise<string> {
	const [created] = (await sandboxApi(baseUrl, 'POST', '/posts', {
		type: 'schedule',
		date: new Date(Date.now() + 365 * DAY).toISOString(),
		shortLink: false,
		tags: [],
		posts: [
			{
				integration: { id: SEED_IDS.channels.x },
				value: [{ content: 'Spring sale on X', image: [] }],
				settings: { who_can_reply_post: 'everyone' },
			},
		],
	})) as Array<{ postId: string }>;
	return created.postId;
}

/** The post as GET /posts lists it (two years either side of now). */
async function listedPost(baseUrl: string, id: string) {
	const range = (days: number) =>
		encodeURIComponent(new Date(Date.now() + days * DAY).toISOString());
	const { posts } = (await sandboxApi(
		baseUrl,
		'GET',
		`/posts?startDate=${range(-1)}&endDate=${range(730)}`,
	)) as { posts: Array<{ id: string }> };
	return posts.find((post) => post.id === id);
}

/** A field of the node's panel with its label and hint: n8n's parameter item around its input. */
const fieldOf = (ndv: Locator, name: string) =>
	ndv
		.getByTestId(`parameter-input-${name}`)
		.first()
		.locator('xpath=ancestor::*[@data-test-id="parameter-item"][1]');

/** Opens a dropdown of the editor and picks the option whose name starts with `name`. */
async function choose(page: Page, field: Locator, name: string): Promise<void> {
	await field.click();
	await page
		.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
		.click();
}

/** The output panel in its JSON view, when n8n offers one. */
async function jsonView(output: Locator): Promise<void> {
	const json = output.getByTestId('ndv-run-data-display-mode').getByText('JSON', { exact: true });
	if (!(await json.count()) || !(await json.first().isVisible())) return; // an error shows no views
	await json.first().click();
	await output.page().waitForTimeout(1000); // the JSON view renders after the switch
}

/** What the output panel says, without n8n's own "Ask n8n Assistant" and below. */
const outputText = async (output: Locator) =>
	(await output.innerText()).split(/Ask n8n Assistant/)[0].replace(/^\s*OUTPUT\s*/, '');

/** Post → Create of a text too long for Bluesky (301 of 300) and an empty second part: two problems. */
const twoProblems = {
	resource: 'post',
	operation: 'create',
	type: 'now',
	...onBluesky(`Spring sale: ${'b'.repeat(288)}`, ''),
};

/** Issue 32's points: the editor and the demo as a new user meets them, second round. */
const ISSUE_32: Point[] = [
	{
		id: '1',
		// Post → Update rescheduling an X post made with Who Can Reply: Everyone.
		take: async ({ demo, context, editor, page, file }) => {
			const postId = await xPostForEveryone(demo.baseUrl);
			const workflow = await saveWorkflow(context, editor, 'Issue 32.1: reschedule an X post', {
				name: 'Update Post',
				parameters: {
					resource: 'post',
					operation: 'update',
					postId,
					updateFields: { date: wallClock(new Date(Date.now() + 400 * DAY)) },
					mediaAndFollowUps: 'none',
				},
				...sandboxCredential,
			});
			const ndv = await openNode(page, editor, workflow, 'Update Post');
			const parts = fieldOf(ndv, 'mediaAndFollowUps');
			await parts.scrollIntoViewIfNeeded();
			said(file('1-parts-hint'), await parts.innerText());
			await shotAround([parts], file('1-parts-hint'));
			await ndv.getByTestId('parameter-input-mediaAndFollowUps').click();
			const options = page.getByRole('option');
			await options.first().waitFor();
			said(file('1-parts-dropdown'), (await options.allInnerTexts()).join(' | '));
			await shotAround(
				[ndv.getByTestId('parameter-input-mediaAndFollowUps'), options],
				file('1-parts-dropdown'),
			);
			await page.keyboard.press('Escape');
			const output = await runOpenNode(ndv);
			await jsonView(output);
			said(file('1-reschedule'), await outputText(output));
			await shot(output, file('1-reschedule'), 600);
			// What the service keeps: the post as GET /posts lists it after the run.
			const listed = (await listedPost(demo.baseUrl, postId)) as
				| { publishDate?: string; settings?: unknown }
				| undefined;
			const settings =
				listed?.settings === undefined ? '(not listed)' : JSON.stringify(listed.settings);
			said(file('1-settings-kept'), `publishDate ${listed?.publishDate}, settings ${settings}`);
			await textCard(
				page,
				"The X post after the run, as the demo's GET /posts lists it",
				[
					`created with settings {"who_can_reply_post":"everyone"}`,
					`publishDate: ${listed?.publishDate ?? '(not listed)'}`,
					`settings:    ${settings}`,
				],
				file('1-settings-kept'),
			);
		},
	},
	{
		id: '2',
		take: async (shoot) => {
			const links = await docsLinks(
				shoot,
				"The Docs links: the address the editor opens (the link's href as the browser reads it)",
				shoot.file('2-docs-links'),
			);
			said(shoot.file('2-docs-links'), links.join(' | '));
		},
	},
	{
		id: '3',
		// The nodes panel searched for "Social Publishing", then the node's entry opened.
		take: async ({ editor, page, file }) => {
			const creator = await searchNodesPanel(page, editor);
			await shot(creator, file('3-nodes-panel-search'), 340);
			said(file('3-nodes-panel-search'), await creator.innerText());
			await creator
				.getByTestId('node-creator-item-name')
				.getByText('Social Publishing', { exact: true })
				.first()
				.click();
			await page.waitForTimeout(1500);
			// n8n folds the actions under "Actions (N)" on a workflow without a trigger: open it as a person does.
			const folded = creator.getByText(/^Actions \(\d+\)$/).first();
			if (
				(await folded.count()) &&
				!(await creator.getByText('Create a post', { exact: true }).isVisible())
			)
				await folded.click();
			said(file('3-node-page'), await creator.innerText());
			await shot(creator, file('3-node-page'), 560);
		},
	},
	{
		id: '4',
		// Post → Create's form, filled in as a person does: a channel, its Platform, a Draft, Check Only.
		take: async ({ context, editor, page, file }) => {
			const form = await saveWorkflow(context, editor, "Issue 32.4: Post → Create's form", {
				name: 'Create Post',
				parameters: {
					resource: 'post',
					operation: 'create',
					type: 'now',
					contentMode: 'same',
					parts: { part: [{ content: 'Spring sale' }] },
				},
				...sandboxCredential,
			});
			const ndv = await openNode(page, editor, form, 'Create Post');
			await ndv.getByRole('button', { name: 'Add Channel' }).click();
			const platform = fieldOf(ndv, 'platform');
			const channel = fieldOf(ndv, 'channel');
			await platform.scrollIntoViewIfNeeded();
			const notice = ndv.getByText(/^Look Up From Channel sends no settings/);
			said(
				file('4-look-up-notice'),
				(await notice.count()) ? await notice.first().innerText() : '(no notice)',
			);
			await shotAround([platform, notice, channel], file('4-look-up-notice'));

			await ndv.getByTestId('parameter-input-channel').click();
			await page.getByText(BLUESKY_CHANNEL).first().click(); // a searchable list, not a dropdown
			await choose(page, ndv.getByTestId('parameter-input-platform'), 'Bluesky');
			await page.waitForTimeout(1000);
			const inputs = await ndv.getByTestId('parameter-input-channel').locator('input').all();
			const kept = await Promise.all(inputs.map(async (input) => await input.inputValue()));
			said(file('4-channel-kept'), `Channel after Platform → Bluesky: ${kept.join(' / ')}`);
			await platform.scrollIntoViewIfNeeded();
			await shotAround([platform, channel], file('4-channel-kept'));

			await choose(page, ndv.getByTestId('parameter-input-type'), 'Draft');
			const date = fieldOf(ndv, 'date');
			await date.scrollIntoViewIfNeeded();
			said(file('4-draft-publish-at'), await date.innerText());
			await shotAround([fieldOf(ndv, 'type'), date], file('4-draft-publish-at'));

			await choose(page, ndv.getByTestId('collection-parameter-add').first(), 'Check Only');
			const checkOnly = fieldOf(ndv, 'checkOnly');
			await checkOnly.scrollIntoViewIfNeeded();
			const toggle = ndv.getByTestId('parameter-input-checkOnly').locator('[role="switch"]');
			const on = (await toggle.count())
				? await toggle.first().getAttribute('aria-checked')
				: String(
						(await ndv.getByTestId('parameter-input-checkOnly').locator('.is-checked').count()) > 0,
					);
			said(file('4-check-only'), `Check Only added: ${on === 'true' ? 'on' : 'off'}`);
			await shotAround([checkOnly], file('4-check-only'));

			const problems = await saveWorkflow(context, editor, 'Issue 32.4: two problems', {
				name: 'Create Post',
				parameters: twoProblems,
				...sandboxCredential,
			});
			const output = await runNode(page, editor, problems, 'Create Post');
			said(file('4-two-problems'), (await outputText(output)).split(/Error details/)[0]);
			await shot(output, file('4-two-problems'), OUTPUT_HEIGHT);
		},
	},
	{
		id: '5',
		// Outputs a person reads: an error-output item, the error details, Create's output item.
		take: async ({ context, editor, page, file }) => {
			const toErrorOutput = await saveWorkflow(
				context,
				editor,
				'Issue 32.5: error output',
				{
					name: 'Create Post',
					parameters: twoProblems,
					settings: { onError: 'continueErrorOutput' },
					...sandboxCredential,
				},
				{ row: 7, text: 'Spring sale', channel: 'Sandbox Studio Bluesky' },
			);
			// The whole workflow run, as a person runs one whose node has an error output.
			await page.goto(`${editor}/workflow/${toErrorOutput.id}`);
			await page.getByTestId('canvas-node').first().waitFor({ timeout: SLOW });
			await page.getByTestId('execute-workflow-button').first().click();
			await page.waitForTimeout(4000);
			await page.getByTestId('canvas-node').filter({ hasText: 'Create Post' }).dblclick();
			const errorOutput = page.getByTestId('ndv').getByTestId('output-panel');
			await errorOutput
				.getByText(/\d+ items?|Error Branch/)
				.first()
				.waitFor({ timeout: SLOW });
			const errorBranch = errorOutput.getByText(/^Error\b/).first();
			if (await errorBranch.count()) await errorBranch.click().catch(() => undefined);
			await jsonView(errorOutput);
			said(file('5-error-output-item'), await outputText(errorOutput));
			await shot(errorOutput, file('5-error-output-item'), 400);

			const failing = await saveWorkflow(context, editor, 'Issue 32.5: error details', {
				name: 'Create Post',
				parameters: twoProblems,
				...sandboxCredential,
			});
			const details = await runNode(page, editor, failing, 'Create Post');
			// n8n's toast repeats the message over the panel's lower half: hidden, as a person closes it.
			await page.addStyleTag({ content: '.el-notification { display: none !important; }' });
			// Every section of the details opened ("From <node>", where n8n shows an error code, and "Other info").
			const heading = details.getByText('Error details', { exact: true }).first();
			await heading.waitFor();
			await page.waitForTimeout(1000); // the sections render after the heading
			const other = details.getByText('Other info', { exact: true }).first();
			if (!(await other.isVisible())) await heading.click();
			for (const name of ['From Social Publishing', 'Other info']) {
				const section = details.getByText(name, { exact: true }).first();
				if (await section.isVisible()) await section.click();
			}
			await page.waitForTimeout(1000);
			const shown = await details.innerText();
			said(
				file('5-error-details'),
				(shown.split(/Error details/)[1] ?? shown).split(/Stack trace/)[0],
			);
			// The details box from its heading down to the stack trace (its path names the demo's work folder).
			await shotBetween(
				details,
				details.getByText('Error details').first(),
				details.getByText('Stack trace').first(),
				file('5-error-details'),
			);

			const created = await saveWorkflow(context, editor, 'Issue 32.5: Create output', {
				name: 'Create Post',
				parameters: {
					resource: 'post',
					operation: 'create',
					type: 'now',
					...onBluesky('Spring sale'),
				},
				...sandboxCredential,
			});
			const output = await runNode(page, editor, created, 'Create Post');
			await jsonView(output);
			said(file('5-create-output'), await outputText(output));
			await shot(output, file('5-create-output'), 600);
		},
	},
	{
		id: '6',
		// The README's first screen, the bulk example's CSV in the demo, the EPROTO of a Base URL without a scheme.
		take: async ({ demoOutput, page, file }) => {
			const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
			await textCard(
				page,
				'README.md, its first screen (40 lines)',
				readme.slice(0, 40),
				file('6-readme-first-screen'),
			);
			const start = readme.findIndex((line) => line.startsWith('- `bulk-schedule-from-csv.json`'));
			const end = readme.findIndex((line, i) => i > start && !/^ {2}\S/.test(line));
			const bulk = start < 0 ? ['(no bulk example)'] : readme.slice(start, end);
			const printed = demoOutput.split('\n').filter((line) => /csv|n8n-files/i.test(line));
			said(file('6-demo-csv-path'), [...printed, ...bulk].join(' '));
			await textCard(
				page,
				"The bulk example's CSV in the demo",
				[
					'npm run demo prints:',
					...(printed.length ? printed : ['(nothing about the CSV)']),
					'',
					'README.md, Example workflows:',
					...bulk,
				],
				file('6-demo-csv-path'),
			);
			const eproto = readme.filter((line) => /EPROTO/.test(line));
			said(file('6-base-url-eproto'), eproto.join(' ') || '(nothing)');
			await textCard(
				page,
				'README.md on a Base URL without a scheme against the http sandbox (n8n shows EPROTO)',
				eproto.length ? eproto : ['(the README says nothing of EPROTO)'],
				file('6-base-url-eproto'),
			);
		},
	},
];

/** Each round's points and the prefix of its pictures' names. */
const ROUNDS: Record<string, { prefix: string; points: Point[] }> = {
	'24': { prefix: '', points: ISSUE_24 },
	'32': { prefix: '32-', points: ISSUE_32 },
};

/** Takes a round's points (`only`: some of them, by id) as `label` ("before", "after", …). */
export async function captureEditorPoints(
	demo: RunningDemo,
	context: BrowserContext,
	options: { label: string; issue: string; only?: string[]; demoOutput: string },
): Promise<void> {
	const round = ROUNDS[options.issue];
	if (!round)
		throw new Error(`no points for issue ${options.issue}: ${Object.keys(ROUNDS).join(', ')}`);
	await mkdir(POINTS_OUT, { recursive: true });
	selectors.setTestIdAttribute('data-test-id'); // n8n's editor names its parts with data-test-id
	const page = await context.newPage();
	page.setDefaultTimeout(SLOW);
	const shoot: Shoot = {
		demo,
		context,
		page,
		editor: demo.editor,
		demoOutput: options.demoOutput,
		file: (what) => `${round.prefix}${what}-${options.label}.png`,
	};
	// A point that fails does not stop the others (each demo start is slow): retake it with --only.
	const failed: string[] = [];
	for (const point of round.points) {
		if (options.only && !options.only.includes(point.id)) continue;
		say(`issue ${options.issue}, point ${point.id}`);
		await point.take(shoot).catch((error: Error) => {
			failed.push(point.id);
			say(`point ${point.id} failed: ${error.message}`);
		});
	}
	await page.close();
	if (failed.length) throw new Error(`points ${failed.join(', ')} failed (retake with --only=…)`);
}
