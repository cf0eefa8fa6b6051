import { getUserProfile } from '../data/user-profile.js';
import { getTemplate, placeholderValues, renderTemplate } from '../templates/index.js';
import type { RenderTemplate } from './generation.js';

/**
 * A template of the user filled in for a contact (lambdas/templates): its placeholders from the contact and the
 * user's profile; those without a value stay as written and are named in `missing`, for the model to fill or to offer
 * alternatives for. Null when the user has no template of that id.
 */
export const renderTemplateFor: RenderTemplate = async (db, uid, templateId, contact) => {
  const [template, sender] = await Promise.all([getTemplate(db, uid, templateId), getUserProfile(db, uid)]);
  if (!template) return null;
  return renderTemplate(template, placeholderValues(contact, sender));
};
