/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev/demo code, never shipped */
// Imported first: n8n-core reads these when it loads, and writes its config under the user folder.
import path from 'node:path';

process.env.N8N_USER_FOLDER ??= path.join(__dirname, '..', '..', 'node_modules', '.cache', 'n8n-demo-user');
process.env.N8N_LOG_LEVEL ??= 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
