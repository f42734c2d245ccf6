/**
 * Per-item overhead: 200 items of Channel → Get Many (GET /integrations) through n8n's engine (WorkflowExecute, the
 * test harness), against the same request made by
 * - a bare declarative node (requestDefaults and one operation routed to GET /integrations, no hooks), run by the
 *   same engine and harness;
 * - a plain client: Node's fetch, the 200 requests at once, as n8n sends a declarative node's items concurrently.
 * At 0 ms and at 50 ms added latency (the sandbox's `slow` fault on the route). Rounds are interleaved in a random
 * order, GC is forced before each run, and each ratio is the median of the rounds' own ratios. Wall time is what is
 * asked; this process's CPU time (the sandbox has its own) is printed next to it, as it is far less moved by other
 * work on a shared machine.
 *
 * CPU per item, node / bare, is the headline (issue 31): at 0 ms each contender's turn in a round is
 * CPU_REPEATS runs of 200 items back to back (a few hundred milliseconds of CPU rather than tens), so
 * one round's ratio is not one garbage collection or one scheduler hiccup; the row gives the median of the
 * rounds' ratios and their spread around it.
 *
 * The node runs with Request Options → Max Requests in Flight at 200, the concurrency of the bare node and of the
 * plain client; a fifth contender, the node at its default Max Requests in Flight, shows what that limit costs in time.
 *
 * Where the time goes: a fourth contender, the same built node with its description cut to the properties shown for
 * Channel → Get Many (same requestDefaults, transport and hooks), separates the node's own code (trimmed / bare)
 * from the cost of n8n's RoutingNode walking every top-level property of the description for each item (node /
 * trimmed); see the README's Performance section.
 */
import {
	NodeConnectionTypes,
	NodeHelpers,
	type INodeParameters,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { DEFAULT_POLICY } from '../nodes/SocialPublishing/shared/transport/policy';
import { credentialReads, runNode, type TestCredentials } from '../test/helpers/engine';
import { registerAsLoadedByN8n } from '../test/helpers/n8nLoader';
import {
	builtActionNode,
	gc,
	log,
	median,
	NODE_TYPE,
	shuffled,
	timed,
	type Row,
	type SandboxProcess,
} from './lib';

const BARE_TYPE = 'bench.bareDeclarative';

/** The least a declarative node for this route can be: n8n's own RoutingNode does everything. */
class BareDeclarative implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Bare Declarative',
		name: 'bareDeclarative',
		group: ['output'],
		version: 1,
		description: 'GET /integrations, nothing else',
		defaults: { name: 'Bare Declarative' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialPublishingApi', required: true }],
		requestDefaults: {
			baseURL: '={{$credentials.baseUrl}}',
			headers: { Accept: 'application/json' },
		},
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Get Many',
						value: 'getMany',
						routing: { request: { method: 'GET', url: '/integrations' } },
					},
				],
				default: 'getMany',
			},
		],
	};
}
registerAsLoadedByN8n(BARE_TYPE, new BareDeclarative());

const TRIMMED_TYPE = 'bench.trimmedSocialPublishing';
/** All 200 in flight, like the bare node (RoutingNode starts every item at once) and the plain client. */
const PARAMETERS: INodeParameters = {
	resource: 'channel',
	operation: 'getMany',
	requestOptions: { maxInFlight: 200 },
};
const AT_DEFAULTS: INodeParameters = { resource: 'channel', operation: 'getMany' };

/** The built node with only the top-level properties shown for these parameters: its own code, without the walk. */
async function registerTrimmed(): Promise<{ full: number; shown: number }> {
	const node = await builtActionNode();
	const full = node.description;
	const shown = full.properties.filter((property) =>
		NodeHelpers.displayParameter(AT_DEFAULTS, property, null, full),
	);
	node.description = { ...full, properties: shown };
	registerAsLoadedByN8n(TRIMMED_TYPE, node);
	return { full: full.properties.length, shown: shown.length };
}

/** Credential reads of a run, from the harness's credentials helper (as n8n's CLI: each a query and a decryption). */
function takeCredentialReads(): number {
	const counted = credentialReads.count;
	credentialReads.count = 0;
	return counted;
}

