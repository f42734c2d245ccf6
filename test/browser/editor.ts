/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped: it drives the demo's editor in a browser */
/**
 * `npm run test:browser`: the editor as a new user meets it (issue 24), in the demo's real n8n, read the way a person
 * reads it: headless Chromium (Debian's `chromium`, installed with apt-get when missing and run as root) driven by
 * playwright-core, selectors by visible text and role. Each check fails when a text a person reads is wrong; a failed
 * check saves a screenshot into a temporary folder whose path is printed. Prints `browser: N passed, N failed` last.
 * Everything here is imported at start: the demo rebuilds .build/ while this file runs from it.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { INodeProperties } from 'n8n-workflow';
import { selectors, type Locator, type Page } from 'playwright-core';

import { SocialPublishingApi } from '../../credentials/SocialPublishingApi.credentials';
import { EXAMPLE_CREDENTIAL } from '../../examples/examples';
import {
	CHROMIUM,
	openEditor,
	sandboxApi,
	startDemo,
	type RunningDemo,
} from '../../demo/startDemo';
import { lookUpSettingsNotice } from '../../nodes/SocialPublishing/resources/post/create/settings';
import { SocialPublishing } from '../../nodes/SocialPublishing/SocialPublishing.node';
import { SocialPublishingTrigger } from '../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
import { defaultSeed, summarise } from '../../sandbox/seed';
import { checklist } from '../helpers/checklist';
import { installDebianPackages } from '../helpers/debianPackages';
import { platformMismatchHint } from './hints';

/** A channel of the sandbox's seed (Bluesky: no settings required). */
const CHANNEL = 'Sandbox Studio Bluesky';
const SLOW = 60_000; // the editor's first load compiles nothing, but a busy CI machine is slow
const say = (line: string) => process.stdout.write(`${line}\n`);

const action = new SocialPublishing().description;
const credential = new SocialPublishingApi();
/** What no message a person reads may hold. */
const UNREADABLE = /undefined|null|NaN|\[object Object\]|https:\/\/\/|<|&lt;|&gt;/;
const trigger = new SocialPublishingTrigger().description;
/** What the credential's own test says when the service refuses the key (its rule for "Invalid API key"). */
const REFUSED_KEY_MESSAGE = String(
	credential.test.rules?.find(
		(rule) => (rule.properties as { value?: string }).value === 'Invalid API key',
	)?.properties.message,
);
/** The actions the node declares for Post, as the nodes panel lists them ("Create a post", …). */
const postActions = action.properties
	.filter(
		(p: INodeProperties) =>
			p.name === 'operation' && p.displayOptions?.show?.resource?.includes('post'),
	)
	.flatMap((p) => (p.options ?? []).map((o) => ('action' in o ? (o.action as string) : '')))
	.filter(Boolean);

/** The trigger's events as the node's page lists them ("On new notification"): its Trigger On options. */
const triggerEvents = trigger.properties
	.filter((p: INodeProperties) => p.displayName === 'Trigger On')
	.flatMap((p) => (p.options ?? []).map((o) => ('action' in o ? (o.action as string) : '')))
	.filter(Boolean);

/** The hint under a Draft's Publish At, as the node declares it. */
const draftDateHint = String(
	action.properties.find(
		(p: INodeProperties) =>
			p.name === 'date' && p.displayOptions?.show?.type?.includes('draft') && p.hint,
	)?.hint,
);

/** Opens a dropdown of the editor and picks the option whose name starts with `name`. */
async function choose(page: Page, field: Locator, name: string): Promise<void> {
	await field.click();
	await page
		.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
		.click();
}

/**
 * One step of a check, named as a person would do it: when it fails the check says which step and what the
 * browser was waiting for, instead of a bare locator timeout.
 */
async function step<T>(doing: string, body: () => Promise<T>): Promise<T> {
	const outcome = await body().then(
		(value) => ({ value, failure: undefined }),
		(error: Error) => ({ value: undefined, failure: error }),
	);
	if (!outcome.failure) return outcome.value as T;
	const [first, ...rest] = outcome.failure.message.split('\n');
	const waiting = rest.find((line) => /waiting for/.test(line))?.trim();
	throw new Error(`while ${doing}: ${first}${waiting ? ` (${waiting})` : ''}`);
}

