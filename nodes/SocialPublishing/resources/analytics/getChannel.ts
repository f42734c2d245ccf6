import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { channelLocator } from '../../shared/descriptions';
import { daysField } from './days';

const fields: INodeProperties[] = [channelLocator(), daysField];

export const analyticsGetChannelFields = updateDisplayOptions({ show: { resource: ['analytics'], operation: ['getChannel'] } }, fields);
