/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * The workflow snippets of docs/recipes.md, run as written (channel IDs filled in) against the
 * sandbox: the recipes cannot drift from the node's fields.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeParameters } from 'n8n-workflow';
import { png } from '../../../../../fixtures/media';
import { errorText, NODE_TYPE, useSandbox } from '../../../support';

interface SnippetNode {
	name: string;
	type: string;
	parameters: INodeParameters;
}

const recipes = readFileSync(join(__dirname, '../../../../../../docs/recipes.md'), 'utf8');
const snippets = [...recipes.matchAll(/```json\n([\s\S]*?)```/g)].map(
	(match) => JSON.parse(match[1]) as { nodes: SnippetNode[] },
);

// Request Options left to the node's defaults, as the recipes leave them.
const t = useSandbox({
	clock: { mode: 'manual', now: '2026-03-01T08:00:00.000Z' },
	requestOptions: null,
});

/** A snippet node's parameters with `YOUR_<PLATFORM>_CHANNEL_ID` replaced by the sandbox's channel. */
function filledIn(node: SnippetNode): INodeParameters {
	const text = JSON.stringify(node.parameters).replace(
		/YOUR_([A-Z]+)_CHANNEL_ID/g,
		(_all, platform: string) => {
			const found = t.sandbox.seed.channels[platform.toLowerCase()];
			if (!found) throw new Error(`No sandbox channel for ${platform}`);
			return found.id;
		},
	);
	return JSON.parse(text) as INodeParameters;
}

const createNodeOf = (index: number) =>
	snippets[index].nodes.find((node) => node.parameters.operation === 'create')!;

/** GET /posts over 300 days from `start` (the service cuts a range at 370 days). */
async function listed(start: string) {
	const end = new Date(Date.parse(start) + 300 * 86_400_000).toISOString();
	const res = await fetch(`${t.sandbox.baseUrl}/posts?startDate=${start}&endDate=${end}`, {
		headers: { Authorization: t.sandbox.apiKey },
	});
	return (
		(await res.json()) as {
			posts: Array<{
				id: string;
				content: string;
				publishDate: string;
				tags: Array<{ label: string }>;
				intervalInDays: number | null;
			}>;
		}
	).posts;
}

it('docs/recipes.md has the three recipes, all for this node', () => {
	expect(snippets).toHaveLength(3);
	for (const snippet of snippets)
		for (const node of snippet.nodes) expect(node.type).toBe(NODE_TYPE);
});

it('recipe 1: one post to several channels', async () => {
	const result = await t.run(filledIn(createNodeOf(0)));
	expect(errorText(result)).toBe('');
	expect(result.items.map((item) => item.json.platform)).toEqual(['x', 'mastodon', 'linkedin']);
	const posts = await listed('2030-01-01T00:00:00Z');
	expect(posts).toHaveLength(3);
	for (const post of posts) expect(post.tags.map((tag) => tag.label)).toEqual(['Launch']);
});

it('recipe 2: a thread with media, the image uploaded by the node before it', async () => {
	const [uploadNode, createNode] = snippets[1].nodes;
	const upload = await t.run(filledIn(uploadNode), {
		items: [
			{
				json: {},
				binary: {
					data: { data: png().toString('base64'), mimeType: 'image/png', fileName: 'jackets.png' },
				},
			},
		],
	});
	expect(errorText(upload)).toBe('');
	const result = await t.run(filledIn(createNode), {
		items: upload.items.map((item) => item.json),
	});
	expect(errorText(result)).toBe('');
	expect(result.items).toHaveLength(1);
	const post = (await t.sandbox.control.requests()).find(
		(r) => r.method === 'POST' && r.path === '/posts',
	)!.body as {
		posts: Array<{ value: Array<{ content: string; image: unknown[] }> }>;
	};
	expect(post.posts[0].value).toHaveLength(3);
	expect(post.posts[0].value[0].image).toEqual([
		{
			id: upload.items[0].json.id,
			path: upload.items[0].json.path,
			alt: 'Three jackets on a rail in autumn colours',
		},
	]);
});

it('recipe 3: a post at the next free slot, repeated weekly', async () => {
	const result = await t.run(filledIn(createNodeOf(2)));
	expect(errorText(result)).toBe('');
	// Sandbox clock: 1 March 2026, 08:00 UTC; the channel posts at 09:00, 13:00 and 17:30.
	expect(result.items[0].json.date).toBe('2026-03-01T09:00:00.000Z');
	const [post] = await listed('2026-03-01T00:00:00Z');
	expect(post).toMatchObject({
		publishDate: '2026-03-01T09:00:00.000Z',
		intervalInDays: 7,
		tags: [{ label: 'Weekly tips' }],
	});
});
