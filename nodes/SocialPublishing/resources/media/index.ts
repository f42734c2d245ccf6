import { resourceOperations } from '../../shared/routing';
import { getManyMedia } from './getMany';
import { uploadMedia } from './upload';
import { uploadMediaFromUrl } from './uploadFromUrl';

export const mediaDescription = resourceOperations(
	'media',
	[getManyMedia, uploadMedia, uploadMediaFromUrl],
	'upload',
);
