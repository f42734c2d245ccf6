/** Dates as the API reads and writes them. */

/** Parses an ISO 8601 date; a date-time without zone is UTC (find-slot hands out such times). NaN when invalid. */
export function parseApiDate(value: string): number {
	const hasTime = value.includes('T');
	const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
	return Date.parse(hasTime && !hasZone ? `${value}Z` : value);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a time, UTC. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
