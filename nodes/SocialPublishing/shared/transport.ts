import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

/**
 * The one place where the declarative node's requests are sent.
 *
 * n8n's RoutingNode gives a declarative node a single hook around its HTTP call: the
 * `requestOperations.pagination` function. The node sets it once at description level and every
 * operation opts in with `routing.send.paginate: true`, so each request of every operation passes
 * through here. Retries, rate-limit waits, multi-page reads and error mapping grow here.
 */
export async function sendRequest(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	return await this.makeRoutingRequest(requestData);
}
