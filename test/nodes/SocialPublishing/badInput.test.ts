import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { mp4, png, text } from '../../fixtures/media';
import { VALID_SETTINGS } from '../../fixtures/platformCases';
import type { TestCredentials } from '../../helpers/engine';
import {
	channel as channelEntry,
	createParams,
	jsonParams,
	parts,
	typedSettingsFor,
} from './createParameters';
import { byId, createPosts, daysFromNow, errorOf, useSandbox } from './support';

/**
 * Bad input, operation by operation, as an expression or an AI agent can give it: each is refused before any request
 * (0 requests to the service), with a message that names the field as the editor shows it, instead of an empty result
 * or the service's refusal. One table, so that an operation without its checks shows up here.
 */

/** What n8n's error view would take for an HTML tag and drop: `<your-host>`, `<id>`. */
const ANGLE_PLACEHOLDER = /<[a-z][\w-]*>/i;

const X = '0e000000-0000-4000-8000-000000000011';
const POST = '0a0a0000-0000-4000-8000-000000000001';

interface BadInput {
	operation: string;
	input: string;
	parameters: INodeParameters;
	/** Part of the error message. */
	message: string | RegExp;
	/** Part of the error's description, where the fix is what the case is about. */
	description?: string | RegExp;
	/** Input items (default: one empty item). */
	items?: Array<IDataObject | INodeExecutionData>;
	/** The credential, when it is what is wrong (the sandbox's own otherwise). */
	credentials?: (sandboxBaseUrl: string, apiKey: string) => TestCredentials;
	/** Requests the service receives (`METHOD /path`): none unless a lookup is needed to judge the value. */
	requests?: string[];
}

const YOUTUBE = '0e000000-0000-4000-8000-000000000006';
const DISCORD = '0e000000-0000-4000-8000-000000000013';
const TIKTOK = '0e000000-0000-4000-8000-000000000005';
const MASTODON = '0e000000-0000-4000-8000-000000000009';

/** An item whose file n8n keeps in memory (base64 in the item). */
function inMemory(content: Buffer, fileName: string, mimeType: string): INodeExecutionData {
	return {
		json: {},
		binary: {
			data: {
				data: content.toString('base64'),
				fileName,
				mimeType,
				fileSize: `${content.length} B`,
			},
		},
	};
}

const channel = (value: string) => ({ channel: byId(value) });
// A literal empty required field is stopped by n8n itself before the run (the editor marks it); an expression that
// gives an empty value reaches the node, which must stop it.
const EMPTY = '={{ "" }}';
const SPACES = '={{ "   " }}';

