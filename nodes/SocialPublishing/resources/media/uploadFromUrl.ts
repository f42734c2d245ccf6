import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { MEDIA_EXTENSIONS } from '../../shared/platforms';
import { nonPublicHost } from '../../shared/publicAddress';
import { defineOperation, failOnField, routeTo } from '../../shared/routing';
import { optionalFields } from '../../shared/descriptions';
import { MEDIA_ITEM } from '../../shared/upload';

const fields: INodeProperties[] = [
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/video.mp4',
		description: 'A public https address whose path ends in .png, .jpg, .jpeg, .gif, .webp or .mp4; the service waits up to 60 s for the file',
	},
	optionalFields('Options', [
			{
				displayName: 'Allow Private Address',
				name: 'allowPrivateAddress',
				type: 'boolean',
				default: false,
				description:
					'Whether to send an address on this machine or a private network (127.0.0.1, 10.x, 192.168.x, localhost, .local, .internal). Only for a self-hosted service on your own network that is configured to fetch from it; the public service refuses such addresses.',
			},
	]),
];

const URL_ENDINGS = Object.keys(MEDIA_EXTENSIONS);

/** POST /upload-from-url: the service's rules (public https, an allowed ending) checked before sending. */
async function checkMediaUrl(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const text = String(this.getNodeParameter('url', '') ?? '').trim();
	const endings = URL_ENDINGS.join(', ');
	if (!text) failOnField(this, '"URL" is empty', 'Give the https address of the file to upload.');
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		failOnField(this, `"URL" is not a web address: "${text.slice(0, 100)}"`, 'Give a full address such as https://example.com/picture.png.');
	}
	if (url.protocol !== 'https:') {
		failOnField(this, `"URL" must use https: "${text.slice(0, 100)}"`, 'The service downloads only from public https addresses. Put the file on an https host, or use Media → Upload with the file itself.');
	}
	const notPublic = nonPublicHost(url.hostname);
	if (notPublic && this.getNodeParameter('options.allowPrivateAddress', false) !== true) {
		failOnField(
			this,
			`"URL" points to ${notPublic} (${url.hostname}), which the service does not fetch from`,
			'The service downloads only from public https addresses, never from loopback, private or link-local ones. Put the file on a public host, or send the file itself with Media → Upload. A self-hosted service on your own network that is set up to fetch from it: turn on Options → Allow Private Address.',
		);
	}
	const path = url.pathname.toLowerCase();
	if (!URL_ENDINGS.some((ending) => path.endsWith(ending))) {
		failOnField(this, `"URL" must end in one of ${endings}`, `The service accepts only addresses whose path (before "?") ends in ${endings}. Upload other files with Media → Upload.`);
	}
	requestOptions.body = { url: text };
	return requestOptions;
}

export const uploadMediaFromUrl = defineOperation(
	'media',
	{
		name: 'Upload From URL',
		value: 'uploadFromUrl',
		action: 'Upload a file from a URL',
		description: 'Let the service download a file from a public https address, up to 100 MB',
		routing: routeTo('POST', '/upload-from-url', { preSend: [checkMediaUrl], facts: { answer: MEDIA_ITEM } }),
	},
	fields,
);
