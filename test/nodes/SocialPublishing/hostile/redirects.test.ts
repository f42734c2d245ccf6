/**
 * Redirects are never followed (shared/transport/index.ts sets n8n's `disableFollowRedirect` on every request): not
 * to another origin, where the key would go with the request, not on a write, which would be re-sent elsewhere (or
 * turned into a GET by a 301/302/303), and not within the origin either, since the API never redirects: a redirect
 * means a Base URL that is not quite the API's (http:// for https://, a missing /api, a path too many). The error
 * names the redirect and the Base URL to set (shared/errors.ts).
 */
import {
	API_PREFIX,
	answers,
	byRoute,
	startHostileServer,
	type HostileServer,
} from '../../../helpers/hostileServer';
import {
	createPoller,
	listSearch,
	testCredentials,
	type RunNodeResult,
} from '../../../helpers/engine';
import { TRIGGER_TYPE } from '../../SocialPublishingTrigger/triggerHarness';
import { NODE_TYPE } from '../support';
import {
	answering,
	EVERY_OPERATION,
	lookupsOf,
	WRITES,
	type HostileOperation,
} from './everyOperation';
import { captureN8nLog, expectHostileOutcome, useHostileService } from './support';

const t = useHostileService();
let other: HostileServer;
beforeAll(async () => {
	other = await startHostileServer();
});
afterAll(async () => {
	await other.close();
});
beforeEach(() => {
	other.reset();
	other.respond(answers.json(200, [{ id: 'elsewhere', name: 'Answer from the other origin' }]));
});

const STATUSES = [301, 302, 303, 307, 308] as const;

/** Where a redirect points, as the origin of the API that the error should name. */
interface Target {
	name: string;
	/** The origin the redirect goes to (the API prefix and the route's path are added). */
	origin: () => string;
	/** Whether that origin is the hostile server itself (same port): its requests then count for both. */
	sameServer: boolean;
}

const port = (server: HostileServer) => new URL(server.origin).port;

const TARGETS: Target[] = [
	{ name: 'the same origin', origin: () => t.server.origin, sameServer: true },
	{ name: 'another port', origin: () => other.origin, sameServer: false },
	{
		name: 'another host name (same port)',
		origin: () => `http://localhost:${port(t.server)}`,
		sameServer: true,
	},
	{
		name: 'another scheme (https://)',
		origin: () => `https://127.0.0.1:${port(t.server)}`,
		sameServer: true,
	},
];

/** One operation per method, and the route the redirect answers. */
const BY_METHOD: HostileOperation[] = ['GET', 'POST', 'PUT', 'DELETE'].map(
	(method) =>
		EVERY_OPERATION.find(
			(operation) => operation.method === method && operation.route !== 'POST /posts',
		) as HostileOperation,
);
const pathOf = (operation: HostileOperation) => operation.route.replace(/^\w+ /, '');

async function expectRedirectRefused(
	operation: HostileOperation,
	status: number,
	target: Target,
): Promise<void> {
	const location = `${target.origin()}${API_PREFIX}${pathOf(operation)}`;
	t.server.respond(byRoute(answering(operation, answers.redirect(status as 301, location))));
	const run = await t.run(operation.parameters, { items: operation.items });
	const { message, description } = expectHostileOutcome(run, {
		message: `The service redirected ${operation.route} to ${location}`,
		// The look-ups, then the route once: the redirect was not followed, not even to the same server.
		requests: lookupsOf(operation) + 1,
		withinMs: 5_000,
	});
	expect(message).toContain(`set the credential's Base URL to ${target.origin()}${API_PREFIX}`);
	expect(other.requests).toHaveLength(0);
	if (operation.method !== 'GET')
		expect(description).toMatch(/may or may not have been|may have been/);
	expect(run.result.items.some((item) => JSON.stringify(item.json).includes('elsewhere'))).toBe(
		false,
	);
}

describe.each(BY_METHOD)('$method ($name): a redirect is never followed', (operation) => {
	describe.each(TARGETS)('to $name', (target) => {
		it.each(STATUSES)('HTTP %i', async (status) => {
			await expectRedirectRefused(operation, status, target);
		});
	});
});

describe.each(WRITES)(
	'$name: a redirect to another origin is never followed, and says how to check the change',
	(operation) => {
		it.each([301, 303, 307])('HTTP %i', async (status) => {
			await expectRedirectRefused(operation, status, TARGETS[1]);
		});
	},
);

