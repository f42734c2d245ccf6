import { generateVideo } from './generateVideo';
import { getManyMedia } from './getMany';
import { uploadMedia } from './upload';
import { uploadMediaFromUrl } from './uploadFromUrl';

export const mediaOperations = [getManyMedia, uploadMedia, uploadMediaFromUrl, generateVideo];
