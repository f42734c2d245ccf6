/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev/test code, never shipped: it runs npm pack */
/**
 * What n8n installs: the published tarball holds only the built package (dist/ plus README, LICENSE,
 * package.json), registers every node and credential it ships, and depends on nothing at run time.
 * Runs after `npm run build` (npm test builds first).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pkg = require('../../package.json') as {
	dependencies?: Record<string, string>;
	peerDependencies?: Record<string, string>;
	n8n: { strict: boolean; nodes: string[]; credentials: string[] };
	name: string;
};

function packedFiles(): string[] {
	const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	});
	const [report] = JSON.parse(out) as Array<{ files: Array<{ path: string }> }>;
	return report.files.map((file) => file.path);
}

describe('the published package', () => {
	it('has no runtime dependencies and n8n-workflow as a peer', () => {
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(pkg.n8n.strict).toBe(true);
	});

	it('packs only dist/, README, LICENSE and package.json: no tests, no sandbox, no sources', () => {
		expect(existsSync(path.join(root, 'dist'))).toBe(true);
		const files = packedFiles();
		const outsideDist = files.filter((file) => !file.startsWith('dist/'));
		expect(outsideDist.sort()).toEqual(['LICENSE', 'README.md', 'package.json']);
		expect(files.filter((file) => /(^|\/)(sandbox|test|bench|demo)\//.test(file))).toEqual([]);
		expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
	});

	it('leaves build by-products out: no tsbuildinfo, no source maps, no declarations, no second manifest', () => {
		const files = packedFiles();
		expect(files.filter((file) => /\.(tsbuildinfo|map|d\.ts)$/.test(file))).toEqual([]);
		expect(files).not.toContain('dist/package.json');
	});

	it('loads from dist/ as n8n loads it: each registered file exports the class its name promises', () => {
		for (const entry of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
			const className = path.basename(entry).split('.')[0];
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const exported = require(path.join(root, entry))[className] as new () => {
				description?: { name: string };
				name?: string;
			};
			expect(typeof exported).toBe('function');
			const instance = new exported();
			expect(instance.description?.name ?? instance.name).toBeTruthy();
		}
	});

	it('ships every node and credential that package.json registers, with their icons', () => {
		const files = new Set(packedFiles());
		for (const entry of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(files).toContain(entry);
		expect(files).toContain('dist/nodes/SocialPublishing/socialPublishing.svg');
		expect(files).toContain('dist/nodes/SocialPublishing/socialPublishing.dark.svg');
	});

	/**
	 * The editor's Docs links: the node panel opens a node's codex primaryDocumentation (n8n appends "?utm_…"), the
	 * credential dialog opens documentationUrl as it is, and the nodes panel's own Docs link opens the package's
	 * page on npm (n8n builds it from the package name). Each link is that page: it exists once the package is
	 * published, shows the README, and does not depend on where the repository is hosted.
	 */
	it("links each node and the credential to the package's page on npm", () => {
		const npmPage = `https://www.npmjs.com/package/${pkg.name}`;
		const links: Array<[string, string]> = [];
		for (const entry of pkg.n8n.nodes) {
			const codex = path.join(root, entry.replace(/^dist\//, '').replace(/\.js$/, '.json'));
			const json = JSON.parse(readFileSync(codex, 'utf8')) as {
				resources: { primaryDocumentation: Array<{ url: string }> };
			};
			links.push([path.basename(codex), json.resources.primaryDocumentation[0].url]);
		}
		for (const entry of pkg.n8n.credentials) {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const exported = require(path.join(root, entry.replace(/^dist\//, '').replace(/\.js$/, '')))[
				path.basename(entry).split('.')[0]
			] as new () => { documentationUrl: string };
			links.push([path.basename(entry), new exported().documentationUrl]);
		}
		expect(links).toHaveLength(3);
		expect(links).toEqual(links.map(([where]) => [where, npmPage]));
	});
});
