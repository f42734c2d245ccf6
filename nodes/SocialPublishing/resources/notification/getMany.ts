import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../shared/descriptions';

const fields: INodeProperties[] = [...returnAllAndLimit(100, 'notifications')];

export const notificationGetManyFields = updateDisplayOptions({ show: { resource: ['notification'], operation: ['getMany'] } }, fields);