export const ITEMS = 200;
/** Runs of ITEMS per contender and round at 0 ms latency, for the CPU figures (see the header). */
export const CPU_REPEATS = 5;
const ROUTE = '/integrations';

export type Contender = 'node' | 'nodeDefault' | 'trimmed' | 'bare' | 'plain';
const CONTENDERS: Contender[] = ['node', 'nodeDefault', 'trimmed', 'bare', 'plain'];

function engineRun(type: string, parameters: INodeParameters, credentials: TestCredentials) {
	return async () => {
		const result = await runNode({
			credentials,
			nodeType: type,
			parameters,
			items: Array.from({ length: ITEMS }, (_, i) => ({ i })),
		});
		if (result.error) throw new Error(`${type}: ${result.error.message}`);
		return result.items.length;
	};
}

function plainRun(credentials: TestCredentials) {
	return async () => {
		const answers = await Promise.all(
			Array.from({ length: ITEMS }, async () => {
				const response = await fetch(`${credentials.baseUrl}${ROUTE}`, {
					headers: { Authorization: credentials.apiKey, Accept: 'application/json' },
				});
				if (!response.ok) throw new Error(`plain: HTTP ${response.status}`);
				return (await response.json()) as unknown[];
			}),
		);
		return answers.reduce((sum, list) => sum + list.length, 0);
	};
}

export interface OverheadOptions {
	rounds: number;
	latenciesMs: number[];
	/** Only this contender, `runs` times at 0 ms (for node --cpu-prof). */
	profileOnly?: { contender: Contender; runs: number };
}

