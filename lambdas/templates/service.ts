import { monotonicFactory } from 'ulid';
import { messages } from '../../shared/messages.js';
import { fillPlaceholders, type PlaceholderValues } from '../../shared/placeholders.js';
import type {
  CreateTemplateBody,
  RenderedTemplate,
  RenderTemplateBody,
  Template,
  UpdateTemplateBody,
} from '../../shared/schemas/templates.js';
import { templateMessages } from '../../shared/schemas/templates.js';
import { badRequest, notFound } from '../core/errors.js';
import type { DataClient } from '../data/client.js';
import { type ContactItem, getContact } from '../data/contact.js';
import { isItemTooLarge, maxItemBytes } from '../data/item-size.js';
import {
  createTemplateItem,
  deleteTemplateItem,
  getTemplateItem,
  listTemplateItems,
  replaceTemplateItem,
  templateItemBytes,
} from '../data/template.js';
import { getUserProfile, type UserProfileItem } from '../data/user-profile.js';

export type TemplatesDeps = {
  db: DataClient;
  now: () => Date;
  newId: () => string;
};

const ulid = monotonicFactory();
export const newTemplateId = () => ulid();

const templateNotFound = () => notFound(messages.status[404]);
const contactNotFound = () => notFound(messages.contacts.notFound);

/** A template over DynamoDB's 400 KB is a 400, measured before the write (and caught should the measure be short). */
const writeWithinSize = async <T>(uid: string, template: Template, write: () => Promise<T>): Promise<T> => {
  if (templateItemBytes(uid, template) > maxItemBytes) throw badRequest(templateMessages.tooLarge);
  try {
    return await write();
  } catch (error) {
    if (isItemTooLarge(error)) throw badRequest(templateMessages.tooLarge);
    throw error;
  }
};

/** GET /api/templates: most recently updated first. */
export const listTemplates = async (deps: TemplatesDeps, uid: string): Promise<Template[]> =>
  (await listTemplateItems(deps.db, uid)).sort(
    (a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id),
  );

/** One template of the user; null when the user has none of this id (another user's id included). */
export const getTemplate = (db: DataClient, uid: string, templateId: string): Promise<Template | null> =>
  getTemplateItem(db, uid, templateId);

/** GET /api/templates/{id}: 404 when the user has none of this id. */
export const getOne = async (deps: TemplatesDeps, uid: string, templateId: string) =>
  (await getTemplate(deps.db, uid, templateId)) ?? Promise.reject(templateNotFound());

/** POST /api/templates (the body is checked: unknown placeholders never get here). */
export const createTemplate = async (deps: TemplatesDeps, uid: string, body: CreateTemplateBody) => {
  const now = deps.now().toISOString();
  const template: Template = {
    id: deps.newId(),
    name: body.name,
    subject: body.subject,
    body: body.body,
    createdAt: now,
    updatedAt: now,
  };
  await writeWithinSize(uid, template, () => createTemplateItem(deps.db, uid, template));
  return template;
};

/** PUT /api/templates/{id}: the named fields; 404 when the user has none of this id (or it was deleted meanwhile). */
export const updateTemplate = async (
  deps: TemplatesDeps,
  uid: string,
  templateId: string,
  body: UpdateTemplateBody,
) => {
  const current = await getTemplate(deps.db, uid, templateId);
  if (!current) throw templateNotFound();
  const changed: Template = {
    ...current,
    ...(body.name !== undefined && { name: body.name }),
    ...(body.subject !== undefined && { subject: body.subject }),
    ...(body.body !== undefined && { body: body.body }),
    updatedAt: deps.now().toISOString(),
  };
  const written = await writeWithinSize(uid, changed, () => replaceTemplateItem(deps.db, uid, changed));
  if (!written) throw templateNotFound();
  return changed;
};

/** DELETE /api/templates/{id}: 404 when the user has none of this id. */
export const deleteTemplate = async (deps: TemplatesDeps, uid: string, templateId: string) => {
  if (!(await deleteTemplateItem(deps.db, uid, templateId))) throw templateNotFound();
  return { deleted: true };
};

/** The parts of the user's profile the `my*` placeholders read. */
export type SenderProfile = Pick<UserProfileItem, 'displayName' | 'firstName' | 'lastName' | 'company' | 'jobTitle'>;
export const senderProfileFields = [
  'displayName',
  'firstName',
  'lastName',
  'company',
  'jobTitle',
] as const satisfies readonly (keyof UserProfileItem)[];

const words = (text: string | undefined) => (text ?? '').trim().split(/\s+/).filter(Boolean);
const joined = (...parts: (string | undefined)[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/**
 * The placeholder values of a contact and the sender (DESIGN §8): the contact's own fields first, then what its name
 * and profile snapshot give (first and last name from the full name, the job title from the current role, the school
 * from the first education entry); the `my*` values from the user's profile.
 */
export const placeholderValues = (
  contact: Partial<ContactItem> | null,
  sender: Partial<SenderProfile> | null,
): PlaceholderValues => {
  const contactWords = words(contact?.name);
  const firstName = contact?.firstName?.trim() || contactWords[0];
  const lastName = contact?.lastName?.trim() || contactWords.slice(1).join(' ');
  const senderWords = words(sender?.displayName);
  const myName = sender?.displayName?.trim() || joined(sender?.firstName, sender?.lastName);
  return {
    firstName,
    lastName,
    fullName: contact?.name?.trim() || joined(firstName, lastName),
    company: contact?.company || contact?.experiences?.find((entry) => entry.isCurrent)?.company,
    jobTitle: contact?.jobTitle || contact?.currentRole,
    school: contact?.education?.find((entry) => entry.institution.trim())?.institution,
    myFirstName: sender?.firstName?.trim() || senderWords[0],
    myName,
    myCompany: sender?.company,
    myJobTitle: sender?.jobTitle,
  };
};

/**
 * A template filled in with some values: `{subject, body, missing}`, where `missing` names the placeholders the
 * template uses that have no value (they stay in the text as written, never a silent blank).
 */
export const renderTemplate = (
  template: Pick<Template, 'subject' | 'body'>,
  values: PlaceholderValues,
): RenderedTemplate => {
  const subject = fillPlaceholders(template.subject, values);
  const body = fillPlaceholders(template.body, values);
  return {
    subject: subject.text,
    body: body.text,
    missing: [...new Set([...subject.missing, ...body.missing])],
  };
};

/** The placeholder values for one contact of the user; null when the user has no such contact. */
export const valuesForContact = async (
  db: DataClient,
  uid: string,
  contactId: string,
): Promise<PlaceholderValues | null> => {
  const [contact, sender] = await Promise.all([
    getContact(db, uid, contactId),
    getUserProfile(db, uid, senderProfileFields),
  ]);
  return contact ? placeholderValues(contact, sender) : null;
};

/** POST /api/templates/{id}/render: 404 for a template or contact the user does not have. */
export const renderForContact = async (
  deps: TemplatesDeps,
  uid: string,
  templateId: string,
  body: RenderTemplateBody,
): Promise<RenderedTemplate> => {
  const [template, values] = await Promise.all([
    getTemplate(deps.db, uid, templateId),
    valuesForContact(deps.db, uid, body.contactId),
  ]);
  if (!template) throw templateNotFound();
  if (!values) throw contactNotFound();
  return renderTemplate({ subject: body.subject ?? template.subject, body: body.body ?? template.body }, values);
};
