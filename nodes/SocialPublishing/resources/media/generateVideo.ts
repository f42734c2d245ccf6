import type { IDataObject, INodeProperties, PreSendAction } from 'n8n-workflow';

import {
	checkValues,
	defineOperation,
	failOnField,
	refuseOversizedBody,
	routeTo,
} from '../../shared/routing';
import { MEDIA_ITEM } from '../../shared/upload';

/**
 * POST /generate-video (production, beyond the spec: service-notes): the service makes an AI video,
 * saves it in the media library and answers the media item, which is output as Media → Upload's, so
 * Post → Create takes it as media. The service waits for the provider (veo3 up to about 30 minutes)
 * and spends an `ai_videos` credit each time: the request has its own long timeout, and is never
 * sent again after a timeout or a dropped connection (routeFacts.ts `mayApplyWithoutAnswer`).
 */

export const VIDEO_KINDS = [
	{ name: 'Image Text Slides', value: 'image-text-slides' },
	{ name: 'Veo3', value: 'veo3' },
];
const OUTPUTS = ['vertical', 'horizontal'];
/** Production takes at most 3 images for veo3. */
export const MAX_VIDEO_IMAGES = 3;
/** veo3 polls its provider for up to about 30 minutes: the default wait is a little longer. */
const DEFAULT_WAIT_MINUTES = 35;

const onlyFor = (kind: string) => ({ displayOptions: { show: { kind: [kind] } } });

const fields: INodeProperties[] = [
	{
		displayName: 'Kind',
		name: 'kind',
		type: 'options',
		options: VIDEO_KINDS,
		default: 'image-text-slides',
		description:
			'What the service makes: a slideshow of images with text and a voice-over, or a Veo3 video from a prompt (Veo3 is not offered on trial accounts). Each video spends one AI video credit.',
	},
	{
		displayName: 'Output Format',
		name: 'output',
		type: 'options',
		options: [
			{ name: 'Vertical', value: 'vertical' },
			{ name: 'Horizontal', value: 'horizontal' },
		],
		default: 'vertical',
	},
	{
		displayName: 'Voice',
		name: 'voice',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The voice that reads the slides',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a voice...',
				typeOptions: { searchListMethod: 'searchVoices', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 21m00Tcm4TlvDq8ikWAM',
			},
		],
		...onlyFor('image-text-slides'),
	},
	{
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description: 'What the video is about, in plain words',
	},
	{
		displayName: 'Images',
		name: 'images',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Image' },
		default: {},
		description:
			'Up to 3 images of the media library for Veo3 to start from: each by its ID and path, as Media → Get Many lists them or a Media → Upload before this node outputs them',
		options: [
			{
				displayName: 'Image',
				name: 'image',
				values: [
					{ displayName: 'Media ID', name: 'id', type: 'string', default: '' },
					{ displayName: 'Media Path', name: 'path', type: 'string', default: '' },
				],
			},
		],
		...onlyFor('veo3'),
	},
	{
		displayName: 'Wait For Video (Minutes)',
		name: 'waitMinutes',
		type: 'number',
		typeOptions: { minValue: 0.01, numberPrecision: 2 },
		default: DEFAULT_WAIT_MINUTES,
		description:
			'How long to wait for the service to make the video (Veo3 can take about 30 minutes). This replaces the Timeout under Request Options for this operation; a video not ready in time may still be made.',
	},
];

const text = (value: unknown) =>
	typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/** The request body: the kind's own parameters, checked before any credit is spent. */