/** A new workflow's nodes panel, searched for the action node: its entry, found by its visible name. */
async function searchNodesPanel(page: Page, editor: string): Promise<Locator> {
	await step('opening a new workflow and its nodes panel', async () => {
		await page.goto(`${editor}/workflow/new`);
		await page
			.getByRole('button', { name: /add first step/i })
			.or(page.getByTestId('canvas-add-button'))
			.first()
			.click();
		await page.getByTestId('node-creator').waitFor();
	});
	await page.keyboard.type('Social Publishing'); // the panel opens with its search field focused
	const entry = page.getByTestId('node-creator-action-item').filter({
		has: page.getByText(action.displayName, { exact: true }),
	});
	await step(`finding "${action.displayName}" in the nodes panel's search results`, () =>
		entry.waitFor(),
	);
	return entry;
}

/**
 * The node's page in the nodes panel, its actions shown: with the trigger paired, n8n lists the trigger's event
 * first and, on a workflow without a trigger, folds the actions under "Actions (N)", which a person clicks open.
 */
async function openNodePage(page: Page, entry: Locator): Promise<void> {
	await step(`opening "${action.displayName}" in the nodes panel`, async () => {
		await entry.click();
		await page
			.getByText(/^Actions \(\d+\)$/)
			.first()
			.waitFor();
	});
	const first = page.getByText(postActions[0], { exact: true });
	if (!(await first.isVisible())) {
		await step('opening its "Actions (N)" list', async () => {
			await page
				.getByText(/^Actions \(\d+\)$/)
				.first()
				.click();
			await first.waitFor();
		});
	}
}

/** A Post action ("Create a post") added from the nodes panel, with the sandbox credential: its panel. */
async function openPostAction(page: Page, editor: string, actionName: string): Promise<Locator> {
	const entry = await searchNodesPanel(page, editor);
	await openNodePage(page, entry);
	await step(`picking "${actionName}"`, () => page.getByText(actionName, { exact: true }).click());
	const ndv = page.getByTestId('ndv');
	await step('filling in the credential', async () => {
		await ndv.waitFor();
		await choose(page, ndv.getByTestId('node-credentials-select'), EXAMPLE_CREDENTIAL.name);
	});
	return ndv;
}

/** What the output panel shows of a node's error, before n8n's own "Ask n8n Assistant" / "Error details". */
async function runToError(ndv: Locator): Promise<string> {
	const output = ndv.getByTestId('output-panel');
	await step('running the node and waiting for its error in the output panel', async () => {
		await ndv
			.getByRole('button', { name: /execute step/i })
			.first()
			.click();
		await output
			.getByText(/Error details|Ask n8n Assistant|\d+ items?/)
			.first()
			.waitFor();
	});
	return (await output.innerText())
		.split(/Ask n8n Assistant|Error details/)[0]
		.replace(/^\s*OUTPUT\s*/, '')
		.trim();
}

/** Fails unless the error panel's `message` says each of `expected` and nothing unreadable. */
function saysReadably(message: string, expected: string[]): void {
	for (const words of expected) {
		if (!message.includes(words))
			throw new Error(`the output panel does not say "${words}": ${message}`);
	}
	if (UNREADABLE.test(message))
		throw new Error(`the error holds ${UNREADABLE.exec(message)?.[0]}: ${message}`);
}

/**
 * One post on X (Who Can Reply: Everyone) and one on LinkedIn, scheduled a year ahead in one POST /posts, as Post →
 * Create on two channels sends them; their ids and date.
 */
