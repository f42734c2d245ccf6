import { createPost } from './create';
import { deletePost } from './delete';
import { deletePostGroup } from './deleteGroup';
import { getManyPosts } from './getMany';
import { getMissingItems } from './getMissingItems';
import { setReleaseId } from './setReleaseId';
import { setPostStatus } from './setStatus';
import { updatePost } from './update';

export const postOperations = [
	createPost,
	deletePost,
	deletePostGroup,
	getManyPosts,
	getMissingItems,
	setReleaseId,
	setPostStatus,
	updatePost,
];
