/** Section 5: the key stands alone, OAuth tokens, plan required, the four 401 messages, rotation. */
import { useTestSandbox } from './support';

const t = useTestSandbox();

describe('authentication', () => {
	it('accepts the bare key', async () => {
		const res = await t.api.get('/is-connected');
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ connected: true });
	});

	it('answers 401 No API Key found without a header', async () => {
		const res = await t.as().get('/is-connected');
		expect(res.status).toBe(401);
		expect(res.data).toEqual({ msg: 'No API Key found' });
	});

	it('refuses the key with a Bearer prefix as Invalid API key', async () => {
		const res = await t.as(`Bearer ${t.sb.apiKey}`).get('/integrations');
		expect(res.status).toBe(401);
		expect(res.data).toEqual({ msg: 'Invalid API key' });
	});

	it('refuses an unknown key', async () => {
		const res = await t.as('not-a-key').get('/integrations');
		expect(res.status).toBe(401);
		expect(res.data).toEqual({ msg: 'Invalid API key' });
	});

	it('accepts a valid pos_ OAuth token and refuses revoked, expired and unknown ones', async () => {
		const { valid, revoked, expired } = t.sb.seed.keys.oauth;
		expect((await t.as(valid).get('/integrations')).status).toBe(200);
		for (const token of [revoked, expired, 'pos_unknown']) {
			const res = await t.as(token).get('/integrations');
			expect(res.status).toBe(401);
			expect(res.data).toEqual({ msg: 'Invalid OAuth token' });
		}
	});

	it('mints tokens through the control routes', async () => {
		const fresh = await t.sb.control.mintToken('valid');
		expect(fresh).toMatch(/^pos_/);
		expect((await t.as(fresh).get('/is-connected')).status).toBe(200);
		const revoked = await t.sb.control.mintToken('revoked');
		expect((await t.as(revoked).get('/is-connected')).data).toEqual({ msg: 'Invalid OAuth token' });
	});

	it('answers No subscription found for an organisation without a plan', async () => {
		const res = await t.as(t.sb.seed.keys.noPlan).get('/integrations');
		expect(res.status).toBe(401);
		expect(res.data).toEqual({ msg: 'No subscription found' });
		await t.sb.control.setPlan(null);
		expect((await t.api.get('/is-connected')).data).toEqual({ msg: 'No subscription found' });
	});

	it('stops the old key at once when the key is rotated', async () => {
		const newKey = await t.sb.control.rotateKey();
		expect(newKey).not.toBe(t.sb.apiKey);
		expect((await t.api.get('/is-connected')).data).toEqual({ msg: 'Invalid API key' });
		expect((await t.as(newKey).get('/is-connected')).status).toBe(200);
	});

	it('logs the kind of credential, never the secret', async () => {
		await t.sb.control.clearRequests();
		await t.api.get('/is-connected');
		await t.as(`Bearer ${t.sb.apiKey}`).get('/is-connected');
		await t.as(t.sb.seed.keys.oauth.valid).get('/is-connected');
		await t.as().get('/is-connected');
		const log = await t.sb.control.requests();
		expect(log.map((r) => [r.auth, r.status])).toEqual([
			['bare', 200],
			['bearer', 401],
			['oauth', 200],
			['none', 401],
		]);
		expect(JSON.stringify(log)).not.toContain(t.sb.apiKey);
		expect(JSON.stringify(log)).not.toContain(t.sb.seed.keys.oauth.valid);
	});
});

describe('base path (section 9)', () => {
	it('answers an HTML page with 200 outside /api, as the web application does', async () => {
		const res = await t.as(t.sb.apiKey).get(`${t.sb.origin}/public/v1/integrations`);
		expect(res.status).toBe(200);
		expect(res.headers['content-type']).toMatch(/text\/html/);
	});
});
