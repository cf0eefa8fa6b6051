/** What other domains use of the AI domain: a follow-up written from the thread (a sequence's AI step). */
export { generationDepsFromEnv } from './deps.js';
export { generateEmail } from './generation.js';
export { renderTemplateFor } from './template-values.js';
