/**
 * Loads a declarative node the way n8n does before running it: n8n's loader adds its common
 * Request Options (Timeout, Proxy, Batching, Ignore SSL Issues) to the node's `requestOptions`
 * collection. Tests that set `requestOptions.timeout` need it.
 */
import { DirectoryLoader } from 'n8n-core';
import type { INodeType } from 'n8n-workflow';

import { registerNodeType } from './engine';

export function registerAsLoadedByN8n(type: string, nodeType: INodeType): INodeType {
	DirectoryLoader.applyDeclarativeNodeOptionParameters(nodeType);
	registerNodeType(type, nodeType);
	return nodeType;
}
