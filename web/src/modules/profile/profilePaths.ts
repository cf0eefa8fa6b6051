/** The profile page (SPEC §2 'Protected routes'). */
export const profilePaths = { profile: '/profile' } as const;
