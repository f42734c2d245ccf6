/**
 * Shared set-up of the Post → Create tests: the node's parameters written the way the editor
 * saves them, and a look at what reached the sandbox.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { runNode, type RunNodeResult } from '../../../helpers/engine';
import type { RunningSandbox } from '../../../../sandbox';
import type { LoggedRequest } from '../../../../sandbox/requestLog';

export const NODE_TYPE = 'n8n-nodes-social-publishing.socialPublishing';

/** A channel picked "By ID" in the resource locator. */
export const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

/** A channel picked "From List" (the editor keeps the name it showed). */
export const fromList = (id: string, name: string) => ({ __rl: true, mode: 'list', value: id, cachedResultName: name });

export interface MediaParam {
	id: string;
	path: string;
	alt?: string;
}

export interface PartParam {
	content?: string;
	media?: MediaParam[];
}

/** The Parts fixedCollection as saved by the editor. */
export function parts(...list: PartParam[]): INodeParameters {
	return {
		part: list.map(({ content, media }) => ({
			content: content ?? '',
			...(media ? { media: { item: media } } : {}),
		})),
	} as unknown as INodeParameters;
}

/** One entry of the Channels list. `settings` are the typed parameters (`x_who_can_reply_post`...). */
export function channel(entry: {
	channel: unknown;
	platform?: string;
	settingsJson?: unknown;
	settings?: Record<string, unknown>;
	parts?: INodeParameters;
}): INodeParameters {
	return {
		channel: entry.channel,
		platform: entry.platform ?? 'lookup',
		settingsMode: entry.settingsJson !== undefined ? 'json' : 'fields',
		...(entry.settingsJson !== undefined
			? { settingsJson: typeof entry.settingsJson === 'string' ? entry.settingsJson : JSON.stringify(entry.settingsJson) }
			: {}),
		...(entry.settings ?? {}),
		...(entry.parts ? { parts: entry.parts } : {}),
	} as INodeParameters;
}

/** Post → Create parameters in fields mode. */
export function createParams(p: {
	type?: 'draft' | 'schedule' | 'now';
	date?: string;
	nextSlot?: boolean;
	parts?: INodeParameters;
	channels: INodeParameters[];
	options?: Record<string, unknown>;
}): INodeParameters {
	const perChannel = p.parts === undefined;
	const type = p.type ?? 'schedule';
	return {
		resource: 'post',
		operation: 'create',
		inputMode: 'fields',
		type,
		...(type !== 'now' ? { dateMode: p.nextSlot ? 'nextSlot' : 'date' } : {}),
		...(type !== 'now' && !p.nextSlot ? { date: p.date ?? '2030-01-15T10:00:00Z' } : {}),
		contentMode: perChannel ? 'perChannel' : 'same',
		...(perChannel ? {} : { parts: p.parts }),
		channels: { channel: p.channels },
		options: p.options ?? {},
	} as INodeParameters;
}

/** Post → Create parameters in JSON mode (the whole body). */
export function jsonParams(body: unknown, options: Record<string, unknown> = {}): INodeParameters {
	return {
		resource: 'post',
		operation: 'create',
		inputMode: 'json',
		requestJson: JSON.stringify(body),
		options,
	} as INodeParameters;
}

export async function runCreate(
	sb: RunningSandbox,
	parameters: INodeParameters,
	items?: IDataObject[],
	continueOnFail = false,
): Promise<RunNodeResult> {
	return await runNode({
		credentials: { baseUrl: sb.baseUrl, apiKey: sb.apiKey },
		nodeType: NODE_TYPE,
		parameters,
		items,
		continueOnFail,
	});
}

/** What the sandbox received, as `METHOD /path` lines (query left out). */
export async function routesHit(sb: RunningSandbox): Promise<string[]> {
	return (await sb.control.requests()).map((request: LoggedRequest) => `${request.method} ${request.path}`);
}

/** The text of a failed run's error: its message and description. */
export function errorText(result: RunNodeResult): string {
	const error = result.error;
	if (!error) return '';
	return `${error.message}\n${String(error.description ?? '')}`;
}
