import fc from 'fast-check';
import { NodeApiError, type INodeParameters } from 'n8n-workflow';

import {
	keyRedactor,
	MIN_KEY_LENGTH,
	REDACTED,
	redactSecrets,
} from '../../../../nodes/SocialPublishing/shared/secrets';
import {
	listSearch,
	loadOptions,
	type RunNodeResult,
	type TestCredentials,
} from '../../../helpers/engine';
import { byId, FAST, UNKNOWN_ID, useSandbox } from '../support';

/**
 * Everything a run leaves behind (items, errors with their causes and stacks, the execution data),
 * as text: every own property, enumerable or not, of every object reachable from it.
 */
function everything(value: unknown): string {
	const seen = new Set<object>();
	const parts: string[] = [];
	const walk = (v: unknown, depth: number) => {
		if (v === null || v === undefined || depth > 40) return;
		if (typeof v !== 'object' && typeof v !== 'function') {
			parts.push(String(v));
			return;
		}
		if (seen.has(v as object)) return;
		seen.add(v as object);
		if (Buffer.isBuffer(v)) {
			parts.push(v.toString('latin1'));
			return;
		}
		for (const key of Reflect.ownKeys(v as object)) {
			parts.push(String(key));
			let inner: unknown;
			try {
				inner = (v as Record<string | symbol, unknown>)[key];
			} catch {
				continue;
			}
			if (typeof inner !== 'function') walk(inner, depth + 1);
		}
	};
	walk(value, 0);
	return parts.join('\n');
}

const trail = (result: RunNodeResult) => everything([result.items, result.error, result.run]);

