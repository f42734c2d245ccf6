import { testCredentials } from '../helpers/engine';
import { startWebApp, type WebApp } from '../helpers/webApp';

describe('Social Publishing API credentials: a Base URL that reaches the web application', () => {
	let webApp: WebApp;
	afterEach(async () => await webApp.close());

	it('explains the expected form when the answer is an HTML page', async () => {
		webApp = await startWebApp('html');
		const result = await testCredentials({ baseUrl: `${webApp.origin}/public/v1`, apiKey: 'k' });
		expect(result.status).toBe('Error');
		expect(result.message).toContain('did not answer like the API');
		expect(result.message).toContain('/api/public/v1');
	});

	it('explains the expected form when the answer is a redirect to a sign-in page', async () => {
		webApp = await startWebApp('redirect');
		const result = await testCredentials({ baseUrl: `${webApp.origin}/public/v1/`, apiKey: 'k' });
		expect(result.status).toBe('Error');
		expect(result.message).toContain('did not answer like the API');
	});
});
