/** Section 5: who is calling. Sets `res.locals.org`; answers the four 401 messages. */
import type { RequestHandler } from 'express';
import type { SandboxContext } from './context';
import { unauthorized } from './errors';

export function authMiddleware(ctx: SandboxContext): RequestHandler {
	return (req, res, next) => {
		const header = req.get('authorization');
		if (!header) throw unauthorized('No API Key found');
		// The key stands alone; a Bearer prefix is a different (wrong) credential, never stripped.
		if (/^bearer\s/i.test(header)) throw unauthorized('Invalid API key');
		let org;
		if (header.startsWith('pos_')) {
			const found = ctx.store.oauthToken(header);
			if (!found || found.token.status !== 'valid') throw unauthorized('Invalid OAuth token');
			org = found.org;
		} else {
			org = ctx.store.orgByApiKey(header);
			if (!org) throw unauthorized('Invalid API key');
		}
		if (!org.plan) throw unauthorized('No subscription found');
		res.locals.org = org;
		next();
	};
}
