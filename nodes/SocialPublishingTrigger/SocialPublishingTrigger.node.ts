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
import { APP_DESCRIPTION } from '../SocialPublishing/shared/nodesPanel';
import { postEventsProperties } from './postEventFields';
import { pollPostEvents } from './pollPostEvents';
import { getChannels } from './channelOptions';

const notificationsOnly = { show: { event: ['newNotification'] } };

export class SocialPublishingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Publishing Trigger',
		name: 'socialPublishingTrigger',
		icon: {
			light: 'file:../SocialPublishing/socialPublishing.svg',
			dark: 'file:../SocialPublishing/socialPublishing.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["event"] === "postEvents" ? "Post events" : "New notification" }}',
		description: APP_DESCRIPTION,
		defaults: { name: 'Social Publishing Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialPublishingApi', required: true }],
		properties: [
			{
				// The events, as a field: n8n's nodes panel names a trigger's events on the
				// app's page by its top-level "Trigger On" options' actions (without one, it
				// makes up "On new Social Publishing event").
				displayName: 'Trigger On',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'New Notification',
						value: 'newNotification',
						action: 'On new notification',
						description:
							'The service wrote a notification: a post published or failed, or another notice (one GET /notifications a poll)',
					},
					{
						name: 'Post Events',
						value: 'postEvents',
						action: 'On post created, changed, deleted, published or failed',
						description:
							'What happens to posts: created, changed, deleted, published, failed (one GET /posts a poll)',
					},
				],
				default: 'newNotification',
			},
			{
				displayName:
					'Emits each new notification once, oldest first. The first poll after activation starts from now; see Options to include earlier ones.',
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
					'Notifications that do not match are skipped for good (they are not read again on the next poll)',
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
							'Only these kinds. The kind is read from the text: "published" or an error/failure wording; anything else is Other.',
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
							'How many of the latest existing notifications the first poll after activation emits (0: only notifications written from then on)',
					},
					{
						displayName: 'Max Notifications per Poll',
						name: 'maxPerPoll',
						type: 'number',
						typeOptions: { minValue: 100 },
						default: DEFAULT_MAX_PER_POLL,
						description:
							'Upper bound of notifications read in one poll (100 per request). When more arrived since the previous poll, the newest are emitted and each item says so in "pollWarning".',
					},
					{
						displayName: 'Timeout (Seconds)',
						name: 'timeout',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: DEFAULT_TIMEOUT_SECONDS,
						description:
							'How long to wait for each request. A poll that times out emits nothing and the next one catches up.',
					},
				]),
				displayOptions: notificationsOnly,
			},
			...postEventsProperties,
		],
	};

	methods = { loadOptions: { getChannels } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		if (this.getNodeParameter('event', 'newNotification') === 'postEvents') {
			return await pollPostEvents.call(this);
		}
		return await pollNotifications.call(this);
	}
}
