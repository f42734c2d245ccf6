/**
 * What is sent as given but said, in the created posts' `warnings`: HTML the service strips,
 * settings it does not know, a channel on a platform the node has no rules for.
 */
import type { Channel } from '../../../shared/channel';
import {
	isPlatformId,
	KEPT_HTML_TAGS,
	PLATFORMS,
	type PlatformId,
} from '../../../shared/platforms';
import { tagNames, unknownSettings } from '../../../shared/postRules';
import { partLabel } from '../../../shared/postProblems';
import { entriesOf, type Json, type PostRequest } from './request';

/** Something sent as given that the user should know about, for one channel entry. */
export interface Warning {
	entryIndex: number;
	text: string;
}

/** One warning for each part of the body that `said` has words for. */
function partWarnings(
	body: Json,
	said: (part: Json, partIndex: number) => string | undefined,
): Warning[] {
	return entriesOf(body, 'posts').flatMap((post, entryIndex) =>
		entriesOf(post, 'value').flatMap((part, partIndex) => {
			const text = said(part, partIndex);
			return text === undefined ? [] : [{ entryIndex, text }];
		}),
	);
}

/**
 * HTML tags the service will remove (it keeps only KEPT_HTML_TAGS, spec 4.3, and strips the rest,
 * keeping their text: service-notes). Not refused, as the service accepts them; said, so that what
 * is published is no surprise.
 */
export function removedHtmlTags(body: Json): Warning[] {
	return partWarnings(body, ({ content }, partIndex) => {
		if (typeof content !== 'string') return undefined;
		const tags = tagNames(content).map((name) => name.toLowerCase());
		const removed = new Set(
			tags.filter((tag) => !KEPT_HTML_TAGS.includes(tag)).map((tag) => `<${tag}>`),
		);
		if (removed.size === 0) return undefined;
		return `${partLabel(partIndex)}: the service removes ${[...removed].join(', ')} and keeps their text (it keeps only ${KEPT_HTML_TAGS.join(', ')})`;
	});
}

/**
 * Settings keys the platform table does not know: sent as given (the service keeps them), named
 * with a likely typo.
 */
export function unknownSettingWarnings(
	body: Json,
	platformOf: (entryIndex: number) => PlatformId | undefined,
): Warning[] {
	return entriesOf(body, 'posts').flatMap((post, entryIndex) => {
		const platform = platformOf(entryIndex);
		if (!platform) return [];
		return unknownSettings(platform, post.settings).map(({ key, closest }) => ({
			entryIndex,
			text: `setting "${key}" is not one ${PLATFORMS[platform].displayName} is known to have${closest ? ` (did you mean "${closest}"?)` : ''}; it was sent as given and the service keeps it`,
		}));
	});
}

/**
 * A channel on a platform the rules table does not know (the service has more), or one the channel
 * list gives no platform: sent with the body's own checks only, and said so.
 */
export function uncheckedPlatformText(channel: Channel, unchecked: string): string {
	const where = channel.platform
		? `is on "${channel.platform}", a platform this node has no rules for`
		: 'has no platform in the channel list';
	return `${channel.name} ${where}: ${unchecked} were not checked before sending (the service checks them)`;
}

/** What is sent as given but said, per channel entry (with the created posts, or Check Only). */
export function warningsOf(request: PostRequest, infos: Channel[], stepOne: Warning[]): Warning[] {
	const byId = new Map(infos.map((info) => [info.id, info]));
	const channelOf = (entryIndex: number) => byId.get(request.channels[entryIndex]?.id ?? '');
	return [
		// Entries whose channel is on a platform the rules table does not know: sent, and said so.
		...request.channels.flatMap((_, entryIndex) => {
			const channel = channelOf(entryIndex);
			if (!channel || isPlatformId(channel.platform)) return [];
			const text = uncheckedPlatformText(channel, 'its length, media and settings');
			return [{ entryIndex, text }];
		}),
		...removedHtmlTags(request.body),
		// A part with an `id` (a post copied from Post → Get Many, in JSON mode): production updates
		// the stored part with that id instead of creating one, so "create" would change a post.
		...partWarnings(request.body, ({ id }, partIndex) =>
			typeof id !== 'string' || id.trim() === ''
				? undefined
				: `${partLabel(partIndex)} carries "id": ${JSON.stringify(id.slice(0, 40))}; some installs then update that existing part instead of creating a new one (remove "id" to create a post)`,
		),
		...unknownSettingWarnings(request.body, (entryIndex) => {
			const platform = channelOf(entryIndex)?.platform;
			return isPlatformId(platform) ? platform : undefined;
		}),
		...stepOne,
	];
}
