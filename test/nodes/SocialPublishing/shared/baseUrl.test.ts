/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped: a loopback server that sees which protocol arrives */
/**
 * The credential's Base URL as everything reads it (nodes/SocialPublishing/shared/baseUrl.ts and the credential's
 * BASE_URL_EXPRESSION): an address written without a scheme is taken as https://, by the node, the trigger, the
 * pickers and the credential's Test button alike, so that slip never reaches n8n's bare ERR_INVALID_URL.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';

import { BASE_URL_EXPRESSION } from '../../../../credentials/SocialPublishingApi.credentials';
import { baseUrlOf, plainHttpHint } from '../../../../nodes/SocialPublishing/shared/baseUrl';
import {
	createPoller,
	listSearch,
	resolveForCredentials,
	runNode,
	testCredentials,
	NODE_TYPE,
} from '../../../helpers/engine';
import { TRIGGER_TYPE } from '../../SocialPublishingTrigger/triggerHarness';
import { FAST } from '../support';

describe('the Base URL as written and as read', () => {
	test.each([
		['https://postiz.example.com/api/public/v1', 'https://postiz.example.com/api/public/v1'],
		['  https://postiz.example.com/api/public/v1//  ', 'https://postiz.example.com/api/public/v1'],
		['HTTP://127.0.0.1:5000/api/public/v1', 'HTTP://127.0.0.1:5000/api/public/v1'],
		['postiz.example.com/api/public/v1', 'https://postiz.example.com/api/public/v1'],
		[' api.postiz.com/public/v1/ ', 'https://api.postiz.com/public/v1'],
		['localhost:5000/api/public/v1', 'https://localhost:5000/api/public/v1'],
		['ftp://files.example.com', 'ftp://files.example.com'],
		['my postiz', 'https://my postiz'],
		['   ', ''],
		['///', ''],
	])('%j is read as %j, in code and by the expression n8n resolves', (written, read) => {
		expect(baseUrlOf({ baseUrl: written })).toBe(read);
		expect(resolveForCredentials(BASE_URL_EXPRESSION, { baseUrl: written, apiKey: 'k' })).toBe(
			read,
		);
	});
});

/**
 * A loopback server that answers nothing: it records whether each connection opened with a TLS handshake record
 * (first byte 0x16, what an https:// client sends) and closes it.
 */
async function protocolWitness(): Promise<{
	server: Server;
	port: number;
	opened: Array<'tls' | 'plain'>;
}> {
	const opened: Array<'tls' | 'plain'> = [];
	const server = createServer((socket) => {
		socket.once('data', (chunk: Buffer) => {
			opened.push(chunk[0] === 0x16 ? 'tls' : 'plain');
			socket.destroy();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { server, port: (server.address() as AddressInfo).port, opened };
}

/** A credential value long enough to be sent (a shorter key is refused before sending). */
const LONG_ENOUGH = 'witness-0123456789';

describe('an address without a scheme is sent over https by every reader of the Base URL', () => {
	let witness: Awaited<ReturnType<typeof protocolWitness>>;
	let credentials: { baseUrl: string; apiKey: string };
	beforeAll(async () => {
		witness = await protocolWitness();
		credentials = { baseUrl: `127.0.0.1:${witness.port}/api/public/v1`, apiKey: LONG_ENOUGH };
	});
	beforeEach(() => {
		witness.opened.length = 0;
	});
	afterAll(async () => await new Promise((resolve) => witness.server.close(resolve)));

	const neverInvalidUrl = (text: string) => {
		expect(text).not.toMatch(/invalid url|ERR_INVALID_URL|not a web address/i);
	};

	test("the credential's Test button", async () => {
		const result = await testCredentials(credentials);
		expect(result.status).toBe('Error');
		neverInvalidUrl(result.message);
		expect(witness.opened[0]).toBe('tls');
	});

	test('an operation (requestDefaults)', async () => {
		const result = await runNode({
			credentials,
			parameters: { resource: 'channel', operation: 'getMany', requestOptions: FAST },
			nodeType: NODE_TYPE,
		});
		expect(result.error).toBeDefined();
		neverInvalidUrl(`${result.error?.message} ${result.error?.description ?? ''}`);
		expect(witness.opened[0]).toBe('tls');
	});

	test('a picker (channel list)', async () => {
		await expect(
			listSearch(
				credentials,
				'searchChannels',
				{ resource: 'post', operation: 'create' },
				'channel',
			),
		).rejects.toThrow();
		expect(witness.opened[0]).toBe('tls');
	});

	test('the trigger', async () => {
		const poller = createPoller(credentials, TRIGGER_TYPE, {
			options: { maxRetries: 0, timeout: 2 },
		});
		const error = await poller.poll('manual').then(
			() => undefined,
			(caught: Error) => caught,
		);
		expect(error).toBeDefined();
		neverInvalidUrl(String(error?.message));
		expect(witness.opened[0]).toBe('tls');
	});
});

describe('a Base URL without a scheme against a plain http server (the sandbox, a local install)', () => {
	test('the node says to write http://, instead of only a closed connection (Node: EPROTO)', async () => {
		const server = createHttpServer((_request, response) => response.end('[]'));
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		try {
			const result = await runNode({
				credentials: { baseUrl: `127.0.0.1:${port}/api/public/v1`, apiKey: LONG_ENOUGH },
				parameters: { resource: 'channel', operation: 'getMany', requestOptions: FAST },
				nodeType: NODE_TYPE,
			});
			expect(result.error?.message).toMatch(
				/^The connection was closed before the service answered/,
			);
			expect(result.error?.description).toContain(
				`If the service at 127.0.0.1:${port} is a plain http server`,
			);
			expect(result.error?.description).toContain('write http:// in front of the Base URL');
			expect(result.error?.description).toContain('EPROTO');
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
	});

	test.each([
		['https://127.0.0.1:3000/api/public/v1', true],
		['https://localhost/api/public/v1', true],
		['https://192.168.1.20/api/public/v1', true],
		['https://postiz.example.com:8443/api/public/v1', true],
		['https://api.postiz.com/public/v1', false],
		['https://postiz.example.com/api/public/v1', false],
		['http://127.0.0.1:3000/api/public/v1', false],
		['not an address', false],
		[undefined, false],
	])('%j: the hint is given: %j (https with a port or a local-looking host)', (url, given) => {
		expect(plainHttpHint(url) !== undefined).toBe(given);
	});
});
