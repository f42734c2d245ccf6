import { testCredentials } from '../helpers/engine';
import { sandboxPerFile } from '../helpers/sandbox';
import { startWebApp, type WebApp } from '../helpers/webApp';
import { SocialPublishingApi } from '../../credentials/SocialPublishingApi.credentials';

describe('Social Publishing API credentials: the Test button (GET /is-connected)', () => {
	// Not reset between tests (as before); the test that rotates the key resets the sandbox itself.
	const t = sandboxPerFile({}, { reset: false });

	it('passes with a valid key, sent bare in Authorization', async () => {
		await t.sandbox.control.clearRequests();
		const result = await testCredentials({ baseUrl: t.sandbox.baseUrl, apiKey: t.sandbox.apiKey });
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		const [request] = await t.sandbox.control.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/is-connected', auth: 'bare' });
	});

	it('normalises the Base URL: surrounding spaces and trailing slashes', async () => {
		const result = await testCredentials({
			baseUrl: `  ${t.sandbox.baseUrl}//  `,
			apiKey: ` ${t.sandbox.apiKey} `,
		});
		expect(result.status).toBe('OK');
	});

	it('passes with a valid pos_ OAuth token', async () => {
		const token = await t.sandbox.control.mintToken('valid');
		expect(token.startsWith('pos_')).toBe(true);
		const result = await testCredentials({ baseUrl: t.sandbox.baseUrl, apiKey: token });
		expect(result.status).toBe('OK');
	});

	it('says no key was sent when the key is empty', async () => {
		const result = await testCredentials({ baseUrl: t.sandbox.baseUrl, apiKey: '' });
		expect(result.status).toBe('Error');
		expect(result.message).toContain('No key was sent');
	});

	it('says to drop the Bearer prefix when the key is sent as "Bearer <key>"', async () => {
		const result = await testCredentials({
			baseUrl: t.sandbox.baseUrl,
			apiKey: `Bearer ${t.sandbox.apiKey}`,
		});
		expect(result.status).toBe('Error');
		expect(result.message).toContain('no "Bearer " prefix');
	});

	it('says the key was refused when it is wrong, and never shows the key', async () => {
		// Built at run time: a literal would read as a committed secret to the linter.
		const wrongKey = ['not', 'the', 'key', Date.now().toString(36)].join('-');
		const result = await testCredentials({ baseUrl: t.sandbox.baseUrl, apiKey: wrongKey });
		expect(result.status).toBe('Error');
		expect(result.message).toContain('refused the API key');
		expect(result.message).not.toContain(wrongKey);
	});

	it('refuses a rotated key at once', async () => {
		const oldKey = t.sandbox.apiKey;
		const newKey = await t.sandbox.control.rotateKey();
		try {
			expect((await testCredentials({ baseUrl: t.sandbox.baseUrl, apiKey: oldKey })).status).toBe(
				'Error',
			);
			expect((await testCredentials({ baseUrl: t.sandbox.baseUrl, apiKey: newKey })).status).toBe(
				'OK',
			);
		} finally {
			await t.sandbox.control.reset();
		}
	});

	it('says to authorise again when the pos_ token has expired or was revoked', async () => {
		for (const status of ['expired', 'revoked'] as const) {
			const token = await t.sandbox.control.mintToken(status);
			const result = await testCredentials({ baseUrl: t.sandbox.baseUrl, apiKey: token });
			expect(result.status).toBe('Error');
			expect(result.message).toContain('unknown, revoked or expired');
		}
	});

	it('says the organisation needs a paid plan', async () => {
		const noPlanKey = t.sandbox.seed.keys.noPlan;
		expect(noPlanKey).toBeDefined();
		const result = await testCredentials({ baseUrl: t.sandbox.baseUrl, apiKey: noPlanKey! });
		expect(result.status).toBe('Error');
		expect(result.message).toContain('no active paid plan');
	});

	it('explains the expected Base URL when the /api segment is missing', async () => {
		const result = await testCredentials({
			baseUrl: t.sandbox.baseUrl.replace('/api/public/v1', '/public/v1'),
			apiKey: t.sandbox.apiKey,
		});
		expect(result.status).toBe('Error');
		expect(result.message).toContain('/api/public/v1');
	});
});

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

describe('the dialog shows the hints under the fields, not only in tooltips', () => {
	const fields = new SocialPublishingApi().properties;
	test.each([
		['baseUrl', /api\/public\/v1.*keep \/api.*api\.postiz\.com\/public\/v1/],
		['apiKey', /bare, without "Bearer "/],
	])('%s', (name, hint) => {
		expect(fields.find((f) => f.name === name)?.hint).toMatch(hint);
	});
});
