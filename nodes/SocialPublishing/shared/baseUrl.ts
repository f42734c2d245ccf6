import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import { EXPECTED_BASE_URL } from '../../../credentials/SocialPublishingApi.credentials';

/** A scheme written in front of the address ("https://", or one the check below refuses). */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The credential's Base URL as everything reads it: trimmed, no trailing slash, and https:// in
 * front when written without a scheme (the most common slip); as BASE_URL_EXPRESSION reads it.
 */
export function baseUrlOf(credentials: IDataObject): string {
	const text = writtenBaseUrl(credentials);
	return !text || HAS_SCHEME.test(text) ? text : `https://${text}`;
}

/** The Base URL as written, trimmed and without a trailing slash (quoted in messages). */
const writtenBaseUrl = (credentials: IDataObject) =>
	String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');

/**
 * The credential's Base URL checked before anything is sent (n8n's HTTP client would stop with a
 * bare "Invalid URL"). The address is not secret, so it is quoted.
 */
export function refuseUnusableBaseUrl(
	node: INode | (() => INode),
	credentials: IDataObject,
	itemIndex?: number,
): void {
	const written = writtenBaseUrl(credentials);
	const fail = (message: string, fix: string): never => {
		throw new NodeOperationError(typeof node === 'function' ? node() : node, message, {
			itemIndex,
			description: `${fix.replace(/\.$/, '')}. ${EXPECTED_BASE_URL}`,
		});
	};
	if (!written)
		fail('The credential\'s "Base URL" is empty', 'Open the credential and fill in "Base URL".');
	const address = baseUrlOf(credentials);
	const url = URL.canParse(address) ? new URL(address) : undefined;
	if (!url || !/^https?:$/.test(url.protocol) || !url.hostname) {
		fail(
			`The credential's "Base URL" is not a web address: "${written.slice(0, 100)}"`,
			'Open the credential and write the whole address of the API (https:// may be left out).',
		);
	}
}

/** A host written as an IP address or localhost: a local or private server more often than not. */
const LOCAL_LOOKING_HOST = /^(localhost|\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * Why an https exchange may break before any answer (Node says only EPROTO): the server speaks
 * plain http, likely for an https Base URL with a port or a local-looking host.
 */
export function plainHttpHint(baseUrl: string | undefined): string | undefined {
	if (!baseUrl || !URL.canParse(baseUrl)) return undefined;
	const url = new URL(baseUrl);
	if (url.protocol !== 'https:' || (!url.port && !LOCAL_LOOKING_HOST.test(url.hostname)))
		return undefined;
	return `If the service at ${url.host} is a plain http server (a local install or the sandbox), write http:// in front of the Base URL: an address without a scheme is taken as https://, which a plain http server cannot answer (Node says only EPROTO).`;
}
