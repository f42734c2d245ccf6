/**
 * The wording standard of issue 14, checked where no request is needed: no doubled full stop in any text the editor
 * shows or any error the service's answers turn into, and the literal host checks of Upload From URL.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { SocialPublishingApi } from '../../../credentials/SocialPublishingApi.credentials';
import { SocialPublishing } from '../../../nodes/SocialPublishing/SocialPublishing.node';
import { SocialPublishingTrigger } from '../../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
import { explainFailure } from '../../../nodes/SocialPublishing/shared/errors';
import { nonPublicHost } from '../../../nodes/SocialPublishing/shared/publicAddress';

/** Two full stops in a row, but not an ellipsis ("pos_..."). */
const DOUBLED = /(?<!\.)\.\s*\.(?!\.)/;

type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** Every text of a property list the editor shows, labelled with where it is. */
function textsOf(entries: Entry[], where: string): Array<[string, string]> {
	return entries.flatMap((entry) => {
		const here = `${where} → ${'displayName' in entry ? entry.displayName : entry.name}`;
		const own = (['description', 'hint', 'placeholder', 'action'] as const)
			.map((key) => [here, (entry as unknown as Record<string, unknown>)[key]] as const)
			.filter((pair): pair is readonly [string, string] => typeof pair[1] === 'string')
			.map(([label, text]) => [label, text] as [string, string]);
		const children = [
			...(Array.isArray((entry as INodeProperties).options) ? ((entry as INodeProperties).options as Entry[]) : []),
			...(Array.isArray((entry as INodePropertyCollection).values) ? (entry as INodePropertyCollection).values : []),
		];
		return [...own, ...textsOf(children, here)];
	});
}

describe('no doubled full stops', () => {
	test('in any description, hint, placeholder or action of the nodes and the credential', () => {
		const texts = [
			...textsOf(new SocialPublishing().description.properties, 'Social Publishing'),
			...textsOf(new SocialPublishingTrigger().description.properties, 'Social Publishing Trigger'),
			...textsOf(new SocialPublishingApi().properties, 'credential'),
			...new SocialPublishingApi().test.rules!.map((rule) => ['credential test', String((rule.properties as { message: string }).message)] as [string, string]),
		];
		expect(texts.length).toBeGreaterThan(100);
		expect(texts.filter(([, text]) => DOUBLED.test(text))).toEqual([]);
	});

	// The service's own texts often end with a full stop ("Unsupported file type.", "posts.0.value.0. If images ...").
	test.each([400, 401, 402, 403, 404, 413, 418, 500, 503])('in the error for an HTTP %i whose service message ends with one', (status) => {
		for (const path of ['/upload', '/posts', '/integrations/abc', '/find-slot/abc', '/media']) {
			for (const body of [{ msg: 'Something went wrong.' }, { message: ['a.', 'b.'] }, { statusCode: status, provider: 'x', name: 'Shop', message: 'Too long.' }]) {
				const { message, description } = explainFailure({ method: 'POST', path, status, body, attempts: 2 });
				expect(`${message}\n${description}`).not.toMatch(DOUBLED);
			}
		}
	});
});

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
