/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped: it loads dist/ */
/**
 * Issue 39's bar, through the built package (dist/, as n8n loads it) against the sandbox as production behaves: the
 * package sends POST /generate-video, POST /video/function and GET /groups, and reads their answers. Runs after
 * `npm run build` (npm test builds first).
 */
import path from 'node:path';

import type { INodeType } from 'n8n-workflow';

import { listSearch, loadOptions, runNode } from '../helpers/engine';
import { registerAsLoadedByN8n } from '../helpers/n8nLoader';
import { sandboxPerFile } from '../helpers/sandbox';

const dist = path.join(__dirname, '..', '..', 'dist', 'nodes');
/* eslint-disable @typescript-eslint/no-require-imports -- the built package is CommonJS */
const { SocialPublishing } = require(
	path.join(dist, 'SocialPublishing', 'SocialPublishing.node.js'),
) as { SocialPublishing: new () => INodeType };
/* eslint-enable @typescript-eslint/no-require-imports */

const BUILT_NODE = 'builtVideo.socialPublishing';
registerAsLoadedByN8n(BUILT_NODE, new SocialPublishing());

const t = sandboxPerFile({ profile: 'production' });

it('sends POST /video/function for the voices, POST /generate-video for the video, GET /groups for the clients', async () => {
	await t.sandbox.control.settings({ videoDelayMs: 0 });
	const { results: voices } = await listSearch(
		t.credentials,
		'searchVoices',
		{ resource: 'media', operation: 'generateVideo' },
		'voice',
		undefined,
		undefined,
		BUILT_NODE,
	);
	expect(voices.length).toBeGreaterThan(0);
	const video = await runNode({
		credentials: t.credentials,
		nodeType: BUILT_NODE,
		parameters: {
			resource: 'media',
			operation: 'generateVideo',
			kind: 'image-text-slides',
			voice: { __rl: true, mode: 'list', value: voices[0].value },
			prompt: 'Three tips for spring gardening',
		},
	});
	expect(video.error).toBeUndefined();
	expect(video.items[0].json).toMatchObject({ id: expect.any(String), path: expect.any(String) });
	const clients = await loadOptions(
		t.credentials,
		'getCustomers',
		{ resource: 'channel', operation: 'getMany' },
		'filters.customer',
		BUILT_NODE,
	);
	expect(clients.map((c) => c.value)).toEqual(
		Object.values(t.sandbox.seed.customers).map((c) => c.id),
	);
	expect(await t.routes()).toEqual(['POST /video/function', 'POST /generate-video', 'GET /groups']);
});