describe('Social Publishing never shows a secret', () => {
	const t = useSandbox();
	const channels = () => t.sandbox.seed.channels;

	/** Runs of every operation, answered and failing, with the given credentials. */
	async function runEverything(credentials: TestCredentials): Promise<string[]> {
		const runs: Array<[INodeParameters, boolean?]> = [
			[{ resource: 'channel', operation: 'checkConnection' }],
			[{ resource: 'channel', operation: 'getMany' }],
			[{ resource: 'channel', operation: 'getSettings', channel: byId(channels().x.id) }],
			[{ resource: 'channel', operation: 'getSettings', channel: byId(UNKNOWN_ID) }],
			[
				{
					resource: 'channel',
					operation: 'runTool',
					channel: byId(channels().discord.id),
					tool: 'channels',
				},
			],
			[{ resource: 'channel', operation: 'getConnectUrl', platform: 'linkedin' }],
			[{ resource: 'channel', operation: 'delete', channel: byId(UNKNOWN_ID) }],
			[{ resource: 'post', operation: 'getMany' }],
			[{ resource: 'post', operation: 'setStatus', postId: UNKNOWN_ID, status: 'draft' }],
			[{ resource: 'post', operation: 'delete', postId: UNKNOWN_ID }, true],
			[{ resource: 'post', operation: 'deleteGroup', group: UNKNOWN_ID }],
			[{ resource: 'post', operation: 'getMissingItems', postId: UNKNOWN_ID }],
			[{ resource: 'post', operation: 'setReleaseId', postId: UNKNOWN_ID, releaseId: '1' }],
			[{ resource: 'slot', operation: 'findNextFree', channel: byId(channels().x.id) }],
			[
				{
					resource: 'analytics',
					operation: 'getChannel',
					channel: byId(channels().x.id),
					requestOptions: { ...FAST, includeRateLimitInfo: true },
				},
			],
			[{ resource: 'analytics', operation: 'getPost', postId: UNKNOWN_ID }],
			[{ resource: 'notification', operation: 'getMany', returnAll: true }],
			[{ resource: 'media', operation: 'getMany', returnAll: true }],
			[
				{
					resource: 'media',
					operation: 'uploadFromUrl',
					url: 'https://127.0.0.1/a.png',
					options: { allowPrivateAddress: true },
				},
			],
		];
		const trails: string[] = [];
		for (const [parameters, continueOnFail] of runs) {
			const result = await t.run(parameters, { credentials, continueOnFail });
			trails.push(trail(result));
		}
		// Failures without an answer: a 500 after retries, a timeout, a dropped connection, a 429 over the cap.
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/integrations',
			fault: 'error500',
			times: 2,
		});
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/find-slot/:id',
			fault: 'slow',
			delayMs: 3000,
			times: 2,
		});
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/notifications',
			fault: 'drop',
			times: 2,
		});
		await t.sandbox.control.addFault({
			method: 'GET',
			path: '/analytics/:id',
			fault: 'rateLimit',
			retryAfter: 600,
		});
		for (const parameters of [
			{ resource: 'channel', operation: 'getMany' },
			{
				resource: 'slot',
				operation: 'findNextFree',
				channel: byId(channels().x.id),
				requestOptions: { ...FAST, timeout: 200 },
			},
			{ resource: 'notification', operation: 'getMany', returnAll: true },
			{ resource: 'analytics', operation: 'getChannel', channel: byId(channels().x.id) },
		] as INodeParameters[]) {
			const result = await t.run(parameters, { credentials });
			expect(result.error ?? result.items[0]?.error).toBeDefined();
			trails.push(trail(result));
		}
		// Loaders, answered and failing.
		for (const [method, parameters] of [
			[
				'getChannelTools',
				{ resource: 'channel', operation: 'runTool', channel: byId(channels().discord.id) },
			],
			['getChannelTools', { resource: 'channel', operation: 'runTool', channel: byId(UNKNOWN_ID) }],
			['getDiscordChannels', { channel: byId(channels().discord.id) }],
			['getTags', {}],
			['getCustomers', {}],
		] as Array<[string, INodeParameters]>) {
			try {
				trails.push(everything(await loadOptions(credentials, method, parameters, 'x')));
			} catch (error) {
				trails.push(everything(error));
			}
		}
		trails.push(
			everything(
				await listSearch(credentials, 'searchChannels', {}, 'channel', 'x').catch(
					(e: unknown) => e,
				),
			),
		);
		return trails;
	}

	it('the API key is in no output, error or execution data, of any operation', async () => {
		const trails = await runEverything(t.credentials);
		expect(trails.length).toBeGreaterThan(25);
		for (const text of trails) expect(text).not.toContain(t.sandbox.apiKey);
		// The trails do hold what the runs produced (so the check above looked at real data).
		expect(trails.join('\n')).toContain(channels().discord.id);
		expect(trails.join('\n')).toContain('was not found');
	});

	it('an OAuth token, valid or refused, is in no output or error either', async () => {
		const valid = t.sandbox.seed.keys.oauth.valid as string;
		for (const text of await runEverything({ baseUrl: t.sandbox.baseUrl, apiKey: valid }))
			expect(text).not.toContain(valid);
		const revoked = t.sandbox.seed.keys.oauth.revoked as string;
		const refused = await t.run(
			{ resource: 'channel', operation: 'getMany' },
			{ credentials: { baseUrl: t.sandbox.baseUrl, apiKey: revoked } },
		);
		expect(refused.error?.message).toBe('The service refused the OAuth token');
		expect(trail(refused)).not.toContain(revoked);
	});

	it('a wrong key is not repeated back in the error', async () => {
		const wrong = `sbx_live_${'0'.repeat(32)}`;
		const result = await t.run(
			{ resource: 'channel', operation: 'getMany' },
			{ credentials: { baseUrl: t.sandbox.baseUrl, apiKey: wrong } },
		);
		expect(result.error?.message).toMatch(/API key/);
		expect(trail(result)).not.toContain(wrong);
	});

	describe('against the production profile', () => {
		const production = useSandbox({ profile: 'production' });

		it('channel tokens production echoes on delete reach no output, and the key neither', async () => {
			const { mastodon } = production.sandbox.seed.channels;
			const tokens = production.sandbox.seed.channelTokens?.mastodon;
			expect(tokens?.token).toBeTruthy();
			const result = await production.run({
				resource: 'channel',
				operation: 'delete',
				channel: byId(mastodon.id),
				requestOptions: { ...FAST, includeRateLimitInfo: true },
			});
			expect(result.items.map((i) => i.json)).toEqual([
				{ deleted: true, id: mastodon.id, rateLimit: null },
			]);
			const text = trail(result);
			for (const secret of [...Object.values(tokens ?? {}), production.sandbox.apiKey])
				expect(text).not.toContain(secret);
		});
	});
});

