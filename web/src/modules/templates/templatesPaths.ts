/** The templates page (SPEC §2 'Protected routes'). */
export const templatesPaths = { templates: '/templates' } as const;
