/**
 * The AI service's failures. They answer 502 and 504 as a site that could not be reached does, and the import dialog
 * tells them apart by these texts: only a site's failure is the address field's business.
 */
export const AI_SERVICE_UNAVAILABLE = "The AI service is unavailable right now. Try again later.";
export const AI_SERVICE_TIMED_OUT = "The AI service did not answer in time. Try again later.";
