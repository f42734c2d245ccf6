/**
 * The production profile's HTML cleaning (sandbox/content.ts) gives what the service's own
 * sanitiser gave for the same text (test/fixtures/serviceSanitiser.ts).
 */
import { cleanHtmlAsService } from '../../sandbox/content';
import { SANITISED_BY_THE_SERVICE } from '../fixtures/serviceSanitiser';

describe('cleanHtmlAsService', () => {
	it.each(SANITISED_BY_THE_SERVICE)('stores %j as the service does', (sent, stored) => {
		expect(cleanHtmlAsService(sent)).toBe(stored);
	});
});
