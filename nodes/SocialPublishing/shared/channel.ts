/**
 * A channel of the organisation as the service lists it (GET /integrations, spec 2.1): the fields
 * the node reads, in the node's words. `P` narrows its platform once it is known to be one of the
 * platform table's (`Channel<PlatformId>`).
 */
export interface Channel<P extends string = string> {
	id: string;
	name: string;
	/** Its platform (`x`, `linkedin`, ...): the API's `identifier` (ARCHITECTURE.md, Words). */
	platform: P;
	disabled?: boolean;
	profile?: string;
	customer?: { id?: string; name?: string };
	/** Not listed: looked up when a post needs it (X Premium's longer text). */
	premium?: boolean;
}

/**
 * GET /integrations' answer (its contract checked) read into channels: the one place the API's
 * `identifier` becomes `platform`. A field of another type is left out; a missing name is the id.
 */
export function channelsFromAnswer(answer: unknown): Channel[] {
	if (!Array.isArray(answer)) return [];
	return answer.flatMap((row: unknown) => {
		if (typeof row !== 'object' || row === null) return [];
		const listed = row as Record<string, unknown>;
		const id = typeof listed.id === 'string' ? listed.id : String(listed.id ?? '');
		const customer = listed.customer as Record<string, unknown> | null;
		return [
			{
				id,
				name: typeof listed.name === 'string' ? listed.name : id,
				platform: typeof listed.identifier === 'string' ? listed.identifier : '',
				...(typeof listed.disabled === 'boolean' ? { disabled: listed.disabled } : {}),
				...(typeof listed.profile === 'string' ? { profile: listed.profile } : {}),
				...(typeof customer === 'object' && customer !== null
					? {
							customer: {
								...(typeof customer.id === 'string' ? { id: customer.id } : {}),
								...(typeof customer.name === 'string' ? { name: customer.name } : {}),
							},
						}
					: {}),
			},
		];
	});
}
