/**
 * The node's hints: n8n's editor shows them in the panel (above the output) when their
 * `displayCondition` holds. The editor evaluates that expression itself (n8n 2.41.1 and 1.123.81:
 * useNodeHelpers' getNodeHints), with `$parameter` the node's fields as they stand and `$json` the
 * input's first item; it cannot name the node it runs for, so it cannot read the node's own output.
 */
import type { NodeHint } from 'n8n-workflow';

import { platformName } from './methods/loadOptions';
import { PLATFORMS, type PlatformId } from './shared/platforms';

/** Each platform's name as the Channel list's labels carry it: "Shop (X)", "Page (LinkedIn, A)". */
const LABEL_NAMES = Object.fromEntries(
	(Object.keys(PLATFORMS) as PlatformId[]).map((platform) => [platform, platformName(platform)]),
);

/**
 * True when a Post → Create Channels entry holds a channel picked From List whose label (n8n keeps
 * it as the value's `cachedResultName`) names another platform than the entry's Platform, and not
 * the entry's own: a label the list made for a channel on that platform always names it, so the
 * hint never shows for a channel that is on it. By ID, an expression, or Look Up From Channel: no
 * label to read, nothing shown (the run's own check, platformMismatch, still refuses a mismatch).
 */
export const PLATFORM_MISMATCH_CONDITION = [
	"={{ $parameter.resource === 'post' && $parameter.operation === 'create' &&",
	'((names, entries) => Array.isArray(entries) && entries.some((entry) => {',
	'const channel = entry && entry.channel;',
	"const picked = channel && typeof channel === 'object' && channel.mode === 'list' &&",
	"typeof channel.value === 'string' && channel.value !== '' && !channel.value.startsWith('=');",
	"const label = picked && typeof channel.cachedResultName === 'string' ? channel.cachedResultName : '';",
	"const says = (name) => label.includes(' (' + name + ')') || label.includes(' (' + name + ', ');",
	'const own = names[entry.platform];',
	"return label !== '' && typeof own === 'string' && !says(own) && Object.values(names).some(says);",
	`}))(${JSON.stringify(LABEL_NAMES)}, ($parameter.channels || {}).channel) }}`,
].join(' ');

export const NODE_HINTS: NodeHint[] = [
	{
		message:
			'A Channels entry holds a channel of another platform than its Platform: the channel\'s name in the list ends with its platform, e.g. "Shop (X)" under Platform LinkedIn. Pick the channel again from the list, which shows the Platform\'s channels, or set the Platform back; as it is, a run refuses the post before sending.',
		type: 'warning',
		location: 'ndv',
		whenToDisplay: 'always',
		displayCondition: PLATFORM_MISMATCH_CONDITION,
	},
];
