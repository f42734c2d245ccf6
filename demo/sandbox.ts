/**
 * The sandbox the demo runs against: the production profile, every departure the service notes list, so that what a
 * person tries in the demo is what the real service does throughout: one group per channel, each post's settings
 * listed by GET /posts, posts edited in place, PUT /posts/:id/settings (sandbox/README.md, docs/real-backend.md). A
 * mix of the contract and one production quirk (edits in place over one group per request) made an edit of one
 * channel's post delete the request's other posts, which the real service never does.
 */
import type { SandboxOptions } from '../sandbox';

export const DEMO_SANDBOX: SandboxOptions = { control: true, profile: 'production' };
