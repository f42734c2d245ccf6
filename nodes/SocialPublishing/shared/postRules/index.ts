/**
 * A pure checker of a POST /posts body against the spec (4.3, 4.8, 8) and the platform table, for
 * the node before sending, the sandbox and the tests. Left to the caller: whether a media `path` is
 * the service's own storage, whether a discord `channel` id exists on its server, the allowance,
 * rate limits and plan. A disabled channel is not refused: the spec does not say what happens.
 */
import { isPlatformId, PLATFORMS, POST_LIMITS, type MediaKind } from '../platforms';
import type { Channel } from '../channel';
import { brokenMediaRule, checkMediaReference, itemKind, type Part } from './media';
import { FieldReport, isMissing, isObject, type FieldFault, type RuleProblem } from './report';

export type { Coded, FieldFault, MediaRule, PlatformProblem, RuleProblem } from './report';
export { serviceSentence, validatorWords } from './report';
import { checkSettings } from './settings';
import { readDate } from '../userValues';
import { maxLengthFor, textLength, TOO_LONG_MESSAGE, visibleText } from './text';

export { ENDINGS_IN_WORDS, isVideo, itemKind, mediaKind } from './media';
export { checkSettings, SETTINGS_TYPE_KEY, unknownSettings } from './settings';
export { maxLengthFor, tagNames, textLength, TOO_LONG_MESSAGE, visibleText } from './text';

/**
 * What is wrong with a body's date, if anything: not ISO 8601, or a date that does not exist (30
 * February, an offset beyond ±14:00) as the one date reader (userValues.ts) says.
 */
function dateFault(value: unknown): FieldFault | undefined {
	const isoShape =
		/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
	if (typeof value !== 'string' || !isoShape.test(value)) return { code: 'notDate' };
	const read = readDate(value, 'UTC');
	if ('iso' in read) return undefined;
	return 'why' in read && read.why
		? { code: 'notDate', value, why: read.why }
		: { code: 'notDate' };
}

function checkPart(part: unknown, path: string, report: FieldReport): Part {
	if (!isObject(part)) {
		report.add(path, { code: 'notObject', shape: '{content, image}' });
		return { content: '', kinds: [] };
	}
	const content = typeof part.content === 'string' ? part.content : '';
	if (report.present(part.content, `${path}.content`))
		report.string(part.content, `${path}.content`);

	const image = `${path}.image`;
	const media =
		report.present(part.image, image) &&
		report.array(part.image, image, { max: POST_LIMITS.mediaPerPart })
			? part.image
			: [];
	media.forEach((item, index) => checkMediaReference(item, `${image}.${index}`, report));
	const kinds = media.map(itemKind).filter((kind): kind is MediaKind => kind !== undefined);
	// Rule 1 holds for drafts too: a part with nothing in it is no part.
	if (visibleText(content).trim() === '' && media.length === 0) {
		report.add(path, { code: 'emptyPart' });
	}
	return { content, kinds };
}

/**
 * Checks a whole POST /posts body. `channelOf` looks a channel id up in the organisation; a channel
 * on a platform the table does not know gets the body's checks but not a platform's. Returns []
 * when the service would accept the request (as far as the body can tell).
 */
export function checkCreatePostRequest(
	body: unknown,
	channelOf: (id: string) => Channel | undefined,
): RuleProblem[] {
	const report = new FieldReport();
	const unknownChannels: RuleProblem[] = [];
	const platformProblems: RuleProblem[] = [];
	if (!isObject(body)) {
		report.add('', { code: 'notObject' });
		return report.problems;
	}

	if (
		report.present(body.type, 'type') &&
		!(POST_LIMITS.types as readonly unknown[]).includes(body.type)
	) {
		report.add('type', { code: 'notOneOf', values: POST_LIMITS.types });
	}
	const wrongDate = report.present(body.date, 'date') ? dateFault(body.date) : undefined;
	if (wrongDate) report.add('date', wrongDate);
	if (report.present(body.shortLink, 'shortLink') && typeof body.shortLink !== 'boolean') {
		report.add('shortLink', { code: 'notBoolean' });
	}
	if (report.present(body.tags, 'tags') && report.array(body.tags, 'tags')) {
		body.tags.forEach((tag, index) => report.tag(tag, `tags.${index}`));
	}

	if (
		report.present(body.posts, 'posts') &&
		report.array(body.posts, 'posts', POST_LIMITS.postsPerRequest)
	) {
		body.posts.forEach((entry, entryIndex) => {
			const path = `posts.${entryIndex}`;
			if (!isObject(entry)) {
				report.add(path, { code: 'notObject', shape: '{integration, value, settings}' });
				return;
			}
			let channel: Channel | undefined;
			const idPath = `${path}.integration.id`;
			const id = isObject(entry.integration) ? entry.integration.id : undefined;
			if (
				report.present(entry.integration, `${path}.integration`) &&
				report.present(id, idPath) &&
				report.string(id, idPath)
			) {
				channel = channelOf(id);
				if (!channel)
					unknownChannels.push({
						kind: 'channel',
						entryIndex,
						path: idPath,
						channelId: id,
						message: `${idPath}: no channel with id ${id} in the organisation`,
					});
			}
			const parts =
				report.present(entry.value, `${path}.value`) &&
				report.array(entry.value, `${path}.value`, POST_LIMITS.partsPerPost)
					? entry.value.map((part, partIndex) =>
							checkPart(part, `${path}.value.${partIndex}`, report),
						)
					: [];
			// A platform the table does not know: the service checks it, not this.
			if (!channel || !isPlatformId(channel.platform)) return;
			const known = { ...channel, platform: channel.platform };
			report.problems.push(...checkSettings(known.platform, entry.settings, `${path}.settings`));
			if (body.type === 'draft') return;
			// The platform's rules (media, length) over the parts of the post.
			const settings = isObject(entry.settings) ? entry.settings : {};
			const rules = PLATFORMS[known.platform];
			const limit = maxLengthFor(known, settings);
			const where = {
				kind: 'platform',
				entryIndex,
				platform: known.platform,
				channelName: known.name,
			} as const;
			parts.forEach((part, partIndex) => {
				const rule = brokenMediaRule(rules, part, partIndex, settings);
				// A rule the platform gives no text for is no rule of its own.
				const message = rule && rules.media.messages[rule];
				if (rule && message)
					platformProblems.push({ ...where, partIndex, field: 'image', rule, message });
				const length = textLength(part.content, known.platform);
				if (length > limit) {
					platformProblems.push({
						...where,
						partIndex,
						field: 'content',
						rule: 'tooLong',
						limit,
						length,
						message: TOO_LONG_MESSAGE,
					});
				}
			});
		});
	}

	if (!isMissing(body.inter)) {
		if (typeof body.inter !== 'number' || !Number.isInteger(body.inter)) {
			report.add('inter', { code: 'notInteger' });
		} else if (body.inter < POST_LIMITS.interMin) {
			report.add('inter', { code: 'belowMin', min: POST_LIMITS.interMin });
		}
	}

	return [...report.problems, ...unknownChannels, ...platformProblems];
}
