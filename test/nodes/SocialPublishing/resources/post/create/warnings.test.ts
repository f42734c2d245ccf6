import { uncheckedPlatformText } from '../../../../../../nodes/SocialPublishing/resources/post/create/warnings';

describe('uncheckedPlatformText: a channel whose post the rules table could not check', () => {
	it('names the platform the service gives and the table does not know', () => {
		expect(
			uncheckedPlatformText(
				{ id: 'c1', name: 'Acme Page', platform: 'linkedin-page' },
				'its length, media and settings',
			),
		).toBe(
			'Acme Page is on "linkedin-page", a platform this node has no rules for: its length, ' +
				'media and settings were not checked before sending (the service checks them)',
		);
	});

	it('says so when the channel list gives the channel no platform, instead of an empty name', () => {
		const text = uncheckedPlatformText(
			{ id: 'c2', name: 'Acme', platform: '' },
			"the edit's length, media and settings",
		);
		expect(text).toBe(
			"Acme has no platform in the channel list: the edit's length, media and settings were " +
				'not checked before sending (the service checks them)',
		);
		expect(text).not.toMatch(/""|undefined/);
	});
});
