/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/** Imported first by benchmarks: n8n-core reads these when it is loaded (see test/setup-env.js). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The user folder made for this run (child processes inherit it through the environment), if this process made it. */
const made = process.env.N8N_USER_FOLDER ? undefined : mkdtempSync(join(tmpdir(), 'n8n-bench-'));
if (made) process.env.N8N_USER_FOLDER = made;

/** Removes the folder made above, with the binary data the uploads stored there (hundreds of MB). */
export function removeBenchUserFolder(): void {
	if (made) rmSync(made, { recursive: true, force: true });
}
process.env.N8N_LOG_LEVEL ??= 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
