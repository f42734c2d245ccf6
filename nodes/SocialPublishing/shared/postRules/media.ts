import { MEDIA_EXTENSIONS, type MediaKind, type PlatformRules } from '../platforms';
import { isMissing, isObject, type FieldReport, type Json } from './report';

/** Media in a post: the kind of a file by its ending, a media reference's fields, a platform's media rule. */

/** Kind of a media file by the ending of its path (before any `?` or `#`); undefined when not usable. */
export function mediaKind(path: string): MediaKind | undefined {
	const bare = path.split(/[?#]/)[0].toLowerCase();
	const dot = bare.lastIndexOf('.');
	if (dot < 0 || bare.indexOf('/', dot) >= 0) return undefined;
	return MEDIA_EXTENSIONS[bare.slice(dot)];
}

const USABLE_ENDINGS = Object.keys(MEDIA_EXTENSIONS);
const ENDINGS_IN_WORDS = `${USABLE_ENDINGS.slice(0, -1).join(', ')} or ${USABLE_ENDINGS[USABLE_ENDINGS.length - 1]}`;

export function checkMediaReference(
	item: unknown,
	path: string,
	report: FieldReport,
	kinds?: MediaKind[],
): void {
	if (!isObject(item)) {
		report.add(path, `${path} must be an object {id, path}`);
		return;
	}
	if (report.present(item.id, `${path}.id`)) report.string(item.id, `${path}.id`);
	if (report.present(item.path, `${path}.path`) && report.string(item.path, `${path}.path`)) {
		const kind = mediaKind(item.path);
		if (kind === undefined) {
			report.add(`${path}.path`, `${path}.path must end in ${ENDINGS_IN_WORDS}`);
		} else if (kinds && !kinds.includes(kind)) {
			const endings = USABLE_ENDINGS.filter((ending) => kinds.includes(MEDIA_EXTENSIONS[ending]));
			report.add(`${path}.path`, `${path}.path must be a file ending in ${endings.join(', ')}`);
		}
	}
	if (!isMissing(item.alt)) report.string(item.alt, `${path}.alt`);
}

export interface Part {
	content: string;
	kinds: MediaKind[];
}

/** The media rule of a platform applied to one part; the service's message, or undefined. */
export function mediaProblem(
	rules: PlatformRules,
	part: Part,
	partIndex: number,
	settings: Json,
): string | undefined {
	const media = rules.media;
	const messages = media.messages;
	if (partIndex > 0) {
		if (media.followUpsTextOnly && part.kinds.length > 0) return messages.followUpMedia;
		if (media.appliesTo === 'first') return undefined;
	}
	const count = part.kinds.length;
	const videos = part.kinds.filter(
		(kind) => kind === 'video' || (kind === 'gif' && media.gifIsVideo),
	).length;
	const pictures = count - videos;

	if (count < media.minItems) return messages.noMedia;
	if (media.story && settings[media.story.setting] === media.story.value && count === 0) {
		return messages.storyNoMedia;
	}
	if (media.maxItems !== undefined && count > media.maxItems) return messages.tooMany;
	if (media.videoOnly && videos < count) return messages.notVideo;
	const refused = media.refusedKinds;
	if (
		refused &&
		settings[refused.setting] === refused.value &&
		part.kinds.some((kind) => refused.kinds.includes(kind))
	) {
		return messages.refusedKind;
	}
	if (media.trialReel && settings[media.trialReel.setting] === true) {
		if (pictures > 0) return messages.trialReelKind;
		if (count !== 1) return messages.trialReelCount;
	}
	if (media.carousel && settings[media.carousel.setting] === true) {
		if (videos > 0 || pictures < media.carousel.minImages) return messages.carousel;
	}
	if (media.videoAlone && videos > 0 && count > 1) return messages.videoNotAlone;
	if (media.maxImages !== undefined && pictures > media.maxImages) return messages.tooManyImages;
	return undefined;
}
