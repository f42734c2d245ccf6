import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { postIdField } from '../../shared/descriptions';
import { daysField } from './days';

const fields: INodeProperties[] = [postIdField({ description: 'A published post' }), daysField];

export const analyticsGetPostFields = updateDisplayOptions({ show: { resource: ['analytics'], operation: ['getPost'] } }, fields);
