/**
 * Media of Post → Create given by a public URL (fields: Source "Public URL"; JSON: `{"url": ...,
 * "alt": ...}` in a part's `image` list): the service fetches it through POST /upload-from-url, and
 * the post is created with the path it answers. Plain URLs in `path` are not media to the service
 * (it drops them), so this is the one way a URL becomes media.
 *
 * 1. `prepareMediaUrls` (no request): each address is read and judged as Media → Upload From URL
 *    judges it (shared/publicAddress.ts: https only, no loopback, private or link-local host in any
 *    written form, e.g. https://[::ffff:127.0.0.1]/, which the service itself lets through), then
 *    by the service's own file-ending rule (the text before the first "?" ends in .png .jpg .jpeg
 *    .gif .webp or .mp4, case-sensitive, a #fragment counts). An accepted address stands in as
 *    `{id, path}` ending like the file, so the platform's media rules judge its kind before
 *    anything is sent.
 * 2. `uploadMediaUrls`: after every check of the item, each distinct address is uploaded once per
 *    run (shared by the run's items), paced to the route's limit by the transport; one that fails
 *    stops the item before any post is created, naming the address and the service's words.
 */
import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { endingRefusal, readAddressToFetch } from '../../../shared/publicAddress';
import { runState, RunSlot } from '../../../shared/runState';
import { apiRequest } from '../../../shared/transport';
import { uploadMediaFromUrl } from '../../media/uploadFromUrl';
import { mediaRefs, URL_SOURCE, type Json, type MediaPlace } from './request';
import type { MediaUrlProblem, MediaUrlRefusal } from '../../../shared/postProblems';

/**
 * The id a media reference holds while its file is still behind a URL (its path is then the URL);
 * both are replaced after the upload.
 */
export const STAND_IN_ID = 'url:';

export interface MediaUrls {
	/** References whose file is still behind a URL; `href`: the address as read, what is sent. */
	refs: Array<MediaPlace & { ref: Json; href: string }>;
	problems: MediaUrlProblem[];
	/** References whose address was refused: their missing id and path are no problem. */
	unusable: MediaPlace[];
}

/**
 * Step 1 (in JSON mode the `url` key is taken off the entry, as it is not sent). `shared`: the
 * parts are the same for every channel (fields mode), so a problem is said once.
 */
export function prepareMediaUrls(
	posts: Json[],
	inputMode: 'fields' | 'json',
	allowPrivate: boolean,
	shared: boolean,
): MediaUrls {
	const found: MediaUrls = { refs: [], problems: [], unusable: [] };
	const said = new Set<string>();
	for (const { ref, ...place } of mediaRefs(posts)) {
		const marks = ref as Record<symbol, unknown>;
		let raw: unknown = marks[URL_SOURCE] ?? '';
		if (marks[URL_SOURCE] === undefined) {
			if (inputMode !== 'json' || !('url' in ref)) continue;
			raw = ref.url;
			marks[URL_SOURCE] = raw;
			delete ref.url;
		}
		// Read and judged by the one reader of addresses to fetch, in its words (without its label:
		// the place names the field).
		const read = readAddressToFetch(raw, 'URL', allowPrivate);
		const href = 'url' in read ? read.url.href : '';
		const refusal: MediaUrlRefusal | undefined =
			inputMode === 'json' && (ref.id !== undefined || ref.path !== undefined)
				? { code: 'besideIdOrPath' }
				: 'what' in read
					? { code: 'address', words: read.what, fix: read.description }
					: endingRefusal(href);
		if (refusal !== undefined) {
			found.unusable.push(place);
			const key = `${place.partIndex}.${place.mediaIndex}`;
			if (shared && said.has(key)) continue;
			said.add(key);
			const { partIndex, mediaIndex } = place;
			found.problems.push({
				kind: 'mediaUrl',
				...(shared ? {} : { entryIndex: place.entryIndex }),
				partIndex,
				mediaIndex,
				refusal,
			});
			continue;
		}
		// A stand-in ending like the file, so the platform's media rules judge its kind; replaced
		// after the upload.
		ref.id = `${STAND_IN_ID}${href.slice(0, 40)}`;
		ref.path = href;
		found.refs.push({ ref, href, ...place });
	}
	return found;
}

/** The run's uploads by address, shared by its items (a failure too: not asked for again). */
const UPLOADED = new RunSlot<Map<string, Promise<{ id: unknown; path: unknown }>>>(
	"Post → Create's media URLs uploaded in this run",
);

/** Step 2: the uploaded id and path put in the references; the addresses that failed, named. */
export async function uploadMediaUrls(
	context: IExecuteSingleFunctions,
	urls: MediaUrls,
	shared: boolean,
): Promise<MediaUrlProblem[]> {
	const uploads = runState(context).get(UPLOADED, () => new Map());
	const problems: MediaUrlProblem[] = [];
	const named = new Set<string>();
	for (const { ref, href, entryIndex, partIndex, mediaIndex } of urls.refs) {
		if (!uploads.has(href)) {
			// Media → Upload From URL's route: its answer contract (a media item) and its rate limit.
			const upload = apiRequest.call(context, 'POST', '/upload-from-url', {
				body: { url: href },
				itemIndex: context.getItemIndex(),
				route: uploadMediaFromUrl.route,
			});
			uploads.set(
				href,
				upload.then((answer) => ({ id: (answer as Json)?.id, path: (answer as Json)?.path })),
			);
		}
		const outcome = await uploads.get(href)!.catch((error: unknown) => ({ error }));
		if (!('error' in outcome)) {
			ref.id = outcome.id;
			ref.path = outcome.path;
			continue;
		}
		const key = `${partIndex}.${mediaIndex}`;
		if (shared && named.has(key)) continue;
		named.add(key);
		const said = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
		problems.push({
			kind: 'mediaUrl',
			...(shared ? {} : { entryIndex }),
			partIndex,
			mediaIndex,
			refusal: { code: 'notFetched', href, said },
		});
	}
	return problems;
}
