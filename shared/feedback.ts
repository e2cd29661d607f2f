// "Was this page helpful?": where a browser keeps its answers (a JSON object, page path to
// "yes" or "no"). The feedback code (client/features/chunks/feedback.ts) writes it; the main
// script reads it to load that code at once on a page answered before, which shows thanks.
export const FEEDBACK_ANSWERS_KEY = 'helpgen.feedback';