it('redactSecrets drops credential fields at any depth and keeps the rest', () => {
	expect(
		redactSecrets({
			id: 'c1',
			token: 't',
			refreshToken: 'r',
			nested: [{ accessToken: 'a', name: 'n', api_key: 'k', clientSecret: 's' }],
			tokenExpiration: 'x',
		}),
	).toEqual({ id: 'c1', nested: [{ name: 'n' }] });
});

it('redactSecrets copies only an answer with a credential field, and drops exactly those fields', () => {
	const secretName = /token|secret|password|api[-_]?key|authorization|cookie/i;
	// What is kept, written out plainly: every field whose name is not a credential's, at any depth.
	const kept = (value: unknown): unknown =>
		Array.isArray(value)
			? value.map(kept)
			: value && typeof value === 'object'
				? Object.fromEntries(
						Object.entries(value)
							.filter(([name]) => !secretName.test(name))
							.map(([name, inner]) => [name, kept(inner)]),
					)
				: value;
	const names = fc.constantFrom('id', 'name', 'accessToken', 'api_key', 'Cookie', 'profile', 'x');
	const answers = fc.letrec((tie) => ({
		value: fc.oneof(
			{ depthSize: 'small' },
			fc.jsonValue({ maxDepth: 1 }),
			fc.array(tie('value'), { maxLength: 4 }),
			fc.dictionary(names, tie('value'), { maxKeys: 4 }),
		),
	})).value;
	fc.assert(
		fc.property(answers, (answer) => {
			const before = JSON.stringify(answer);
			const out = redactSecrets(answer);
			expect(out).toEqual(kept(answer));
			expect(JSON.stringify(answer)).toBe(before);
			const holdsOne = JSON.stringify(kept(answer)) !== before;
			expect(out === answer).toBe(!holdsOne);
		}),
	);
});

