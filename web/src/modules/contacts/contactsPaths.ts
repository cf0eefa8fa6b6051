/** The contact dashboard (SPEC §2 'Protected routes'), the first page after sign-in. */
export const contactsPaths = { dashboard: '/dashboard' } as const;
