import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

const fields: INodeProperties[] = [
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field containing the file to upload',
		description: 'JPEG, PNG, GIF, WEBP, AVIF, BMP, TIFF (up to 10 MB) or MP4 (up to 50 MB), judged by content',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				description: 'Name sent with the file (the library shows it as the original name). Empty: the binary\'s own file name.',
			},
		],
	},
];

export const mediaUploadFields = updateDisplayOptions({ show: { resource: ['media'], operation: ['upload'] } }, fields);
