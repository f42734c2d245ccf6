import type { PreSendAction, INodeProperties } from 'n8n-workflow';

import { MEDIA_EXTENSIONS } from '../../shared/platforms';
import { mediaUrlWords } from '../../shared/postProblems';
import { endingRefusal, readAddressToFetch } from '../../shared/publicAddress';
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
		description:
			'A public https address whose path ends in .png, .jpg, .jpeg, .gif, .webp or .mp4; the service waits up to 60 s for the file',
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

/** POST /upload-from-url: the service's rules (public https, an allowed ending) checked first. */
const checkMediaUrl: PreSendAction = async function (requestOptions) {
	const endings = Object.keys(MEDIA_EXTENSIONS).join(', ');
	const read = readAddressToFetch(
		this.getNodeParameter('url', '') as unknown,
		'URL',
		this.getNodeParameter('options.allowPrivateAddress', false) === true,
	);
	if ('message' in read) failOnField(this, read.message, read.description);
	// The service's file-ending rule, as Post → Create's media URLs judge it.
	const ending = endingRefusal(read.url.href);
	if (ending?.code === 'noEnding') {
		failOnField(
			this,
			`"URL" must end in one of ${endings}`,
			`The service accepts only addresses whose path (before "?") ends in ${endings}. Upload other files with Media → Upload.`,
		);
	}
	if (ending !== undefined) {
		failOnField(
			this,
			`"URL": ${mediaUrlWords(ending).what}`,
			`Give the file's own address, whose path ends in ${endings} in lower case before any "?" and with no "#" part, or upload the file with Media → Upload.`,
		);
	}
	// The address as judged, in its one written form (host in lower case, spaces as %20...).
	requestOptions.body = { url: read.url.href };
	return requestOptions;
};

export const uploadMediaFromUrl = defineOperation(
	'media',
	{
		name: 'Upload From URL',
		value: 'uploadFromUrl',
		action: 'Upload a file from a URL',
		description: 'Let the service download a file from a public https address, up to 100 MB',
		routing: routeTo('POST', '/upload-from-url', {
			preSend: [checkMediaUrl],
			facts: { answer: MEDIA_ITEM },
		}),
	},
	fields,
);
