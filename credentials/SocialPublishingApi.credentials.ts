import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

/**
 * Base URL as typed, trimmed of spaces and trailing slashes, https:// added when it has no scheme.
 * The node's requestDefaults use it too; shared/baseUrl.ts (baseUrlOf) reads it the same way.
 */
export const BASE_URL_EXPRESSION =
	'={{ (/^[a-z][a-z0-9+.-]*:\\/\\//i.test($credentials.baseUrl.trim()) || !$credentials.baseUrl.trim().replace(/\\/+$/, "") ? "" : "https://") + $credentials.baseUrl.trim().replace(/\\/+$/, "") }}';

/**
 * What a Base URL that does not reach the API should be, said by the test's and the node's errors.
 * No angle-bracket placeholder: n8n shows these as HTML and drops "<your-host>" as an unknown tag.
 */
export const EXPECTED_BASE_URL =
	'The Base URL must reach the API, e.g. https://postiz.example.com/api/public/v1 for a service self-hosted at postiz.example.com (keep the /api segment), or https://api.postiz.com/public/v1 (cloud).';

export class SocialPublishingApi implements ICredentialType {
	name = 'socialPublishingApi';

	displayName = 'Social Publishing API';

	icon: Icon = {
		light: 'file:../nodes/SocialPublishing/socialPublishing.svg',
		dark: 'file:../nodes/SocialPublishing/socialPublishing.dark.svg',
	};

	// The package's page on npm: it exists once published, whatever repository hosts it.
	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-social-publishing';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://postiz.example.com/api/public/v1',
			// Shown under the field, not only in the tooltip: the two forms users get wrong most.
			hint: 'Self-hosted, e.g. https://postiz.example.com/api/public/v1 (keep /api). Cloud: https://api.postiz.com/public/v1.',
			description:
				'Address of the public API. Self-hosted, e.g. https://postiz.example.com/api/public/v1 (without /api you reach the web application instead). Cloud: https://api.postiz.com/public/v1.',
		},
		{
			displayName: 'API Key or OAuth Token',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			hint: 'Paste it bare, without "Bearer ". Found under Settings → Developers → Access.',
			description:
				'The organisation\'s API key (Settings → Developers → Access, owner or admin only), or an OAuth access token starting with "pos_". Paste it bare: it is sent as the whole Authorization header, never with "Bearer".',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '={{$credentials.apiKey.trim()}}',
			},
		},
	};

	// Every answer's body is read (ignoreHttpStatusErrors): each refusal has its own message, not a
	// bare "Unauthorized". In order; the last catches an answer that is not the API's JSON.
	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '/is-connected',
			method: 'GET',
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
		},
		rules: (
			[
				[
					'msg',
					'No API Key found',
					'No key was sent. Paste the API key or the "pos_" OAuth token into the credential.',
				],
				[
					'msg',
					'Invalid API key',
					'The service refused the API key. Paste the key bare (no "Bearer " prefix) and copy it again from Settings → Developers → Access: a rotated key stops working at once.',
				],
				[
					'msg',
					'Invalid OAuth token',
					'The OAuth token ("pos_...") is unknown, revoked or expired. Authorise the app again and paste the new token.',
				],
				[
					'msg',
					'No subscription found',
					"The organisation has no active paid plan (Starter, Pro or Business). The API works only with one: choose a plan in the service's billing settings.",
				],
				[
					'connected',
					false,
					'The service answered that this key is not connected. Copy the key again and retry.',
				],
				[
					'connected',
					undefined,
					`The Base URL did not answer like the API (an HTML page, a redirect or an unknown route). ${EXPECTED_BASE_URL}`,
				],
			] as const
		).map(([key, value, message]) => ({
			type: 'responseSuccessBody',
			properties: { key, value, message },
		})),
	};
}
