/** Media rule messages several platforms share. */

export const TOO_MANY_PICTURES = 'There can be maximum 4 pictures in a post.';
// The spec gives no text for mastodon's and x's "video or GIF on its own": same style as bluesky's.
export const ONE_VIDEO_OR_GIF =
	'You can only upload one video or GIF per post, with no other media.';
export const ONE_MEDIA_WITH_VIDEO = 'Can have maximum 1 media when selecting a video.';
