/**
 * Post events in a real n8n (issue 29): a published workflow on Trigger On → Post Events with every
 * event picked, and a ledger of what the test did to the sandbox's posts, written as the events the
 * trigger must emit ("<event> <postId>"). The ledger is built from the sandbox's answers (the ids it
 * gave, the posts its publishing run sent), never from what n8n emitted; `tally` then compares the
 * two: each expected event exactly once, nothing else about those posts.
 *
 * Used by queueMode.ts (queue mode and a single n8n) and runInN8n.ts (both n8n lines), each across polls
 * and a restart of n8n's main process (restartN8n.ts).
 */
import { PACKAGE } from '../../local-n8n/localN8n';
import type { RunningSandbox } from '../../sandbox';
import { SEED_IDS } from '../../sandbox/seed';

type Json = Record<string, unknown>;

export const POST_EVENTS_TRIGGER = 'On Post Events';
const EVERY_EVENT = ['postCreated', 'postChanged', 'postDeleted', 'postPublished', 'postFailed'];
export const { x: X_CHANNEL, mastodon: MASTODON_CHANNEL } = SEED_IDS.channels;
/** Why the sandbox fails Mastodon posts here; each Post Failed item must carry it. */
export const FAILURE_REASON = 'Instance is read-only (post events e2e)';

/** The workflow: the trigger alone (every event, every channel), polling at `pollTimes`. */
export function postEventsWorkflow(options: {
	id: string;
	name: string;
	credential: { id: string; name: string };
	pollTimes: Json;
	/** The first poll emits one Post Created per listed post (Options → Include Existing Posts). */
	includeExisting?: boolean;
}): Json {
	return {
		id: options.id,
		name: options.name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'postEvents',
				name: POST_EVENTS_TRIGGER,
				type: `${PACKAGE}.socialPublishingTrigger`,
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: options.pollTimes,
					event: 'postEvents',
					postEvents: EVERY_EVENT,
					channels: [],
					postOptions: options.includeExisting ? { includeExisting: true } : {},
				},
				credentials: { socialPublishingApi: options.credential },
			},
		],
		connections: {},
	};
}

/** An item of the trigger as the ledger counts it. */
export const eventKey = (item: Json) => `${String(item.event)} ${String(item.postId)}`;

/** What the test did to posts, as the events it expects; each action calls the sandbox's API. */
export class PostLedger {
	/** Expected events, in the order the test caused them. */
	readonly expected: string[] = [];
	/** Every post this ledger created: the tally counts events about these only. */
	readonly posts = new Set<string>();

	constructor(
		private readonly sandbox: RunningSandbox,
		private readonly label: string,
	) {}

	/** Mastodon posts fail when the sandbox publishes them, with FAILURE_REASON in the notification. */
	async failMastodon(): Promise<void> {
		await this.sandbox.control.patchChannel(MASTODON_CHANNEL, {
			publishOutcome: 'error',
			errorMessage: FAILURE_REASON,
		});
	}

	/**
	 * A post scheduled at `at`: Post Created, unless `existing` (made before the trigger's first
	 * poll, which emits nothing old).
	 */
	async schedule(channel: string, at: Date, text: string, existing = false): Promise<string> {
		const id = await this.send('schedule', channel, at, text);
		if (!existing) this.expect('postCreated', id);
		return id;
	}

	/**
	 * A post published at once (type "now"): Post Created, then Post Published or, on a channel set
	 * to fail, Post Failed; which one is read from the post the sandbox stored.
	 */
	async sendNow(channel: string, text: string): Promise<string> {
		const id = await this.send('now', channel, new Date(), text);
		this.expect('postCreated', id);
		this.expect(await this.fate(id), id);
		return id;
	}

	/** The post's text and date edited in place (production's edit, quirk editInPlace): Post Changed. */
	async edit(id: string, channel: string, at: Date, text: string): Promise<void> {
		const edited = await this.send('schedule', channel, at, text, id);
		if (edited !== id) throw new Error(`${this.label}: the edit of ${id} answered ${edited}`);
		this.expect('postChanged', id);
	}