async function postsOnXAndLinkedin(baseUrl: string) {
	const channels = (await sandboxApi(baseUrl, 'GET', '/integrations')) as Array<{
		id: string;
		identifier: string;
		disabled?: boolean;
	}>;
	const on = (platform: string) => {
		const found = channels.find((c) => c.identifier === platform && !c.disabled);
		if (!found) throw new Error(`the demo's sandbox lists no ${platform} channel`);
		return found.id;
	};
	const date = new Date(Date.now() + 365 * 86_400_000).toISOString();
	const created = (await sandboxApi(baseUrl, 'POST', '/posts', {
		type: 'schedule',
		date,
		shortLink: false,
		tags: [],
		posts: [
			{
				integration: { id: on('x') },
				value: [{ content: 'Spring sale on X', image: [] }],
				settings: { who_can_reply_post: 'everyone' },
			},
			{
				integration: { id: on('linkedin') },
				value: [{ content: 'Spring sale on LinkedIn', image: [] }],
			},
		],
	})) as Array<{ postId: string }>;
	return { onX: created[0].postId, onLinkedin: created[1].postId, date };
}

/** The posts GET /posts lists from now to two years ahead. */
async function listedPosts(baseUrl: string) {
	const start = new Date().toISOString();
	const end = new Date(Date.now() + 2 * 365 * 86_400_000).toISOString();
	const answer = (await sandboxApi(
		baseUrl,
		'GET',
		`/posts?startDate=${encodeURIComponent(start)}&endDate=${encodeURIComponent(end)}`,
	)) as { posts: Array<{ id: string; content: string; publishDate: string; state: string }> };
	return answer.posts;
}

/**
 * A queued post of the demo's sandbox, scheduled a year ahead through the service's POST /posts with the seed's
 * key, as Post → Create would make it: its own, so the check depends neither on the demo's example posts nor on
 * the clock (those are queued at the next free slot and publish when it comes).
 */
async function queuedPostId(baseUrl: string): Promise<string> {
	const headers = {
		Authorization: summarise(defaultSeed()).keys.main,
		'Content-Type': 'application/json',
	};
	const channels = (await (await fetch(`${baseUrl}/integrations`, { headers })).json()) as Array<{
		id: string;
		identifier: string;
		disabled?: boolean;
	}>;
	const mastodon = channels.find(
		(channel) => channel.identifier === 'mastodon' && !channel.disabled,
	);
	if (!mastodon) throw new Error("the demo's sandbox lists no Mastodon channel");
	const response = await fetch(`${baseUrl}/posts`, {
		method: 'POST',
		headers,
		body: JSON.stringify({
			type: 'schedule',
			date: new Date(Date.now() + 365 * 86_400_000).toISOString(),
			shortLink: false,
			tags: [],
			posts: [
				{
					integration: { id: mastodon.id },
					value: [{ content: 'Spring sale on Monday', image: [] }],
					settings: {},
				},
			],
		}),
	});
	if (!response.ok) throw new Error(`the demo's POST /posts answered ${response.status}`);
	const [created] = (await response.json()) as Array<{ postId: string }>;
	return created.postId;
}

/**
 * Post → Create added from the nodes panel, with the sandbox credential, a text, and a Bluesky channel picked
 * from the service's list: each check that runs it starts here, so no check depends on another's state.
 */
async function openPostCreate(page: Page, editor: string): Promise<Locator> {
	const ndv = await openPostAction(page, editor, 'Create a post');
	await step('filling in Type Now and the text', async () => {
		await choose(page, ndv.getByTestId('parameter-input-type'), 'Now');
		await ndv
			.getByTestId('parameter-input-content')
			.locator('textarea')
			.first()
			.fill('Hello from the browser test');
	});
	await step(
		`adding a channel: Platform Bluesky, then "${CHANNEL}" from the service's list`,
		async () => {
			await ndv.getByRole('button', { name: 'Add Channel' }).click();
			await choose(page, ndv.getByTestId('parameter-input-platform'), 'Bluesky');
			await ndv.getByTestId('parameter-input-channel').click();
			await page.getByText(CHANNEL).first().click(); // a searchable list, not a dropdown
		},
	);
	return ndv;
}

