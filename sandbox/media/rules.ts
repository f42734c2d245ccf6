/**
 * Media rules of the service (spec 4.7 and 8, service-notes "not shown" fills): limits, accepted types, messages.
 * Every media route reads them from here, so a limit changes in one line.
 */

const MB = 1024 * 1024;

export const MEDIA_LIMITS = {
	/** Spec 8: image size on upload. */
	imageBytes: 10 * MB,
	/** Spec 8: whole POST /upload request (413 above). */
	uploadRequestBytes: 50 * MB,
	/** Spec 8: file fetched by POST /upload-from-url. */
	urlFileBytes: 100 * MB,
	/** Spec 8: download wait of POST /upload-from-url. */
	urlTimeoutMs: 60_000,
	/** Spec 8: GET /media page size. */
	pageSize: 18,
	/** Redirects followed by upload-from-url, each hop checked like the first address. */
	maxRedirects: 5,
} as const;

export type MediaKind = 'image' | 'video';

/**
 * Types POST /upload accepts, keyed by file-type's `ext` (service-notes: JPEG, PNG, GIF, WEBP, AVIF, BMP, TIFF, MP4).
 * The stored name takes this extension, whatever the uploader called the file.
 */
export const ACCEPTED_TYPES: Readonly<Record<string, { mime: string; kind: MediaKind }>> = {
	jpg: { mime: 'image/jpeg', kind: 'image' },
	png: { mime: 'image/png', kind: 'image' },
	gif: { mime: 'image/gif', kind: 'image' },
	webp: { mime: 'image/webp', kind: 'image' },
	avif: { mime: 'image/avif', kind: 'image' },
	bmp: { mime: 'image/bmp', kind: 'image' },
	tif: { mime: 'image/tiff', kind: 'image' },
	mp4: { mime: 'video/mp4', kind: 'video' },
};

/** service-notes: endings an upload-from-url address (path before `?`) must have. */
export const URL_ENDINGS = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.mp4'] as const;

export const MESSAGES = {
	unsupportedUpload: 'Unsupported file type',
	/** Sandbox's choice, worded as production words it (bytes, not MB). */
	imageTooLarge: `File size exceeds the maximum allowed size of ${MEDIA_LIMITS.imageBytes} bytes.`,
	noFile: 'No file uploaded: send the file as multipart/form-data in the field "file"',
	notMultipart: 'The request must be multipart/form-data with the file in the field "file"',
	requestTooLarge: 'request entity too large',
	badExtension: 'File must have a valid extension: .png, .jpg, .jpeg, .gif, .webp, or .mp4',
	notPublicHttps: 'URL must be a public HTTPS URL and cannot point to internal network addresses',
	urlMissing: 'url should not be null or undefined',
	urlNotString: 'url must be a string',
	fetchFailed: 'Failed to fetch URL',
	urlTooLarge: 'The file is larger than 100 MB',
	unsupportedUrl: 'Unsupported file type.',
	pageInvalid: 'page must be an integer number of 1 or more',
	searchInvalid: 'search must be a string',
} as const;
