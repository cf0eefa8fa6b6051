/** The account settings page (SPEC §2 'Protected routes'). */
export const settingsPaths = { accountSettings: '/accountSettings' } as const;
