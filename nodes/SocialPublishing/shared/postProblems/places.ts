/**
 * Where a problem is, in the editor's words: the channel entry (name and platform), the part, and
 * the field's label, from a body path (`posts.0.value.1.image.2.path`).
 */
import { PLATFORMS, type PlatformId } from '../platforms';
import type { ProblemContext } from './types';

/**
 * The one map from a body's field names (top level, in `posts.<n>`, in a part, in a media item) to
 * the editor's labels; a test checks each against Post → Create's fields.
 */
export const FIELD_LABELS = {
	top: {
		type: 'Type',
		date: 'Publish At',
		shortLink: 'Options → Shorten Links',
		tags: 'Options → Tag Names or IDs',
		inter: 'Options → Repeat Every (Days)',
		posts: 'Channels',
	},
	entry: { integration: 'Channel', settings: 'Settings', value: 'Parts' },
	part: { content: 'Text', image: 'Media', delay: 'Delay (Minutes)' },
	media: { id: 'Media ID', path: 'Media Path', alt: 'Alt Text', url: 'URL' },
} as const;

/** The fields the node's own problems are about (`NodeField`), as the editor labels them. */
export const NODE_FIELD_LABELS = {
	channel: 'Channel',
	platform: 'Platform',
	date: 'Publish At',
	dateMode: 'Date',
	repeatEvery: 'Repeat Every (Days)',
	requestJson: 'Request (JSON)',
	requestJsonDate: '"date" in Request (JSON)',
	settingsJson: 'Settings (JSON)',
	request: 'the request',
	binaryField: 'Binary Field',
	updateFields: 'Update Fields',
	updateDate: 'Update Fields → Publish At',
	updateSettingsJson: 'Update Fields → Settings (JSON)',
	currentDate: 'Options → Current Publish Date',
	mediaAndFollowUps: 'Media and Follow-Up Parts',
	postId: 'Post ID',
} as const;

export type NodeField = keyof typeof NODE_FIELD_LABELS;

/** Post → Update's Media and Follow-Up Parts: each option's name in the editor, by value. */
export const PARTS_CHOICES = {
	notSaid: 'Not Said',
	none: 'The Post Has None',
	replace: 'Replace With These',
} as const;

export type PartsChoice = keyof typeof PARTS_CHOICES;

const labelIn = <T extends object>(labels: T, name: string | undefined): string | undefined =>
	name !== undefined && Object.prototype.hasOwnProperty.call(labels, name)
		? String(labels[name as keyof T])
		: undefined;

export function channelLabel(context: ProblemContext, entryIndex: number): string {
	const channel = context.channels[entryIndex];
	const number = `channel ${entryIndex + 1}`;
	if (!channel) return number;
	const platform = channel.platform
		? PLATFORMS[channel.platform].displayName
		: channel.notListed
			? "not among the service's channels"
			: 'platform unknown';
	if (channel.name) return `${number} "${channel.name}" (${platform})`;
	return channel.id ? `${number} ${channel.id} (${platform})` : `${number} (no ID, ${platform})`;
}

export function partLabel(partIndex: number): string {
	return partIndex === 0 ? 'part 1 (the post)' : `part ${partIndex + 1} (follow-up ${partIndex})`;
}

export interface Located {
	entryIndex?: number;
	partIndex?: number;
	/** The field inside the post (or at top level), in the editor's words. */
	field: string;
	/** The JSON path inside a post, e.g. `settings.title`, `value.0.image.1.path`. */
	rest: string[];
}

/**
 * Splits a dotted body path into channel, part and field, named in the editor's words in both
 * modes (in JSON mode the path goes to the details); `rest`: what follows `posts.<n>`.
 */
export function locate(path: string, context: ProblemContext): Located {
	const segments = path === '' ? [] : path.split('.');
	if (segments[0] !== 'posts' || segments.length < 2) {
		const field =
			context.inputMode === 'json'
				? segments[0] === undefined
					? 'Request (JSON)'
					: `"${segments[0]}" in Request (JSON)`
				: (labelIn(FIELD_LABELS.top, segments[0]) ?? path);
		return { field, rest: [] };
	}
	const entryIndex = Number(segments[1]);
	const rest = segments.slice(2);
	return {
		entryIndex,
		partIndex: rest[0] === 'value' && rest[1] !== undefined ? Number(rest[1]) : undefined,
		field: fieldLabel(rest, context.channels[entryIndex]?.platform),
		rest,
	};
}

/** The label of a field inside a channel entry (`rest`: its path after `posts.<n>`). */
function fieldLabel(rest: string[], platform: PlatformId | undefined): string {
	const [head, second, third, fourth, fifth] = rest;
	if (head === 'settings' && second !== undefined) {
		const field = platform && PLATFORMS[platform].settings?.find(({ name }) => name === second);
		return `setting "${field ? field.label : second}"`;
	}
	if (head === 'value' && second !== undefined) {
		if (third === undefined) return 'the part';
		if (third === 'image' && fourth !== undefined) {
			const media = `media ${Number(fourth) + 1}`;
			const label = labelIn(FIELD_LABELS.media, fifth);
			return label ? `${media} → ${label}` : media;
		}
		const label = labelIn(FIELD_LABELS.part, third);
		if (label) return label;
	}
	const entryField = rest.length === 1 || head === 'integration';
	return (entryField ? labelIn(FIELD_LABELS.entry, head) : undefined) ?? rest.join('.');
}
