/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * Post events through n8n's PollContext against the sandbox, 60 seeded cycles: posts scheduled on X
 * and Mastodon (which fails on purpose half of the time), deleted, published by the sandbox at their
 * date; GET /posts failing (500) or a restart of n8n between polls. Every creation, publication,
 * failure and deletion after activation is emitted exactly once, with its reason for a failure, and
 * the requests of each poll are counted from the sandbox's request log.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { TriggerUnderTest, useTriggerSandbox } from './triggerHarness';

const CYCLES = 60;
const SEED = 20261128;

/** mulberry32: a small seeded generator, so a failing run can be replayed exactly. */
function seeded(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let r = a;
		r = Math.imul(r ^ (r >>> 15), r | 1);
		r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
		return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
	};
}

const t = useTriggerSandbox({ reset: false });
const { mastodon, x } = SEED_IDS.channels;
const MINUTE_S = 60;

test(`${CYCLES} cycles of posts created, deleted, published and failed, with outages and restarts: each event once`, async () => {
	const random = seeded(SEED);
	const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
	await t.sandbox.control.setNow(new Date().toISOString());
	const serviceNow = async () => Date.parse(await t.sandbox.control.now());

	const trigger = new TriggerUnderTest(t.sandbox, { event: 'postEvents' });
	expect((await trigger.poll()).error).toBeUndefined();

	/** What the trigger must emit: `event postId`, each once. */
	const expected: string[] = [];
	const emitted = new Map<string, number>();
	const failedWithoutReason: string[] = [];
	/** Posts alive at the service, with what the trigger has seen of them. */
	const alive = new Map<string, { seen: boolean; state: string }>();
	const requests: number[] = [];
	let outages = 0;
	let restarts = 0;

	for (let cycle = 0; cycle < CYCLES; cycle++) {
		const failing = random() < 0.5;
		await t.sandbox.control.patchChannel(mastodon, {
			publishOutcome: failing ? 'error' : 'success',
			errorMessage: `Refused in cycle ${cycle}`,
		});
		for (let n = between(0, 3); n > 0; n--) {
			const channel = random() < 0.5 ? x : mastodon;
			const at = new Date((await serviceNow()) + between(1, 20) * MINUTE_S * 1000).toISOString();
			const res = await t.api().post('/posts', {
				type: 'schedule',
				date: at,
				shortLink: false,
				tags: [],
				posts: [
					{
						integration: { id: channel },
						value: [{ content: `cycle ${cycle} #${n}`, image: [] }],
						...(channel === x ? { settings: { who_can_reply_post: 'everyone' } } : {}),
					},
				],
			});
			if (res.status !== 201) throw new Error(JSON.stringify(res.data));
			const id = (res.data as Array<{ postId: string }>)[0].postId;
			alive.set(id, { seen: false, state: 'QUEUE' });
			expected.push(`postCreated ${id}`);
		}
		if (alive.size > 0 && random() < 0.3) {
			const ids = [...alive.keys()];
			const id = ids[between(0, ids.length - 1)];
			await t.api().delete(`/posts/${id}`);
			// Seen by a poll: a deletion to tell. Not yet seen: neither created nor deleted for it.
			if (alive.get(id)!.seen) expected.push(`postDeleted ${id}`);
			else expected.splice(expected.indexOf(`postCreated ${id}`), 1);
			alive.delete(id);
		}
		await t.sandbox.control.advance(between(0, 15) * MINUTE_S);
		for (const id of await t.sandbox.control.publishDue()) {
			const post = await t.sandbox.control.storedPost(id);
			const state = String(post?.state);
			alive.get(id)!.state = state;
			expected.push(`${state === 'ERROR' ? 'postFailed' : 'postPublished'} ${id}`);
		}

		const outage = random() < 0.15;
		if (outage) {
			outages++;
			await t.sandbox.control.addFault({
				method: 'GET',
				path: '/posts',
				fault: 'error500',
				times: 5,
			});
			const before = JSON.stringify(trigger.state());
			const failed = await trigger.poll();
			expect(failed.error).toBeDefined();
			expect(JSON.stringify(trigger.state())).toBe(before);
			await t.sandbox.control.clearFaults();
		}
		if (random() < 0.2) {
			restarts++;
			trigger.restart();
		}
		const polled = await trigger.poll();
		expect(polled.error).toBeUndefined();
		requests.push((await t.sandbox.control.requests()).length);
		for (const item of polled.items) {
			const key = `${String(item.event)} ${String(item.postId)}`;
			emitted.set(key, (emitted.get(key) ?? 0) + 1);
			if (item.event === 'postFailed' && item.reason === null) failedWithoutReason.push(key);
			if (item.event === 'postFailed')
				expect(String(item.reason)).toMatch(/^Error posting on mastodon .*: Refused in cycle/);
		}
		for (const state of alive.values()) state.seen = true;
	}

	const lost = expected.filter((key) => !emitted.has(key));
	const duplicated = [...emitted].filter(([, count]) => count > 1);
	const unexpected = [...emitted.keys()].filter((key) => !expected.includes(key));
	const count = (event: string) => expected.filter((key) => key.startsWith(event)).length;
	process.stdout.write(
		`[post events soak] ${CYCLES} cycles, ${outages} outages, ${restarts} restarts: ` +
			`${expected.length} events (${count('postCreated')} created, ${count('postPublished')} ` +
			`published, ${count('postFailed')} failed, ${count('postDeleted')} deleted), ` +
			`${lost.length} lost, ${duplicated.length} duplicated, ${unexpected.length} unexpected; ` +
			`requests per poll: ${Math.min(...requests)} to ${Math.max(...requests)}, mean ` +
			`${(requests.reduce((a, b) => a + b, 0) / requests.length).toFixed(2)}\n`,
	);
	expect({ lost, duplicated, unexpected, failedWithoutReason }).toEqual({
		lost: [],
		duplicated: [],
		unexpected: [],
		failedWithoutReason: [],
	});
	expect(count('postFailed')).toBeGreaterThan(0);
	expect(count('postDeleted')).toBeGreaterThan(0);
}, 120_000);
