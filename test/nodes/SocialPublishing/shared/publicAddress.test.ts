import { nonPublicHost } from '../../../../nodes/SocialPublishing/shared/publicAddress';

describe('Upload From URL: hosts the service does not fetch from, judged as written (no DNS)', () => {
	const host = (url: string) => new URL(url).hostname;

	test.each([
		['https://127.0.0.1/a.png', 'a loopback address'],
		['https://127.8.9.10/a.png', 'a loopback address'],
		['https://2130706433/a.png', 'a loopback address'],
		['https://0x7f.1/a.png', 'a loopback address'],
		['https://10.1.2.3/a.png', 'a private network address'],
		['https://172.16.0.1/a.png', 'a private network address'],
		['https://172.31.255.255/a.png', 'a private network address'],
		['https://192.168.1.20/a.png', 'a private network address'],
		['https://169.254.169.254/a.png', 'a link-local address'],
		['https://100.64.0.1/a.png', 'a shared (carrier-grade NAT) address'],
		['https://0.0.0.0/a.png', 'an unspecified address'],
		['https://[::1]/a.png', 'a loopback address'],
		['https://[::]/a.png', 'an unspecified address'],
		['https://[::ffff:127.0.0.1]/a.png', 'a loopback address'],
		['https://[::ffff:192.168.0.1]/a.png', 'a private network address'],
		['https://[fd12:3456::1]/a.png', 'a private network address'],
		['https://[fe80::1]/a.png', 'a link-local address'],
		['https://localhost/a.png', 'a name of this machine'],
		['https://LOCALHOST./a.png', 'a name of this machine'],
		['https://files.localhost/a.png', 'a name of this machine'],
		['https://printer.local/a.png', 'a local network name'],
		['https://cdn.corp.internal/a.png', 'an internal network name'],
	])('%s: %s', (url, reason) => {
		expect(nonPublicHost(host(url))).toBe(reason);
	});

	test.each([
		'https://example.com/a.png',
		'https://upload.wikimedia.org/a.png',
		'https://8.8.8.8/a.png',
		'https://172.32.0.1/a.png',
		'https://192.169.0.1/a.png',
		'https://100.128.0.1/a.png',
		'https://[2001:db8::1]/a.png',
		'https://[2606:4700::1111]/a.png',
		'https://localhost.example.com/a.png',
		'https://local.example.com/a.png',
	])('%s may be public: left to the service', (url) => {
		expect(nonPublicHost(host(url))).toBeUndefined();
	});
});
