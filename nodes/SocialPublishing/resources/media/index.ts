import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { routeTo } from '../../shared/descriptions';
import { itemsOf } from '../../shared/output';
import { checkMediaUrl } from '../../shared/preSend';
import { paginated } from '../../shared/transport';
import { uploadBody } from '../../shared/upload';
import { mediaGetManyFields } from './getMany';
import { mediaUploadFields } from './upload';
import { mediaUploadFromUrlFields } from './uploadFromUrl';

/** Pages from 1 up to the `pages` the answer gives. */
const readPages = paginated(() => ({
	start: (qs) => {
		qs.page = 1;
		return true;
	},
	next: (answer, qs) => {
		const pages = Number((answer as IDataObject | undefined)?.pages ?? 0);
		if (!(Number(qs.page) < pages)) return false;
		qs.page = Number(qs.page) + 1;
		return true;
	},
}));

export const mediaDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['media'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many media items',
				description: 'The media library, newest first (GET /media; absent on some installs)',
				routing: routeTo('GET', '/media', { postReceive: [itemsOf('results')], pagination: readPages }),
			},
			{
				name: 'Upload',
				value: 'upload',
				action: 'Upload a file',
				description: 'Upload a file from a binary field, streamed (POST /upload, up to 50 MB)',
				routing: routeTo('POST', '/upload', { preSend: [uploadBody] }),
			},
			{
				name: 'Upload From URL',
				value: 'uploadFromUrl',
				action: 'Upload a file from a URL',
				description: 'Let the service download a file from a public https address, up to 100 MB',
				routing: routeTo('POST', '/upload-from-url', { preSend: [checkMediaUrl] }),
			},
		],
		default: 'upload',
	},
	...mediaGetManyFields,
	...mediaUploadFields,
	...mediaUploadFromUrlFields,
];
