/**
 * How much one run asks of the service and takes from it, stated once. Each bound reached is an
 * error in words (never a silent stop): the transport (transport/index.ts, transport/answers.ts)
 * and Post → Get Many read them. The time one request may take is the user's Timeout (Request
 * Options): transport/send.ts ends the attempt, and closes its connection, when it is up, however
 * slowly the answer trickles in.
 */

/**
 * Most pages one call of a paged operation reads. The API's pages hold 100 notifications or 18
 * media items, so this is 20,000 notifications or 3,600 media items: more than an organisation's
 * history in a run, and a service whose pages always say "more" costs 200 requests, not an endless
 * loop.
 */
export const MAX_PAGES_PER_CALL = 200;

/**
 * Most date windows Post → Get Many reads in one call. GET /posts covers at most 370 days a
 * request, so a range is read as windows of 370 days: 30 of them are 11,100 days (about 30 years).
 * A longer range is refused before anything is sent.
 */
export const MAX_DATE_WINDOWS = 30;

/**
 * Largest answer body taken, in bytes (32 MB). The API's largest answers (a year of posts, a page
 * of media) are far smaller; anything larger is not output (n8n would save it with the execution).
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/**
 * Deepest nesting of lists and objects taken in an answer: the API's own answers (JSON schemas
 * included) stay under 20.
 */
export const MAX_ANSWER_DEPTH = 100;

/**
 * Deepest JSON the node reads from a parameter (Request (JSON), Settings (JSON), Input (JSON)):
 * a POST /posts body is 6 levels deep, its settings a few more.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Longest text the node reads from a JSON parameter (the service refuses request bodies far
 * smaller).
 */
export const MAX_JSON_TEXT_CHARS = 1_000_000;

/**
 * Largest JSON request body the service takes: production answers 413 above 100 kB (service
 * notes), whatever the spec allows. Every JSON write refuses a larger one before sending, in the
 * words of the field that makes it large.
 */
export const MAX_JSON_BODY_BYTES = 100 * 1024;
