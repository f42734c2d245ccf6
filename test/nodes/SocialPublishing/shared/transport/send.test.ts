/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
import { NodeApiError, type INode, type JsonObject } from 'n8n-workflow';

import {
	DEFAULT_POLICY,
	policyOf,
} from '../../../../../nodes/SocialPublishing/shared/transport/policy';
import { sendWithPolicy } from '../../../../../nodes/SocialPublishing/shared/transport/send';

/** One request under the policy, with a stand-in HTTP client: the deadline, and failures worded. */
describe('sendWithPolicy', () => {
	const node = {
		name: 'Social Publishing',
		type: 'socialPublishing',
		typeVersion: 1,
		parameters: {},
	} as unknown as INode;
	const policy = { ...DEFAULT_POLICY, timeoutMs: 200, retries: 0 };

	it('ends an attempt the HTTP client never settles at the timeout, on its own clock', async () => {
		const started = Date.now();
		const never = async () => await new Promise<never>(() => {});
		await expect(
			sendWithPolicy(node, { method: 'POST', path: '/posts' }, policy, never),
		).rejects.toThrow(/0\.2 s on POST \/posts$/);
		expect(Date.now() - started).toBeLessThan(1_000);
	});

	// n8n 1.x (n8n-workflow 1.120) throws from its request helpers a NodeApiError around the HTTP client's error
	// whose `cause` is dropped: only `httpCode` (status or error code) and `context.data` (the body) are left.
	const asN8n1Throws = (clientError: Error): NodeApiError => {
		const error = new NodeApiError(node, clientError as unknown as JsonObject);
		Object.defineProperty(error, 'cause', { value: undefined });
		return error;
	};
	const answered = (status: number, data: unknown) =>
		Object.assign(new Error(`Request failed with status code ${status}`), {
			isAxiosError: true,
			response: { status, data, headers: {} },
		});

	it('explains an answer as n8n 1.x hands it over (no cause): a 401 is the refused key', async () => {
		const wrapped = asN8n1Throws(answered(401, { msg: 'Invalid API key' }));
		expect(wrapped.httpCode).toBe('401');
		const failing = async () => await Promise.reject(wrapped);
		const error = (await sendWithPolicy(
			node,
			{ method: 'GET', path: '/is-connected' },
			policy,
			failing,
		).catch((e: unknown) => e)) as NodeApiError;
		expect(error.httpCode).toBe('401');
	});

	it('retries a GET answered 500 as n8n 1.x hands it over, and explains a refused connection', async () => {
		let attempts = 0;
		const failing = async () => {
			attempts++;
			return await Promise.reject(asN8n1Throws(answered(500, { message: 'boom' })));
		};
		await expect(
			sendWithPolicy(
				node,
				{ method: 'GET', path: '/integrations' },
				{ ...policy, retries: 1, retryDelayMs: 1 },
				failing,
			),
		).rejects.toThrow(/GET \/integrations \(HTTP 500\) \(tried 2 times\)$/);
		expect(attempts).toBe(2);
		const refused = async () =>
			await Promise.reject(
				asN8n1Throws(
					Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
				),
			);
		await expect(
			sendWithPolicy(node, { method: 'GET', path: '/integrations' }, policy, refused),
		).rejects.toThrow('Cannot reach the service for GET /integrations');
	});

	it("passes the node's own errors on unchanged (they carry an httpCode but wrap no HTTP client error)", async () => {
		const own = new NodeApiError(
			node,
			{ route: 'GET /integrations', status: 200 },
			{ message: 'The Base URL did not answer like the API', httpCode: '200' },
		);
		const failing = async () => await Promise.reject(own);
		await expect(
			sendWithPolicy(node, { method: 'GET', path: '/integrations' }, policy, failing),
		).rejects.toBe(own);
	});

	it("leaves a streamed upload to the client's own timer when asked (deadline: false)", async () => {
		let settle: (value: string) => void = () => {};
		const slow = async () => await new Promise<string>((resolve) => (settle = resolve));
		const sent = sendWithPolicy(node, { method: 'POST', path: '/upload' }, policy, slow, {
			deadline: false,
		});
		await new Promise((resolve) => setTimeout(resolve, 400));
		settle('uploaded');
		await expect(sent).resolves.toBe('uploaded');
	});
});

it('policyOf reads Request Options, keeping defaults for what is absent or invalid', () => {
	expect(policyOf({})).toEqual(DEFAULT_POLICY);
	expect(
		policyOf({
			timeout: 500,
			maxRetries: 0,
			retryDelay: 5,
			maxRateLimitWait: 0,
			maxInFlight: 4,
			includeRateLimitInfo: true,
		}),
	).toEqual({
		timeoutMs: 500,
		retries: 0,
		retryDelayMs: 5,
		maxRateLimitWaitS: 0,
		maxInFlight: 4,
		includeRateLimitInfo: true,
	});
	// At least one request in flight, whatever the field says.
	expect(policyOf({ maxInFlight: 0 }).maxInFlight).toBe(DEFAULT_POLICY.maxInFlight);
	expect(policyOf({ timeout: -1, maxRetries: 'x' }).timeoutMs).toBe(DEFAULT_POLICY.timeoutMs);
	expect(policyOf({ maxRetries: 'x' }).retries).toBe(DEFAULT_POLICY.retries);
});
