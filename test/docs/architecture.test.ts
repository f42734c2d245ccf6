/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev/test code, never shipped: it reads the repository */
/**
 * ARCHITECTURE.md stays one screen and true: at most 60 lines and about 600 words, and every path it
 * names exists (a `<placeholder>` segment stands for any folder or file there).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');
const text = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');

/** Whether `named` exists, a `<placeholder>` segment matching any entry of its folder. */
function exists(named: string, base = root): boolean {
	const [first, ...rest] = named.replace(/\/$/, '').split('/');
	if (first === undefined || first === '') return existsSync(base);
	const candidates = /^<[^>]+>(\.\w+)?$/.test(first)
		? readdirSync(base).filter((entry) => entry.endsWith(first.replace(/^<[^>]+>/, '')))
		: [first];
	return candidates.some((entry) => {
		const next = path.join(base, entry);
		return rest.length === 0 ? existsSync(next) : existsSync(next) && exists(rest.join('/'), next);
	});
}

/** The paths the text names in backticks: with a slash, or a file name with its ending. */
function namedPaths(): string[] {
	const quoted = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]);
	return quoted.filter((quote) => /\//.test(quote) || /^[\w.-]+\.(ts|md|json|js)$/.test(quote));
}

describe('ARCHITECTURE.md', () => {
	it('fits one screen: at most 60 lines and about 600 words', () => {
		expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(60);
		expect(text.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(650);
	});

	it('names only paths that exist', () => {
		const tracked = spawnSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).stdout.split(
			'\n',
		);
		const trackedNames = new Set(tracked.map((file) => path.basename(file)));
		const named = namedPaths();
		expect(named.length).toBeGreaterThan(20);
		const missing = named.filter((quoted) => {
			// A bare file name: a file of that name somewhere in the repository.
			if (!quoted.includes('/')) return !trackedNames.has(quoted);
			const inNode = /^(shared|resources|methods)\//.test(quoted);
			return !exists(inNode ? `nodes/SocialPublishing/${quoted}` : quoted);
		});
		expect(missing).toEqual([]);
	});
});
