/**
 * Runs this package's nodes through n8n's real execution engine (n8n-core), the way n8n itself
 * does, so that tests read like workflows: nodes and parameters in, items and errors out.
 *
 * - `runNode`: a two-node workflow (an item source, then the node under test) run by WorkflowExecute.
 * - `testCredentials`: n8n's credential tester (RoutingNode over a synthetic node + the test rules).
 * - `loadOptions` / `listSearch`: a LoadOptionsContext, as the editor's dropdowns call them.
 * - `createPoller`: a PollContext over one Workflow object, so static data persists between polls.
 */
import {
	DirectoryLoader,
	ExecuteContext,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import {
	createRunExecutionData,
	ICredentialsHelper,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type ICredentialsDecrypted,
	type ICredentialType,
	type IDataObject,
	type IExecuteData,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialTestResult,
	type INodeExecutionData,
	type INodeListSearchResult,
	type INodeParameters,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IWorkflowExecuteAdditionalData,
	type NodeParameterValueType,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { SocialPublishingApi } from '../../credentials/SocialPublishingApi.credentials';
import { SocialPublishing } from '../../nodes/SocialPublishing/SocialPublishing.node';

/** The action node's type name, as workflows name it. */
export const NODE_TYPE = 'n8n-nodes-social-publishing.socialPublishing';

export interface TestCredentials {
	baseUrl: string;
	apiKey: string;
}

const CREDENTIAL_TYPE = 'socialPublishingApi';
const credentialType: ICredentialType = new SocialPublishingApi();

/** Emits the items given in its `items` parameter: the start of every test workflow. */
class ItemSource implements INodeType {
	description = {
		displayName: 'Item Source',
		name: 'itemSource',
		group: ['input'],
		version: 1,
		description: 'Test input',
		defaults: { name: 'Items' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getNodeParameter('items', 0) as unknown as INodeExecutionData[];
		return [items];
	}
}

/**
 * A declarative node as n8n's loader hands it to the engine: with n8n's own Request Options
 * (Timeout, Proxy, Batching, Ignore SSL Issues) added. Without them `requestOptions.timeout` is
 * dropped from the parameters and every request waits the default 30 s.
 */
export function asLoadedByN8n<T extends INodeType>(nodeType: T): T {
	DirectoryLoader.applyDeclarativeNodeOptionParameters(nodeType);
	return nodeType;
}

/** Node types known to test workflows: ours plus the item source. Tests may register more. */
export const nodeTypeRegistry: Record<string, INodeType> = {
	'test.itemSource': new ItemSource(),
	[NODE_TYPE]: asLoadedByN8n(new SocialPublishing()),
};

export function registerNodeType(type: string, nodeType: INodeType): void {
	nodeTypeRegistry[type] = nodeType;
}

const nodeTypes: INodeTypes = {
	getByName: (type) => lookUpNodeType(type),
	getByNameAndVersion: (type) => lookUpNodeType(type),
	getKnownTypes: () => ({}),
};

function lookUpNodeType(type: string): INodeType {
	const nodeType = nodeTypeRegistry[type];
	if (!nodeType) throw new Error(`Unknown node type in test workflow: ${type}`);
	return nodeType;
}

/**
 * Gives nodes the test credentials and applies the credential type's generic `authenticate`
 * block, as n8n's CLI CredentialsHelper does (n8n-core has no concrete helper of its own).
 */
class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly credentials: TestCredentials) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		if (typeName !== CREDENTIAL_TYPE) throw new Error(`Unknown credential type ${typeName}`);
		const authenticate = credentialType.authenticate;
		if (!authenticate || typeof authenticate === 'function' || authenticate.type !== 'generic') {
			return requestOptions;
		}
		const resolve = (value: unknown): unknown =>
			typeof value === 'string' && workflow && node
				? workflow.expression.getSimpleParameterValue(
						node,
						value,
						'internal',
						{ $credentials: credentials },
						undefined,
						value,
					)
				: value;
		for (const section of ['headers', 'qs', 'body', 'auth'] as const) {
			const values = authenticate.properties[section] as IDataObject | undefined;
			if (!values) continue;
			const target = ((requestOptions as unknown as IDataObject)[section] ?? {}) as IDataObject;
			for (const [key, value] of Object.entries(values)) target[key] = resolve(value) as string;
			(requestOptions as unknown as IDataObject)[section] = target;
		}
		return requestOptions;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('Not used by the tests');
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		credentialReads.count++;
		return { ...this.credentials };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties() {
		return credentialType.properties;
	}
}

/** Credential reads since the count was last set to 0: in n8n's CLI each is a database query and a decryption. */
export const credentialReads = { count: 0 };

export function createAdditionalData(
	credentials: TestCredentials,
	workflowId = 'test-workflow',
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new TestCredentialsHelper(credentials),
		hooks: new ExecutionLifecycleHooks('manual', 'test-execution', {
			id: workflowId,
			name: 'Test',
			active: false,
			activeVersionId: null,
			isArchived: false,
			nodes: [],
			connections: {},
			createdAt: new Date(),
			updatedAt: new Date(),
		}),
		executeWorkflow: async () => {
			throw new Error('Not used by the tests');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		// Never called by these nodes, but n8n builds $execution.resumeUrl from them, so they must parse.
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('Not used by the tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

function nodeUnderTest(
	type: string,
	parameters: INodeParameters,
	extra: Partial<INode> = {},
): INode {
	return {
		id: 'node-under-test',
		name: 'Node Under Test',
		type,
		typeVersion: 1,
		position: [200, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Test credential' } },
		...extra,
	};
}

export interface RunNodeOptions {
	credentials: TestCredentials;
	parameters: INodeParameters;
	/** Input items (json only, or full INodeExecutionData); one empty item by default. */
	items?: Array<IDataObject | INodeExecutionData>;
	continueOnFail?: boolean;
	/** The node's On Error setting; wins over `continueOnFail` ('continueRegularOutput'). */
	onError?: 'continueRegularOutput' | 'continueErrorOutput';
	nodeType?: string;
	/** Node settings besides its parameters (Retry On Fail: `retryOnFail`, `maxTries`, `waitBetweenTries`). */
	node?: Partial<INode>;
}

export interface RunNodeResult {
	/** Output items of the node under test (main output 0). */
	items: INodeExecutionData[];
	/** Items on the error output (main output 1), with On Error → "Continue (using error output)". */
	errorItems: INodeExecutionData[];
	/** The execution's error when the node failed (status 'error'). */
	error?: Error & { description?: string; context?: IDataObject; httpCode?: string };
	run: IRun;
}

/** Runs one node of this package, fed by an item source, through WorkflowExecute. */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const items = (options.items ?? [{}]).map((item) =>
		'json' in item && typeof item.json === 'object'
			? (item as INodeExecutionData)
			: { json: item as IDataObject },
	);
	const source: INode = {
		id: 'item-source',
		name: 'Items',
		type: 'test.itemSource',
		typeVersion: 1,
		position: [0, 0],
		parameters: { items: items as unknown as NodeParameterValueType },
	};
	const node = nodeUnderTest(options.nodeType ?? NODE_TYPE, options.parameters, {
		...(options.onError
			? { onError: options.onError }
			: options.continueOnFail
				? { onError: 'continueRegularOutput' as const }
				: {}),
		...options.node,
	});
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [source, node],
		connections: {
			[source.name]: { main: [[{ node: node.name, type: 'main', index: 0 }]] },
		},
		active: false,
		nodeTypes,
	});
	const additionalData = createAdditionalData(options.credentials);
	const run = await new WorkflowExecute(additionalData, 'manual').run({
		workflow,
		startNode: source,
	});
	const taskData = run.data.resultData.runData[node.name]?.[0];
	return {
		items: (taskData?.data?.main?.[0] ?? []) as INodeExecutionData[],
		errorItems: (taskData?.data?.main?.[1] ?? []) as INodeExecutionData[],
		error: (run.data.resultData.error ?? taskData?.error) as RunNodeResult['error'],
		run,
	};
}

/** What n8n's credential tester answers for these credentials (Test button in the editor). */
export async function testCredentials(
	credentials: TestCredentials,
): Promise<INodeCredentialTestResult> {
	const testRequest = credentialType.test;
	if (!testRequest) throw new Error('The credential type has no test');
	const probeType: INodeType = {
		description: {
			...new SocialPublishing().description,
			name: 'credentialProbe',
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			requestDefaults: undefined,
			requestOperations: undefined,
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: testRequest.request },
					default: '',
				},
			],
		},
	};
	registerNodeType('test.credentialProbe', probeType);
	const node = nodeUnderTest('test.credentialProbe', {});
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = createAdditionalData(credentials);
	const executeData: IExecuteData = { node, data: {}, source: null };
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal' as WorkflowExecuteMode,
		createRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		executeData,
		[],
	);
	const decrypted: ICredentialsDecrypted = {
		id: 'cred-1',
		name: 'Test credential',
		type: CREDENTIAL_TYPE,
		data: { ...credentials },
	};
	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await new RoutingNode(context, probeType, decrypted).runNode();
	} catch (error) {
		const status = (error as { cause?: { response?: { status?: number } } }).cause?.response
			?.status;
		return {
			status: 'Error',
			message: status ? `Received HTTP status code: ${status}` : String((error as Error).message),
		};
	}
	for (const rule of testRequest.rules ?? []) {
		if (rule.type !== 'responseSuccessBody') continue;
		const body = response?.[0]?.[0]?.json as unknown;
		const value = rule.properties.key
			.split('.')
			.reduce<unknown>(
				(node, key) =>
					node !== null && typeof node === 'object' ? (node as IDataObject)[key] : undefined,
				body,
			);
		if (value === rule.properties.value)
			return { status: 'Error', message: rule.properties.message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

function workflowFor(node: INode): Workflow {
	return new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
}

/** An expression of the node's description (its subtitle, say) resolved as the editor resolves it, for these parameters. */
export function resolveForParameters(
	expression: string,
	parameters: INodeParameters,
	nodeType = NODE_TYPE,
): unknown {
	const node = nodeUnderTest(nodeType, parameters);
	return workflowFor(node).expression.getSimpleParameterValue(node, expression, 'internal', {});
}

/** An expression that reads `$credentials` (the Base URL of requestDefaults and of the credential's test), resolved as n8n resolves it. */
export function resolveForCredentials(expression: string, credentials: IDataObject): unknown {
	const node = nodeUnderTest(NODE_TYPE, {});
	return workflowFor(node).expression.getSimpleParameterValue(node, expression, 'internal', {
		$credentials: credentials,
	});
}

/**
 * The context the editor's dropdowns run in: the node with its current parameters (the editor sends
 * them with each request; getCurrentNodeParameter reads them) and the path of the field asking.
 */
function editorContext(
	credentials: TestCredentials,
	nodeType: string,
	parameters: INodeParameters,
	propertyPath: string,
): LoadOptionsContext {
	const node = nodeUnderTest(nodeType, parameters);
	const additionalData = {
		...createAdditionalData(credentials),
		currentNodeParameters: parameters,
	};
	return new LoadOptionsContext(
		workflowFor(node),
		node,
		additionalData,
		`parameters.${propertyPath}`,
	);
}

/** Calls a `methods.loadOptions` function of a node, as the editor does for a dropdown. */
export async function loadOptions(
	credentials: TestCredentials,
	method: string,
	parameters: INodeParameters,
	propertyPath: string,
	nodeType = NODE_TYPE,
): Promise<INodePropertyOptions[]> {
	const fn = lookUpNodeType(nodeType).methods?.loadOptions?.[method];
	if (!fn) throw new Error(`No loadOptions method ${method}`);
	return await fn.call(editorContext(credentials, nodeType, parameters, propertyPath));
}

/** Calls a `methods.listSearch` function of a node (resource locator "From list"). */
export async function listSearch(
	credentials: TestCredentials,
	method: string,
	parameters: INodeParameters,
	propertyPath: string,
	filter?: string,
	paginationToken?: string,
	nodeType = NODE_TYPE,
): Promise<INodeListSearchResult> {
	const fn = lookUpNodeType(nodeType).methods?.listSearch?.[method];
	if (!fn) throw new Error(`No listSearch method ${method}`);
	return await fn.call(
		editorContext(credentials, nodeType, parameters, propertyPath),
		filter,
		paginationToken,
	);
}

/**
 * How a poll is run by n8n:
 * - `trigger`: a scheduled poll of an active workflow;
 * - `activation`: the poll n8n runs once when the workflow is activated, to check that it works;
 * - `manual`: "Fetch test event" in the editor.
 */
export type PollMode = 'trigger' | 'activation' | 'manual';

export interface Poller {
	/** One poll, as n8n's trigger runner does it: items emitted, or null when nothing is new. */
	poll(mode?: PollMode): Promise<INodeExecutionData[][] | null>;
	/** The node's committed static data (what n8n persists between polls). */
	staticData(): IDataObject;
	/** The workflow's whole static data as n8n would save it (every node's and the global one; a copy). */
	workflowStaticData(): IDataObject;
	/** A new Workflow object whose static data is loaded from a copy of the committed state (a restart). */
	restart(): Poller;
	/** True when the last poll threw after changing its (discarded) static data: a node bug on older n8n. */
	lastFailedPollChangedState(): boolean;
}

/**
 * A polling trigger of this package, activated on one Workflow object.
 *
 * Static data follows n8n's durable poll cursors (n8n-core 2.41 PollTriggerExecutor and the CLI's
 * poll functions): each poll works on a staged copy of the committed node static data
 * (PollContext's `resolveNodeStaticData`), and the copy is committed only when
 * - the poll emitted (the cursor is committed with the execution it started), or
 * - a scheduled poll returned null (`commitStagedCursor`).
 * It is dropped when the poll throws, when the activation poll returns null (n8n runs it as a test,
 * `testingTrigger`, and skips the commit), and in manual mode (manual runs never save static data).
 * Older n8n versions mutate the Workflow's static data in place and only save it on emit, so a node
 * that changes its state and then throws would leak that change in memory there:
 * `lastFailedPollChangedState()` lets tests prove the node never does.
 */
export function createPoller(
	credentials: TestCredentials,
	nodeType: string,
	parameters: INodeParameters,
	staticData: IDataObject = {},
	options: { pollBudgetMs?: number } = {},
): Poller {
	const node = nodeUnderTest(nodeType, parameters);
	const copy = (data: IDataObject) => JSON.parse(JSON.stringify(data)) as IDataObject;
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes,
		staticData: copy(staticData),
	});
	const committed = () => workflow.getStaticData('node', node);
	const additionalData = createAdditionalData(credentials);
	const type = lookUpNodeType(nodeType);
	let failedPollChangedState = false;
	return {
		async poll(mode = 'trigger') {
			if (!type.poll) throw new Error(`${nodeType} has no poll method`);
			const before = JSON.stringify(committed());
			const staged = copy(committed());
			const context = new PollContext(
				workflow,
				node,
				additionalData,
				(mode === 'manual' ? 'manual' : 'trigger') as WorkflowExecuteMode,
				mode === 'manual' ? 'manual' : 'activate',
				undefined,
				undefined,
				undefined,
				undefined,
				() => staged,
				options.pollBudgetMs === undefined ? undefined : () => options.pollBudgetMs as number,
			);
			let result: INodeExecutionData[][] | null = null;
			let returned = false;
			try {
				result = await type.poll.call(context);
				returned = true;
			} finally {
				failedPollChangedState = !returned && JSON.stringify(staged) !== before;
			}
			const commit = mode === 'trigger' || (mode === 'activation' && result !== null);
			if (commit && JSON.stringify(staged) !== before) {
				const target = committed();
				for (const key of Object.keys(target)) delete target[key];
				Object.assign(target, staged);
			}
			return result;
		},
		staticData() {
			return committed();
		},
		workflowStaticData() {
			return copy(workflow.staticData as IDataObject);
		},
		restart() {
			return createPoller(
				credentials,
				nodeType,
				parameters,
				workflow.staticData as IDataObject,
				options,
			);
		},
		lastFailedPollChangedState() {
			return failedPollChangedState;
		},
	};
}
