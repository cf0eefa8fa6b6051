/**
 * What other Lambda domains may use of templates (biome.json: a domain reaches another only through its index.ts or
 * lambdas/data): the AI reads a template and fills it for a contact.
 */
export {
  getTemplate,
  placeholderValues,
  renderTemplate,
  valuesForContact,
  type SenderProfile,
} from './service.js';
