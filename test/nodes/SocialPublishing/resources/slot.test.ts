import { byId, errorOf, jsonOf, UNKNOWN_ID, useSandbox } from '../support';

describe('Social Publishing → Slot → Find Next Free', () => {
	const t = useSandbox();
	const channels = () => t.sandbox.seed.channels;

	it('answers the first free posting time, as given and as ISO 8601 UTC', async () => {
		const result = await t.run({
			resource: 'slot',
			operation: 'findNextFree',
			channel: byId(channels().x.id),
		});
		const [slot] = jsonOf(result);
		expect(slot.channelId).toBe(channels().x.id);
		expect(slot.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00$/);
		expect(slot.dateUtc).toBe(new Date(`${String(slot.date)}Z`).toISOString());
		expect(Date.parse(String(slot.dateUtc))).toBeGreaterThan(Date.now());
	});

	it('a channel without posting times has no free slot, and says what to set', async () => {
		const result = await t.run({
			resource: 'slot',
			operation: 'findNextFree',
			channel: byId(channels().bluesky.id),
		});
		const error = errorOf(result);
		expect(error.message).toBe(`No free posting slot for channel ${channels().bluesky.id}`);
		expect(error.description).toContain('posting times');
	});

	it('an unknown channel answered 500 is "not found, or the service failed", after the read is retried', async () => {
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/find-slot/:id',
			fault: 'error500',
			times: 2,
		});
		const result = await t.run({
			resource: 'slot',
			operation: 'findNextFree',
			channel: byId(UNKNOWN_ID),
		});
		expect(errorOf(result).message).toMatch(
			new RegExp(`^Channel ${UNKNOWN_ID} .*\\(HTTP 500\\) \\(tried 2 times\\)$`),
		);
	});
});