const CASES: BadInput[] = [
	// Channel
	{
		operation: 'Channel → Get Many',
		input: 'a platform that does not exist',
		parameters: { resource: 'channel', operation: 'getMany', filters: { platforms: ['myspace'] } },
		message: '"Filters → Platforms" has a value the service does not take: "myspace"',
	},
	{
		operation: 'Channel → Get Many',
		input: 'one good, one bad platform',
		parameters: { resource: 'channel', operation: 'getMany', filters: { platforms: ['x', 'X '] } },
		message: '"Filters → Platforms" has a value the service does not take: "X "',
	},
	{
		operation: 'Channel → Get Settings',
		input: 'an empty channel',
		parameters: { resource: 'channel', operation: 'getSettings', ...channel(EMPTY) },
		message: '"Channel" is empty',
	},
	{
		operation: 'Channel → Get Settings',
		input: 'spaces only',
		parameters: { resource: 'channel', operation: 'getSettings', ...channel(SPACES) },
		message: '"Channel" is empty',
	},
	{
		operation: 'Channel → Get Settings',
		input: 'a channel with a slash',
		parameters: { resource: 'channel', operation: 'getSettings', ...channel('a/b') },
		message: '"Channel" is not an ID',
	},
	{
		operation: 'Channel → Get Settings',
		input: 'a channel with a space',
		parameters: { resource: 'channel', operation: 'getSettings', ...channel('a b') },
		message: '"Channel" is not an ID',
	},
	{
		operation: 'Channel → Run Tool',
		input: 'an empty channel',
		parameters: { resource: 'channel', operation: 'runTool', ...channel(EMPTY), tool: 'channels' },
		message: '"Channel" is empty',
	},
	{
		operation: 'Channel → Run Tool',
		input: 'no tool',
		parameters: { resource: 'channel', operation: 'runTool', ...channel(X), tool: EMPTY },
		message: '"Tool" is empty',
	},
	{
		operation: 'Channel → Run Tool',
		input: 'JSON that does not parse',
		parameters: {
			resource: 'channel',
			operation: 'runTool',
			...channel(X),
			tool: 'channels',
			inputMode: 'json',
			inputJson: '{nope',
		},
		message: '"Input (JSON)" is not valid JSON',
	},
	{
		operation: 'Channel → Run Tool',
		input: 'a JSON list instead of an object',
		parameters: {
			resource: 'channel',
			operation: 'runTool',
			...channel(X),
			tool: 'channels',
			inputMode: 'json',
			inputJson: '[1]',
		},
		message: '"Input (JSON)" must be a JSON object',
	},
	{
		operation: 'Channel → Run Tool',
		input: 'an input field without a name',
		parameters: {
			resource: 'channel',
			operation: 'runTool',
			...channel(X),
			tool: 'channels',
			inputFields: { field: [{ key: ' ', value: 1 }] },
		},
		message: 'An input field of the tool has no name',
	},
	{
		operation: 'Channel → Get Connect URL',
		input: 'a platform connected in the application only',
		parameters: { resource: 'channel', operation: 'getConnectUrl', platform: 'bluesky' },
		message: '"Platform" has a value the service does not take: "bluesky"',
	},
	{
		operation: 'Channel → Get Connect URL',
		input: 'a platform that does not exist',
		parameters: { resource: 'channel', operation: 'getConnectUrl', platform: 'myspace' },
		message: '"Platform" has a value the service does not take',
	},
	{
		operation: 'Channel → Get Connect URL',
		input: 'an empty platform',
		parameters: { resource: 'channel', operation: 'getConnectUrl', platform: EMPTY },
		message: '"Platform" is empty',
	},
	{
		operation: 'Channel → Delete',
		input: 'an empty channel',
		parameters: { resource: 'channel', operation: 'delete', ...channel(EMPTY) },
		message: '"Channel" is empty',
	},
	{
		operation: 'Channel → Delete',
		input: 'a channel with ?',
		parameters: { resource: 'channel', operation: 'delete', ...channel('abc?x=1') },
		message: '"Channel" is not an ID',
	},
	// Post
	{
		operation: 'Post → Get Many',
		input: 'a start that is not a date',
		parameters: { resource: 'post', operation: 'getMany', startDate: 'yesterday' },
		message: '"Start Date" is not a date',
	},
	{
		operation: 'Post → Get Many',
		input: 'an end that is not a date',
		parameters: { resource: 'post', operation: 'getMany', endDate: '31/12/2026' },
		message: '"End Date" is not a date',
	},
	{
		operation: 'Post → Get Many',
		input: 'an end before the start',
		parameters: {
			resource: 'post',
			operation: 'getMany',
			startDate: '2026-12-01T00:00:00Z',
			endDate: '2026-11-01T00:00:00Z',
		},
		message: '"End Date" is before "Start Date"',
	},
	{
		operation: 'Post → Set Status',
		input: 'a status the API does not have',
		parameters: { resource: 'post', operation: 'setStatus', postId: POST, status: 'published' },
		message: '"Status" has a value the service does not take: "published"',
	},
	{
		operation: 'Post → Set Status',
		input: 'a status in capitals',
		parameters: { resource: 'post', operation: 'setStatus', postId: POST, status: 'DRAFT' },
		message: '"Status" has a value the service does not take: "DRAFT"',
	},
	{
		operation: 'Post → Set Status',
		input: 'an empty post ID',
		parameters: { resource: 'post', operation: 'setStatus', postId: EMPTY, status: 'draft' },
		message: '"Post ID" is empty',
	},
	{
		operation: 'Post → Update',
		input: 'an empty post ID',
		parameters: {
			resource: 'post',
			operation: 'update',
			postId: EMPTY,
			updateFields: { content: 'Hi' },
		},
		message: '"Post ID" is empty',
	},
	{
		operation: 'Post → Update',
		input: 'a new date that is not a date',
		parameters: {
			resource: 'post',
			operation: 'update',
			postId: POST,
			updateFields: { date: 'next tuesday' },
			mediaAndFollowUps: 'none',
		},
		message: /^Item 1, Update Fields → Publish At: "next tuesday" /,
	},
	{
		operation: 'Post → Update',
		input: 'settings that are a list',
		parameters: {
			resource: 'post',
			operation: 'update',
			postId: POST,
			updateFields: { settingsJson: '["everyone"]' },
		},
		message: 'Item 1, Update Fields → Settings (JSON): must be a JSON object of settings',
	},
	{
		operation: 'Post → Update',
		input: 'settings that are not JSON',
		parameters: {
			resource: 'post',
			operation: 'update',
			postId: POST,
			updateFields: { settingsJson: "{who_can_reply_post: 'everyone'}" },
		},
		message: 'Item 1, Update Fields → Settings (JSON): ',
	},
	{
		operation: 'Post → Update',
		input: 'a new text without saying what the media and follow-ups are',
		parameters: {
			resource: 'post',
			operation: 'update',
			postId: POST,
			updateFields: { content: 'Hi' },
		},
		message: /^Item 1, Media and Follow-Up Parts: is Not Said, .*new Text/,
		description: /The Post Has None .*Replace With These/,
	},
	{
		operation: 'Post → Set Release ID',
		input: 'an empty release ID',
		parameters: { resource: 'post', operation: 'setReleaseId', postId: POST, releaseId: EMPTY },
		message: '"Release Name or ID" is empty',
	},
	{
		operation: 'Post → Set Release ID',
		input: 'a release ID of spaces',
		parameters: { resource: 'post', operation: 'setReleaseId', postId: POST, releaseId: SPACES },
		message: '"Release Name or ID" is empty',
	},
	{
		operation: 'Post → Set Release ID',
		input: 'an empty post ID',
		parameters: { resource: 'post', operation: 'setReleaseId', postId: EMPTY, releaseId: '1' },
		message: '"Post ID" is empty',
	},
	{
		operation: 'Post → Delete',
		input: 'an empty post ID',
		parameters: { resource: 'post', operation: 'delete', postId: EMPTY },
		message: '"Post ID" is empty',
	},
	{
		operation: 'Post → Delete',
		input: 'a post ID with a slash',
		parameters: { resource: 'post', operation: 'delete', postId: '../integrations' },
		message: '"Post ID" is not an ID',
	},
	{
		operation: 'Post → Delete Group',
		input: 'an empty group',
		parameters: { resource: 'post', operation: 'deleteGroup', group: EMPTY },
		message: '"Group" is empty',
	},
	{
		operation: 'Post → Delete Group',
		input: 'a group with #',
		parameters: { resource: 'post', operation: 'deleteGroup', group: 'a#b' },
		message: '"Group" is not an ID',
	},
	{
		operation: 'Post → Get Missing Items',
		input: 'an empty post ID',
		parameters: { resource: 'post', operation: 'getMissingItems', postId: EMPTY },
		message: '"Post ID" is empty',
	},
	// Slot
	{
		operation: 'Slot → Find Next Free',
		input: 'an empty channel',
		parameters: { resource: 'slot', operation: 'findNextFree', ...channel(EMPTY) },
		message: '"Channel" is empty',
	},
	{
		operation: 'Slot → Find Next Free',
		input: 'a channel with a space',
		parameters: { resource: 'slot', operation: 'findNextFree', ...channel('x y') },
		message: '"Channel" is not an ID',
	},
	// Analytics
	{
		operation: 'Analytics → Get Channel Analytics',
		input: 'Days 0',
		parameters: { resource: 'analytics', operation: 'getChannel', ...channel(X), days: 0 },
		message: '"Days" must be a whole number, 1 or more; it is 0',
	},
	{
		operation: 'Analytics → Get Channel Analytics',
		input: 'negative Days',
		parameters: { resource: 'analytics', operation: 'getChannel', ...channel(X), days: -7 },
		message: '"Days" must be a whole number, 1 or more',
	},
	{
		operation: 'Analytics → Get Channel Analytics',
		input: 'Days as words',
		parameters: { resource: 'analytics', operation: 'getChannel', ...channel(X), days: 'seven' },
		message: '"Days" must be a whole number, 1 or more; it is "seven"',
	},
	{
		operation: 'Analytics → Get Channel Analytics',
		input: 'fractional Days',
		parameters: { resource: 'analytics', operation: 'getChannel', ...channel(X), days: 1.5 },
		message: '"Days" must be a whole number',
	},
	{
		operation: 'Analytics → Get Channel Analytics',
		input: 'an empty channel',
		parameters: { resource: 'analytics', operation: 'getChannel', ...channel(EMPTY), days: 7 },
		message: '"Channel" is empty',
	},
	{
		operation: 'Analytics → Get Post Analytics',
		input: 'Days 0',
		parameters: { resource: 'analytics', operation: 'getPost', postId: POST, days: 0 },
		message: '"Days" must be a whole number, 1 or more',
	},
	{
		operation: 'Analytics → Get Post Analytics',
		input: 'an empty post ID',
		parameters: { resource: 'analytics', operation: 'getPost', postId: EMPTY, days: 7 },
		message: '"Post ID" is empty',
	},
	// Notification
	{
		operation: 'Notification → Get Many',
		input: 'Limit 0',
		parameters: { resource: 'notification', operation: 'getMany', returnAll: false, limit: 0 },
		message: '"Limit" must be a whole number, 1 or more; it is 0',
	},
	{
		operation: 'Notification → Get Many',
		input: 'a negative Limit',
		parameters: { resource: 'notification', operation: 'getMany', returnAll: false, limit: -5 },
		message: '"Limit" must be a whole number, 1 or more',
	},
	// Media
	{
		operation: 'Media → Get Many',
		input: 'Limit 0',
		parameters: { resource: 'media', operation: 'getMany', returnAll: false, limit: 0 },
		message: '"Limit" must be a whole number, 1 or more; it is 0',
	},
	{
		operation: 'Media → Get Many',
		input: 'Limit as text',
		parameters: { resource: 'media', operation: 'getMany', returnAll: false, limit: 'ten' },
		message: '"Limit" must be a whole number',
	},
	{
		operation: 'Media → Upload From URL',
		input: 'an empty URL',
		parameters: { resource: 'media', operation: 'uploadFromUrl', url: EMPTY },
		message: '"URL" is empty',
	},
	{
		operation: 'Media → Upload From URL',
		input: 'plain http',
		parameters: { resource: 'media', operation: 'uploadFromUrl', url: 'http://example.com/a.png' },
		message: '"URL" must use https',
	},
	{
		operation: 'Media → Upload From URL',
		input: 'not an address',
		parameters: { resource: 'media', operation: 'uploadFromUrl', url: 'picture.png' },
		message: '"URL" is not a web address',
	},
	{
		operation: 'Media → Upload From URL',
		input: 'an ending the service refuses',
		parameters: { resource: 'media', operation: 'uploadFromUrl', url: 'https://example.com/a.pdf' },
		message: '"URL" must end in one of',
	},
	{
		operation: 'Media → Upload',
		input: 'no binary field name',
		parameters: { resource: 'media', operation: 'upload', binaryPropertyName: ' ' },
		message: '"Input Binary Field" is empty',
	},
	{
		operation: 'Media → Upload',
		input: 'an item without that binary field',
		parameters: { resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
		message: 'has no binary property "data"',
	},
	// Issue 14's messages that did not help (before → after in the closing note), and what came with them.
	{
		operation: 'Media → Upload',
		input: 'a binary field of another name: the item is numbered from 1',
		parameters: { resource: 'media', operation: 'upload', binaryPropertyName: 'file' },
		items: [inMemory(png(), 'a.png', 'image/png')],
		message: /^Item 1 has no binary property "file"$/,
		description: "The item's binary properties are: data",
	},
	{
		operation: 'Media → Upload',
		input: 'a 0-byte file',
		parameters: { resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
		items: [inMemory(Buffer.alloc(0), 'empty.png', 'image/png')],
		message: /^The file "empty.png" in binary field "data" is empty \(0 bytes\)$/,
	},
	{
		operation: 'Media → Upload',
		input: 'a text file named .png',
		parameters: { resource: 'media', operation: 'upload', binaryPropertyName: 'data' },
		items: [inMemory(text(), 'notes.png', 'image/png')],
		message: 'The file "notes.png" is not a type the service accepts',
	},
	{
		operation: 'Media → Upload From URL',
		input: 'a loopback address',
		parameters: { resource: 'media', operation: 'uploadFromUrl', url: 'https://127.0.0.1/a.png' },
		message:
			/^"URL" points to a loopback address \(127\.0\.0\.1\), which the service does not fetch from$/,
		description: 'Options → Allow Private Address',
	},
	{
		operation: 'Media → Upload From URL',
		input: 'a private network address',
		parameters: {
			resource: 'media',
			operation: 'uploadFromUrl',
			url: 'https://192.168.1.20/photos/a.jpg',
		},
		message: '"URL" points to a private network address (192.168.1.20)',
	},
	{
		operation: 'Media → Upload From URL',
		input: 'the cloud metadata address (link-local)',
		parameters: {
			resource: 'media',
			operation: 'uploadFromUrl',
			url: 'https://169.254.169.254/latest/a.png',
		},
		message: '"URL" points to a link-local address (169.254.169.254)',
	},
	{
		operation: 'Media → Upload From URL',
		input: 'IPv6 loopback',
		parameters: { resource: 'media', operation: 'uploadFromUrl', url: 'https://[::1]:8443/a.mp4' },
		message: '"URL" points to a loopback address ([::1])',
	},
	{
		operation: 'Media → Upload From URL',
		input: 'localhost by name',
		parameters: {
			resource: 'media',
			operation: 'uploadFromUrl',
			url: 'https://localhost:8443/a.png',
		},
		message: '"URL" points to a name of this machine (localhost)',
	},
	{
		operation: 'Media → Upload From URL',
		input: 'a .internal name',
		parameters: {
			resource: 'media',
			operation: 'uploadFromUrl',
			url: 'https://files.corp.internal/a.png',
		},
		message: '"URL" points to an internal network name (files.corp.internal)',
	},
	{
		operation: 'Media → Upload From URL',
		input: 'a private address with Allow Private Address on, over http',
		parameters: {
			resource: 'media',
			operation: 'uploadFromUrl',
			url: 'http://127.0.0.1/a.png',
			options: { allowPrivateAddress: true },
		},
		message: '"URL" must use https',
	},
	{
		operation: 'Credential',
		input: 'a Base URL that is not a URL',
		parameters: { resource: 'channel', operation: 'getMany' },
		credentials: (_base, apiKey) => ({ baseUrl: 'my postiz', apiKey }),
		message: /^The credential's "Base URL" is not a web address: "my postiz"$/,
		description: 'e.g. https://postiz.example.com/api/public/v1',
	},
	// Written without a scheme, it is taken as https:// (shared/baseUrl.test.ts); another scheme is refused.
	{
		operation: 'Credential',
		input: 'a Base URL with another scheme',
		parameters: { resource: 'post', operation: 'getMany' },
		credentials: (_base, apiKey) => ({ baseUrl: 'ftp://postiz.example.com/api/public/v1', apiKey }),
		message:
			'The credential\'s "Base URL" is not a web address: "ftp://postiz.example.com/api/public/v1"',
		description: 'write the whole address of the API',
	},
	{
		operation: 'Post → Create (JSON)',
		input: 'no posts',
		parameters: jsonParams({
			type: 'schedule',
			date: '2030-01-15T10:00:00Z',
			shortLink: false,
			tags: [],
			posts: [],
		}),
		message: /^Item 1, "posts" in Request \(JSON\): is empty; at least 1 needed$/,
		description: 'give 1 to 50 entries in "posts"',
	},
	{
		operation: 'Post → Create (JSON)',
		input: 'malformed JSON, and no follow-on errors',
		parameters: { ...jsonParams({}), requestJson: '{"type": "schedule", posts: [' },
		message:
			/^Item 1, Request \(JSON\): not valid JSON \(line 1, column 22: Expected double-quoted property name\)$/,
		description: 'write valid JSON (double quotes around names and texts)',
	},
	{
		operation: 'Post → Create (JSON)',
		input: 'JSON nested deeper than the node reads',
		parameters: { ...jsonParams({}), requestJson: `${'['.repeat(65)}${']'.repeat(65)}` },
		message: /^Item 1, Request \(JSON\): nests deeper than 64 levels, more than the node reads$/,
		description: 'give the JSON with fewer levels of objects and lists inside each other',
	},
	{
		operation: 'Post → Create (JSON)',
		input: 'JSON text longer than the node reads',
		parameters: { ...jsonParams({}), requestJson: ' '.repeat(1_000_001) },
		message:
			/^Item 1, Request \(JSON\): is 1000001 characters long; the node reads at most 1000000$/,
		description: 'shorten it: the service refuses request bodies over 100 kB',
	},
	{
		operation: 'Post → Create (JSON)',
		input: 'a list instead of the body',
		parameters: { ...jsonParams({}), requestJson: '[{"type": "now"}]' },
		message: /^Item 1, Request \(JSON\): must be a JSON object; it is a list$/,
	},
	{
		operation: 'Post → Create (JSON)',
		input: 'a type the service does not have',
		parameters: jsonParams({
			type: 'publish',
			date: '2030-01-15T10:00:00Z',
			shortLink: false,
			tags: [],
			posts: [
				{
					integration: { id: X },
					value: [{ content: 'Hi', image: [] }],
					settings: { who_can_reply_post: 'everyone' },
				},
			],
		}),
		message: /^Item 1, "type" in Request \(JSON\): "publish" /,
		description: 'use one of: draft, schedule, now',
	},
	{
		operation: 'Post → Create',
		input: 'no channel at all',
		parameters: createParams({ parts: parts({ content: 'Hi' }), channels: [] }),
		message: /^Item 1, Channels: is empty; at least 1 needed$/,
		description: 'add 1 to 50 channels under Channels',
	},
	{
		operation: 'Post → Create',
		input: 'two YouTube videos',
		parameters: createParams({
			parts: parts({
				content: 'Trailer',
				media: [
					{ id: 'm1', path: 'https://cdn.example.com/a.mp4' },
					{ id: 'm2', path: 'https://cdn.example.com/b.mp4' },
				],
			}),
			channels: [
				channelEntry({
					channel: byId(YOUTUBE),
					platform: 'youtube',
					settingsJson: { title: 'Trailer', type: 'public' },
				}),
			],
		}),
		message: /Media: .*2 videos and 0 pictures; YouTube .* 1$/,
	},
	{
		operation: 'Post → Create',
		input: 'an empty Discord chat channel',
		parameters: createParams({
			parts: parts({ content: 'Hi' }),
			channels: [
				channelEntry({
					channel: byId(DISCORD),
					platform: 'discord',
					settingsJson: { channel: '' },
				}),
			],
		}),
		message: /setting "Channel": is empty$/,
		description: 'To fix: fill in "Channel" in the channel\'s settings JSON',
	},
	{
		operation: 'Post → Create',
		input: 'a TikTok title over 90 characters',
		parameters: createParams({
			parts: parts({ content: 'Hi', media: [{ id: 'm1', path: 'https://cdn.example.com/a.png' }] }),
			channels: [
				channelEntry({
					channel: byId(TIKTOK),
					platform: 'tiktok',
					settings: typedSettingsFor('tiktok', { ...VALID_SETTINGS.tiktok, title: 't'.repeat(91) }),
				}),
			],
		}),
		message: /setting "Title": is 91 characters; at most 90 allowed$/,
		description: 'use at most 90 characters',
	},
	{
		operation: 'Post → Create',
		input: 'Settings (JSON) that does not parse, and no follow-on errors',
		parameters: createParams({
			parts: parts({ content: 'Hi', media: [{ id: 'm1', path: 'https://cdn.example.com/a.mp4' }] }),
			channels: [
				channelEntry({
					channel: byId(YOUTUBE),
					platform: 'youtube',
					settingsJson: '{title: Trailer}',
				}),
			],
		}),
		message:
			/^Item 1, channel 1 \S+ \(YouTube\), Settings \(JSON\): not valid JSON \(line 1, column 2: Expected property name or '}'\)$/,
	},
	{
		operation: 'Post → Create',
		input: 'media from a binary field that is not a picture, and no follow-on errors',
		parameters: createParams({
			parts: parts({ content: 'Hi', media: [{ binaryProperty: 'data' }] }),
			channels: [
				channelEntry({
					channel: byId(X),
					platform: 'x',
					settingsJson: { who_can_reply_post: 'everyone' },
				}),
			],
		}),
		items: [inMemory(text(), 'notes.png', 'image/png')],
		message: /media 1 → Binary Field: the file "notes\.png" is not a type the service accepts$/,
	},
	{
		operation: 'Post → Create',
		input: 'media from a 0-byte binary field',
		parameters: createParams({
			parts: parts({ content: 'Hi', media: [{ binaryProperty: 'data' }] }),
			channels: [
				channelEntry({
					channel: byId(YOUTUBE),
					platform: 'youtube',
					settingsJson: { title: 'Trailer', type: 'public' },
				}),
			],
		}),
		items: [inMemory(Buffer.alloc(0), 'clip.mp4', 'video/mp4')],
		message: /media 1 → Binary Field: the file "clip\.mp4" is empty \(0 bytes\)$/,
	},
	{
		operation: 'Post → Create',
		input: 'media from a binary field the item does not have, and no follow-on errors',
		parameters: createParams({
			parts: parts({ content: 'Hi', media: [{ binaryProperty: 'video' }] }),
			channels: [
				channelEntry({
					channel: byId(YOUTUBE),
					platform: 'youtube',
					settingsJson: { title: 'Trailer', type: 'public' },
				}),
			],
		}),
		items: [inMemory(mp4(), 'clip.mp4', 'video/mp4')],
		message: /media 1 → Binary Field: the item has no binary field "video"$/,
		description: "one of the item's binary fields: data",
	},
	// Media by URL and follow-up delays (issue 20): refused before any upload or post.
	{
		operation: 'Post → Create',
		input: 'a media URL without a file ending',
		parameters: createParams({
			parts: parts({ content: 'Hi', media: [{ url: 'https://cdn.example.com/photo?id=7' }] }),
			channels: [channelEntry({ channel: byId(MASTODON), platform: 'mastodon' })],
		}),
		message:
			/Parts → part 1 \(the post\), media 1 → URL: "https:\/\/cdn\.example\.com\/photo\?id=7" does not end in \.png, \.jpg, \.jpeg, \.webp, \.gif or \.mp4$/,
		description: "To fix: give the file's own address",
	},
	{
		operation: 'Post → Create',
		input: 'a media URL on a private address',
		parameters: createParams({
			parts: parts({ content: 'Hi', media: [{ url: 'https://192.168.1.20/a.png' }] }),
			channels: [channelEntry({ channel: byId(MASTODON), platform: 'mastodon' })],
		}),
		message:
			/media 1 → URL: points to a private network address \(192\.168\.1\.20\), which the service does not fetch from$/,
		description: 'turn on Options → Allow Private Address',
	},
	{
		operation: 'Post → Create',
		input: 'a negative follow-up delay',
		parameters: createParams({
			parts: parts({ content: 'Post' }, { content: 'Reply', delay: -10 }),
			channels: [channelEntry({ channel: byId(MASTODON), platform: 'mastodon' })],
		}),
		message: /Parts → part 2 \(follow-up 1\), Delay \(Minutes\): -10 is below 0$/,
		description: /^To fix: .* 0 to 43200 /,
	},
	{
		operation: 'Post → Create',
		input: 'a follow-up delay of 2.5 minutes',
		parameters: createParams({
			parts: parts({ content: 'Post' }, { content: 'Reply', delay: 2.5 }),
			channels: [channelEntry({ channel: byId(MASTODON), platform: 'mastodon' })],
		}),
		message: /Delay \(Minutes\): 2\.5 .*whole/,
	},
	// Numbers and IDs of operations the cases above leave out.
	{
		operation: 'Analytics → Get Post Analytics',
		input: 'Days as words',
		parameters: { resource: 'analytics', operation: 'getPost', postId: POST, days: 'a week' },
		message: '"Days" must be a whole number, 1 or more; it is "a week"',
	},
	{
		operation: 'Notification → Get Many',
		input: 'a fractional Limit',
		parameters: { resource: 'notification', operation: 'getMany', returnAll: false, limit: 2.5 },
		message: '"Limit" must be a whole number, 1 or more; it is 2.5',
	},
	{
		operation: 'Post → Get Missing Items',
		input: 'a post ID with ?',
		parameters: { resource: 'post', operation: 'getMissingItems', postId: 'abc?x=1' },
		message: '"Post ID" is not an ID',
	},
];

describe("bad input is refused before any request, in the editor's words", () => {
	const t = useSandbox();

	test('covers at least 60 bad inputs', () => {
		expect(CASES.length).toBeGreaterThanOrEqual(60);
	});

	test.each(CASES.map((c) => [c.operation, c.input, c] as const))(
		'%s: %s',
		async (_operation, _input, aCase) => {
			const started = Date.now();
			const result = await t.run(aCase.parameters, {
				items: aCase.items,
				credentials: aCase.credentials?.(t.sandbox.baseUrl, t.sandbox.apiKey),
			});
			// Nothing hung: a refusal before sending is immediate (the all-or-nothing wait alone would take 30 s).
			expect(Date.now() - started).toBeLessThan(10_000);
			const error = errorOf(result);
			if (typeof aCase.message === 'string') expect(error.message).toContain(aCase.message);
			else expect(error.message).toMatch(aCase.message);
			if (typeof aCase.description === 'string')
				expect(error.description).toContain(aCase.description);
			else if (aCase.description) expect(error.description).toMatch(aCase.description);
			// n8n shows an error as HTML: an example like "https://<your-host>/…" would lose its placeholder.
			expect(`${error.message}\n${error.description ?? ''}`).not.toMatch(ANGLE_PLACEHOLDER);
			// The same item, numbered as n8n numbers it (from 0 inside, shown from 1).
			expect(error.itemIndex).toBe(0);
			expect((await t.requests()).map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual(
				aCase.requests ?? [],
			);
		},
	);

	test('with Continue On Fail, each bad item becomes an error item and the good ones run', async () => {
		const result = await t.run(
			{ resource: 'analytics', operation: 'getChannel', ...channel(X), days: '={{ $json.days }}' },
			{ items: [{ days: 7 }, { days: 0 }, { days: 'soon' }], continueOnFail: true },
		);
		const errors = result.items
			.filter((item) => item.json.error)
			.map((item) => String(item.json.error));
		expect(errors).toHaveLength(2);
		expect(errors[0]).toContain('"Days" must be a whole number, 1 or more; it is 0');
		expect(result.items.filter((item) => !item.json.error).length).toBeGreaterThan(0);
		expect((await t.requests('GET')).map((r) => r.path)).toEqual([`/analytics/${X}`]);
	});
});

describe('a key the service is sure to refuse is stopped before sending, and never quoted', () => {
	const t = useSandbox();

	test.each([
		['an empty key', '   ', 'The credential has no API key'],
		[
			'a key with "Bearer " in front',
			'Bearer sbx_live_0123456789',
			'The API key in the credential starts with "Bearer "',
		],
		[
			'"bearer" in small letters',
			'bearer sbx_live_0123456789',
			'The API key in the credential starts with "Bearer "',
		],
		// Shorter than any key the service issues; its value could not be told from ordinary words in answers (shared/secrets.ts).
		['a key of 7 characters', 'sbx_liv', 'The API key in the credential has only 7 characters'],
	])('%s', async (_what, apiKey, message) => {
		for (const parameters of [
			{ resource: 'channel', operation: 'getMany' },
			{ resource: 'notification', operation: 'getMany', returnAll: true },
		] as INodeParameters[]) {
			const result = await t.run(parameters, {
				credentials: { baseUrl: t.sandbox.baseUrl, apiKey },
			});
			const error = errorOf(result);
			expect(error.message).toBe(message);
			expect(`${error.message} ${error.description ?? ''}`).not.toContain('sbx_live_0123456789');
		}
		expect(await t.requests()).toEqual([]);
	});
});

describe('writes send all the items of a run or none', () => {
	const t = useSandbox();
	const deletePosts = async (ids: string[], continueOnFail = false) =>
		await t.run(
			{ resource: 'post', operation: 'delete', postId: '={{ $json.id }}' },
			{ items: ids.map((id) => ({ id })), continueOnFail },
		);

	test('Post → Delete: a bad second ID, nothing is deleted, and the error names the item', async () => {
		const result = await deletePosts([POST, 'not an id', POST]);
		expect(`${errorOf(result).message}`).toMatch(
			/Nothing was sent for item [13]: item 2 failed the checks|"Post ID" is not an ID/,
		);
		expect(await t.requests('DELETE')).toEqual([]);
	});

	test('Post → Delete with Continue On Fail: the good items are sent, the bad one is an error item', async () => {
		const [post] = await createPosts(t, {
			date: daysFromNow(3),
			channels: [t.sandbox.seed.channels.threads.id],
		});
		const result = await deletePosts([post.postId, 'not an id'], true);
		expect(
			result.items.filter((item) => item.json.error).map((item) => String(item.json.error)),
		).toEqual([expect.stringContaining('"Post ID" is not an ID')]);
		expect(result.items.filter((item) => item.json.deleted === true)).toHaveLength(1);
		expect((await t.requests('DELETE')).map((r) => r.path)).toEqual([`/posts/${post.postId}`]);
	});

	test('Post → Set Status: one status the API does not have stops the whole run', async () => {
		const result = await t.run(
			{ resource: 'post', operation: 'setStatus', postId: POST, status: '={{ $json.status }}' },
			{ items: [{ status: 'draft' }, { status: 'published' }] },
		);
		expect(errorOf(result).message).toMatch(
			/item 2 failed the checks|"Status" has a value the service does not take/,
		);
		expect(await t.requests('PUT')).toEqual([]);
	});
});
