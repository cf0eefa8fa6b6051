/**
 * The web app's pages a notification e-mail links to (web/src/lib/paths.ts spells the same paths): a contact's
 * conversation opens in its Outreach drawer; several replies are the pipeline's replied contacts.
 */
export const outreachPath = (contactId: string) => `/outreach?${new URLSearchParams({ contact: contactId })}`;
export const pipelinePath = '/pipeline';
export const meetingsPath = '/meetings';
export const outreachListPath = '/outreach';
/** the web app's page an unsubscribe link opens for a person (web/src/pages/public/UnsubscribePage.tsx) */
export const unsubscribePagePath = '/unsubscribe';
