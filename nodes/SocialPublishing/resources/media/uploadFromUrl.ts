import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

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
];

export const mediaUploadFromUrlFields = updateDisplayOptions({ show: { resource: ['media'], operation: ['uploadFromUrl'] } }, fields);
