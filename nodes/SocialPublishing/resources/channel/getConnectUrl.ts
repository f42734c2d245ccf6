import type { INodeProperties } from 'n8n-workflow';

import { PLATFORM_IDS, PLATFORMS } from '../../shared/platforms';
import { checkValues, defineOperation, routeTo } from '../../shared/routing';

/** Platforms connected through GET /social/:platform (Bluesky, Telegram: in the service's app). */
const CONNECTABLE = PLATFORM_IDS.filter((id) => PLATFORMS[id].connectViaApi);

const fields: INodeProperties[] = [
	{
		displayName: 'Platform',
		name: 'platform',
		type: 'options',
		required: true,
		default: 'linkedin',
		description:
			"The platform to connect. Bluesky and Telegram are connected in the service's own application instead.",
		options: CONNECTABLE.map((id) => ({
			name: PLATFORMS[id].displayName,
			value: id,
			description: `Plans: ${PLATFORMS[id].plans.join(', ')}`,
		})).sort((a, b) => a.name.localeCompare(b.name)),
	},
];

export const getConnectUrl = defineOperation(
	'channel',
	{
		name: 'Get Connect URL',
		value: 'getConnectUrl',
		action: 'Get a connect URL for a platform',
		description:
			'Get the address where a member of the organisation connects a new channel (GET /social/:platform)',
		routing: routeTo('GET', '/social/{platform}', {
			preSend: [checkValues({ name: 'platform', label: 'Platform', oneOf: CONNECTABLE })],
			facts: { answer: { is: 'the connect URL', shape: { object: { url: 'text' } } } },
		}),
	},
	fields,
);
