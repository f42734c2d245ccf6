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
import type { PostRequest } from './request';

/**
 * Something sent as given that the user should know about; shown in the created posts' `warnings`.
 */
export interface Warning {
	/** The channel entry (index in `posts`) it concerns. */
	entryIndex: number;
	text: string;
}

/**
 * HTML tags the service will remove (it keeps only KEPT_HTML_TAGS, spec 4.3, and strips the rest,
 * keeping their text: service-notes). Not refused, as the service accepts them; said, so that what
 * is published is no surprise.
 */
export function removedHtmlTags(body: Record<string, unknown>): Warning[] {
	const warnings: Warning[] = [];
	const posts = Array.isArray(body.posts) ? body.posts : [];
	posts.forEach((post, entryIndex) => {
		const parts =
			typeof post === 'object' &&
			post !== null &&
			Array.isArray((post as { value?: unknown }).value)
				? (post as { value: unknown[] }).value
				: [];
		parts.forEach((part, partIndex) => {
			const content =
				typeof part === 'object' && part !== null
					? (part as { content?: unknown }).content
					: undefined;
			if (typeof content !== 'string') return;
			const removed = new Set<string>();
			for (const name of tagNames(content)) {
				const tag = name.toLowerCase();
				if (!KEPT_HTML_TAGS.includes(tag)) removed.add(`<${tag}>`);
			}
			if (removed.size === 0) return;
			warnings.push({
				entryIndex,
				text: `${partLabel(partIndex)}: the service removes ${[...removed].join(', ')} and keeps their text (it keeps only ${KEPT_HTML_TAGS.join(', ')})`,
			});
		});
	});
	return warnings;
}

/**
 * Parts that carry an `id` (a post copied from Post → Get Many, in JSON mode): production updates
 * the stored part with that id instead of creating one (checked against the real backend), so
 * "create" would change an existing post.
 */
export function partIdWarnings(body: Record<string, unknown>): Warning[] {
	const posts = Array.isArray(body.posts) ? body.posts : [];
	return posts.flatMap((post, entryIndex) => {
		const parts =
			typeof post === 'object' &&
			post !== null &&
			Array.isArray((post as { value?: unknown }).value)
				? (post as { value: unknown[] }).value
				: [];
		return parts.flatMap((part, partIndex) => {
			const id =
				typeof part === 'object' && part !== null ? (part as { id?: unknown }).id : undefined;
			if (typeof id !== 'string' || id.trim() === '') return [];
			return [
				{
					entryIndex,
					text: `${partLabel(partIndex)} carries "id": ${JSON.stringify(id.slice(0, 40))}; some installs then update that existing part instead of creating a new one (remove "id" to create a post)`,
				},
			];
		});
	});
}

/**
 * A delay on the first part: fields mode leaves it out, JSON mode sends it; either way it waits for
 * nothing.
 */
export function firstPartDelayWarning(
	entryIndex: number,
	minutes: number,
	inputMode: 'fields' | 'json',
): Warning {
	return {
		entryIndex,
		text:
			inputMode === 'fields'
				? `${partLabel(0)}: Delay (Minutes) ${minutes} was not sent; a delay applies to ` +
					'follow-up parts (the post goes out at its date)'
				: `${partLabel(0)} carries "delay": ${minutes}; the service keeps it but waits only ` +
					'before follow-up parts (the post goes out at its date)',
	};
}

/**
 * Settings keys the platform table does not know: sent as given (the service keeps them), named
 * with a likely typo.
 */
export function unknownSettingWarnings(
	body: Record<string, unknown>,
	platformOf: (entryIndex: number) => PlatformId | undefined,
): Warning[] {
	const posts = Array.isArray(body.posts) ? (body.posts as Array<{ settings?: unknown }>) : [];
	return posts.flatMap((post, entryIndex) => {
		const platform = platformOf(entryIndex);
		if (!platform) return [];
		return unknownSettings(platform, post?.settings).map(({ key, closest }) => ({
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
	return (
		`${channel.name} ${where}: ${unchecked} were not checked before sending ` +
		'(the service checks them)'
	);
}

/** Entries whose channel is on a platform the rules table does not know: sent, and said so. */
export function uncheckedPlatforms(
	request: PostRequest,
	infos: Channel[],
): Array<{ entryIndex: number; text: string }> {
	const byId = new Map(infos.map((info) => [info.id, info]));
	return request.channels.flatMap((ref, entryIndex) => {
		const channel = byId.get(ref.id);
		if (!channel || isPlatformId(channel.platform)) return [];
		return [
			{
				entryIndex,
				text: uncheckedPlatformText(channel, 'its length, media and settings'),
			},
		];
	});
}

/**
 * What is sent as given but said, per channel entry (shown with the created posts, or by Check
 * Only).
 */
export function warningsOf(request: PostRequest, infos: Channel[], stepOne: Warning[]): Warning[] {
	const platforms = new Map(
		infos.flatMap((info) =>
			isPlatformId(info.platform) ? [[info.id, info.platform] as const] : [],
		),
	);
	return [
		...uncheckedPlatforms(request, infos),
		...removedHtmlTags(request.body),
		...partIdWarnings(request.body),
		...unknownSettingWarnings(request.body, (entryIndex) =>
			platforms.get(request.channels[entryIndex]?.id ?? ''),
		),
		...stepOne,
	];
}
