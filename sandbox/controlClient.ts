/** A typed client over the control routes (/_sandbox), for tests, benchmarks and the demo. */
import axios, { type AxiosInstance } from 'axios';
import type { FaultSpec } from './faults';
import type { LoggedRequest } from './requestLog';
import type { ChannelBehaviour, OAuthTokenStatus, PlanName, Post } from './store';

export interface ChannelPatch extends Partial<ChannelBehaviour> {
	postingTimes?: number[];
	disabled?: boolean;
	premium?: boolean;
	/** A platform outside the rules table, e.g. linkedin-page. */
	platform?: string;
	discordChannels?: Array<{ id: string; name: string }>;
}

export interface SettingsPatch {
	allowLoopbackUploadUrls?: boolean;
	/** PEM certificate POST /upload-from-url trusts for https (tests' self-signed server); '' back to none. */
	trustedUploadCa?: string;
	closedPlatforms?: string[];
	[other: string]: unknown;
}

export interface NotificationBatch {
	count: number;
	content?: string;
	createdAt?: string;
	sameCreatedAt?: boolean;
}

export class SandboxControl {
	readonly http: AxiosInstance;

	constructor(origin: string) {
		this.http = axios.create({ baseURL: `${origin}/_sandbox`, timeout: 10_000 });
	}

	async requests(): Promise<LoggedRequest[]> {
		return (await this.http.get<{ requests: LoggedRequest[] }>('/requests')).data.requests;
	}
	async clearRequests(): Promise<void> {
		await this.http.delete('/requests');
	}
	async now(): Promise<string> {
		return (await this.http.get<{ now: string }>('/clock')).data.now;
	}
	async advance(seconds: number): Promise<string> {
		return (await this.http.post<{ now: string }>('/clock', { advanceSeconds: seconds })).data.now;
	}
	async setNow(now: string): Promise<string> {
		return (await this.http.post<{ now: string }>('/clock', { now })).data.now;
	}
	/** Publishes every queued post whose time has come; returns their ids. */
	async publishDue(): Promise<string[]> {
		return (await this.http.post<{ published: string[] }>('/publish-due')).data.published;
	}
	async org(): Promise<{
		id: string;
		plan: PlanName | null;
		usage: Record<string, number>;
		channels: number;
		posts: number;
	}> {
		return (await this.http.get('/org')).data;
	}
	/** A post of the main organisation as stored (parts with their ids and delays), null when there is none. */
	async storedPost(id: string): Promise<Post | null> {
		return (await this.http.get<{ post: Post | null }>(`/posts/${encodeURIComponent(id)}`)).data
			.post;
	}
	async setPlan(plan: PlanName | null): Promise<void> {
		await this.http.put('/plan', { plan });
	}
	/** Sets the posts counted in a billing month (`YYYY-MM`), to reach the allowance quickly. */
	async setUsage(month: string, count: number): Promise<void> {
		await this.http.put('/usage', { month, count });
	}
	/** New key for the main organisation; the old one stops at once. */
	async rotateKey(): Promise<string> {
		return (await this.http.post<{ apiKey: string }>('/rotate-key')).data.apiKey;
	}
	async mintToken(status: OAuthTokenStatus = 'valid'): Promise<string> {
		return (await this.http.post<{ token: string }>('/oauth-tokens', { status })).data.token;
	}
	async addNotifications(
		batch: NotificationBatch,
	): Promise<{ added: number; ids: string[]; total: number }> {
		return (await this.http.post('/notifications', batch)).data;
	}
	async addFault(fault: FaultSpec): Promise<void> {
		await this.http.post('/faults', fault);
	}
	async clearFaults(): Promise<void> {
		await this.http.delete('/faults');
	}
	async patchChannel(id: string, patch: ChannelPatch): Promise<void> {
		await this.http.patch(`/channels/${id}`, patch);
	}
	async settings(patch: SettingsPatch): Promise<SettingsPatch> {
		return (await this.http.put('/settings', patch)).data;
	}
	/** Back to the seeded state: data, keys, clock, faults, counters and log. */
	async reset(): Promise<void> {
		await this.http.post('/reset');
	}
}
