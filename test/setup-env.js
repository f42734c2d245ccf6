// n8n-core writes a config file (with a random encryption key) under the user folder when a node
// context is built: keep it inside node_modules instead of the developer's home.
const path = require('path');
process.env.N8N_USER_FOLDER = path.join(__dirname, '..', 'node_modules', '.cache', 'n8n-test-user');
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
