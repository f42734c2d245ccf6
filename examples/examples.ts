/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped */
/**
 * The example workflows of this folder, as the demo and the end-to-end tests import them: read from their JSON files
 * (the files users import stay as they are), with the one value that has to point at this machine swapped in.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
	postFailed: { file: 'post-failed-alert.json', id: 'exPostFailed0001' },
	sharePublished: { file: 'share-published-link.json', id: 'exSharePublish01' },
	agent: { file: 'ai-agent-publisher.json', id: 'exAgentTool00001' },
	bulk: { file: 'bulk-schedule-from-csv.json', id: 'exBulkSchedule01' },
	videoSlides: { file: 'generate-video-slideshow.json', id: 'exVideoSlides001' },
} as const;

/** The CSV of posts the bulk example reads (a file users copy to where their n8n may read files). */
export const BULK_POSTS_CSV = 'bulk-posts.csv';
/** The public image address in that CSV, which this machine cannot reach. */
const BULK_IMAGE_URL =
	'https://upload.wikimedia.org/wikipedia/commons/4/47/PNG_transparency_demonstration_1.png';

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
 * Every example, ready to import into an n8n that talks to the sandbox. The examples that fetch an
 * image by URL fetch it from `imageUrl` (a local https server) instead of the public address in
 * their files, which this machine cannot reach, with Options → Allow Private Address on. The bulk
 * example's CSV is copied into `filesFolder` with that swap, and the example reads the copy: n8n
 * must be allowed to read that folder (`fileAccessEnv`).
 */
export function examplesFor(options: { imageUrl: string; filesFolder: string }): Workflow[] {
	const upload = readExample('uploadThread');
	allowPrivateAddress(nodeOf(upload, 'Upload Image From URL'));
	nodeOf(upload, 'Upload Image From URL').parameters.url = options.imageUrl;
	return [
		readExample('schedule'),
		upload,
		readExample('postFailed'),
		readExample('sharePublished'),
		readExample('agent'),
		bulkExampleFor(options),
		readExample('videoSlides'),
	];
}

/** The environment that lets n8n (2.x reads only ~/.n8n-files by default) read `filesFolder`. */
export function fileAccessEnv(filesFolder: string): Record<string, string> {
	return { N8N_RESTRICT_FILE_ACCESS_TO: filesFolder };
}

function bulkExampleFor(options: { imageUrl: string; filesFolder: string }): Workflow {
	const bulk = readExample('bulk');
	const csv = readFileSync(join(ROOT, 'examples', BULK_POSTS_CSV), 'utf8');
	if (!csv.includes(BULK_IMAGE_URL)) throw new Error(`${BULK_POSTS_CSV} has no ${BULK_IMAGE_URL}`);
	mkdirSync(options.filesFolder, { recursive: true });
	const copy = join(options.filesFolder, BULK_POSTS_CSV);
	writeFileSync(copy, csv.split(BULK_IMAGE_URL).join(options.imageUrl));
	nodeOf(bulk, 'Read Posts CSV').parameters.fileSelector = copy;
	allowPrivateAddress(nodeOf(bulk, 'Check Every Row'));
	allowPrivateAddress(nodeOf(bulk, 'Schedule Passed Rows'));
	return bulk;
}

/**
 * The local image server is on 127.0.0.1, which the node refuses unless told that the service
 * (here the sandbox, started with allowLoopbackUploadUrls) is set up to fetch from this machine.
 */
function allowPrivateAddress(node: WorkflowNode): void {
	node.parameters.options = {
		...((node.parameters.options as object | undefined) ?? {}),
		allowPrivateAddress: true,
	};
}

export function exampleCredential(baseUrl: string, apiKey: string) {
	return { ...EXAMPLE_CREDENTIAL, data: { baseUrl, apiKey } };
}
