/**
 * Production's edit of posts through POST /posts (quirk `editInPlace`, what the real backend does: docs/real-backend.md):
 * each part is upserted by its `id`. The spec has no edit; the spec profile never comes here.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxContext } from './context';
import { parseApiDate } from './dates';
import { badRequest } from './errors';
import { publishPost } from './publishing';
import {
	chargeMonthlyPosts,
	checkedPostsBody,
	storedPart,
	storedSettings,
	storedTags,
} from './routes/posts';
import type { Org, Post } from './store';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

type SaveType = 'update' | 'draft' | 'schedule' | 'now';

const partIdOf = (part: unknown): string | undefined =>
	isObject(part) && typeof part.id === 'string' && part.id !== '' ? part.id : undefined;

/** Whether a POST /posts body edits: `type: "update"`, or a part that names an id. */
export function isPostEdit(body: unknown): boolean {
	if (!isObject(body)) return false;
	if (body.type === 'update') return true;
	const items = Array.isArray(body.posts) ? body.posts : [];
	return items.some(
		(item) => isObject(item) && Array.isArray(item.value) && item.value.some(partIdOf),
	);
}

/** `YYYY-MM-DD HH:mm` in UTC, as the republish refusal words a date. */
const minuteOf = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * Saves a POST /posts body that edits, as the service does, and returns its answer (201's body). Checked first as a
 * create is (an update as a schedule), nothing written when a check fails.
 */
export function editPosts(
	ctx: SandboxContext,
	org: Org,
	raw: Json,
): Array<{ postId: string; integration: string }> {
	const { store } = ctx;
	const type: SaveType = ['update', 'draft', 'now'].includes(raw.type as string)
		? (raw.type as SaveType)
		: 'schedule';
	const { body, posts } = checkedPostsBody(
		ctx,
		org,
		type === 'update' ? { ...raw, type: 'schedule' } : raw,
	);

	// schedule/now on a published post would publish it again: refused unless asked for.
	if ((type === 'schedule' || type === 'now') && raw.republish !== true)
		for (const item of posts) {
			const id = partIdOf((item.value as unknown[])[0]);
			const post = id ? store.post(org, id) : undefined;
			if (post?.state !== 'PUBLISHED') continue;
			const platform = store.channel(org, post.channelId)?.platform ?? 'the channel';
			throw badRequest(
				`This post was already published on ${minuteOf(post.publishDate)} UTC. Saving it this way ` +
					`would publish it again to ${platform}. To edit without republishing, use type 'update'. ` +
					'To intentionally publish again, pass republish: true.',
			);
		}

	const nowIso = ctx.clock.now().toISOString();
	const publishDate =
		type === 'now' ? nowIso : new Date(parseApiDate(body.date as string)).toISOString();
	const tags = storedTags(org, body);
	const inter = typeof body.inter === 'number' ? body.inter : null;
	const answers: Array<{ postId: string; integration: string }> = [];
	const saved: Post[] = [];
	for (const item of posts) {
		const channelId = (item.integration as Json).id as string;
		const values = item.value as Json[];
		const rootId = partIdOf(values[0]);
		const existing = rootId ? store.post(org, rootId) : undefined;
		const sentGroup = typeof item.group === 'string' ? item.group : undefined;
		// A deleted post's row is edited and stays deleted: the answer names it, nothing visible changes.
		if (rootId && !existing && store.issuedPostIds.has(rootId)) {
			answers.push({ postId: rootId, integration: channelId });
			continue;
		}
		const id = existing?.id ?? randomUUID();
		const followUps = existing?.parts.slice(1) ?? [];
		const parts = values.map((part, i) => {
			const named = partIdOf(part);
			const kept = i > 0 && named !== undefined && followUps.some((p) => p.id === named);
			return storedPart(ctx, body, part, i === 0 ? id : kept && named ? named : randomUUID());
		});
		// Follow-up parts not sent: dropped when `group` names the post's group, otherwise they stay attached.
		if (existing && sentGroup !== existing.group)
			parts.push(...followUps.filter((old) => !parts.some((p) => p.id === old.id)));
		const fields = {
			channelId,
			group: randomUUID(),
			parts,
			settings: storedSettings(item.settings, store.channel(org, channelId)?.platform),
			publishDate,
			intervalInDays: inter,
			tags,
		};
		if (existing) {
			// `update` writes no state and starts no run: a queued post's run still wakes at its old time.
			if (type === 'update') {
				if (existing.state === 'QUEUE' && existing.publishRunAt === undefined)
					existing.publishRunAt = existing.publishDate;
			} else {
				existing.state = type === 'draft' ? 'DRAFT' : 'QUEUE';
				delete existing.publishRunAt;
			}
			Object.assign(existing, fields);
			saved.push(existing);
		} else {
			if (type !== 'draft' && type !== 'update')
				chargeMonthlyPosts(ctx, org, publishDate, parts.length);
			const post: Post = {
				id,
				orgId: org.id,
				...fields,
				state: type === 'draft' ? 'DRAFT' : 'QUEUE',
				releaseURL: null,
				releaseId: null,
				error: null,
				creationMethod: 'API',
				missingReleaseId: false,
				createdAt: nowIso,
				// Created by an update: stored as queued, but no publishing run is started for it.
				...(type === 'update' ? { publishRunAt: null } : {}),
			};
			org.posts.push(post);
			store.issuedPostIds.add(id);
			saved.push(post);
		}
		// The rows left in the group sent (other posts of it) are deleted.
		if (sentGroup) org.posts = org.posts.filter((p) => p.group !== sentGroup);
		answers.push({ postId: id, integration: channelId });
	}
	if (type === 'now')
		for (const post of saved) if (post.state === 'QUEUE') publishPost(ctx, org, post);
	return answers;
}
