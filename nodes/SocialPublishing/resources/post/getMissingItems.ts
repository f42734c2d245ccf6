import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { postIdField } from '../../shared/descriptions';

const fields: INodeProperties[] = [postIdField({ description: 'A published post whose platform did not report the ID of the published item' })];

export const postGetMissingItemsFields = updateDisplayOptions({ show: { resource: ['post'], operation: ['getMissingItems'] } }, fields);
