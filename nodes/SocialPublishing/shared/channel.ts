/**
 * A channel of the organisation as the service lists it (GET /integrations, spec 2.1): the fields
 * the node reads. `P` narrows its platform once it is known to be one of the platform table's
 * (`Channel<PlatformId>`).
 */
export interface Channel<P extends string = string> {
	id: string;
	name: string;
	/** Its platform (`x`, `linkedin`, ...), in the API's word (ARCHITECTURE.md, Words). */
	identifier: P;
	disabled?: boolean;
	profile?: string;
	customer?: { id?: string; name?: string };
	/** Not listed: looked up when a post needs it (X Premium's longer text). */
	premium?: boolean;
}
