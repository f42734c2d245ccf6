/**
 * The node's hints, their displayCondition resolved by n8n-workflow's expression engine the way the editor's
 * output panel resolves it (useNodeHelpers' getNodeHints: `getParameterValue(condition, runExecutionData,
 * runIndex, 0, node.name, the input's items, 'manual', {})`), over the node's parameters as n8n keeps them (the
 * Workflow object passes them through the node's description). The picked channel's label is the one the Channel
 * list gives it (`channelLabel`), which n8n stores as the value's `cachedResultName`.
 */
import {
	Workflow,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeTypes,
	type IRunExecutionData,
} from 'n8n-workflow';

import { NODE_HINTS, PLATFORM_MISMATCH_CONDITION } from '../../../nodes/SocialPublishing/hints';
import { channelLabel } from '../../../nodes/SocialPublishing/methods/loadOptions';
import { PLATFORMS, type PlatformId } from '../../../nodes/SocialPublishing/shared/platforms';
import type { Channel } from '../../../nodes/SocialPublishing/shared/channel';
import { NODE_TYPE, nodeTypeRegistry } from '../../helpers/engine';

const nodeTypes: INodeTypes = {
	getByName: (type) => nodeTypeRegistry[type],
	getByNameAndVersion: (type) => nodeTypeRegistry[type],
	getKnownTypes: () => ({}),
};

