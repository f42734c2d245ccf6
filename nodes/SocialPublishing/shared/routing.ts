import {
	NodeOperationError,
	updateDisplayOptions,
	type IExecuteSingleFunctions,
	type IHttpRequestMethods,
	type INodeProperties,
	type INodePropertyOptions,
	type INodePropertyRouting,
	type PostReceiveAction,
	type PreSendAction,
} from 'n8n-workflow';

import { MAX_JSON_BODY_BYTES } from './bounds';
import { checkedWithTheOtherItems } from './batch';
import { keepFailureForTheHook } from './pairedItems';
import { declareRoute, PATH_FIELDS, type Route, type RouteFacts } from './routeFacts';
import type { PagedRequests } from './transport';
import { readWholeNumber, shownValue } from './userValues';

/**
 * How an operation is declared, one file per operation (resources/<resource>/<operation>.ts): its
 * Operation picker entry with its routing (`option`), its fields, and its route's facts.
 */
export function defineOperation(
	resource: string,
	entry: Omit<INodePropertyOptions, 'routing'> & { routing: ReturnType<typeof routeTo> },
	fields: INodeProperties[] = [],
) {
	const { routing, route } = entry.routing;
	// Every preSend's failure under Continue On Fail goes to the request hook, which returns it as
	// the item's error item, paired to the item (shared/pairedItems.ts).
	const preSend = routing.send?.preSend?.map(keepFailureForTheHook);
	return {
		resource,
		option: {
			...entry,
			routing: preSend?.length ? { ...routing, send: { ...routing.send, preSend } } : routing,
		},
		route,
		fields: updateDisplayOptions(
			{ show: { resource: [resource], operation: [String(entry.value)] } },
			fields,
		),
	};
}

/** One operation as its file declares it. */
export type Operation = ReturnType<typeof defineOperation>;

/** A resource's Operation picker (sorted by name, as n8n lists them), then its fields. */
export function resourceOperations(
	resource: string,
	operations: Operation[],
	defaultOperation: string,
): INodeProperties[] {
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options: operations.map((o) => o.option).sort((a, b) => a.name.localeCompare(b.name)),
			default: defaultOperation,
		},
		...operations.flatMap((o) => o.fields),
	];
}

/** Stops the item with a message naming the field, before anything is sent. */
export function failOnField(
	context: IExecuteSingleFunctions,
	message: string,
	description: string,
): never {
	throw new NodeOperationError(context.getNode(), message, {
		itemIndex: context.getItemIndex(),
		description,
	});
}

/** Stops the item whose field `label` is empty (or its expression gave nothing). */
function refuseEmpty(context: IExecuteSingleFunctions, label: string): never {
	failOnField(
		context,
		`"${label}" is empty`,
		`Fill in "${label}" (an expression that gives an empty value also ends here).`,
	);
}

/**
 * Refuses, before sending, a JSON body over what the service takes (bounds.ts; production answers
 * 413), naming what makes it large (`what`: the field, as the user reads it).
 */
export function refuseOversizedBody(
	context: IExecuteSingleFunctions,
	body: unknown,
	what: string,
	fix: string,
): void {
	const bytes = new TextEncoder().encode(JSON.stringify(body)).length;
	if (bytes <= MAX_JSON_BODY_BYTES) return;
	failOnField(
		context,
		`${what} makes the request ${bytes} bytes, over the ${MAX_JSON_BODY_BYTES / 1024} kB (${MAX_JSON_BODY_BYTES} bytes) the service takes`,
		fix,
	);
}

