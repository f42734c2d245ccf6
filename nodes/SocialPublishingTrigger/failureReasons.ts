/**
 * A failed post's reason: GET /posts gives none, only the notification the service writes when the
 * post fails carries it (service-notes). A notification names a platform, sometimes the channel,
 * never the post: a failure gets a notification's text as its reason only when no other failure of
 * the same poll could claim that notification, or when the failures claiming them have as many
 * notifications as they are, all saying the same. Pure: the poll reads, this decides.
 */
import { PLATFORMS, type PlatformId } from '../SocialPublishing/shared/platforms';
import { kindOf, type Notification } from './cursor';
import type { PostChannel } from './postEvents';

export interface Reason {
	/** The notification's text, as the service wrote it; null when not given or not told apart. */
	reason: string | null;
	/** Says why `reason` is null. */
	reasonNote?: string;
	/** The notification the reason was read from. */
	reasonNotification?: { id: string; createdAt: string };
	/** Several failures could claim the same notifications: their texts, newest first. */
	reasonCandidates?: string[];
}

export const REASON_NOT_GIVEN =
	'The service wrote no failure notification that names this channel or its platform since the previous poll: the reason was not given.';

export const reasonsNotToldApart = (count: number) =>
	`${count} failed posts could claim the same failure notifications (they name a platform or a channel, never a post): the reason of each cannot be told apart. Their texts are in "reasonCandidates".`;

export const reasonsUnread = (why: string) =>
	`The failure notifications could not be read (${why}): the reason was not given.`;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function mentions(content: string, word: string): boolean {
	if (!word.trim()) return false;
	return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped(word.trim())}($|[^\\p{L}\\p{N}])`, 'iu').test(
		content,
	);
}

function platformWords(platform: string | null): string[] {
	if (!platform) return [];
	const display = PLATFORMS[platform as PlatformId]?.displayName;
	// "Instagram (Business Account)" is named "Instagram" in the service's texts.
	return [platform, ...(display ? [display, display.replace(/\s*\(.*\)$/, '')] : [])];
}

/** Failure notifications naming the channel; by its platform only when none names the channel. */
export function candidatesFor(channel: PostChannel, notifications: Notification[]): Notification[] {
	const failures = notifications.filter((n) => kindOf(n.content) === 'failed');
	const byName = channel.name ? failures.filter((n) => mentions(n.content, channel.name!)) : [];
	if (byName.length > 0) return byName;
	return failures.filter((n) =>
		platformWords(channel.platform).some((w) => mentions(n.content, w)),
	);
}

/**
 * Each failure's reason, in the order of `channels` (one per failed post), from the notifications
 * written since the previous read (newest first).
 */
export function assignReasons(channels: PostChannel[], notifications: Notification[]): Reason[] {
	const candidates = channels.map((channel) => candidatesFor(channel, notifications));
	return candidates.map((mine, index) => {
		if (mine.length === 0) return { reason: null, reasonNote: REASON_NOT_GIVEN };
		const sharing = candidates.filter(
			(other, j) => j !== index && other.some((n) => mine.some((m) => m.id === n.id)),
		).length;
		// Claimed by several failures but all saying the same: that is the reason of each.
		const texts = [...new Set(mine.map((n) => n.content))];
		// (Fewer notifications than failures claiming them: one is missing, whose is not known.)
		if (sharing > 0 && (texts.length > 1 || mine.length < sharing + 1)) {
			return {
				reason: null,
				reasonNote: reasonsNotToldApart(sharing + 1),
				reasonCandidates: mine.map((n) => n.content),
			};
		}
		const newest = mine.reduce((a, b) =>
			Date.parse(b.createdAt) > Date.parse(a.createdAt) ? b : a,
		);
		return {
			reason: newest.content,
			reasonNotification: { id: newest.id, createdAt: newest.createdAt },
		};
	});
}