const videoBody: PreSendAction = async function (requestOptions) {
	const kind = String(this.getNodeParameter('kind', ''));
	const prompt = text(this.getNodeParameter('prompt', ''));
	const customParams: IDataObject = { prompt };
	if (kind === 'image-text-slides') {
		const voice = text(this.getNodeParameter('voice', '', { extractValue: true }));
		if (!voice) {
			failOnField(
				this,
				'"Voice" is empty',
				'Pick a voice from the list, or give its ID (an expression that gives an empty value also ends here).',
			);
		}
		customParams.voice = voice;
	} else {
		const entries = (this.getNodeParameter('images.image', []) ?? []) as IDataObject[];
		if (entries.length > MAX_VIDEO_IMAGES) {
			failOnField(
				this,
				`Veo3 takes at most ${MAX_VIDEO_IMAGES} images; ${entries.length} are given`,
				`Remove images under "Images" until ${MAX_VIDEO_IMAGES} are left. No credit was spent.`,
			);
		}
		customParams.images = entries.map((entry, at) => {
			const image = { id: text(entry.id), path: text(entry.path) };
			if (!image.id || !image.path) {
				failOnField(
					this,
					`Image ${at + 1} needs both its Media ID and its Media Path`,
					'Give the ID and the path of a media library item, as Media → Get Many or Media → Upload output them ({{ $json.id }}, {{ $json.path }}).',
				);
			}
			return image;
		});
	}
	const wait = Number(this.getNodeParameter('waitMinutes', DEFAULT_WAIT_MINUTES));
	if (!(wait > 0)) {
		failOnField(
			this,
			'"Wait For Video (Minutes)" must be a number above 0',
			'Set how many minutes to wait for the video, e.g. 35 (Veo3 can take about 30 minutes).',
		);
	}
	const output = String(this.getNodeParameter('output', 'vertical'));
	const body = { type: kind, output, customParams };
	refuseOversizedBody(
		this,
		body,
		'"Prompt"',
		'Shorten the prompt: it says what the video is about.',
	);
	requestOptions.body = body;
	return requestOptions;
};

/** The kinds a 400 `type must be any of: …` names (an empty list: none enabled), else undefined. */
function offeredKinds(said: string | undefined): string[] | undefined {
	const listed = /type must be any of: ?([^;]*)/.exec(said ?? '')?.[1];
	if (listed === undefined) return undefined;
	return listed
		.split(',')
		.map((kind) => kind.trim())
		.filter(Boolean);
}

export const generateVideo = defineOperation(
	'media',
	{
		name: 'Generate Video',
		value: 'generateVideo',
		action: 'Generate a video',
		description:
			'Let the service make an AI video and save it in the media library (POST /generate-video; one credit each)',
		routing: routeTo('POST', '/generate-video', {
			preSend: [
				checkValues(
					{ name: 'kind', label: 'Kind', oneOf: VIDEO_KINDS.map((kind) => kind.value) },
					{ name: 'output', label: 'Output Format', oneOf: OUTPUTS },
					{ name: 'prompt', label: 'Prompt', filled: true },
				),
				videoBody,
			],
			facts: {
				answer: MEDIA_ITEM,
				timeoutMs: (context) => {
					const minutes = Number(context.getNodeParameter('waitMinutes', DEFAULT_WAIT_MINUTES));
					return Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes * 60_000) : undefined;
				},
				mayApplyWithoutAnswer:
					'The video may have been made, or still be in the making, and its credit spent: look for it under Media → Get Many in a few minutes before trying again (another try spends another credit).',
				explain: {
					timeout: ({ seconds }) => ({
						message: `The video was not ready within ${seconds ?? 0} s; the service may still make it`,
						description:
							'The service keeps making the video after the node stops waiting, and spends the credit: look for it under Media → Get Many in a few minutes before trying again. To wait longer, raise "Wait For Video (Minutes)".',
					}),
					402: ({ said }) => ({
						message: `No AI video credits left: ${said ?? 'payment required'}`,
						description:
							'Each video spends one AI video credit. Upgrade the plan or wait for the credits to renew, then run again.',
					}),
					406: ({ said }) => ({
						message: `This video kind is not available on a trial account: ${said ?? 'not acceptable'}`,
						description:
							'Veo3 needs a paid plan; Image Text Slides is offered on trial accounts. No credit was spent.',
					}),
					400: ({ said }) => {
						const kinds = offeredKinds(said);
						if (kinds === undefined) return undefined;
						return kinds.length === 0
							? {
									message: 'This install has no video kinds enabled',
									description:
										'The service makes videos only with the keys of its video providers, which this install does not have. Ask its administrator to set them. No credit was spent.',
								}
							: {
									message: `This install does not offer this video kind; it offers: ${kinds.join(', ')}`,
									description: 'Pick one of the kinds it offers under "Kind". No credit was spent.',
								};
					},
				},
			},
		}),
	},
	fields,
);
