/** The referrals page (SPEC §2: the app's page for a signed-in user, the referral landing otherwise). */
export const referralsPaths = { referrals: '/referrals' } as const;
