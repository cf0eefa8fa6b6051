/** The outreach page (SPEC §2 'Protected routes'). */
export const outreachPaths = { outreach: '/outreach' } as const;