describe('POST /posts (Post → Create) behind a Base URL that is not the API', () => {
	const create = EVERY_OPERATION.find(
		(operation) => operation.route === 'POST /posts',
	) as HostileOperation;
	it.each(STATUSES)(
		'HTTP %i to another origin: not re-sent there, and says the post may exist',
		async (status) => {
			const location = `${other.origin}${API_PREFIX}/posts`;
			t.server.respond(byRoute(answering(create, answers.redirect(status as 301, location))));
			const run = await t.run(create.parameters);
			const { description } = expectHostileOutcome(run, {
				message: `The service redirected POST /posts to ${location}`,
				requests: 1 + lookupsOf(create),
				withinMs: 5_000,
			});
			expect(description).toMatch(/post may have been created/);
			expect(other.requests).toHaveLength(0);
		},
	);

	it('a redirect away from the API (to a login page): the Base URL reaches the web application', async () => {
		t.server.respond(answers.redirect(302, `${other.origin}/auth/login`));
		const run = await t.run({ resource: 'channel', operation: 'getMany' });
		const { description } = expectHostileOutcome(run, {
			message: `The service redirected GET /integrations to ${other.origin}/auth/login`,
			requests: 1,
			withinMs: 5_000,
		});
		expect(description).toMatch(/\/api\/public\/v1/);
		expect(other.requests).toHaveLength(0);
	});

	it('a relative Location: resolved against the Base URL, and not followed', async () => {
		t.server.respond(answers.redirect(308, `/v2/public/integrations`));
		const run = await t.run({ resource: 'channel', operation: 'getMany' });
		expectHostileOutcome(run, {
			message: `The service redirected GET /integrations to ${t.server.origin}/v2/public/integrations`,
			requests: 1,
			withinMs: 5_000,
		});
	});

	it('a redirect with a query: the error names the address without it', async () => {
		t.server.respond(
			answers.redirect(302, `${other.origin}${API_PREFIX}/integrations?session=abc123`),
		);
		const run = await t.run({ resource: 'channel', operation: 'getMany' });
		const { message } = expectHostileOutcome(run, {
			message: `to ${other.origin}${API_PREFIX}/integrations:`,
			requests: 1,
			withinMs: 5_000,
		});
		expect(message).not.toContain('abc123');
	});

	it('a redirect without a Location', async () => {
		t.server.respond(answers.noBody(301));
		const run = await t.run({ resource: 'channel', operation: 'getMany' });
		expectHostileOutcome(run, {
			message: 'The service answered GET /integrations with a redirect (HTTP 301)',
			description: /api\/public\/v1/,
			requests: 1,
			withinMs: 5_000,
		});
	});

	it("Continue On Fail: the redirect is the item's error, nothing is output from the other origin", async () => {
		t.server.respond(answers.redirect(301, `${other.origin}${API_PREFIX}/integrations`));
		const run = await t.run(
			{ resource: 'channel', operation: 'getMany' },
			{ continueOnFail: true },
		);
		expectHostileOutcome(run, {
			message: /redirected GET \/integrations/,
			requests: 1,
			withinMs: 5_000,
		});
		expect(other.requests).toHaveLength(0);
	});
});

describe('the pickers, the trigger and the credential test follow no redirect either', () => {
	const viaEditor = async (call: () => Promise<unknown>) => {
		const capture = captureN8nLog();
		const started = Date.now();
		let error: unknown;
		let value: unknown;
		try {
			value = await call();
		} catch (caught) {
			error = caught;
		} finally {
			capture.stop();
		}
		const result = {
			items: value === undefined ? [] : [{ json: { value } }],
			error,
			run: { data: {} },
		} as unknown as RunNodeResult;
		return {
			result,
			ms: Date.now() - started,
			log: capture.lines,
			requests: t.server.requests.map((r) => `${r.method} ${r.path}`),
		};
	};

	it.each(STATUSES)('Channel picker, HTTP %i to another origin', async (status) => {
		t.server.respond(answers.redirect(status as 301, `${other.origin}${API_PREFIX}/integrations`));
		const run = await viaEditor(
			async () =>
				await listSearch(
					t.credentials,
					'searchChannels',
					{},
					'channel',
					undefined,
					undefined,
					NODE_TYPE,
				),
		);
		expectHostileOutcome(run, {
			message: `The service redirected GET /integrations to ${other.origin}${API_PREFIX}/integrations`,
			requests: 1,
			withinMs: 5_000,
		});
		expect(other.requests).toHaveLength(0);
	});

	it.each(STATUSES)('trigger poll, HTTP %i to another origin', async (status) => {
		t.server.respond(answers.redirect(status as 301, `${other.origin}${API_PREFIX}/notifications`));
		const poller = createPoller(t.credentials, TRIGGER_TYPE, { options: { timeout: 2 } });
		const run = await viaEditor(async () => await poller.poll('trigger'));
		expectHostileOutcome(run, {
			message: `The service redirected GET /notifications to ${other.origin}${API_PREFIX}/notifications`,
			requests: 1,
			withinMs: 5_000,
		});
		expect(other.requests).toHaveLength(0);
		expect(poller.staticData()).toEqual({});
	});

	it.each(STATUSES)('credential test, HTTP %i to another origin', async (status) => {
		t.server.respond(answers.redirect(status as 301, `${other.origin}${API_PREFIX}/is-connected`));
		const answer = await testCredentials(t.credentials);
		expect(answer.status).toBe('Error');
		expect(answer.message).toMatch(/redirect/);
		expect(t.server.requests).toHaveLength(1);
		expect(other.requests).toHaveLength(0);
	});
});
