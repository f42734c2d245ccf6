import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { channelLocator } from '../../shared/descriptions';

const fields: INodeProperties[] = [channelLocator({ description: 'The channel whose posting times are searched' })];

export const slotFindNextFreeFields = updateDisplayOptions({ show: { resource: ['slot'], operation: ['findNextFree'] } }, fields);
