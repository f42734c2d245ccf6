/**
 * What n8n's nodes panel shows of the package. n8n lists a trigger under the action node whose type
 * name is the trigger's without "Trigger" (one entry for both) and gives that entry the trigger's
 * description, so the trigger's says what both do.
 */

/** The action node's description. */
export const ACTION_DESCRIPTION =
	'Schedule and publish posts, upload media and read analytics on a social publishing service';

/** The trigger's description: the app's entry in the nodes panel, for both nodes. */
const APP_DESCRIPTION = `${ACTION_DESCRIPTION}, and start a workflow on its notifications or on what happens to posts`;
export { APP_DESCRIPTION };
