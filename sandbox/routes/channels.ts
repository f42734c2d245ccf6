/** Section 4.2: channels. */
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { PLATFORMS } from '../../nodes/SocialPublishing/shared/platforms';
import { maxLengthFor } from '../../nodes/SocialPublishing/shared/postRules';
import { orgOf, type SandboxContext } from '../context';
import {
	badRequest,
	fieldErrors,
	forbidden,
	notFound,
	paymentRequired,
	unauthorized,
} from '../errors';
import { PLANS, isPlatform, planIncludes } from '../plans';
import { settingsSchema } from '../settingsSchema';
import type { Channel, Org } from '../store';

/** Section 2.1: a channel as GET /integrations shows it. */
export function channelView(org: Org, c: Channel) {
	const customer = c.customerId ? org.customers.find((x) => x.id === c.customerId) : undefined;
	return {
		id: c.id,
		name: c.name,
		identifier: c.platform,
		picture: c.picture,
		disabled: c.disabled,
		profile: c.profile,
		...(customer ? { customer: { id: customer.id, name: customer.name } } : {}),
	};
}

function toolsOf(channel: Channel) {
	if (channel.platform !== 'discord') return [];
	return [
		{
			methodName: 'channels',
			description: 'Chat channels of the server that posts can go to',
			dataSchema: [],
		},
	];
}

export function channelOrThrow(ctx: SandboxContext, org: Org, id: string): Channel {
	const channel = ctx.store.channel(org, id);
	if (!channel) throw notFound('Integration not found');
	return channel;
}

export function channelRoutes(ctx: SandboxContext): Router {
	const router = Router();

	router.get('/is-connected', (_req, res) => {
		res.json({ connected: true });
	});

	router.get('/integrations', (_req, res) => {
		const org = orgOf(res);
		res.json(org.channels.map((c) => channelView(org, c)));
	});

	router.get('/integration-settings/:id', (req, res) => {
		const channel = channelOrThrow(ctx, orgOf(res), req.params.id);
		if (!isPlatform(channel.platform)) throw notFound('Integration not found');
		const platform = PLATFORMS[channel.platform];
		res.json({
			output: {
				rules: platform.mediaRule,
				maxLength: maxLengthFor({
					id: channel.id,
					name: channel.name,
					platform: platform.id,
					premium: channel.premium,
				}),
				settings: settingsSchema(platform),
				tools: toolsOf(channel),
			},
		});
	});

	router.post('/integration-trigger/:id', (req, res) => {
		const channel = channelOrThrow(ctx, orgOf(res), req.params.id);
		const body: unknown = req.body;
		const methodName =
			typeof body === 'object' && body !== null
				? (body as { methodName?: unknown }).methodName
				: undefined;
		if (methodName === undefined || methodName === null)
			throw fieldErrors(['methodName should not be null or undefined']);
		if (typeof methodName !== 'string') throw fieldErrors(['methodName must be a string']);
		const tool = toolsOf(channel).find((t) => t.methodName === methodName);
		if (!tool) throw notFound('Tool not found');
		if (channel.behaviour.signInExpired)
			throw unauthorized('Channel disconnected due to expired token');
		res.json({ output: (channel.discordChannels ?? []).map(({ id, name }) => ({ id, name })) });
	});

	router.get('/social/:platform', (req, res) => {
		const org = orgOf(res);
		const id = req.params.platform;
		if (!isPlatform(id)) throw badRequest(`Unknown platform identifier "${id}"`);
		const platform = PLATFORMS[id];
		if (!platform.connectViaApi)
			throw badRequest(
				`${id} is connected in the service's own application, not through this route`,
			);
		const plan = org.plan;
		if (!plan) throw unauthorized('No subscription found');
		const billing = ctx.settings.billingUrl;
		if (!planIncludes(plan, id))
			throw paymentRequired(`${id} is not included in the ${plan} plan`, billing);
		if (ctx.settings.closedPlatforms.includes(id))
			throw forbidden(`${id} does not take new channels yet`);
		const used = org.channels.filter((c) => !c.disabled).length;
		if (used >= PLANS[plan].channelSlots)
			throw paymentRequired(
				`All ${PLANS[plan].channelSlots} channel slots of the ${plan} plan are taken`,
				billing,
			);
		res.json({ url: `${ctx.origin}/integrations/social/${id}/connect?state=${randomUUID()}` });
	});

	router.delete('/integrations/:id', (req, res) => {
		const org = orgOf(res);
		const channel = channelOrThrow(ctx, org, req.params.id);
		org.channels = org.channels.filter((c) => c !== channel);
		org.posts = org.posts.filter((p) => p.channelId !== channel.id);
		res.json({ deleted: true });
	});

	return router;
}
