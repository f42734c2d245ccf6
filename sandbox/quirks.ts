/**
 * The sandbox's two profiles and the production quirks (each a departure of the production service from the spec, as
 * listed in shared/spec/service-notes.md); what each quirk does is in production.ts.
 */
export type SandboxProfile = 'spec' | 'production';

export const QUIRKS = [
	/** GET /posts: tags shaped `[{tag: {id, name, color}}]` instead of `{value, label}`. */
	'postTagsNested',
	/** GET /posts: with postTagsNested, each `tag` is the tag's whole record (also orgId, deletedAt, createdAt, updatedAt). */
	'tagsFullRecord',
	/** GET /posts: `settings` as a JSON string. */
	'postSettingsString',
	/** GET /posts: repetitions of a repeating post carry `actualDate` (the post's own first date). */
	'repeatActualDate',
	/** GET /media: absent (404 "Cannot GET"). */
	'noMediaLibrary',
	/** Only POST /posts is limited; its 429 has `Retry-After` = the window (3600) and no X-RateLimit headers. */
	'onlyPostsRateLimited',
	/** Unknown ids answer 500 on release-id, DELETE post, DELETE channel and channel analytics. */
	'unknownIdsError500',
	/** GET /find-slot/:id with an unknown or disabled channel, or one without posting times, never answers. */
	'findSlotHangs',
	/** DELETE /posts/:id deletes the whole group; both post deletes answer `{error: true}`, matched or not. */
	'deleteAnswersError',
	/** POST /posts makes one group per channel (its post and follow-up parts), not one for the request. */
	'groupPerChannel',
	/** POST /posts stores `__type` (the channel's platform) in every post's settings, sent or not; none becomes `{__type}`. */
	'settingsTypeStored',
	/** DELETE /integrations/:id answers the full channel record, access and refresh tokens included. */
	'deleteChannelEchoesRecord',
	/** PUT /posts/:id/status for an unknown post: 400 `Post not found`. */
	'statusUnknownPost400',
	/**
	 * POST /posts: values are converted to the field's type instead of refused: string settings (`"false"` becomes true),
	 * `shortLink` (any non-empty string is true), `inter` (a number in a string; 0 means no repeat).
	 */
	'settingsCoerced',
	/** POST /posts: an unknown, missing or non-string `type` schedules the post. */
	'typeUnchecked',
	/** POST /posts naming a channel the organisation does not have: 400 `Integration with id <id> not found`, before any other check. */
	'unknownChannel400',
	/**
	 * POST /posts: each part's HTML is cleaned before any check, as the service's sanitiser does: attributes other than
	 * href, target, rel, class, data-mention-id, data-mention-label go, and so do links not to http(s), mailto, / or #;
	 * so a part with nothing left (e.g. only `<script>…</script>`) is refused as empty.
	 */
	'htmlCleanedFirst',
	/** POST /posts: a discord `channel` id is not looked up on the server (any non-empty string is stored). */
	'discordChannelUnchecked',
	/**
	 * GET /posts: no `error` field; the range is not cut at 370 days; a repeating post shows every repetition from its
	 * first date up to endDate, those before startDate included.
	 */
	'postListUncut',
	/** GET /posts/:id/missing for an unknown post: 200 `[]`. */
	'missingUnknownEmpty',
	/** PUT /posts/:id/status: no republish guard (`republish` is ignored, a published post moves like any other). */
	'statusUnguarded',
	/** POST /upload and /upload-from-url answer the stored record: `{id, name, originalName: null, path, thumbnail: null, alt: null}`. */
	'uploadRecordAnswer',
	/** JSON bodies over 100 kB answer 413. */
	'jsonLimit100kb',
	/**
	 * GET /groups, GET /integrations?group=<customer id>, and PUT /posts/:id/settings (merged settings checked against the
	 * platform, answer `{postId, publishDate}`) exist.
	 */
	'extraRoutes',
	/**
	 * POST /posts upserts by part id (docs/real-backend.md): `value[0].id` of a post edits it in place (its id kept, a new
	 * group; `type: "update"` keeps the state and starts no publishing run, so the old publish time stays), follow-up
	 * parts by their ids, parts not sent dropped when `group` names the post's group; an unknown id creates a new post,
	 * a deleted post's id answers with it and changes nothing visible, another channel's post moves; `schedule`/`now`
	 * on a published post is refused unless `republish: true`.
	 */
	'editInPlace',
	/**
	 * POST /posts: `value[].delay` (minutes after the previous part) converted as the service does (`"7"` is 7, `true` 1,
	 * `""`/null 0, 2.5 is 2), refused when not a number, 500 beyond a 32-bit integer; stored, never shown.
	 */
	'followUpDelay',
	/**
	 * Publishing: a failed post's ERROR is written before its notification (two steps of the service's publishing run,
	 * docs/real-backend.md "Post events"); the sandbox writes the notification one second later by its clock, on the next
	 * publishing tick (`publishDue`).
	 */
	'failureNotifiedAfterState',
	/**
	 * Publishing: notifications in the service's words, with no `link`: `Your post has been published on <Platform> at
	 * <releaseURL>`; `An error occurred while posting on <platform>: <reason>` (no channel named); `We couldn't post to
	 * <platform> for <channel name> because it's disabled…` / `…because you need to reconnect it…`.
	 */
	'notificationTexts',
] as const;

export type Quirk = (typeof QUIRKS)[number];
export type QuirkSwitches = Partial<Record<Quirk, boolean>>;

/** The quirks on for a profile, after the single switches; throws on a name that is not a quirk. */
export function resolveQuirks(
	profile: SandboxProfile = 'spec',
	switches: QuirkSwitches = {},
): Set<Quirk> {
	if (profile !== 'spec' && profile !== 'production')
		throw new Error(`profile must be "spec" or "production", not "${String(profile)}"`);
	const on = new Set<Quirk>(profile === 'production' ? QUIRKS : []);
	for (const [name, value] of Object.entries(switches)) {
		if (!(QUIRKS as readonly string[]).includes(name))
			throw new Error(`unknown production quirk "${name}" (known: ${QUIRKS.join(', ')})`);
		if (value) on.add(name as Quirk);
		else on.delete(name as Quirk);
	}
	return on;
}
