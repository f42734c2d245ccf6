import type { IDataObject } from 'n8n-workflow';

/** Keys whose values are credentials: production echoes a channel's tokens on DELETE /integrations/:id. */
const SECRET_KEY = /token|secret|password|api[-_]?key|authorization|cookie/i;

/** A deep copy without any field that holds a credential. */
export function redactSecrets(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(redactSecrets);
	if (value && typeof value === 'object') {
		const copy: IDataObject = {};
		for (const [key, inner] of Object.entries(value as IDataObject)) {
			if (!SECRET_KEY.test(key)) copy[key] = redactSecrets(inner) as IDataObject;
		}
		return copy;
	}
	return value;
}
