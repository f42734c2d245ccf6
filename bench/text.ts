/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev code, never shipped: it loads the built rules */
/**
 * Text: one check of a 1,000,000-character text (UTF-16 units) as Post → Create makes it, for each shape in
 * test/fixtures/textShapes.ts (all "<", nested tags, entities, emoji, CJK, links, plain...), by the BUILT rules
 * (dist/). The row's ratio is the slowest shape's time over the 100 ms budget (issue 19: under 1.00× is in budget);
 * each shape's time is the fastest of 3 checks of different texts.
 */
import { join } from 'node:path';

import { distinctTexts, fastestCheckMs, TEXT_SHAPES } from '../test/fixtures/textShapes';
import { ROOT, type Row } from './lib';

const LENGTH = 1_000_000;
const BUDGET_MS = 100;

export async function text(): Promise<Row[]> {
	const rules = (await import(
		join(ROOT, 'dist', 'nodes/SocialPublishing/shared/postRules/index.js')
	)) as Parameters<typeof fastestCheckMs>[1];
	fastestCheckMs(distinctTexts(TEXT_SHAPES[0], 1000, 3), rules);
	const times = TEXT_SHAPES.map((shape) => ({
		name: shape.name,
		ms: fastestCheckMs(distinctTexts(shape, LENGTH, 3), rules),
	}));
	const slowest = times.reduce((worst, time) => (time.ms > worst.ms ? time : worst));
	return [
		{
			section: 'text',
			what: `text check: 1 MB, slowest of ${times.length} shapes / ${BUDGET_MS} ms`,
			ratio: slowest.ms / BUDGET_MS,
			detail: `${slowest.name} ${slowest.ms.toFixed(1)} ms; ${times.map((time) => `${time.name} ${time.ms.toFixed(1)}`).join(', ')}`,
		},
	];
}
