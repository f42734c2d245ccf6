import type { PlatformId } from '../platforms';

/** What the checks share: the problems they find, the body's JSON, and the report of field problems in the service's class-validator style. */

/**
 * One broken rule. The service answers them like this:
 * - 'field': 400 `{message: [<all field messages>]}` (class-validator style, dotted paths);
 * - 'channel': the post names a channel id the organisation does not have (the spec's 404);
 * - 'platform': 400 `{provider, name, message}` for the first one.
 * `checkCreatePostRequest` returns field problems first (all of them, in body order), then
 * unknown channels, then platform problems post by post, part by part: the first problem
 * decides the answer.
 */
export type RuleProblem =
	| { kind: 'field'; path: string; message: string }
	| { kind: 'channel'; postIndex: number; path: string; channelId: string; message: string }
	| {
			kind: 'platform';
			postIndex: number;
			partIndex?: number;
			field?: 'content' | 'image';
			provider: PlatformId;
			channelName: string;
			message: string;
	  };

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isMissing(value: unknown): boolean {
	return value === undefined || value === null;
}

/** Field problems of a body, worded like the service's validator (dotted paths). */
export class FieldReport {
	readonly problems: RuleProblem[] = [];

	add(path: string, message: string): void {
		this.problems.push({ kind: 'field', path, message });
	}

	/** Reports a missing required value; true when it is present. */
	present(value: unknown, path: string): boolean {
		if (isMissing(value)) {
			this.add(path, `${path} should not be null or undefined`);
			return false;
		}
		return true;
	}

	string(value: unknown, path: string): value is string {
		if (typeof value === 'string') return true;
		this.add(path, `${path} must be a string`);
		return false;
	}

	array(
		value: unknown,
		path: string,
		min: number | undefined,
		max: number | undefined,
	): value is unknown[] {
		if (!Array.isArray(value)) {
			this.add(path, `${path} must be an array`);
			return false;
		}
		if (min !== undefined && value.length < min) {
			this.add(path, `${path} must contain at least ${min} elements`);
		}
		if (max !== undefined && value.length > max) {
			this.add(path, `${path} must contain no more than ${max} elements`);
		}
		return true;
	}
}
