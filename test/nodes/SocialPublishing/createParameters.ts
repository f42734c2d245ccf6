/**
 * Post → Create's parameters written the way the editor saves them (fields mode, JSON mode, the
 * Parts and Channels lists, typed settings), for the suites that run Post → Create through
 * the harness in support.ts.
 */
import type { INodeParameters } from 'n8n-workflow';
import { PLATFORMS, type PlatformId } from '../../../nodes/SocialPublishing/shared/platforms';
import {
	isOwnParameter,
	optionalSettingsName,
	requiredSettingName,
} from '../../../nodes/SocialPublishing/resources/post/create/settings';
import { conditionHolds } from '../../../nodes/SocialPublishing/shared/postRules/settings';

export interface MediaParam {
	id?: string;
	path?: string;
	alt?: string;
	/** Upload from this binary field of the input item instead. */
	binaryProperty?: string;
	/** Upload from this address instead (Source "Public URL"). */
	url?: unknown;
}

export interface PartParam {
	content?: string;
	media?: MediaParam[];
	/** Delay (Minutes) of the part. */
	delay?: unknown;
}

/** The Parts fixedCollection as saved by the editor. */
export function parts(...list: PartParam[]): INodeParameters {
	return {
		part: list.map(({ content, media, delay }) => ({
			content: content ?? '',
			...(delay !== undefined ? { delay } : {}),
			...(media
				? {
						media: {
							item: media.map((m) =>
								m.binaryProperty
									? {
											source: 'binary',
											binaryProperty: m.binaryProperty,
											...(m.alt ? { alt: m.alt } : {}),
										}
									: m.url !== undefined
										? { source: 'url', url: m.url, ...(m.alt ? { alt: m.alt } : {}) }
										: m,
							),
						},
					}
				: {}),
		})),
	} as unknown as INodeParameters;
}

/** One entry of the Channels list. `settings` are the typed parameters (`x_who_can_reply_post`...). */
export function channel(entry: {
	channel: unknown;
	platform?: string;
	settingsJson?: unknown;
	settings?: Record<string, unknown>;
	parts?: INodeParameters;
}): INodeParameters {
	return {
		channel: entry.channel,
		platform: entry.platform ?? 'lookup',
		settingsMode: entry.settingsJson !== undefined ? 'json' : 'fields',
		...(entry.settingsJson !== undefined
			? {
					settingsJson:
						typeof entry.settingsJson === 'string'
							? entry.settingsJson
							: JSON.stringify(entry.settingsJson),
				}
			: {}),
		...(entry.settings ?? {}),
		...(entry.parts ? { parts: entry.parts } : {}),
	} as INodeParameters;
}

/** Post → Create parameters in fields mode. */
export function createParams(p: {
	type?: 'draft' | 'schedule' | 'now';
	date?: string;
	nextSlot?: boolean;
	parts?: INodeParameters;
	channels: INodeParameters[];
	options?: Record<string, unknown>;
	/** Skip Posts Already Created (on unless given). */
	skipPostsAlreadyCreated?: boolean;
}): INodeParameters {
	const perChannel = p.parts === undefined;
	const type = p.type ?? 'schedule';
	return {
		resource: 'post',
		operation: 'create',
		inputMode: 'fields',
		type,
		...(type !== 'now' ? { dateMode: p.nextSlot ? 'nextSlot' : 'date' } : {}),
		...(type !== 'now' && !p.nextSlot ? { date: p.date ?? '2030-01-15T10:00:00Z' } : {}),
		contentMode: perChannel ? 'perChannel' : 'same',
		...(perChannel ? {} : { parts: p.parts }),
		channels: { channel: p.channels },
		...(p.skipPostsAlreadyCreated === undefined
			? {}
			: { skipPostsAlreadyCreated: p.skipPostsAlreadyCreated }),
		options: p.options ?? {},
	} as INodeParameters;
}

/** Post → Create parameters in JSON mode (the whole body). */
export function jsonParams(body: unknown, options: Record<string, unknown> = {}): INodeParameters {
	return {
		resource: 'post',
		operation: 'create',
		inputMode: 'json',
		requestJson: JSON.stringify(body),
		options,
	} as INodeParameters;
}

type Json = Record<string, unknown>;

/**
 * The typed parameters that give exactly `settings`, or undefined when the editor cannot express
 * them (a wrong type or value, an unknown key, or a required choice left out: the editor always
 * has one selected).
 */
export function typedSettingsFor(
	platform: PlatformId,
	settings: Json | undefined,
): Json | undefined {
	const fields = PLATFORMS[platform].settings ?? [];
	const given = settings ?? {};
	if (Object.keys(given).some((key) => !fields.some((field) => field.name === key)))
		return undefined;
	const typed: Json = {};
	const optional: Json = {};
	for (const field of fields) {
		const value = given[field.name];
		const own = isOwnParameter(platform, field);
		// A field the editor hides (its condition does not hold) is not sent: JSON it is.
		if (!conditionHolds(field.when, given)) {
			if (value !== undefined) return undefined;
			continue;
		}
		// An empty text field is "not set" in the editor.
		if (value === undefined || value === '') {
			if (value === '') return undefined;
			if (field.required && (field.type === 'options' || field.type === 'boolean'))
				return undefined;
			continue;
		}
		// An own optional parameter at the service's default is left out of the body.
		if (own && !field.required && value === field.default) return undefined;
		let param: unknown;
		if (field.type === 'options' && typeof value === 'string' && field.values?.includes(value))
			param = value;
		else if (field.type === 'boolean' && typeof value === 'boolean') param = value;
		else if ((field.type === 'string' || field.type === 'url') && typeof value === 'string')
			param = value;
		else if (
			field.type === 'collaborators' &&
			Array.isArray(value) &&
			value.every(
				(c) => typeof (c as Json)?.label === 'string' && !String((c as Json).label).includes(','),
			)
		) {
			param = value.map((c) => (c as Json).label).join(', ');
		} else if (
			field.type === 'tags' &&
			Array.isArray(value) &&
			value.every(
				(t) =>
					(t as Json)?.value === (t as Json)?.label &&
					typeof (t as Json)?.value === 'string' &&
					!String((t as Json).value).includes(','),
			)
		) {
			param = value.map((t) => (t as Json).value).join(', ');
		} else if (
			field.type === 'media' &&
			typeof value === 'object' &&
			value !== null &&
			Object.keys(value).every((k) => k === 'id' || k === 'path')
		) {
			param = { media: value };
		} else return undefined;
		if (own) typed[requiredSettingName(platform, field.name)] = param;
		else optional[field.name] = param;
	}
	if (Object.keys(optional).length > 0) typed[optionalSettingsName(platform)] = optional;
	return typed;
}
