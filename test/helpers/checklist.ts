/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * The checks of a script-run suite (the end-to-end run, the demo command): each check prints `ok` or `FAIL` with
 * its reason, and the summary line `<label>: N passed, N failed` that CI logs are read by.
 */
export function checklist(label: string, redact: (text: string) => string = (text) => text) {
	let passed = 0;
	let failed = 0;
	return {
		async check(name: string, body: () => Promise<void> | void): Promise<void> {
			try {
				await body();
				passed++;
				process.stdout.write(`ok   ${name}\n`);
			} catch (error) {
				failed++;
				process.stdout.write(
					`FAIL ${name}\n     ${redact((error as Error).message)
						.split('\n')
						.join('\n     ')}\n`,
				);
			}
		},
		/** Prints the summary line; the process's exit code. */
		summary(): number {
			process.stdout.write(`${label}: ${passed} passed, ${failed} failed\n`);
			return failed === 0 ? 0 : 1;
		},
	};
}