/** What the editor's output panel makes of a condition for a node with these parameters. */
function shown(
	condition: string,
	parameters: INodeParameters,
	after?: { runExecutionData: IRunExecutionData; input: INodeExecutionData[] },
): unknown {
	const node: INode = {
		id: 'hint-node',
		name: 'Create a post',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getParameterValue(
		condition,
		after?.runExecutionData ?? null,
		0,
		0,
		node.name,
		after?.input ?? [],
		'manual',
		{},
	);
}

const PLATFORM_IDS = Object.keys(PLATFORMS) as PlatformId[];

/** A channel picked From List, as n8n stores it: the id, and the label the list showed. */
const picked = (channel: Channel) => ({
	__rl: true,
	mode: 'list',
	value: channel.id,
	cachedResultName: channelLabel(channel),
});

/** Post → Create with one Channels entry per [Platform, channel value]. */
const create = (...entries: Array<[string, unknown]>): INodeParameters => ({
	resource: 'post',
	operation: 'create',
	channels: {
		channel: entries.map(([platform, channel]) => ({ platform, channel })) as never,
	},
});

/** Channels of every platform, named as awkwardly as a service allows (parentheses, clients, disabled). */
const channels: Channel[] = PLATFORM_IDS.flatMap((platform, index) => [
	{ id: `${platform}-1`, name: `Shop ${index}`, platform },
	{ id: `${platform}-2`, name: 'Spring (sale) 2026', platform, customer: { name: 'Acme (EU)' } },
	{ id: `${platform}-3`, name: `Old ${platform}`, platform, disabled: true },
]);

const onX: Channel = { id: 'x-shop', name: 'Shop', platform: 'x' };

describe('the hint for a Channels entry whose channel is of another platform', () => {
	const hint = NODE_HINTS.find((h) => h.displayCondition === PLATFORM_MISMATCH_CONDITION);

	it('is a warning in the panel, shown before and after a run', () => {
		expect(hint).toMatchObject({ type: 'warning', location: 'ndv', whenToDisplay: 'always' });
		expect(hint?.message).toContain('another platform than its Platform');
	});

	it('shows for an X channel kept after Platform changed to LinkedIn', () => {
		expect(shown(PLATFORM_MISMATCH_CONDITION, create(['linkedin', picked(onX)]))).toBe(true);
	});

	it("never shows for a channel picked under its own platform, whatever its name or client (every platform's)", () => {
		const wrong = channels.filter(
			(channel) =>
				shown(PLATFORM_MISMATCH_CONDITION, create([channel.platform, picked(channel)])) !== false,
		);
		expect(wrong).toEqual([]);
		expect(channels).toHaveLength(PLATFORM_IDS.length * 3);
	});

	it('shows for every channel kept under any other platform', () => {
		const missed = channels.flatMap((channel) =>
			PLATFORM_IDS.filter((platform) => platform !== channel.platform)
				// Two platforms read the same in a label ("Instagram"): nothing to tell them apart by.
				.filter((platform) => channelLabel({ ...channel, platform }) !== channelLabel(channel))
				.filter(
					(platform) =>
						shown(PLATFORM_MISMATCH_CONDITION, create([platform, picked(channel)])) !== true,
				)
				.map((platform) => `${channelLabel(channel)} under ${platform}`),
		);
		expect(missed).toEqual([]);
	});

	it('shows when one entry of several is wrong, and not when all are right', () => {
		const onLinkedin: Channel = { id: 'li', name: 'Page', platform: 'linkedin' };
		expect(
			shown(
				PLATFORM_MISMATCH_CONDITION,
				create(['x', picked(onX)], ['x', picked(onLinkedin)], ['linkedin', picked(onLinkedin)]),
			),
		).toBe(true);
		expect(
			shown(
				PLATFORM_MISMATCH_CONDITION,
				create(['x', picked(onX)], ['linkedin', picked(onLinkedin)]),
			),
		).toBe(false);
	});

	it('stays away when there is no label to read: By ID, an expression, Look Up From Channel, no channel', () => {
		const cases: Array<[string, INodeParameters]> = [
			['By ID', create(['linkedin', { __rl: true, mode: 'id', value: 'x-shop' }])],
			['an expression', create(['linkedin', { ...picked(onX), value: '={{ $json.channelId }}' }])],
			['Look Up From Channel', create(['lookup', picked(onX)])],
			[
				'Platform left at its default',
				{ ...create(), channels: { channel: [{ channel: picked(onX) }] } },
			],
			['no label kept', create(['linkedin', { __rl: true, mode: 'list', value: 'x-shop' }])],
			['no channel yet', create(['linkedin', { __rl: true, mode: 'list', value: '' }])],
			['no Channels entry', create()],
			// A platform outside the 11 (the run sends it with the body's checks only, and does not refuse it).
			[
				'a channel on a platform the node has no rules for',
				create(['linkedin', picked({ id: 'lp', name: 'Page', platform: 'linkedin-page' })]),
			],
			['another operation', { resource: 'post', operation: 'getMany' }],
		];
		const wrong = cases.filter(
			([, parameters]) => shown(PLATFORM_MISMATCH_CONDITION, parameters) !== false,
		);
		expect(wrong.map(([name]) => name)).toEqual([]);
	});

	it('reads the same after a run, with input items and run data present', () => {
		const input = [{ json: { channelId: 'x-shop' } }];
		const runExecutionData = {
			resultData: {
				runData: {
					'Create a post': [
						{
							startTime: 0,
							executionTime: 1,
							source: [],
							data: { main: [[{ json: { ok: false } }]] },
						},
					],
				},
			},
		} as unknown as IRunExecutionData;
		expect(
			shown(PLATFORM_MISMATCH_CONDITION, create(['linkedin', picked(onX)]), {
				runExecutionData,
				input,
			}),
		).toBe(true);
		expect(
			shown(PLATFORM_MISMATCH_CONDITION, create(['x', picked(onX)]), { runExecutionData, input }),
		).toBe(false);
	});
});

describe("what a hint's condition can read after a run (why no hint says a Check Only found problems)", () => {
	const runExecutionData = {
		resultData: {
			runData: {
				'Create a post': [
					{
						startTime: 0,
						executionTime: 1,
						source: [],
						data: { main: [[{ json: { ok: false } }]] },
					},
				],
			},
		},
	} as unknown as IRunExecutionData;
	const after = { runExecutionData, input: [{ json: { ok: true } }, { json: { ok: true } }] };

	it('$json and $input are the input items, not the output', () => {
		expect(shown('={{ $json.ok === false }}', {}, after)).toBe(false);
		expect(shown('={{ $input.all().length }}', {}, after)).toBe(2);
	});

	it("the node's own output only by its name, which the condition cannot know (the user names the node)", () => {
		expect(
			shown('={{ $("Create a post").all().some((i) => i.json.ok === false) }}', {}, after),
		).toBe(true);
		expect(shown('={{ $nodeId }}', {}, after)).toBe('hint-node');
	});
});
