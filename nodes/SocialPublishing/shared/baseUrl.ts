import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import { EXPECTED_BASE_URL } from '../../../credentials/SocialPublishingApi.credentials';

/**
 * The credential's Base URL checked before anything is sent: n8n's HTTP client would otherwise stop with a bare
 * "Invalid URL" that names neither the credential nor the field. The address is not secret, so it is quoted.
 */
export function refuseUnusableBaseUrl(node: INode | (() => INode), credentials: IDataObject, itemIndex?: number): void {
	// As the node's requestDefaults resolve it (BASE_URL_EXPRESSION): trimmed, no trailing slash.
	const text = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
	const fail = (message: string, fix: string): never => {
		throw new NodeOperationError(typeof node === 'function' ? node() : node, message, { itemIndex, description: `${fix.replace(/\.$/, '')}. ${EXPECTED_BASE_URL}` });
	};
	if (!text) fail('The credential\'s "Base URL" is empty', 'Open the credential and fill in "Base URL".');
	const shown = `"${text.slice(0, 100)}"`;
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (!url || !/^https?:$/.test(url.protocol) || !url.hostname) {
		// A host written without its scheme ("example.com/api/public/v1") is the usual slip.
		const withoutScheme = /^[\w.-]+\.[a-z]{2,}(:\d+)?(\/|$)/i.test(text) || /^localhost(:\d+)?(\/|$)/i.test(text);
		fail(
			`The credential's "Base URL" is not a web address: ${shown}`,
			withoutScheme
				? `Open the credential and put https:// in front of it (https://${text})`
				: 'Open the credential and write the whole address, starting with https://.',
		);
	}
}
