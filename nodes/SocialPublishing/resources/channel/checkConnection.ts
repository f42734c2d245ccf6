import { defineOperation, routeTo } from '../../shared/routing';

export const checkConnection = defineOperation('channel', {
	name: 'Check Connection',
	value: 'checkConnection',
	action: 'Check the connection',
	description: 'Check that the API key works (GET /is-connected)',
	routing: routeTo('GET', '/is-connected', {
		facts: { answer: { is: 'the connection check', shape: { object: { connected: 'boolean' } } } },
	}),
});
