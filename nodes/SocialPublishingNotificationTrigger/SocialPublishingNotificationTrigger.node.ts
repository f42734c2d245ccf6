import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import {
	DEFAULT_MAX_PER_POLL,
	DEFAULT_TIMEOUT_SECONDS,
	pollNotifications,
} from './pollNotifications';
import { optionalFields } from '../SocialPublishing/shared/descriptions';
import { postEventsProperties } from './postEventFields';
import { pollPostEvents } from './pollPostEvents';
import { getChannels } from './channelOptions';

const notificationsOnly = { show: { watch: ['notifications'] } };

export class SocialPublishingNotificationTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Publishing Trigger',
		name: 'socialPublishingNotificationTrigger',
		icon: {
			light: 'file:../SocialPublishing/socialPublishing.svg',
			dark: 'file:../SocialPublishing/socialPublishing.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["watch"] === "postEvents" ? "Post events" : "New notification" }}',
		description:
			'Starts the workflow when the social publishing service writes a new notification, or ' +
			'when a post is created, changed, deleted, published or fails',
		defaults: { name: 'Social Publishing Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialPublishingApi', required: true }],
		properties: [
			{
				displayName: 'Watch',
				name: 'watch',
				type: 'options',
				noDataExpression: true,
				default: 'notifications',
				options: [
					{
						name: 'New Notifications',
						value: 'notifications',
						description: 'Each notification the service writes (one GET /notifications a poll)',
					},
					{
						name: 'Post Events',
						value: 'postEvents',
						description:
							'What happens to posts: created, changed, deleted, published, failed (one GET ' +
							'/posts a poll)',
					},
				],
			},
			{
				displayName:
					'Emits each new notification once, oldest first. The first poll after activation ' +
					'starts from now; see Options to include earlier ones.',
				name: 'notice',
				type: 'notice',
				default: '',
				displayOptions: notificationsOnly,
			},
			{
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				displayOptions: notificationsOnly,
				description:
					'Notifications that do not match are skipped for good (they are not read again on ' +
					'the next poll)',
				options: [
					{
						displayName: 'Content Contains',
						name: 'contentContains',
						type: 'string',
						default: '',
						placeholder: 'published',
						description: 'Only notifications whose text contains this (case-insensitive)',
					},
					{
						displayName: 'Event Kinds',
						name: 'kinds',
						type: 'multiOptions',
						default: [],
						description:
							'Only these kinds. The kind is read from the text: "published" or an ' +
							'error/failure wording; anything else is Other.',
						options: [
							{
								name: 'Failed',
								value: 'failed',
								description: 'The text reports an error or a failure',
							},
							{ name: 'Other', value: 'other', description: 'Any other notification' },
							{
								name: 'Published',
								value: 'published',
								description: 'The text says a post was published',
							},
						],
					},
				],
			},
			{
				...optionalFields('Options', [
					{
						displayName: 'Include Latest on First Poll',
						name: 'includeOnFirstPoll',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 0,
						description:
							'How many of the latest existing notifications the first poll after activation ' +
							'emits (0: only notifications written from then on)',
					},
					{
						displayName: 'Max Notifications per Poll',
						name: 'maxPerPoll',
						type: 'number',
						typeOptions: { minValue: 100 },
						default: DEFAULT_MAX_PER_POLL,
						description:
							'Upper bound of notifications read in one poll (100 per request). When more ' +
							'arrived since the previous poll, the newest are emitted and each item says so in ' +
							'"pollWarning".',
					},
					{
						displayName: 'Timeout (Seconds)',
						name: 'timeout',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: DEFAULT_TIMEOUT_SECONDS,
						description:
							'How long to wait for each request. A poll that times out emits nothing and the ' +
							'next one catches up.',
					},
				]),
				displayOptions: notificationsOnly,
			},
			...postEventsProperties,
		],
	};

	methods = { loadOptions: { getChannels } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		if (this.getNodeParameter('watch', 'notifications') === 'postEvents') {
			return await pollPostEvents.call(this);
		}
		return await pollNotifications.call(this);
	}
}
