#!/usr/bin/env node
/**
 * `n8n-node lint` (strict: eslint.config.mjs must be the template's), failing on warnings too. n8n-node lint
 * passes no options to ESLint, so `--max-warnings 0` cannot be given; its output is read instead: ESLint's
 * summary line "✖ N problems (E errors, W warnings)" and each "line:col  warning" row.
 * Extra arguments (e.g. --fix) are passed on to n8n-node lint.
 * Then the formatter: every file Prettier formats must be as it writes it (`npm run format` fixes that).
 */
'use strict';

const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { readFileSync } = require('node:fs');

const bin = path.join(__dirname, '..', 'node_modules', '.bin', 'n8n-node');
const run = spawnSync(bin, ['lint', ...process.argv.slice(2)], {
	encoding: 'utf8',
	stdio: ['inherit', 'pipe', 'pipe'],
});
process.stdout.write(run.stdout ?? '');
process.stderr.write(run.stderr ?? '');
if (run.error) throw run.error;
if (run.status !== 0) process.exit(run.status ?? 1);

const plain = `${run.stdout}\n${run.stderr}`.replace(/\u001b\[[0-9;]*m/g, '');
const summary = /(\d+) errors?, (\d+) warnings?\)/.exec(plain);
const rows = plain.split('\n').filter((line) => /^\s+\d+:\d+\s+warning\s/.test(line)).length;
const warnings = Math.max(summary ? Number(summary[2]) : 0, rows);
if (warnings > 0) {
	console.error(
		`lint: ${warnings} warning(s); this package allows none (fix them, or disable a rule where it truly does not apply)`,
	);
	process.exit(1);
}
console.log('lint: 0 errors, 0 warnings');

const prettier = path.join(__dirname, '..', 'node_modules', '.bin', 'prettier');
const format = spawnSync(prettier, ['--check', '--log-level', 'warn', '.'], {
	cwd: path.join(__dirname, '..'),
	encoding: 'utf8',
});
if (format.error) throw format.error;
if (format.status !== 0) {
	process.stderr.write(format.stdout + format.stderr);
	console.error('lint: the files above are not as Prettier writes them (run npm run format)');
	process.exit(1);
}
console.log('lint: every file as Prettier writes it');

// Prettier cannot break a long string, comment or regular expression: the shipped sources are held to its width by
// hand. The lines allowed past it: a string n8n's lint reads whole (the subtitle, a default, the "Choose from the
// list" text), a line that is one regular expression literal, and a line that is one string literal or template
// (after a key, `const x =`, `return`, `?` or `:`; a `+` after it), so that a sentence a user reads stays whole
// and grep finds it (issue 31).
const WIDTH = require('../.prettierrc.js').printWidth;
const READ_WHOLE = /^\s*(subtitle:|default:)|Choose from the list|^\s*'=\{\{|^\s*\/\^/;
const ONE_REGEX = /^\s*\/[^/*].*\/[dgimsuy]*[,;]?$/;
const ONE_STRING =
	/^\s*(?:(?:const|let)\s+[\w$]+\s*=\s*|[\w$]+:\s*|return\s+|\?\s*|:\s*)?(['"`]).*\1(?:\s*\+)?[,;)]*$/;
const shipped = spawnSync('git', ['ls-files', 'nodes', 'credentials'], {
	cwd: path.join(__dirname, '..'),
	encoding: 'utf8',
})
	.stdout.split('\n')
	.filter((file) => file.endsWith('.ts'));
const wide = [];
for (const file of shipped) {
	const lines = readFileSync(path.join(__dirname, '..', file), 'utf8').split('\n');
	lines.forEach((line, index) => {
		const allowed =
			READ_WHOLE.test(line) ||
			ONE_STRING.test(line) ||
			ONE_REGEX.test(line) ||
			/^\s*default:$/.test(lines[index - 1] ?? '');
		if (line.replace(/\t/g, '  ').length > WIDTH && !allowed) wide.push(`${file}:${index + 1}`);
	});
}
if (wide.length > 0) {
	console.error(
		`lint: ${wide.length} line(s) of nodes/ and credentials/ wider than ${WIDTH} columns:`,
	);
	console.error(`  ${wide.join('\n  ')}`);
	process.exit(1);
}
console.log(`lint: every line of nodes/ and credentials/ within ${WIDTH} columns`);
