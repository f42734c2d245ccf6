/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev/test code, never shipped */
/**
 * `npm run sandbox -- [--port N] [--host H] [--control] [--seed FILE] [--manual-clock] [--profile spec|production]
 * [--quirk NAME=on|off ...]`: starts it and stays up.
 */
import { QUIRKS, startSandbox, type Quirk, type SandboxOptions } from './index';

function parseArgs(argv: string[]): SandboxOptions {
	const options: SandboxOptions = { port: 3000 };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const value = () => {
			const v = argv[++i];
			if (v === undefined) throw new Error(`${arg} needs a value`);
			return v;
		};
		if (arg === '--port') {
			options.port = Number(value());
			if (!Number.isInteger(options.port) || options.port < 0)
				throw new Error('--port must be a port number (0 = free port)');
		} else if (arg === '--host') options.host = value();
		else if (arg === '--control') options.control = true;
		else if (arg === '--seed') options.seedFile = value();
		else if (arg === '--manual-clock') options.clock = { mode: 'manual' };
		else if (arg === '--profile') {
			const profile = value();
			if (profile !== 'spec' && profile !== 'production')
				throw new Error('--profile must be spec or production');
			options.profile = profile;
		} else if (arg === '--quirk') {
			const [name, state = 'on'] = value().split('=');
			if (!(QUIRKS as readonly string[]).includes(name) || !['on', 'off'].includes(state))
				throw new Error(`--quirk takes NAME=on|off, NAME one of ${QUIRKS.join(', ')}`);
			options.productionQuirks = { ...options.productionQuirks, [name as Quirk]: state === 'on' };
		} else
			throw new Error(
				`unknown option ${arg} (known: --port N, --host H, --control, --seed FILE, --manual-clock, --profile spec|production, --quirk NAME=on|off)`,
			);
	}
	return options;
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2));
	const sandbox = await startSandbox(options);
	const channels = Object.entries(sandbox.seed.channels)
		.map(
			([handle, c]) =>
				`  ${handle.padEnd(18)} ${c.id}  ${c.platform}${c.disabled ? ' (disabled)' : ''}`,
		)
		.join('\n');
	process.stdout.write(
		[
			`Sandbox of the social publishing API listening on port ${new URL(sandbox.origin).port}`,
			`Base URL: ${sandbox.baseUrl}`,
			`API key:  ${sandbox.apiKey}`,
			`Profile:  ${options.profile ?? 'spec'}${options.productionQuirks ? ` (quirks switched: ${JSON.stringify(options.productionQuirks)})` : ''}`,
			`Control routes: ${process.argv.includes('--control') ? `${sandbox.origin}/_sandbox` : 'off (start with --control)'}`,
			'Channels:',
			channels,
			'Ctrl+C to stop.',
			'',
		].join('\n'),
	);
	const stop = () => {
		void sandbox.close().then(() => process.exit(0));
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error: Error) => {
	process.stderr.write(`sandbox: ${error.message}\n`);
	process.exit(1);
});