export async function overhead(sandbox: SandboxProcess, options: OverheadOptions): Promise<Row[]> {
	const credentials = { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey };
	const counts = await registerTrimmed();
	const runs: Record<Contender, () => Promise<number>> = {
		node: engineRun(NODE_TYPE, PARAMETERS, credentials),
		nodeDefault: engineRun(NODE_TYPE, AT_DEFAULTS, credentials),
		trimmed: engineRun(TRIMMED_TYPE, PARAMETERS, credentials),
		bare: engineRun(BARE_TYPE, { operation: 'getMany' }, credentials),
		plain: plainRun(credentials),
	};
	if (options.profileOnly) {
		for (let i = 0; i < options.profileOnly.runs; i++) {
			await runs[options.profileOnly.contender]();
			await sandbox.control.clearRequests();
		}
		return [];
	}
	// Warm-up: JIT, sockets, n8n's lazy modules.
	for (const contender of [...CONTENDERS, ...CONTENDERS]) await runs[contender]();
	const rows: Row[] = [];
	takeCredentialReads();
	await runs.node();
	const nodeReads = takeCredentialReads();
	await runs.bare();
	const bareReads = takeCredentialReads();
	rows.push({
		section: 'overhead',
		what: `${ITEMS} items: credential reads, node / bare`,
		ratio: nodeReads / bareReads,
		detail: `${nodeReads} vs ${bareReads} (in n8n each is a database read and a decryption)`,
	});
	for (const latency of options.latenciesMs) {
		const times: Record<Contender, number[]> = {
			node: [],
			nodeDefault: [],
			trimmed: [],
			bare: [],
			plain: [],
		};
		const cpu: Record<Contender, number[]> = {
			node: [],
			nodeDefault: [],
			trimmed: [],
			bare: [],
			plain: [],
		};
		const outputs: Record<Contender, number> = {
			node: 0,
			nodeDefault: 0,
			trimmed: 0,
			bare: 0,
			plain: 0,
		};
		for (let round = 0; round < options.rounds; round++) {
			for (const contender of shuffled(CONTENDERS)) {
				await sandbox.control.clearRequests();
				if (latency > 0)
					await sandbox.control.addFault({
						method: 'GET',
						path: ROUTE,
						fault: 'slow',
						delayMs: latency,
						times: ITEMS,
					});
				gc();
				const repeats = latency === 0 ? CPU_REPEATS : 1;
				const { ms, cpuMs, value } = await timed(async () => {
					let count = 0;
					for (let r = 0; r < repeats; r++) count = await runs[contender]();
					return count;
				});
				times[contender].push(ms / repeats);
				cpu[contender].push(cpuMs / repeats);
				outputs[contender] = value;
				const sent = (await sandbox.requests()).filter((r) => r.path === ROUTE).length;
				if (sent !== ITEMS * repeats)
					throw new Error(`${contender} sent ${sent} requests, expected ${ITEMS * repeats}`);
			}
		}
		await sandbox.control.clearFaults();
		const ratios = (a: Contender, b: Contender) => median(times[a].map((t, i) => t / times[b][i]));
		const cpuRatio = (a: Contender, b: Contender) =>
			`CPU ${median(cpu[a].map((t, i) => t / cpu[b][i])).toFixed(2)}×`;
		const ms = (c: Contender) => median(times[c]);
		const spread = (a: Contender, b: Contender) => {
			const each = times[a].map((t, i) => t / times[b][i]);
			return `rounds ${Math.min(...each).toFixed(2)}–${Math.max(...each).toFixed(2)}`;
		};
		const perItem = (median(cpu.node) - median(cpu.bare)) / ITEMS;
		log(
			`  overhead ${latency} ms: ${CONTENDERS.map((c) => `${c} ${ms(c).toFixed(0)} ms`).join(', ')} (medians of ${options.rounds})`,
		);
		if (new Set(Object.values(outputs)).size !== 1) {
			throw new Error(`the contenders output different item counts: ${JSON.stringify(outputs)}`);
		}
		if (latency === 0) {
			const each = cpu.node.map((t, i) => t / cpu.bare[i]);
			const mid = median(each);
			const off = (x: number) =>
				`${x >= mid ? '+' : '−'}${Math.abs((100 * (x - mid)) / mid).toFixed(0)}%`;
			rows.push({
				section: 'overhead',
				what: `CPU per item, node / bare declarative (${options.rounds} rounds × ${ITEMS * CPU_REPEATS} items)`,
				ratio: mid,
				detail: `median of the rounds' ratios; rounds ${off(Math.min(...each))} to ${off(Math.max(...each))} around it; ${(median(cpu.node) / ITEMS).toFixed(3)} vs ${(median(cpu.bare) / ITEMS).toFixed(3)} ms CPU per item`,
			});
		}
		const detail = `${cpuRatio('node', 'bare')}; ${spread('node', 'bare')}; wall ${ms('node').toFixed(0)} vs ${ms('bare').toFixed(0)} ms; CPU ${perItem >= 0 ? '+' : ''}${perItem.toFixed(2)} ms per item`;
		rows.push({
			section: 'overhead',
			what: `${ITEMS} items, +${latency} ms: node / bare declarative`,
			ratio: ratios('node', 'bare'),
			detail,
		});
		rows.push({
			section: 'overhead',
			what: `${ITEMS} items, +${latency} ms: node at ${DEFAULT_POLICY.maxInFlight} in flight (default) / bare`,
			ratio: ratios('nodeDefault', 'bare'),
			detail: `${cpuRatio('nodeDefault', 'bare')}; wall ${ms('nodeDefault').toFixed(0)} ms; the other rows run the node at 200 in flight, as bare and plain`,
		});
		rows.push({
			section: 'overhead',
			what: `${ITEMS} items, +${latency} ms: node / plain fetch`,
			ratio: ratios('node', 'plain'),
			detail: `${cpuRatio('node', 'plain')}; bare / plain ${ratios('bare', 'plain').toFixed(2)}×`,
		});
		if (latency === 0) {
			const walk = `RoutingNode walks all ${counts.full} top-level properties twice per item; ${counts.shown} are shown here`;
			rows.push({
				section: 'overhead',
				what: `${ITEMS} items, +0 ms: node's own code, trimmed node / bare`,
				ratio: ratios('trimmed', 'bare'),
				detail: `${cpuRatio('trimmed', 'bare')}; ${spread('trimmed', 'bare')}; same node cut to the properties shown`,
			});
			rows.push({
				section: 'overhead',
				what: `${ITEMS} items, +0 ms: n8n's property walk, node / trimmed node`,
				ratio: ratios('node', 'trimmed'),
				detail: `${cpuRatio('node', 'trimmed')}; ${spread('node', 'trimmed')}; ${walk}`,
			});
		}
	}
	return rows;
}
