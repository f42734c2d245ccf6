/**
 * Publishing simulation: a queued post whose time has come is "sent" to its platform and becomes PUBLISHED
 * (with releaseURL/releaseId), PUBLISHED without an id (waiting for PUT release-id), or ERROR; each writes a notification.
 * Production (`failureNotifiedAfterState`) writes a failure's notification after its ERROR, here one second later by
 * the sandbox clock, on the next publishing tick.
 */
import { createHash } from 'node:crypto';
import type { SandboxContext } from './context';
import type { Channel, Org, Post } from './store';

const PLATFORM_HOSTS: Record<string, string> = {
	facebook: 'https://www.facebook.com',
	instagram: 'https://www.instagram.com',
	linkedin: 'https://www.linkedin.com',
	tiktok: 'https://www.tiktok.com',
	youtube: 'https://www.youtube.com',
	threads: 'https://www.threads.net',
	bluesky: 'https://bsky.app',
	mastodon: 'https://mastodon.social',
	telegram: 'https://t.me',
	x: 'https://x.com',
	discord: 'https://discord.com',
};

/** A platform-looking numeric id, stable for a given seed text. */
export function platformItemId(seed: string): string {
	const hex = createHash('sha256').update(seed).digest('hex').slice(0, 15);
	return BigInt(`0x${hex}`).toString().padStart(18, '1');
}

export function releaseUrlOf(channel: Channel, releaseId: string): string {
	const host = PLATFORM_HOSTS[channel.platform] ?? 'https://social.sandbox.invalid';
	return `${host}/${channel.profile}/posts/${releaseId}`;
}

/** The channel's recent items on its platform, offered by GET /posts/:id/missing. Includes the post's own item. */
export function recentPlatformItems(
	channel: Channel,
	post: Post,
): Array<{ id: string; url: string }> {
	return [0, 1, 2].map((n) => {
		const itemId = platformItemId(`${post.id}:${n}`);
		return { id: itemId, url: releaseUrlOf(channel, itemId) };
	});
}

/** The gap production leaves between a failure's ERROR and its notification, by the sandbox clock. */
export const FAILURE_NOTIFICATION_LAG_MS = 1000;

/** Failure notifications not written yet (`failureNotifiedAfterState`), per store. */
const pendingNotifications = new WeakMap<
	SandboxContext['store'],
	Array<{ org: Org; content: string; at: number }>
>();

function writePendingNotifications(ctx: SandboxContext): void {
	const pending = pendingNotifications.get(ctx.store) ?? [];
	const now = ctx.clock.nowMs();
	const due = pending.filter((n) => n.at <= now);
	pendingNotifications.set(
		ctx.store,
		pending.filter((n) => n.at > now),
	);
	for (const n of due)
		ctx.store.addNotification(n.org, n.content, null, new Date(n.at).toISOString());
}

/** As the service's texts write a platform: lodash `capitalize` (`Mastodon`, `Linkedin`). */
const capitalized = (platform: string) =>
	platform.charAt(0).toUpperCase() + platform.slice(1).toLowerCase();

/** A failure's notification as the service's publishing run words it (`notificationTexts`). */
function failureText(channel: Channel, failure: string): string {
	const { platform, name } = channel;
	if (channel.disabled)
		return `We couldn't post to ${platform} for ${name} because it's disabled. Please enable it and try again.`;
	if (channel.behaviour.signInExpired)
		return `We couldn't post to ${platform} for ${name} because you need to reconnect it. Please enable it and try again.`;
	return `An error occurred while posting on ${platform}: ${failure}`;
}

function platformLabel(channel: Channel): string {
	return `${channel.platform} (${channel.name})`;
}

/** Sends one post to its platform now, following the channel's simulated behaviour. */
export function publishPost(ctx: SandboxContext, org: Org, post: Post): void {
	const channel = ctx.store.channel(org, post.channelId);
	if (!channel) return;
	const nowIso = ctx.clock.now().toISOString();
	const failure = channel.disabled
		? 'Channel is disabled'
		: channel.behaviour.signInExpired
			? 'Channel disconnected due to expired token'
			: channel.behaviour.publishOutcome === 'error'
				? channel.behaviour.errorMessage
				: undefined;
	if (failure) {
		post.state = 'ERROR';
		post.error = failure;
		post.releaseURL = null;
		post.releaseId = null;
		const content = ctx.production?.on('notificationTexts')
			? failureText(channel, failure)
			: `Error posting on ${platformLabel(channel)}: ${failure}`;
		// Production writes the channel's notifications (disabled, reconnect) before the state.
		const refused = !channel.disabled && !channel.behaviour.signInExpired;
		if (refused && ctx.production?.on('failureNotifiedAfterState')) {
			const at = ctx.clock.nowMs() + FAILURE_NOTIFICATION_LAG_MS;
			const pending = pendingNotifications.get(ctx.store) ?? [];
			pendingNotifications.set(ctx.store, [...pending, { org, content, at }]);
			return;
		}
		ctx.store.addNotification(org, content, null, nowIso);
		return;
	}
	post.state = 'PUBLISHED';
	post.error = null;
	if (channel.behaviour.publishOutcome === 'missingReleaseId') {
		post.releaseId = null;
		post.releaseURL = null;
		post.missingReleaseId = true;
		ctx.store.addNotification(
			org,
			`Your post has been published on ${platformLabel(channel)}`,
			null,
			nowIso,
		);
		return;
	}
	post.releaseId = platformItemId(`${post.id}:0`);
	post.releaseURL = releaseUrlOf(channel, post.releaseId);
	post.missingReleaseId = false;
	if (ctx.production?.on('notificationTexts')) {
		const platform = capitalized(channel.platform);
		const text = `Your post has been published on ${platform} at ${post.releaseURL}`;
		ctx.store.addNotification(org, text, null, nowIso);
		return;
	}
	ctx.store.addNotification(
		org,
		`Your post has been published on ${platformLabel(channel)}`,
		post.releaseURL,
		nowIso,
	);
}

/** Publishes every queued post whose date has come; returns the ids handled. */
export function publishDue(ctx: SandboxContext): string[] {
	writePendingNotifications(ctx);
	const now = ctx.clock.nowMs();
	const done: string[] = [];
	for (const org of ctx.store.orgs) {
		// A post's run wakes at its date, unless production's edits left it at another (or none: runAt null).
		const runAt = (p: Post) => (p.publishRunAt === undefined ? p.publishDate : p.publishRunAt);
		const due = org.posts
			.filter((p) => {
				const at = runAt(p);
				return p.state === 'QUEUE' && at !== null && Date.parse(at) <= now;
			})
			.sort((a, b) => Date.parse(runAt(a)!) - Date.parse(runAt(b)!));
		for (const post of due) {
			publishPost(ctx, org, post);
			done.push(post.id);
		}
	}
	return done;
}
