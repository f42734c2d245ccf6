/** Fault injection's counting: which of a route's requests a fault hits (`skip`, `times`), and that others pass. */
import fc from 'fast-check';

import { Faults, type FaultSpec } from '../../sandbox/faults';

/** For each request (method, path) in turn: the fault it met, or null where it passed. */
function hits(faults: Faults, requests: Array<[string, string]>): Array<string | null> {
	return requests.map(([method, path]) => faults.take(method, path)?.fault ?? null);
}

describe('Faults', () => {
	it('hits the matching requests after the first `skip`, `times` of them, and no other request', () => {
		const request = fc.constantFrom<[string, string]>(
			['POST', '/posts'],
			['post', '/posts/'],
			['GET', '/posts'],
			['POST', '/posts/abc'],
			['DELETE', '/posts/abc'],
		);
		fc.assert(
			fc.property(
				fc.nat(6),
				fc.integer({ min: 1, max: 6 }),
				fc.array(request, { maxLength: 30 }),
				(skip, times, requests) => {
					const faults = new Faults();
					expect(
						faults.add({ method: 'post', path: '/posts', fault: 'error500', skip, times }),
					).toBe(undefined);
					let matched = 0;
					const expected = requests.map(([method, path]) => {
						if (method.toUpperCase() !== 'POST' || !/^\/posts\/?$/.test(path)) return null;
						matched++;
						return matched > skip && matched <= skip + times ? 'error500' : null;
					});
					expect(hits(faults, requests)).toEqual(expected);
					// Spent once it has hit `times` requests; listed with what it still skips until then.
					const left = faults.list();
					if (matched >= skip + times) expect(left).toEqual([]);
					else
						expect(left).toEqual([
							expect.objectContaining({
								times: times - Math.max(0, matched - skip),
								...(matched < skip ? { skip: skip - matched } : {}),
							}),
						]);
				},
			),
		);
	});

	it('counts a request for every fault still skipping, whichever fault hits it', () => {
		fc.assert(
			fc.property(fc.nat(4), fc.nat(4), fc.integer({ min: 1, max: 12 }), (skipA, skipB, count) => {
				const faults = new Faults();
				const spec = (fault: FaultSpec['fault'], skip: number): FaultSpec => ({
					method: 'POST',
					path: '/posts',
					fault,
					skip,
					times: 1,
				});
				faults.add(spec('error500', skipA));
				faults.add(spec('drop', skipB));
				const seen = hits(
					faults,
					Array.from({ length: count }, () => ['POST', '/posts']),
				);
				// Each fault hits the request numbered its skip + 1 (from 1); where both would, the first added does,
				// and the other is spent on the next request that reaches it.
				const expected: Array<string | null> = Array.from({ length: count }, () => null);
				if (skipA < count) expected[skipA] = 'error500';
				const atB = skipB === skipA ? skipB + 1 : skipB;
				if (atB < count) expected[atB] = 'drop';
				expect(seen).toEqual(expected);
			}),
		);
	});

	it('refuses a skip that is not a whole number of 0 or more', () => {
		const faults = new Faults();
		for (const skip of [-1, 1.5, Number.NaN, '2' as unknown as number])
			expect(faults.add({ method: 'GET', path: '/posts', fault: 'slow', skip })).toBe(
				'skip must be an integer of 0 or more',
			);
		expect(faults.list()).toEqual([]);
	});
});
