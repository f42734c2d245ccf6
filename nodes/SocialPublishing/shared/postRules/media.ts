import {
	MEDIA_EXTENSIONS,
	type MediaKind,
	type MediaRules,
	type PlatformRules,
} from '../platforms';
import { isMissing, isObject, type FieldReport, type Json, type MediaRule } from './report';

/** Media in a post: a file's kind by its ending, a media reference's fields, a media rule. */

/** Kind of a media file by the ending of its path (before any `?` or `#`), if usable. */
export function mediaKind(path: string): MediaKind | undefined {
	const bare = path.split(/[?#]/)[0].toLowerCase();
	const dot = bare.lastIndexOf('.');
	if (dot < 0 || bare.indexOf('/', dot) >= 0) return undefined;
	return MEDIA_EXTENSIONS[bare.slice(dot)];
}

const USABLE_ENDINGS = Object.keys(MEDIA_EXTENSIONS);
/** The endings in words: ".png, .jpg, … or .mp4". */
export const ENDINGS_IN_WORDS = USABLE_ENDINGS.join(', ').replace(/, (?=[^,]*$)/, ' or ');

export function checkMediaReference(
	item: unknown,
	path: string,
	report: FieldReport,
	kinds?: MediaKind[],
): void {
	if (!isObject(item)) {
		report.add(path, { code: 'notObject', shape: '{id, path}' });
		return;
	}
	if (report.present(item.id, `${path}.id`)) report.string(item.id, `${path}.id`);
	if (report.present(item.path, `${path}.path`) && report.string(item.path, `${path}.path`)) {
		const kind = mediaKind(item.path);
		if (kind === undefined) {
			report.add(`${path}.path`, { code: 'unusableEnding', endings: ENDINGS_IN_WORDS });
		} else if (kinds && !kinds.includes(kind)) {
			const endings = USABLE_ENDINGS.filter((ending) => kinds.includes(MEDIA_EXTENSIONS[ending]));
			report.add(`${path}.path`, { code: 'refusedEnding', endings: endings.join(', ') });
		}
	}
	if (!isMissing(item.alt)) report.string(item.alt, `${path}.alt`);
}

/** Whether a media rule takes a kind for a video (a GIF too, where `gifIsVideo`). */
export const isVideo = (kind: MediaKind | undefined, media: MediaRules) =>
	kind === 'video' || (kind === 'gif' && media.gifIsVideo);

/** Kind of a media item (`{path}`) by its path's ending, if usable. */
export const itemKind = (item: unknown) =>
	isObject(item) && typeof item.path === 'string' ? mediaKind(item.path) : undefined;

export type Part = { content: string; kinds: MediaKind[] };

/** The media rule of a platform a part breaks (its text: `media.messages[rule]`), if any. */
export function brokenMediaRule(
	rules: PlatformRules,
	part: Part,
	partIndex: number,
	settings: Json,
): MediaRule | undefined {
	const media = rules.media;
	if (partIndex > 0) {
		if (media.followUpsTextOnly && part.kinds.length > 0) return 'followUpMedia';
		if (media.appliesTo === 'first') return undefined;
	}
	const count = part.kinds.length;
	const videos = part.kinds.filter((kind) => isVideo(kind, media)).length;
	const pictures = count - videos;

	if (count < media.minItems) return 'noMedia';
	if (media.story && settings[media.story.setting] === media.story.value && count === 0) {
		return 'storyNoMedia';
	}
	if (media.maxItems !== undefined && count > media.maxItems) return 'tooMany';
	if (media.videoOnly && videos < count) return 'notVideo';
	const refused = media.refusedKinds;
	if (
		refused &&
		settings[refused.setting] === refused.value &&
		part.kinds.some((kind) => refused.kinds.includes(kind))
	) {
		return 'refusedKind';
	}
	if (media.trialReel && settings[media.trialReel.setting] === true) {
		if (pictures > 0) return 'trialReelKind';
		if (count !== 1) return 'trialReelCount';
	}
	if (media.carousel && settings[media.carousel.setting] === true) {
		if (videos > 0 || pictures < media.carousel.minImages) return 'carousel';
	}
	if (media.videoAlone && videos > 0 && count > 1) return 'videoNotAlone';
	if (media.maxImages !== undefined && pictures > media.maxImages) return 'tooManyImages';
	return undefined;
}