async function main(): Promise<number> {
	if (!existsSync(CHROMIUM)) await installDebianPackages(['chromium'], 'Chromium', say);
	const shots = await mkdtemp(join(tmpdir(), 'social-publishing-browser-'));
	say(`Screenshots of failed checks go to ${shots}`);
	const { check, summary } = checklist('browser');
	let demo: RunningDemo | undefined;
	let page: Page | undefined;
	let failures = 0;
	/** A check; when it fails, what the page showed is saved and its path printed. */
	const see = async (name: string, body: (page: Page) => Promise<void>) =>
		await check(name, async () => {
			if (!page) throw new Error('no editor page (an earlier step failed)');
			const failure = await body(page).then(
				() => undefined,
				(error: Error) => error,
			);
			if (!failure) return;
			const file = join(shots, `${++failures}-failed.png`);
			await page.screenshot({ path: file }).catch(() => undefined);
			throw new Error(`${failure.message}\nwhat the page showed: ${file}`);
		});

	selectors.setTestIdAttribute('data-test-id'); // n8n's editor names its parts with data-test-id
	try {
		demo = await startDemo((text) => process.stdout.write(text.replace(/^(?=.)/gm, '     | ')));
		const { browser, context } = await openEditor(demo);
		try {
			context.setDefaultTimeout(SLOW);
			page = await context.newPage();
			const editor = demo.editor;

			await see(
				'the nodes panel finds the node by search, and its entry says what the actions and the trigger do',
				async (p) => {
					const entry = await searchNodesPanel(p, editor);
					// The entry as a person reads it: its name, then its description. n8n gives the entry that
					// lists both nodes the trigger's description, which names the action node's first.
					const lines = (await entry.innerText())
						.split('\n')
						.map((line) => line.trim())
						.filter((line) => line && line !== action.displayName);
					const text = lines.join(' ');
					if (!text.includes(action.description as string))
						throw new Error(
							`the entry reads "${lines.join(' / ')}", the node's description is "${action.description}"`,
						);
					const apart = p.getByTestId('node-creator-action-item').filter({
						has: p.getByText(trigger.displayName, { exact: true }),
					});
					if (await apart.count())
						throw new Error(
							`"${trigger.displayName}" is listed apart from "${action.displayName}"`,
						);
				},
			);

			await see("the node's page lists the trigger's event beside the actions", async (p) => {
				const entry = await searchNodesPanel(p, editor);
				await openNodePage(p, entry);
				const noTriggers = p.getByText(/No .* Triggers available/i);
				if (await noTriggers.count())
					throw new Error(`the page says "${await noTriggers.first().innerText()}"`);
				if (triggerEvents.length === 0) throw new Error('the trigger declares no Trigger On event');
				for (const event of triggerEvents) {
					const item = p.getByText(event, { exact: true }).first();
					// Under "Triggers (N)", which n8n may show folded.
					if (!(await item.isVisible()))
						await p
							.getByText(/^Triggers \(\d+\)$/)
							.first()
							.click()
							.catch(() => undefined);
					await step(`finding the trigger's "${event}" on the page`, () => item.waitFor());
				}
			});

			await see('its details list the Post actions', async (p) => {
				const entry = await searchNodesPanel(p, editor);
				await openNodePage(p, entry);
				const missing: string[] = [];
				for (const name of postActions) {
					if (!(await p.getByText(name, { exact: true }).isVisible())) missing.push(name);
				}
				if (postActions.length < 3 || missing.length)
					throw new Error(
						`the node's panel does not list these Post actions: ${missing.join(', ') || '(the node declares fewer than 3)'}`,
					);
			});

			await see(
				'Post → Create with a platform and a channel from the service runs, and its output reads back the channel',
				async (p) => {
					const ndv = await openPostCreate(p, editor);
					const output = ndv.getByTestId('output-panel');
					await step('running the node and waiting for "1 item" in the output panel', async () => {
						await ndv
							.getByRole('button', { name: /execute step/i })
							.first()
							.click();
						await output.getByText('1 item').waitFor();
						await output.getByText('postId').first().waitFor(); // the table renders after the count
					});
					const shown = await output.innerText();
					for (const expected of ['postId', CHANNEL, 'bluesky']) {
						if (!shown.includes(expected))
							throw new Error(
								`the output does not show ${expected}: ${shown.replace(/\s+/g, ' ')}`,
							);
					}
					if (!/[0-9a-f]{8}-[0-9a-f]{4}-/.test(shown))
						throw new Error(`the output shows no post id: ${shown.replace(/\s+/g, ' ')}`);
				},
			);

			await see(
				'Post → Create under Look Up From Channel says up front which settings it cannot send (X: Who Can Reply)',
				async (p) => {
					const ndv = await openPostAction(p, editor, 'Create a post');
					await step('adding a channel (Platform left at Look Up From Channel)', () =>
						ndv.getByRole('button', { name: 'Add Channel' }).click(),
					);
					const notice = ndv.getByText(/^Look Up From Channel sends no settings/);
					const shown = await step('reading the notice under Platform', async () => {
						await notice.first().waitFor();
						return await notice.first().innerText();
					});
					if (shown !== lookUpSettingsNotice.displayName)
						throw new Error(`the notice reads "${shown}"`);
					if (!shown.includes('X: Who Can Reply'))
						throw new Error(`the notice does not name X's Who Can Reply: "${shown}"`);
				},
			);

			await see('Post → Create keeps the channel picked when Platform changes', async (p) => {
				const ndv = await openPostAction(p, editor, 'Create a post');
				await step(
					`adding a channel and picking "${CHANNEL}" under Look Up From Channel`,
					async () => {
						await ndv.getByRole('button', { name: 'Add Channel' }).click();
						await ndv.getByTestId('parameter-input-channel').click();
						await p.getByText(CHANNEL).first().click();
					},
				);
				await step('setting Platform to Bluesky afterwards', () =>
					choose(p, ndv.getByTestId('parameter-input-platform'), 'Bluesky'),
				);
				// The field's inputs: its mode ("From list"), then the channel as the list named it.
				const inputs = ndv.getByTestId('parameter-input-channel').locator('input');
				const kept = await Promise.all(
					(await inputs.all()).map(async (input) => await input.inputValue()),
				);
				if (!kept.some((value) => value.startsWith(CHANNEL)))
					throw new Error(
						`after Platform changed, Channel reads "${kept.join(' / ')}", not "${CHANNEL}"`,
					);
			});

			await see(
				'Post → Create flags in the panel a Channels entry whose channel is of another platform, and only then',
				async (p) =>
					await platformMismatchHint(p, {
						openPostAction: (page, name) => openPostAction(page, editor, name),
						choose,
						step,
					}),
			);

			await see(
				"Post → Create: a Draft's Publish At says why, and Options → Check Only is on when added",
				async (p) => {
					const ndv = await openPostAction(p, editor, 'Create a post');
					await step('setting Type to Draft', () =>
						choose(p, ndv.getByTestId('parameter-input-type'), 'Draft'),
					);
					await step(`reading "${draftDateHint}" under Publish At`, () =>
						ndv.getByText(draftDateHint).first().waitFor(),
					);
					// Options is the first collection of the panel without a channel (Request Options the last).
					await step('adding Options → Check Only', () =>
						choose(p, ndv.getByTestId('collection-parameter-add').first(), 'Check Only'),
					);
					const input = ndv.getByTestId('parameter-input-checkOnly');
					// n8n's switch: role "switch" with aria-checked, or the Element Plus class is-checked.
					const on = await step('reading the Check Only switch', async () => {
						await input.first().waitFor();
						const toggle = input.locator('[role="switch"]');
						if (await toggle.count()) return await toggle.first().getAttribute('aria-checked');
						return String((await input.locator('.is-checked').count()) > 0);
					});
					if (on !== 'true') throw new Error('Options → Check Only was added switched off');
				},
			);

			await see(
				'Post → Create with two problems names both in the message, not "(and 1 more problem)"',
				async (p) => {
					const ndv = await openPostCreate(p, editor);
					await step(
						'a text of 301 characters (Bluesky takes 300) and an empty second part',
						async () => {
							await ndv
								.getByTestId('parameter-input-content')
								.locator('textarea')
								.first()
								.fill('b'.repeat(301));
							await ndv.getByRole('button', { name: 'Add Part' }).click();
						},
					);
					const message = await runToError(ndv);
					saysReadably(message, [
						'Item 1 has 2 problems',
						'(1) ',
						'(2) ',
						'Bluesky takes at most 300',
						'needs text, media, or both',
					]);
					if (message.includes('more problem'))
						throw new Error(`the message still hides a problem: ${message}`);
				},
			);

			await see(
				'a Schedule date in 2025 is refused, and the panel names the field and Options → Allow Past Date',
				async (p) => {
					const ndv = await openPostCreate(p, editor);
					await step('setting Type to Schedule and Publish At to 2025-11-24 10:00', async () => {
						await choose(p, ndv.getByTestId('parameter-input-type'), 'Schedule');
						const date = ndv.getByTestId('parameter-input-date').locator('input');
						await date.click();
						await date.fill('2025-11-24 10:00:00');
						await date.press('Enter');
					});
					saysReadably(await runToError(ndv), [
						'Item 1',
						'Publish At',
						'has passed',
						'Options → Allow Past Date',
						'Type to Now',
					]);
				},
			);

			await see(
				'Post → Update of a queued post with a new Text under the default Media and Follow-Up Parts is refused, and the panel says the choice and its fix',
				async (p) => {
					const postId = await step("queuing a post a year ahead in the demo's sandbox", () =>
						queuedPostId(demo?.baseUrl as string),
					);
					const ndv = await openPostAction(p, editor, 'Update a post');
					await step(`giving Post ID ${postId} and adding Update Fields → Text`, async () => {
						await ndv.getByTestId('parameter-input-postId').locator('input').fill(postId);
						// Update Fields is the first collection of the panel (Options the second).
						await choose(p, ndv.getByTestId('collection-parameter-add').first(), 'Text');
						await ndv
							.getByTestId('parameter-input-content')
							.locator('textarea')
							.first()
							.fill('Spring sale moved to Tuesday');
					});
					saysReadably(await runToError(ndv), [
						'Item 1',
						'Media and Follow-Up Parts',
						'Not Said',
						'The Post Has None',
						'Replace With These',
					]);
				},
			);

			await see(
				'Post → Update reschedules the X post of a two-channel Create, says up front what a reschedule needs, and the LinkedIn post is unchanged',
				async (p) => {
					const baseUrl = demo?.baseUrl as string;
					const {
						onX,
						onLinkedin,
						date: queuedAt,
					} = await step(
						"queuing one post on X and LinkedIn a year ahead in the demo's sandbox",
						() => postsOnXAndLinkedin(baseUrl),
					);
					const linkedinBefore = (await listedPosts(baseUrl)).find(
						(post) => post.id === onLinkedin,
					);
					const moved = new Date(Date.now() + 400 * 86_400_000);
					const ndv = await openPostAction(p, editor, 'Update a post');
					const hint = 'Needed with a new Text or Publish At';
					await step(`reading "${hint}…" under Media and Follow-Up Parts`, async () => {
						await ndv.getByText(hint).first().waitFor();
					});
					await step(
						`giving Post ID ${onX}, Update Fields → Publish At and The Post Has None`,
						async () => {
							await ndv.getByTestId('parameter-input-postId').locator('input').fill(onX);
							await choose(p, ndv.getByTestId('collection-parameter-add').first(), 'Publish At');
							const date = ndv.getByTestId('parameter-input-date').locator('input');
							await date.click();
							await date.fill(moved.toISOString().slice(0, 19).replace('T', ' '));
							await date.press('Enter');
							await choose(
								p,
								ndv.getByTestId('parameter-input-mediaAndFollowUps'),
								'The Post Has None',
							);
						},
					);
					const output = ndv.getByTestId('output-panel');
					await step('running the node and waiting for "1 item" in the output panel', async () => {
						await ndv
							.getByRole('button', { name: /execute step/i })
							.first()
							.click();
						await output
							.getByText(/1 item|Error details|Ask n8n Assistant/)
							.first()
							.waitFor();
					});
					const shown = (await output.innerText()).replace(/\s+/g, ' ');
					if (!shown.includes('1 item') || /Error details|Ask n8n Assistant/.test(shown))
						throw new Error(`the output shows no changed post: ${shown}`);
					const after = await listedPosts(baseUrl);
					const linkedinAfter = after.find((post) => post.id === onLinkedin);
					if (JSON.stringify(linkedinAfter) !== JSON.stringify(linkedinBefore))
						throw new Error(
							`the LinkedIn post changed: before ${JSON.stringify(linkedinBefore)}, after ${JSON.stringify(linkedinAfter) ?? 'gone'}`,
						);
					// Typed in the workflow's time zone: within a day of the date typed, and not where it was.
					const xAfter = after.find((post) => post.id === onX);
					const movedTo = Date.parse(xAfter?.publishDate ?? '');
					if (
						Date.parse(queuedAt) === movedTo ||
						!(Math.abs(movedTo - moved.getTime()) < 86_400_000)
					)
						throw new Error(`the X post was not moved: ${JSON.stringify(xAfter) ?? 'gone'}`);
				},
			);

			await see("the credential dialog's test with a wrong key says so in words", async (p) => {
				const mistyped = 'not-the-right-one-0123456789';
				await step("opening a new credential of the node's type", async () => {
					await p.goto(`${editor}/home/credentials/create`);
					await p
						.getByRole('dialog')
						.getByText(/select an app/i)
						.waitFor();
					await p.keyboard.type(credential.displayName); // the app search is focused
					await p.getByText(credential.displayName, { exact: true }).click();
					await p.getByRole('button', { name: /continue/i }).click();
				});
				// The hint under Base URL: a whole example address, as the dialog renders it (no "&lt;" or "https:///").
				const hint = (
					await step('reading the hint under Base URL', () =>
						p
							.getByText(/^Self-hosted/)
							.first()
							.innerText(),
					)
				).trim();
				if (
					!hint.includes('https://postiz.example.com/api/public/v1') ||
					/&lt;|&gt;|https:\/\/\//.test(hint)
				) {
					throw new Error(`the Base URL hint does not read as a whole example address: "${hint}"`);
				}
				await step("filling in the demo's Base URL and a mistyped key, and saving", async () => {
					await p
						.getByTestId('parameter-input-baseUrl')
						.locator('input')
						.fill(demo?.baseUrl as string);
					await p.getByTestId('parameter-input-apiKey').locator('input').fill(mistyped);
					await p.getByRole('button', { name: 'Save', exact: true }).click();
				});
				// n8n's banner "Couldn’t connect with these settings" with its Retry button; "More details" opens
				// the reason: the message the credential's own test rule gives for a refused key.
				const dialog = p.getByRole('dialog');
				await step(
					'waiting for n8n\'s "Couldn’t connect" banner and opening its details',
					async () => {
						await dialog.getByText(/Couldn.t connect with these settings/).waitFor();
						const details = dialog.getByText('More details');
						if (await details.isVisible()) await details.click();
					},
				);
				// The reason, as the dialog reads: after the banner's heading, before the Base URL field.
				const shown =
					(await dialog.innerText()).split(/Couldn.t connect with these settings/)[1] ?? '';
				const message = shown
					.split(/\nBase URL/)[0]
					.split('\n')
					.map((line) => line.trim())
					.filter((line) => line && !/^(Retry|More details)$/.test(line))
					.join(' ');
				if (message !== REFUSED_KEY_MESSAGE)
					throw new Error(
						`the banner reads "${message}", the credential's test says "${REFUSED_KEY_MESSAGE}" for a refused key`,
					);
				if (UNREADABLE.test(message))
					throw new Error(
						`the test's message holds ${UNREADABLE.exec(message)?.[0]}: "${message}"`,
					);
				if (message.includes(mistyped))
					throw new Error(`the test's message shows the key: "${message}"`);
			});
		} finally {
			await browser.close();
		}
	} catch (error) {
		await check('the demo and the browser start', async () => await Promise.reject(error as Error));
	} finally {
		await demo?.stop();
	}
	return summary();
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		process.stderr.write(`browser: ${error.message}\n`);
		process.stdout.write('browser: 0 passed, 1 failed\n');
		process.exit(1);
	},
);