	/** DELETE /posts/:id: Post Deleted. */
	async remove(id: string): Promise<void> {
		await this.call('DELETE', `/posts/${id}`);
		this.expect('postDeleted', id);
	}

	/**
	 * The sandbox's clock (manual) moved on by `seconds` and its publishing run: each post it sent is
	 * Post Published or Post Failed, as stored. Returns the ids it sent.
	 */
	async publishDue(seconds: number): Promise<string[]> {
		await this.sandbox.control.advance(seconds);
		const sent = await this.sandbox.control.publishDue();
		for (const id of sent) if (this.posts.has(id)) this.expect(await this.fate(id), id);
		return sent;
	}

	private expect(event: string, id: string): void {
		this.expected.push(`${event} ${id}`);
	}

	private async fate(id: string): Promise<'postPublished' | 'postFailed'> {
		const stored = await this.sandbox.control.storedPost(id);
		if (stored?.state === 'PUBLISHED') return 'postPublished';
		if (stored?.state === 'ERROR') return 'postFailed';
		throw new Error(`${this.label}: post ${id} is ${stored?.state ?? 'gone'} after publishing`);
	}

	private async send(
		type: 'schedule' | 'now',
		channel: string,
		at: Date,
		text: string,
		editing?: string,
	): Promise<string> {
		const answer = (await this.call('POST', '/posts', {
			type,
			date: at.toISOString(),
			shortLink: false,
			tags: [],
			posts: [
				{
					integration: { id: channel },
					value: [{ ...(editing ? { id: editing } : {}), content: text, image: [] }],
					// X asks who may reply (the platform table's required setting).
					...(channel === X_CHANNEL ? { settings: { who_can_reply_post: 'everyone' } } : {}),
				},
			],
		})) as Array<{ postId: string }>;
		const id = answer[0].postId;
		this.posts.add(id);
		return id;
	}

	private async call(method: string, path: string, body?: unknown): Promise<unknown> {
		const response = await fetch(`${this.sandbox.baseUrl}${path}`, {
			method,
			headers: { Authorization: this.sandbox.apiKey, 'Content-Type': 'application/json' },
			...(body === undefined ? {} : { body: JSON.stringify(body) }),
		});
		if (!response.ok)
			throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
		return await response.json();
	}
}

export interface Tally {
	lost: string[];
	duplicated: string[];
	/** Events about the ledger's posts that it did not expect. */
	unexpected: string[];
	/** Events about other posts (not the ledger's), left out of the three above. */
	others: number;
}

/** The emitted events (every item of every execution) against the ledger. */
export function tally(ledger: PostLedger, emitted: string[]): Tally {
	const counts = new Map<string, number>();
	let others = 0;
	for (const key of emitted) {
		if (!ledger.posts.has(key.split(' ')[1])) others++;
		else counts.set(key, (counts.get(key) ?? 0) + 1);
	}
	const expected = new Set(ledger.expected);
	return {
		lost: ledger.expected.filter((key) => !counts.has(key)),
		duplicated: [...counts].filter(([, n]) => n > 1).map(([key]) => key),
		unexpected: [...counts.keys()].filter((key) => !expected.has(key)),
		others,
	};
}

/** Post Failed items carry the sandbox's reason, Post Published items a link. */
export function wrongDetails(items: Json[]): string[] {
	return items.flatMap((item) => {
		if (item.event === 'postFailed' && !String(item.reason).includes(FAILURE_REASON))
			return [`${eventKey(item)}: reason ${JSON.stringify(item.reason)}`];
		if (item.event === 'postPublished' && !/^https:\/\//.test(String(item.releaseURL)))
			return [`${eventKey(item)}: releaseURL ${JSON.stringify(item.releaseURL)}`];
		return [];
	});
}
