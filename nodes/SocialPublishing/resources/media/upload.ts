import type { IHttpRequestOptions, PreSendAction, INodeProperties } from 'n8n-workflow';

import { defineOperation, failOnField, routeTo } from '../../shared/routing';
import {
	binarySource,
	MB,
	MEDIA_ITEM,
	multipartFile,
	sniffMediaType,
	UPLOAD_LIMITS,
} from '../../shared/upload';
import { optionalFields } from '../../shared/descriptions';

const fields: INodeProperties[] = [
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field containing the file to upload',
		description:
			'JPEG, PNG, GIF, WEBP, AVIF, BMP, TIFF (up to 10 MB) or MP4 (up to 50 MB), judged by content',
	},
	optionalFields('Options', [
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			description:
				"Name sent with the file; the service may not keep it (production stores no original name). Empty: the binary's own file name.",
		},
	]),
];

const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** preSend of Media → Upload: checks the binary and sets the streamed multipart body. */
const uploadBody: PreSendAction = async function (requestOptions) {
	const property = String(this.getNodeParameter('binaryPropertyName', 'data') ?? '').trim();
	if (!property)
		failOnField(
			this,
			'"Input Binary Field" is empty',
			'Give the name of the binary property that holds the file, e.g. data.',
		);
	const binary = this.getInputData().binary?.[property];
	if (!binary) {
		const present = Object.keys(this.getInputData().binary ?? {});
		failOnField(
			this,
			`Item ${this.getItemIndex() + 1} has no binary property "${property}"`,
			present.length
				? `The item's binary properties are: ${present.join(', ')}. Set "Input Binary Field" to one of them.`
				: 'The item carries no file. Read or download the file in an earlier node (e.g. Read/Write Files from Disk, HTTP Request).',
		);
	}
	const source = await binarySource(this, binary);
	const fileName = String(
		this.getNodeParameter('options.fileName', '') || binary.fileName || 'upload',
	).trim();
	if (source.size === 0) {
		failOnField(
			this,
			`The file "${fileName}" in binary field "${property}" is empty (0 bytes)`,
			"The node before this one produced an empty file (e.g. a failed download or an empty read). Check that node's output, then upload again.",
		);
	}
	const type = sniffMediaType(source.head);
	if (!type) {
		failOnField(
			this,
			`The file "${fileName}" is not a type the service accepts${binary.mimeType ? ` (n8n saw ${binary.mimeType})` : ''}`,
			"POST /upload takes JPEG, PNG, GIF, WEBP, AVIF, BMP, TIFF or MP4, judged by the file's content, not its name. Convert the file first.",
		);
	}
	const body = multipartFile('file', fileName, type.mime, source.size, source.open);
	if (type.kind === 'image' && source.size > UPLOAD_LIMITS.imageBytes) {
		failOnField(
			this,
			`The image "${fileName}" is ${megabytes(source.size)}; the service takes images up to 10 MB`,
			'Resize or compress the image (e.g. with the Edit Image node) and upload it again.',
		);
	}
	if (body.size > UPLOAD_LIMITS.requestBytes) {
		failOnField(
			this,
			`The file "${fileName}" is ${megabytes(source.size)}; an upload may be at most 50 MB`,
			'Put the file at a public https address and use Media → Upload From URL, which takes files up to 100 MB.',
		);
	}
	requestOptions.body = body as unknown as IHttpRequestOptions['body'];
	// Following redirects makes the HTTP client keep the whole body to replay it: never for an upload
	// (a redirect would drop a POST body anyway, spec 9).
	requestOptions.disableFollowRedirect = true;
	requestOptions.headers = { ...(requestOptions.headers ?? {}), 'Content-Type': body.type };
	return requestOptions;
};

export const uploadMedia = defineOperation(
	'media',
	{
		name: 'Upload',
		value: 'upload',
		action: 'Upload a file',
		description: 'Upload a file from a binary field, streamed (POST /upload, up to 50 MB)',
		routing: routeTo('POST', '/upload', {
			preSend: [uploadBody],
			// Post → Create uploads its binary media to the same route, so it words a 413 the same way.
			facts: {
				answer: MEDIA_ITEM,
				explain: {
					413: () => ({
						message: 'The upload is larger than the service accepts (50 MB)',
						description:
							'For a file over 50 MB, put it at a public HTTPS address and use Media → Upload From URL (up to 100 MB).',
					}),
				},
			},
		}),
	},
	fields,
);
