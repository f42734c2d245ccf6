import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { channelLocator } from '../../shared/descriptions';

const fields: INodeProperties[] = [channelLocator()];

export const channelGetSettingsFields = updateDisplayOptions({ show: { resource: ['channel'], operation: ['getSettings'] } }, fields);
