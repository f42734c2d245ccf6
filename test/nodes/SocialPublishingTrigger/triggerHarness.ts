/**
 * The trigger under test, activated against a fresh sandbox with a manual clock: polls through n8n's
 * PollContext (test/helpers/engine.ts), notifications and faults through the sandbox's control API,
 * and the requests each poll sent, read back from the sandbox's request log.
 */
import {
	sleep,
	type IDataObject,
	type INodeExecutionData,
	type INodeParameters,
} from 'n8n-workflow';
import { SocialPublishingTrigger } from '../../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
import type { RunningSandbox } from '../../../sandbox';
import { createPoller, registerNodeType, type PollMode, type Poller } from '../../helpers/engine';
import { sandboxPerFile, type SandboxHarness } from '../../helpers/sandbox';

export const TRIGGER_TYPE = 'n8n-nodes-social-publishing.socialPublishingTrigger';
registerNodeType(TRIGGER_TYPE, new SocialPublishingTrigger());

export interface PollOutcome {
	/** Emitted items' json, in emission order ([] when the poll returned null). */
	items: IDataObject[];
	/** null when the poll emitted nothing. */
	raw: INodeExecutionData[][] | null;
	/** GET /notifications requests this poll sent, with their `page`. */
	pages: number[];
	error?: Error & { description?: string; httpCode?: string };
}

export class TriggerUnderTest {
	poller: Poller;

	constructor(
		readonly sandbox: RunningSandbox,
		readonly parameters: INodeParameters = {},
		staticData: IDataObject = {},
		options: { pollBudgetMs?: number } = {},
	) {
		this.poller = createPoller(
			{ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
			TRIGGER_TYPE,
			parameters,
			staticData,
			options,
		);
	}

	/** One poll; a thrown error is returned in `error` (n8n would record it and keep the old state). */
	async poll(mode: PollMode = 'trigger'): Promise<PollOutcome> {
		await this.sandbox.control.clearRequests();
		let raw: INodeExecutionData[][] | null = null;
		let error: PollOutcome['error'];
		try {
			raw = await this.poller.poll(mode);
		} catch (caught) {
			error = caught as PollOutcome['error'];
		}
		// A request the client gave up on is logged once the server notices the closed socket.
		if (error) await sleep(200);
		const pages = (await this.sandbox.control.requests())
			.filter((r) => r.method === 'GET' && r.path === '/notifications')
			.map((r) => Number(r.query.page ?? 0));
		return { items: (raw?.[0] ?? []).map((item) => item.json), raw, pages, error };
	}

	/** Committed static data of the node (deep copy). */
	state(): IDataObject {
		return JSON.parse(JSON.stringify(this.poller.staticData())) as IDataObject;
	}

	restart(): void {
		this.poller = this.poller.restart();
	}
}

/** The sandbox of a trigger test file (test/helpers/sandbox.ts), on a manual clock; reset before each test unless told. */
export function useTriggerSandbox(options: { reset?: boolean } = {}): SandboxHarness {
	return sandboxPerFile({ clock: { mode: 'manual', now: '2026-11-01T09:00:00.000Z' } }, options);
}

/**
 * Adds `count` notifications after moving the clock on, so each batch is newer than everything
 * before it (the sandbox spaces a batch one second apart, ending at "now"). Returns ids oldest first.
 */
export async function addNotifications(
	sandbox: RunningSandbox,
	count: number,
	extra: { content?: string; sameCreatedAt?: boolean; createdAt?: string } = {},
): Promise<string[]> {
	if (!extra.createdAt) await sandbox.control.advance(count + 1);
	const { ids } = await sandbox.control.addNotifications({ count, ...extra });
	return ids;
}

export const idsOf = (items: IDataObject[]): string[] => items.map((item) => String(item.id));
