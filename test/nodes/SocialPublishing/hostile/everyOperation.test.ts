/**
 * The hostile suites run every operation from one table (everyOperation.ts): a new operation left
 * out of it fails here, named.
 */
import { operationsMissingFrom } from '../../../helpers/operations';
import { EVERY_OPERATION } from './everyOperation';

test('the hostile table has a row for every operation of the node', () => {
	expect(operationsMissingFrom(EVERY_OPERATION.map((operation) => operation.name))).toEqual([]);
});
