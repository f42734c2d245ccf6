import {
	jsonParse,
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
} from 'n8n-workflow';

import { MEDIA_EXTENSIONS } from './platforms';

/** Checks on the node's fields before a request is sent, and request parts built from them. */

const FIELD_LABELS: Record<string, string> = {
	channel: 'Channel',
	postId: 'Post ID',
	group: 'Group',
	platform: 'Platform',
};

function fail(context: IExecuteSingleFunctions, message: string, description: string): never {
	throw new NodeOperationError(context.getNode(), message, { itemIndex: context.getItemIndex(), description });
}

/** An ID is one path segment: no spaces, slashes, ? or # (checked here, not by a description regex). */
export function isMalformedId(value: string): boolean {
	return /[\s/?#]/.test(value);
}

/** The trimmed value of an ID field (resource locators included), or a clear error naming the field. */
export function idParameter(context: IExecuteSingleFunctions, name: string): string {
	const label = FIELD_LABELS[name] ?? name;
	const raw = context.getNodeParameter(name, '', { extractValue: true }) as unknown;
	const value = (typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '').trim();
	if (!value) fail(context, `"${label}" is empty`, `Fill in "${label}" (an expression that gives an empty value also ends here).`);
	if (isMalformedId(value)) {
		fail(context, `"${label}" is not an ID: "${value.slice(0, 80)}"`, `An ID has no spaces, slashes, ? or #. Pick it from the list or paste the ID alone.`);
	}
	return value;
}

/** Replaces each `{field}` of the route with that field's ID, e.g. `/find-slot/{channel}`. */
export async function fillPath(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.url = String(requestOptions.url ?? '').replace(/\{(\w+)\}/g, (_match, name: string) =>
		encodeURIComponent(idParameter(this, name)),
	);
	return requestOptions;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Get Many without dates: the last 30 days and the next 30. */
const DEFAULT_SPAN_DAYS = 30;

function dateParameter(context: IExecuteSingleFunctions, name: string, label: string, fallback: number): number {
	const raw = context.getNodeParameter(name, '') as unknown;
	if (raw === '' || raw === null || raw === undefined) return fallback;
	const text = typeof raw === 'string' ? raw : raw instanceof Date ? raw.toISOString() : String((raw as { toISO?: () => string }).toISO?.() ?? raw);
	const ms = Date.parse(text);
	if (Number.isNaN(ms)) fail(context, `"${label}" is not a date: "${text.slice(0, 60)}"`, 'Give an ISO 8601 date such as 2026-01-31T00:00:00Z.');
	return ms;
}

/** GET /posts: the range from Start/End (defaults around today), checked; paging splits it into windows. */
export async function postDateRange(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const now = Date.now();
	const start = dateParameter(this, 'startDate', 'Start Date', now - DEFAULT_SPAN_DAYS * DAY_MS);
	const end = dateParameter(this, 'endDate', 'End Date', now + DEFAULT_SPAN_DAYS * DAY_MS);
	if (end < start) {
		fail(this, '"End Date" is before "Start Date"', `The range runs from ${new Date(start).toISOString()} to ${new Date(end).toISOString()}; swap the dates.`);
	}
	requestOptions.qs = { ...(requestOptions.qs ?? {}), startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() };
	return requestOptions;
}

/** POST /integration-trigger/:id: `{methodName, data}` from the tool picked and its input (fields or JSON). */
export async function toolRequestBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const methodName = String(this.getNodeParameter('tool', '') ?? '').trim();
	if (!methodName) fail(this, '"Tool" is empty', 'Pick a tool of the channel (Channel → Get Settings lists them).');
	const mode = this.getNodeParameter('inputMode', 'fields') as string;
	let data: IDataObject = {};
	if (mode === 'json') {
		const raw = this.getNodeParameter('inputJson', '{}') as unknown;
		if (typeof raw === 'string') {
			try {
				data = jsonParse<IDataObject>(raw.trim() || '{}');
			} catch {
				fail(this, '"Input (JSON)" is not valid JSON', 'Write a JSON object, e.g. {"query": "news"}.');
			}
		} else if (raw && typeof raw === 'object') {
			data = raw as IDataObject;
		}
		if (!data || typeof data !== 'object' || Array.isArray(data)) fail(this, '"Input (JSON)" must be a JSON object', 'Write an object such as {"key": "value"}.');
	} else {
		const fields = this.getNodeParameter('inputFields.field', []) as Array<{ key?: string; value?: unknown }>;
		for (const { key, value } of fields) {
			const name = String(key ?? '').trim();
			if (!name) fail(this, 'An input field of the tool has no name', 'Give every field under "Input Fields" a name, or remove it.');
			data[name] = value as IDataObject[string];
		}
	}
	requestOptions.body = { methodName, data };
	return requestOptions;
}

const URL_ENDINGS = Object.keys(MEDIA_EXTENSIONS);

/** POST /upload-from-url: the service's rules (public https, an allowed ending) checked before sending. */
export async function checkMediaUrl(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const text = String(this.getNodeParameter('url', '') ?? '').trim();
	const endings = URL_ENDINGS.join(', ');
	if (!text) fail(this, '"URL" is empty', 'Give the https address of the file to upload.');
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		fail(this, `"URL" is not a web address: "${text.slice(0, 100)}"`, 'Give a full address such as https://example.com/picture.png.');
	}
	if (url.protocol !== 'https:') {
		fail(this, `"URL" must use https: "${text.slice(0, 100)}"`, 'The service downloads only from public https addresses. Put the file on an https host, or use Media → Upload with the file itself.');
	}
	const path = url.pathname.toLowerCase();
	if (!URL_ENDINGS.some((ending) => path.endsWith(ending))) {
		fail(this, `"URL" must end in one of ${endings}`, `The service accepts only addresses whose path (before "?") ends in ${endings}. Upload other files with Media → Upload.`);
	}
	requestOptions.body = { url: text };
	return requestOptions;
}
