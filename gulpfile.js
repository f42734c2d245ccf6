// Copies what tsc does not emit (icons, codex json) from the sources into dist/, keeping paths.
const { src, dest, task } = require('gulp');

function buildIcons() {
	return src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}', 'nodes/**/*.node.json'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

task('build:icons', buildIcons);