describe('keyRedactor: the key replaced by its value, in every form a service could repeat it', () => {
	const KEY = 'pos_Ab3+dE/9fG=';
	const redactor = keyRedactor(KEY);

	it.each([
		['bare', `key ${KEY} seen`],
		['Bearer form', `Authorization: Bearer ${KEY}`],
		['bearer in capitals', `BEARER ${KEY.toUpperCase()}`],
		['URL-encoded', `?k=${encodeURIComponent(KEY)}`],
		['URL-encoded with small hex digits', `?k=${encodeURIComponent(KEY).toLowerCase()}`],
		['URL-encoded twice', `?next=${encodeURIComponent(`?k=${encodeURIComponent(KEY)}`)}`],
		['form-encoded', new URLSearchParams({ k: KEY }).toString()],
		['inside JSON text, "/" escaped', `{"k":"${KEY.replace(/\//g, '\\/')}"}`],
		['inside JSON text inside JSON text', JSON.stringify(JSON.stringify({ k: KEY }))],
	])('%s', (_form, text) => {
		const out = redactor.text(text);
		expect(out).toContain(REDACTED);
		expect(out.toLowerCase()).not.toContain('ab3');
	});

	it('leaves ordinary text alone, and a text with part of the key', () => {
		expect(redactor.text('Post p1 was not found (HTTP 404)')).toBe(
			'Post p1 was not found (HTTP 404)',
		);
		expect(redactor.text(KEY.slice(0, -1))).toBe(KEY.slice(0, -1));
	});

	it('copies answers with the key out of values and field names, at any depth, without recursion', () => {
		expect(redactor.value({ a: [{ [KEY]: `Bearer ${KEY}`, n: 1, ok: true, none: null }] })).toEqual(
			{ a: [{ [REDACTED]: `Bearer ${REDACTED}`, n: 1, ok: true, none: null }] },
		);
		let deep: unknown = KEY;
		for (let depth = 0; depth < 100_000; depth++) deep = [deep];
		let out = redactor.value(deep);
		for (let depth = 0; depth < 100_000; depth++) out = (out as unknown[])[0];
		expect(out).toBe(REDACTED);
	});

	it('hands an answer without the key on as it is (nothing copied), and copies one that holds it anywhere', () => {
		const clean = { list: [{ id: 'c1', name: 'Sandbox Studio X', n: 1 }], more: false };
		expect(redactor.value(clean)).toBe(clean);
		const cyclic: Record<string, unknown> = { id: 'c1' };
		cyclic.self = cyclic;
		expect(redactor.value(cyclic)).toBe(cyclic);
		const long = Array.from({ length: 200_000 }, (_, i) => i);
		expect(redactor.value(long)).toBe(long);
		fc.assert(
			fc.property(fc.jsonValue(), fc.boolean(), (json, plant) => {
				const root = plant ? { json, deep: [{ [`x${KEY}`]: 1 }] } : { json };
				const out = redactor.value(root);
				expect(JSON.stringify(out).includes(KEY)).toBe(false);
				// The same object exactly when nothing in it held the key.
				expect(out === root).toBe(!JSON.stringify(root).includes(KEY));
			}),
		);
	});

	it('scrubs an error in place (message, description, stack, context, errorResponse) and drops a client error holding the request', () => {
		const node = {
			id: '1',
			name: 'n',
			type: 't',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: {},
		};
		const error = new NodeApiError(
			node,
			{ body: { echo: KEY, [KEY]: 1 } },
			{ message: `refused ${KEY}`, description: `Bearer ${KEY}` },
		);
		error.cause = Object.assign(new Error('Request failed'), {
			isAxiosError: true,
			config: { headers: { Authorization: KEY } },
		});
		expect(redactor.error(error)).toBe(error);
		expect(error.message).toBe(`refused ${REDACTED}`);
		expect(error.cause).toBeUndefined();
		expect(
			JSON.stringify([error.description, error.stack, error.errorResponse, error.context]),
		).not.toContain(KEY);
	});

	it('keeps the client error for the transport to read when told, with its answer scrubbed', () => {
		const response = { status: 401, data: { msg: `Invalid ${KEY}` } };
		const error = Object.assign(new Error('Request failed'), {
			isAxiosError: true,
			response,
			config: { headers: { Authorization: KEY } },
		});
		redactor.error(error, { keepCause: true });
		expect(response.data.msg).toBe(`Invalid ${REDACTED}`);
		// The request's own headers are never touched: a GET retried sends them again.
		expect(error.config.headers.Authorization).toBe(KEY);
	});

	it(`property: any key of ${MIN_KEY_LENGTH}+ characters, embedded anywhere in any JSON, is gone from the copy`, () => {
		const keys = fc.stringMatching(new RegExp(`^[A-Za-z0-9_\\-+/=.~]{${MIN_KEY_LENGTH},48}$`));
		fc.assert(
			fc.property(
				keys.chain((key) =>
					fc.tuple(
						fc.constant(key),
						fc
							.jsonValue()
							.chain((json) =>
								fc.tuple(
									fc.constant(json),
									fc.constantFrom(
										key,
										`Bearer ${key}`,
										encodeURIComponent(key),
										JSON.stringify(key),
									),
									fc.string(),
									fc.string(),
								),
							),
					),
				),
				([key, [json, form, before, after]]) => {
					const answer = {
						json,
						[`${before}${form}`]: [`${before}${form}${after}`, { deep: { deeper: [form] } }],
					};
					const text = JSON.stringify(keyRedactor(key).value(answer));
					for (const shown of [key, encodeURIComponent(key)]) expect(text).not.toContain(shown);
				},
			),
			{ numRuns: 500 },
		);
	});
});