/** An ID is one path segment: no spaces, slashes, ? or # (checked here, not by a regex). */
export const isMalformedId = (value: string) => /[\s/?#]/.test(value);

/** The trimmed value of an ID field (resource locators included), or an error naming the field. */
export function idParameter(context: IExecuteSingleFunctions, name: string): string {
	const label = PATH_FIELDS[name]?.label ?? name;
	const raw = context.getNodeParameter(name, '', { extractValue: true }) as unknown;
	if (typeof raw === 'object' && raw !== null) {
		failOnField(
			context,
			`"${label}" is not an ID: ${shownValue(raw)}`,
			`An ID is text. Pick it from the list, or make the expression give the ID itself (e.g. {{ $json.id }}).`,
		);
	}
	const value = (typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '').trim();
	if (!value) refuseEmpty(context, label);
	if (isMalformedId(value)) {
		failOnField(
			context,
			`"${label}" is not an ID: "${value.slice(0, 80)}"`,
			`An ID has no spaces, slashes, ? or #. Pick it from the list or paste the ID alone.`,
		);
	}
	return value;
}

/** Replaces each `{field}` of the route with that field's ID, e.g. `/find-slot/{channel}`. */
const fillPath: PreSendAction = async function (requestOptions) {
	requestOptions.url = String(requestOptions.url ?? '').replace(
		/\{(\w+)\}/g,
		(_match, name: string) => encodeURIComponent(idParameter(this, name)),
	);
	return requestOptions;
};

/**
 * The routing of one operation: it sends through the node's transport (`send.paginate: true`, see
 * transport/index.ts); `{field}` in the route is filled from that field, checked (`fillPath`).
 */
export function routeTo(
	method: IHttpRequestMethods,
	url: string,
	steps: {
		preSend?: PreSendAction[];
		postReceive?: PostReceiveAction[];
		/** How it reads several pages (transport/index.ts `paginated`). */
		pagination?: PagedRequests;
		/** What the transport and the errors need to know about this route (shared/routeFacts.ts). */
		facts?: RouteFacts;
	} = {},
): { routing: INodePropertyRouting; route: Route } {
	const route = declareRoute(method, url, steps.facts);
	let preSend = [...(url.includes('{') ? [fillPath] : []), ...(steps.preSend ?? [])];
	// A write sends all the items of a run or none (shared/batch.ts): its checks run as one step that
	// waits for the other items' checks.
	if (method !== 'GET' && preSend.length > 0) {
		const checks = preSend;
		preSend = [
			async function (requestOptions) {
				return await checkedWithTheOtherItems(this, async () => {
					let options = requestOptions;
					for (const step of checks) options = await step.call(this, options);
					return options;
				});
			},
		];
	}
	return {
		route,
		routing: {
			request: { method, url },
			send: { paginate: true, ...(preSend.length ? { preSend } : {}) },
			...(steps.postReceive?.length ? { output: { postReceive: steps.postReceive } } : {}),
			...(steps.pagination ? { operations: { pagination: steps.pagination(route) } } : {}),
		},
	};
}

/** What a field's value must be, checked before any request (an expression can give anything). */
export interface ValueRule {
	/** The parameter's name (`filters.platforms` inside a collection). */
	name: string;
	/** Its label as the editor shows it. */
	label: string;
	/** The values the service accepts (for a list, each element). */
	oneOf?: readonly string[];
	/** A whole number at least this. */
	atLeast?: number;
	/** Not empty once trimmed. */
	filled?: boolean;
	/** Only when this says so (e.g. Limit when Return All is off). */
	when?: (context: IExecuteSingleFunctions) => boolean;
}

/** preSend: refuses, naming the field, a value the service would refuse or answer with nothing. */
export function checkValues(...rules: ValueRule[]): PreSendAction {
	return async function (requestOptions) {
		for (const rule of rules) {
			if (rule.when && !rule.when(this)) continue;
			const raw = (this.getNodeParameter(rule.name, null) as unknown) ?? undefined;
			if (rule.filled && (raw === undefined || raw === null || String(raw).trim() === ''))
				refuseEmpty(this, rule.label);
			if (rule.atLeast !== undefined) {
				const number = readWholeNumber(raw);
				if ('refused' in number || number.value < rule.atLeast) {
					const given = 'refused' in number ? number.refused : `it is ${number.value}`;
					failOnField(
						this,
						`"${rule.label}" must be a whole number, ${rule.atLeast} or more; ${given}`,
						`Set "${rule.label}" to ${rule.atLeast} or more.`,
					);
				}
			}
			if (rule.oneOf && raw !== undefined && raw !== '') {
				const wrong = [raw].flat().filter((value) => !rule.oneOf!.includes(String(value)));
				if (wrong.length > 0) {
					failOnField(
						this,
						`"${rule.label}" has a value the service does not take: ${wrong.map(shownValue).join(', ')}`,
						`Use one of: ${rule.oneOf.join(', ')}.`,
					);
				}
			}
		}
		return requestOptions;
	};
}
