/**
 * The browser test's checks of the node's hints (hints.ts), as the editor shows them in the panel, above the
 * output: shown when a Channels entry's channel is of another platform, gone once it is not. editor.ts runs them
 * with its own steps (passed in: that file runs on import).
 */
import type { Locator, Page } from 'playwright-core';

import { NODE_HINTS, PLATFORM_MISMATCH_CONDITION } from '../../nodes/SocialPublishing/hints';

/** What a check needs of editor.ts: its steps, named as a person would do them. */
export interface EditorSteps {
	openPostAction: (page: Page, actionName: string) => Promise<Locator>;
	choose: (page: Page, field: Locator, name: string) => Promise<void>;
	step: <T>(doing: string, body: () => Promise<T>) => Promise<T>;
}

const MISMATCH = String(
	NODE_HINTS.find((hint) => hint.displayCondition === PLATFORM_MISMATCH_CONDITION)?.message,
);
/** The editor settles a change within this; a hint still absent after it is absent. */
const SETTLE_MS = 1_500;

/** The panel's hints whose text begins as the mismatch hint's does. */
const mismatchHints = (ndv: Locator) =>
	ndv.getByTestId('node-hint').filter({ hasText: MISMATCH.slice(0, 60) });

async function absent(page: Page, ndv: Locator, when: string): Promise<void> {
	await page.waitForTimeout(SETTLE_MS);
	if (await mismatchHints(ndv).count())
		throw new Error(`${when}, the panel shows "${await mismatchHints(ndv).first().innerText()}"`);
}

/**
 * Platform X and "Sandbox Studio X" from the list: no hint. Platform changed to LinkedIn (the channel is kept):
 * the hint, in the panel, before any run. Platform back to X: gone.
 */
export async function platformMismatchHint(page: Page, steps: EditorSteps): Promise<void> {
	const { openPostAction, choose, step } = steps;
	const ndv = await openPostAction(page, 'Create a post');
	await step('adding a channel: Platform X, then "Sandbox Studio X" from the list', async () => {
		await ndv.getByRole('button', { name: 'Add Channel' }).click();
		await choose(page, ndv.getByTestId('parameter-input-platform'), 'X');
		await ndv.getByTestId('parameter-input-channel').click();
		await page.getByText('Sandbox Studio X').first().click();
	});
	await absent(page, ndv, 'with an X channel under Platform X');
	await step('setting Platform to LinkedIn', () =>
		choose(page, ndv.getByTestId('parameter-input-platform'), 'LinkedIn'),
	);
	const shown = await step(
		'waiting for the hint that the channel is of another platform',
		async () => {
			await mismatchHints(ndv).first().waitFor();
			return await mismatchHints(ndv).first().innerText();
		},
	);
	if (shown.replace(/\s+/g, ' ').trim() !== MISMATCH)
		throw new Error(`the hint reads "${shown}", the node declares "${MISMATCH}"`);
	await step('setting Platform back to X', () =>
		choose(page, ndv.getByTestId('parameter-input-platform'), 'X'),
	);
	await absent(page, ndv, 'with Platform set back to X');
}
