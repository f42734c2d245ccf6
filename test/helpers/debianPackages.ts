/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped: it installs Debian packages for the tests */
/**
 * Debian packages the script-run tests need (PostgreSQL and Redis for queue mode, Chromium for the browser test),
 * installed with apt-get when missing (`apt-get update` first if the package lists are stale). Installs as root (CI's
 * fresh machine) or on a CI runner with password-less sudo (GitHub's, CI=true); a developer's machine gets the
 * command to run instead.
 */
import { run } from '../../local-n8n/localN8n';

/** Installs `packages`; the seconds apt-get took. */
export async function installDebianPackages(
	packages: string[],
	what: string,
	say: (line: string) => void,
): Promise<number> {
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const root = process.getuid?.() === 0;
	const sudo =
		!root &&
		process.env.CI === 'true' &&
		(await run('sudo', ['-n', 'true'], { cwd: '/', timeoutMs: 10_000 }).catch(() => undefined))
			?.code === 0;
	if (!root && !sudo)
		throw new Error(
			`${what} is missing; install it with: sudo apt-get install -y ${packages.join(' ')}`,
		);
	const aptGet = async (...args: string[]) =>
		sudo
			? await run('sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args], {
					cwd: '/',
					timeoutMs: 600_000,
				})
			: await run('apt-get', args, { cwd: '/', env, timeoutMs: 600_000 });
	const started = Date.now();
	say(
		`installing ${packages.join(' ')} from Debian's packages (apt-get; the time it took is printed at the end)`,
	);
	const install = async () => await aptGet('install', '-y', '--no-install-recommends', ...packages);
	let result = await install();
	if (result.code !== 0) {
		const update = await aptGet('update');
		if (update.code !== 0) throw new Error(`apt-get update failed:\n${update.output.slice(-2000)}`);
		result = await install();
	}
	if (result.code !== 0) throw new Error(`apt-get install failed:\n${result.output.slice(-2000)}`);
	const seconds = (Date.now() - started) / 1000;
	say(`installed in ${seconds.toFixed(0)} s`);
	return seconds;
}
