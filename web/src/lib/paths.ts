/**
 * The app's pages by URL (SPEC §2 routes), in one table below every module: a module links to another's page through
 * this table, not through the other module, so modules that link to each other do not import each other.
 */

/** The public site's pages (SPEC §2 'Public routes'): dark, for signed-out visitors. */
export const publicPaths = {
  home: '/',
  features: '/features',
  philosophy: '/philosophy',
  approach: '/approach',
  pricing: '/pricing',
  support: '/support',
  privacy: '/privacy',
  terms: '/terms',
  zoomGuide: '/zoom-guide',
  referralProgram: '/referral-program',
  loading: '/loading',
} as const;

/** The public pages a search engine should list (sitemap.xml, web/vite/crawlerFiles.ts): all but the loading screen. */
export const indexablePublicPaths: readonly string[] = Object.values(publicPaths).filter(
  (path) => path !== publicPaths.loading,
);

/** The sign-in pages (SPEC §2 'Sign-in routes'); `/login` is where a protected page sends a signed-out visitor. */
export const authPaths = {
  signIn: '/signin',
  login: '/login',
  signUp: '/signup',
  resetPassword: '/resetPassword',
} as const;

/** The blog's pages (SPEC §2 'Public routes': /blog, /blog/{slug}). */
export const blogPaths = {
  index: '/blog',
  /** the router's pattern of a post */
  post: '/blog/:slug',
} as const;

export const blogPostPath = (slug: string) => `${blogPaths.index}/${slug}`;

/** The contact dashboard (SPEC §2 'Protected routes'), the first page after sign-in. */
export const contactsPaths = { dashboard: '/dashboard' } as const;

/** The outreach page (SPEC §2 'Protected routes'). */
export const outreachPaths = { outreach: '/outreach' } as const;

/** The query parameter that opens a contact's drafts on the Outreach page. */
export const outreachContactParam = 'contact';

/** The Outreach page with a contact's drafts open. */
export const outreachContactPath = (contactId: string) =>
  `${outreachPaths.outreach}?${new URLSearchParams({ [outreachContactParam]: contactId })}`;

/** The pipeline page (SPEC §2 'Protected routes'). */
export const pipelinePaths = { pipeline: '/pipeline' } as const;

/** The meetings page (SPEC §2 'Protected routes'). */
export const meetingsPaths = { meetings: '/meetings' } as const;

/** The templates page (SPEC §2 'Protected routes'). */
export const templatesPaths = { templates: '/templates' } as const;

/** The sequences page (DESIGN §9 'Sequences'); `?sequence=<id>` opens one of them. */
export const sequencesPaths = { sequences: '/sequences' } as const;
export const sequenceParam = 'sequence';

/** The Sequences page with one sequence open. */
export const sequencePath = (id: string) =>
  `${sequencesPaths.sequences}?${new URLSearchParams({ [sequenceParam]: id })}`;

/** The referrals page (SPEC §2: the app's page for a signed-in user, the referral landing otherwise). */
export const referralsPaths = { referrals: '/referrals' } as const;

/** The profile page (SPEC §2 'Protected routes'). */
export const profilePaths = { profile: '/profile' } as const;

/**
 * Router state of a link to /profile that wants the person back once the profile is complete (SPEC §2: /profile takes
 * a profile-complete callback): the getting-started guide sends a new person on to their contacts.
 */
export type ProfileLinkState = { onCompleteGoTo: string };

/** The in-app path a link to /profile asked to go on to, if any (never another site's). */
export const profileCompletePath = (state: unknown) => {
  const path = typeof state === 'object' && state !== null && 'onCompleteGoTo' in state ? state.onCompleteGoTo : null;
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : undefined;
};

/** The account settings page (SPEC §2 'Protected routes'). */
export const settingsPaths = { accountSettings: '/accountSettings' } as const;

/** Where a notification e-mail's unsubscribe link lands a person (DESIGN §9): no sign-in needed, the link's token is enough. */
export const notificationPaths = { unsubscribe: '/unsubscribe' } as const;

/** The plans and the payment-success page (SPEC §2 'Protected routes'). */
export const billingPaths = { subscribe: '/subscribe', success: '/success' } as const;

/** The pixel test page (SPEC §2 'Protected routes'). */
export const analyticsPaths = { redditPixelTest: '/test/reddit-pixel' } as const;

/** The OAuth receivers of the mailbox connect flows (SPEC §2 'Popup routes'). */
export const emailConnectionPaths = {
  outlookAuth: '/outlook-auth',
  gmailAuth: '/gmail-auth',
} as const;
