/** The request-economy bench (bench/economy.ts) measures every operation of the node, each against its least. */
import { CASES, MINIMUM } from '../../bench/economy';
import { operationsMissingFrom } from '../helpers/operations';

test('every operation of the node has a case, and every case its least number of requests', () => {
	expect(operationsMissingFrom(CASES.map(([name]) => name))).toEqual([]);
	expect(CASES.map(([name]) => name).filter((name) => !(name in MINIMUM))).toEqual([]);
});
