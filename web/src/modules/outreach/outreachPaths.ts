/** The outreach page (SPEC §2 'Protected routes'). */
export const outreachPaths = { outreach: '/outreach' } as const;

/** The query parameter that opens a contact's drafts on the Outreach page. */
export const outreachContactParam = 'contact';

/** The Outreach page with a contact's drafts open. */
export const outreachContactPath = (contactId: string) =>
  `${outreachPaths.outreach}?${new URLSearchParams({ [outreachContactParam]: contactId })}`;
