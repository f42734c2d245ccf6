/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped */
/**
 * n8n's binary data service for tests: initialised in filesystem mode (what n8n uses by default),
 * so binaries stored here have an id and are read by nodes as streams, as in a real instance.
 */
import type { Readable } from 'node:stream';
// n8n-core resolves its own copy of the DI container; the service must come from that one.
import { Container } from 'n8n-core/node_modules/@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData } from 'n8n-workflow';

let ready: Promise<BinaryDataService> | undefined;

/** The initialised service (once per test file). */
export async function binaryDataService(): Promise<BinaryDataService> {
	ready ??= (async () => {
		const service = Container.get(BinaryDataService);
		await service.init();
		return service;
	})();
	return await ready;
}

/** Stores a file as n8n does for an execution and returns the item's binary entry (with its id). */
export async function storeBinary(
	content: Buffer | Readable,
	meta: { fileName: string; mimeType: string },
	executionId = 'test-execution',
): Promise<IBinaryData> {
	const service = await binaryDataService();
	return await service.store(
		{ type: 'execution', workflowId: 'test-workflow', executionId },
		content,
		{
			data: '',
			fileName: meta.fileName,
			mimeType: meta.mimeType,
		},
	);
}
