/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped */
/**
 * The example workflows of this folder, as the demo and the end-to-end tests import them: read from their JSON files
 * (the files users import stay as they are), with the one value that has to point at this machine swapped in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../local-n8n/localN8n';

export interface WorkflowNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	[other: string]: unknown;
}

export interface Workflow {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<
		string,
		Record<string, Array<Array<{ node: string; type: string; index: number }>>>
	>;
}

/** Every example's file and the id it carries (stable, so the demo and tests can run them by id). */
export const EXAMPLES = {
	schedule: { file: 'schedule-at-next-free-slot.json', id: 'exSchedule3Chan1' },
	uploadThread: { file: 'upload-from-url-thread.json', id: 'exUploadThread01' },
	failedReport: { file: 'failed-post-report.json', id: 'exFailedReport01' },
	agent: { file: 'ai-agent-publisher.json', id: 'exAgentTool00001' },
} as const;

/** The credential every example names; importing one with this id makes the examples run as they are. */
export const EXAMPLE_CREDENTIAL = {
	id: 'demoSandboxKey01',
	name: 'Social Publishing (sandbox)',
	type: 'socialPublishingApi',
};

export function readExample(name: keyof typeof EXAMPLES): Workflow {
	return JSON.parse(readFileSync(join(ROOT, 'examples', EXAMPLES[name].file), 'utf8')) as Workflow;
}

export function nodeOf(workflow: Workflow, name: string): WorkflowNode {
	const node = workflow.nodes.find((n) => n.name === name);
	if (!node) throw new Error(`example "${workflow.name}" has no node "${name}"`);
	return node;
}

/**
 * All four, ready to import into an n8n that talks to the sandbox: the upload example fetches its image from
 * `imageUrl` (a local https server) instead of the public address in the file, which this machine cannot reach, with
 * Options → Allow Private Address on.
 */
export function examplesFor(options: { imageUrl: string }): Workflow[] {
	const upload = readExample('uploadThread');
	const node = nodeOf(upload, 'Upload Image From URL');
	node.parameters.url = options.imageUrl;
	// The local server is on 127.0.0.1, which the node refuses unless told that the service (here the sandbox, started
	// with allowLoopbackUploadUrls) is set up to fetch from this machine.
	node.parameters.options = {
		...((node.parameters.options as object | undefined) ?? {}),
		allowPrivateAddress: true,
	};
	return [readExample('schedule'), upload, readExample('failedReport'), readExample('agent')];
}

export function exampleCredential(baseUrl: string, apiKey: string) {
	return { ...EXAMPLE_CREDENTIAL, data: { baseUrl, apiKey } };
}
