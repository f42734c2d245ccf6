/**
 * Registers a declarative node the way n8n loads it (see `asLoadedByN8n` in engine.ts): n8n's
 * loader adds its common Request Options (Timeout, Proxy, Batching, Ignore SSL Issues) to the
 * node's `requestOptions` collection. Tests that set `requestOptions.timeout` need it.
 */
import type { INodeType } from 'n8n-workflow';

import { asLoadedByN8n, registerNodeType } from './engine';

export function registerAsLoadedByN8n(type: string, nodeType: INodeType): INodeType {
	registerNodeType(type, asLoadedByN8n(nodeType));
	return nodeType;
}
