import {
	DEFAULT_POLICY,
	requestOptionsCollection,
} from '../../../../../nodes/SocialPublishing/shared/transport/policy';

it('the default policy is what the Request Options fields show, every figure read from its field', () => {
	const shown = Object.fromEntries(
		(requestOptionsCollection.options ?? []).map((field) => [
			field.name,
			(field as { default?: unknown }).default,
		]),
	);
	expect(shown).toEqual({
		includeRateLimitInfo: DEFAULT_POLICY.includeRateLimitInfo,
		maxRateLimitWait: DEFAULT_POLICY.maxRateLimitWaitS,
		maxInFlight: DEFAULT_POLICY.maxInFlight,
		maxRetries: DEFAULT_POLICY.retries,
		retryDelay: DEFAULT_POLICY.retryDelayMs,
	});
	// A field renamed without its reader would leave a figure undefined.
	const kinds = Object.entries(DEFAULT_POLICY).map(([name, value]) => `${name}: ${typeof value}`);
	expect(kinds).toEqual([
		'timeoutMs: number',
		'retries: number',
		'retryDelayMs: number',
		'maxRateLimitWaitS: number',
		'maxInFlight: number',
		'includeRateLimitInfo: boolean',
	]);
});
