/** Post → Create at the next free slot (slots.ts): GET /find-slot per channel, one slot per item. */
import { sleep } from 'n8n-workflow';

import { channel, createParams, parts } from '../../../createParameters';
import { byId, errorText, FAST, useSandbox } from '../../../support';

// Request Options left to the node's defaults.
const t = useSandbox({
	clock: { mode: 'manual', now: '2026-03-01T08:00:00.000Z' },
	requestOptions: null,
});

describe('Post → Create: next free slot', () => {
	it('gives each item of a run its own slot on the same channel', async () => {
		const { telegram } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				nextSlot: true,
				parts: parts({ content: '={{ $json.text }}' }),
				channels: [channel({ channel: byId(telegram.id) })],
			}),
			{ items: [{ text: 'one' }, { text: 'two' }] },
		);
		expect(errorText(result)).toBe('');
		expect(result.items.map((i) => i.json.date).sort()).toEqual([
			'2026-03-01T09:00:00.000Z',
			'2026-03-01T13:00:00.000Z',
		]);
	});

	it('refuses a channel without posting times, naming it, and sends no post', async () => {
		const { bluesky } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				nextSlot: true,
				parts: parts({ content: 'Hi' }),
				channels: [channel({ channel: byId(bluesky.id) })],
			}),
		);
		expect(errorText(result)).toContain(
			`Item 1, channel 1 "${bluesky.name}" (Bluesky), Date: the channel has no posting times set`,
		);
		expect(errorText(result)).toContain('choose "At a Date and Time"');
		expect((await t.routes()).filter((r) => r === 'POST /posts')).toEqual([]);
	});

	it('refuses a disabled channel without asking for its slot (production never answers for one)', async () => {
		const { linkedinDisabled } = t.sandbox.seed.channels;
		const result = await t.run(
			createParams({
				nextSlot: true,
				parts: parts({ content: 'Hi' }),
				channels: [channel({ channel: byId(linkedinDisabled.id) })],
			}),
		);
		expect(errorText(result)).toContain('the channel is disabled');
		expect(await t.routes()).toEqual(['GET /integrations', 'GET /posts']);
	});

	it("asks with Slot → Find Next Free's route: a find-slot that never answers is not retried, and said so", async () => {
		const { telegram } = t.sandbox.seed.channels;
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/find-slot/:id',
			fault: 'slow',
			delayMs: 1500,
			times: 5,
		});
		const result = await t.run({
			...createParams({
				nextSlot: true,
				parts: parts({ content: 'Hi' }),
				channels: [channel({ channel: byId(telegram.id) })],
			}),
			requestOptions: { ...FAST, timeout: 200, maxRetries: 2 },
		});
		expect(errorText(result)).toContain(`0.2 s for the free slot of channel ${telegram.id}`);
		// The sandbox logs an abandoned request when the socket closes: give a retry 1 s to show up.
		const asked = async () =>
			(await t.sandbox.control.requests()).filter((r) =>
				r.path.endsWith(`/find-slot/${telegram.id}`),
			);
		for (let waited = 0; (await asked()).length < 2 && waited < 1000; waited += 50) await sleep(50);
		expect(await asked()).toHaveLength(1);
	});
});
