/** The meetings page (SPEC §2 'Protected routes'). */
export const meetingsPaths = { meetings: '/meetings' } as const;
