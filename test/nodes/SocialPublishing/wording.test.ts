/**
 * The wording standard of issue 14, checked where no request is needed: no doubled full stop in any text the editor
 * shows or any error the service's answers turn into.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { SocialPublishingApi } from '../../../credentials/SocialPublishingApi.credentials';
import { SocialPublishing } from '../../../nodes/SocialPublishing/SocialPublishing.node';
import { SocialPublishingTrigger } from '../../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
import { ROUTES } from './routes';
import { explainFailure } from '../../../nodes/SocialPublishing/shared/errors';

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
			...(Array.isArray((entry as INodeProperties).options)
				? ((entry as INodeProperties).options as Entry[])
				: []),
			...(Array.isArray((entry as INodePropertyCollection).values)
				? (entry as INodePropertyCollection).values
				: []),
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
			...new SocialPublishingApi().test.rules!.map(
				(rule) =>
					['credential test', String((rule.properties as { message: string }).message)] as [
						string,
						string,
					],
			),
		];
		expect(texts.length).toBeGreaterThan(100);
		expect(texts.filter(([, text]) => DOUBLED.test(text))).toEqual([]);
	});

	// The service's own texts often end with a full stop ("Unsupported file type.", "posts.0.value.0. If images ...").
	test.each([400, 401, 402, 403, 404, 413, 418, 500, 503])(
		'in the error for an HTTP %i whose service message ends with one',
		(status) => {
			for (const path of ['/upload', '/posts', '/integrations/abc', '/find-slot/abc', '/media']) {
				for (const body of [
					{ msg: 'Something went wrong.' },
					{ message: ['a.', 'b.'] },
					{ statusCode: status, provider: 'x', name: 'Shop', message: 'Too long.' },
				]) {
					const { message, description } = explainFailure({
						method: 'POST',
						path,
						route: ROUTES('POST', path),
						status,
						body,
						attempts: 2,
					});
					expect(`${message}\n${description}`).not.toMatch(DOUBLED);
				}
			}
		},
	);
});

/**
 * n8n shows an error's description (and the credential test's message) as HTML, so an example written with an
 * angle-bracket placeholder loses it: "e.g. https://<your-host>/api/public/v1" reads "e.g. https:///api/public/v1".
 */
describe('no angle-bracket placeholders in what n8n shows as HTML', () => {
	const ANGLE_PLACEHOLDER = /<[a-z][\w-]*>/i;

	test("in the credential test's messages", () => {
		const messages = new SocialPublishingApi().test.rules!.map((rule) =>
			String((rule.properties as { message: string }).message),
		);
		expect(messages.filter((message) => ANGLE_PLACEHOLDER.test(message))).toEqual([]);
	});

	test.each([400, 401, 402, 403, 404, 405, 413, 429, 500, 503])(
		'in the error for an HTTP %i',
		(status) => {
			for (const path of [
				'/upload',
				'/posts',
				'/integrations/abc',
				'/find-slot/abc',
				'/media',
				'/is-connected',
			]) {
				for (const body of [{ message: `Cannot GET ${path}` }, { msg: 'Something went wrong' }]) {
					const { message, description } = explainFailure({
						method: 'GET',
						path,
						route: ROUTES('GET', path),
						status,
						body,
						attempts: 1,
					});
					expect(`${message}\n${description}`).not.toMatch(ANGLE_PLACEHOLDER);
				}
			}
		},
	);
});
