import { checkConnection } from './checkConnection';
import { deleteChannel } from './delete';
import { getConnectUrl } from './getConnectUrl';
import { getManyChannels } from './getMany';
import { getChannelSettings } from './getSettings';
import { runChannelTool } from './runTool';

export const channelOperations = [
	checkConnection,
	deleteChannel,
	getConnectUrl,
	getManyChannels,
	getChannelSettings,
	runChannelTool,
];
