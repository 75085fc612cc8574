/**
 * "I didn't get it" reports: the rules the server and the web app share, without the schemas (so the
 * receipt page shows the action without loading zod).
 */

/** How long after delivery a customer may say "I didn't get it". */
export const DISPUTE_WINDOW_HOURS = 24;

/** The longest note a customer may leave with a report. */
export const DISPUTE_NOTE_MAX = 500;
