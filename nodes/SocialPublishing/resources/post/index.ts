import { resourceOperations } from '../../shared/routing';
import { createPost } from './create';
import { deletePost } from './delete';
import { deletePostGroup } from './deleteGroup';
import { getManyPosts } from './getMany';
import { getMissingItems } from './getMissingItems';
import { setReleaseId } from './setReleaseId';
import { setPostStatus } from './setStatus';

export const postOperations = [
	createPost,
	deletePost,
	deletePostGroup,
	getManyPosts,
	getMissingItems,
	setReleaseId,
	setPostStatus,
];

export const postDescription = resourceOperations('post', postOperations, 'getMany');
