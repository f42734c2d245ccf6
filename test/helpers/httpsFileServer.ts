/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev/test code, never shipped */
/**
 * An https file server on 127.0.0.1 for Upload From URL: the node sends only https addresses, so the sandbox must
 * fetch over TLS. Its certificate is self-signed, made by the `openssl` CLI at test time for 127.0.0.1 and valid
 * for a day (Node's crypto cannot issue certificates); key and certificate live only in memory, so nothing secret is
 * ever committed. The sandbox trusts it only when a test passes `ca` as its `trustedUploadCa` setting.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { serveFiles, type FileHandler } from '../fixtures/media';

export interface SelfSigned {
	key: string;
	cert: string;
}

/** A throwaway key and self-signed certificate for IP 127.0.0.1 (PEM); the temp dir is removed at once. */
export async function selfSignedFor127(): Promise<SelfSigned> {
	const dir = await mkdtemp(join(tmpdir(), 'sandbox-tls-'));
	try {
		const keyFile = join(dir, 'key.pem');
		const certFile = join(dir, 'cert.pem');
		await promisify(execFile)('openssl', [
			'req',
			'-x509',
			'-newkey',
			'rsa:2048',
			'-nodes',
			'-subj',
			'/CN=127.0.0.1',
			'-addext',
			'subjectAltName=IP:127.0.0.1',
			'-days',
			'1',
			'-keyout',
			keyFile,
			'-out',
			certFile,
		]);
		return { key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8') };
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}

/** Serves `routes` (others 404) over https on a free port; `ca` is the certificate to trust. */
export async function serveFilesOverHttps(routes: Record<string, FileHandler>) {
	const tls = await selfSignedFor127();
	const server = await serveFiles(routes, tls);
	return { ...server, ca: tls.cert };
}
