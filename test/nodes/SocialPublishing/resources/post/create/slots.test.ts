/** Post → Create at the next free slot (slots.ts): GET /find-slot per channel, one slot per item. */
import { channel, createParams, parts } from '../../../createParameters';
import { byId, errorText, useSandbox } from '../../../support';

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
		expect(await t.routes()).toEqual(['GET /integrations']);
	});
});
