/**
 * How much one run asks of the service and takes from it, stated once. Each bound reached is an
 * error in words (never a silent stop). The time one request may take is the user's Timeout
 * (Request Options), which transport/send.ts keeps however slowly the answer trickles in.
 */

/**
 * Most pages one call of a paged operation reads: 20,000 notifications or 3,600 media items, more
 * than an organisation's history; a service whose pages always say "more" costs 200 requests.
 */
export const MAX_PAGES_PER_CALL = 200;

/**
 * Most date windows of 370 days (what GET /posts covers at most) Post → Get Many reads in one call:
 * about 30 years. A longer range is refused before anything is sent.
 */
export const MAX_DATE_WINDOWS = 30;

/** Largest answer body taken (32 MB), far above the API's; n8n would save it with the run. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** Deepest nesting taken in an answer: the API's own (JSON schemas included) stay under 20. */
export const MAX_ANSWER_DEPTH = 100;

/**
 * Deepest JSON the node reads from a parameter (Request (JSON), Settings (JSON), Input (JSON)):
 * a POST /posts body is 6 levels deep, its settings a few more.
 */
export const MAX_JSON_DEPTH = 64;

/** Longest text read from a JSON parameter (the service refuses far smaller request bodies). */
export const MAX_JSON_TEXT_CHARS = 1_000_000;

/**
 * Largest JSON request body the service takes (production answers 413 above 100 kB, whatever the
 * spec allows): every JSON write refuses a larger one before sending, naming the field.
 */
export const MAX_JSON_BODY_BYTES = 100 * 1024;
