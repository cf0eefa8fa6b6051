import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import {
  analyticsPaths,
  authPaths,
  billingPaths,
  blogPaths,
  contactsPaths,
  emailConnectionPaths,
  meetingsPaths,
  notificationPaths,
  outreachPaths,
  pipelinePaths,
  profilePaths,
  publicPaths,
  referralsPaths,
  sequencesPaths,
  settingsPaths,
  templatesPaths,
} from '@/lib/paths';
import { PublicLayout } from '@/modules/public/components/PublicLayout';
import { HomePage } from '@/pages/public/HomePage';
import { InitialLoading } from './InitialLoading';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { SignedInSwitch } from './SignedInSwitch';

const PublicReferrals = lazy(async () => ({ default: (await import('./PublicReferrals')).PublicReferrals }));
const SignedInReferrals = lazy(async () => ({ default: (await import('./SignedInReferrals')).SignedInReferrals }));

/** A route whose component arrives in its own chunk; the router shows 'Loading...' meanwhile (SPEC §2). */
const page = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await load() }),
});

/**
 * The routes of SPEC §2. The public pages (dark, no antd, no Amplify) sit under {@link PublicLayout}; `/` is in the
 * first bundle, the others are lazy. Everything that needs sign-in, antd or the API sits under the lazy
 * `AppProviders` layout, so a first visit to the public site loads none of it.
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      Component: RootLayout,
      errorElement: <RouteError />,
      hydrateFallbackElement: <InitialLoading />,
      children: [
        {
          Component: PublicLayout,
          children: [
            { path: publicPaths.home, Component: HomePage },
            {
              path: publicPaths.features,
              ...page(async () => (await import('@/pages/public/FeaturesPage')).FeaturesPage),
            },
            {
              path: publicPaths.philosophy,
              ...page(async () => (await import('@/pages/public/PhilosophyPage')).PhilosophyPage),
            },
            {
              path: publicPaths.approach,
              ...page(async () => (await import('@/pages/public/ApproachPage')).ApproachPage),
            },
            {
              path: publicPaths.pricing,
              ...page(async () => (await import('@/pages/public/PricingPage')).PricingPage),
            },
            {
              path: publicPaths.support,
              ...page(async () => (await import('@/pages/public/SupportPage')).SupportPage),
            },
            {
              path: publicPaths.privacy,
              ...page(async () => (await import('@/pages/public/PrivacyPage')).PrivacyPage),
            },
            { path: publicPaths.terms, ...page(async () => (await import('@/pages/public/TermsPage')).TermsPage) },
            {
              path: publicPaths.zoomGuide,
              ...page(async () => (await import('@/pages/public/ZoomGuidePage')).ZoomGuidePage),
            },
            {
              path: publicPaths.referralProgram,
              ...page(async () => (await import('@/pages/public/ReferralProgramPage')).ReferralProgramPage),
            },
            {
              path: blogPaths.index,
              ...page(async () => (await import('@/pages/public/BlogIndexPage')).BlogIndexPage),
            },
            { path: blogPaths.post, ...page(async () => (await import('@/pages/public/BlogPostPage')).BlogPostPage) },
          ],
        },
        { path: publicPaths.loading, ...page(async () => (await import('@/pages/public/LoadingPage')).LoadingPage) },
        // SPEC §2: the referral landing for signed-out visitors, the app's referrals page inside the shell otherwise
        {
          path: referralsPaths.referrals,
          element: <SignedInSwitch signedIn={<SignedInReferrals />} signedOut={<PublicReferrals />} />,
        },
        {
          // the app's pages open in the language of this browser's last session (or its own), not in English first
          ...page(async () => {
            const [{ AppProviders }, { startLanguage }] = await Promise.all([
              import('./AppProviders'),
              import('@/i18n/language'),
            ]);
            // a language that fails to arrive leaves the pages in English rather than not opening them
            await startLanguage().catch(() => undefined);
            return AppProviders;
          }),
          children: [
            // DESIGN §9: a notification e-mail's unsubscribe link, for a signed-out person too (its token is signed)
            {
              path: notificationPaths.unsubscribe,
              ...page(async () => (await import('@/pages/public/UnsubscribePage')).UnsubscribePage),
            },
            // SPEC §2 'Popup routes': only the minimal receiver, no shell
            {
              path: emailConnectionPaths.outlookAuth,
              ...page(async () => (await import('@/pages/popup/OutlookAuthPage')).OutlookAuthPage),
            },
            {
              path: emailConnectionPaths.gmailAuth,
              ...page(async () => (await import('@/pages/popup/GmailAuthPage')).GmailAuthPage),
            },
            {
              ...page(async () => (await import('@/modules/auth/components/RequireSignedOut')).RequireSignedOut),
              children: [
                { path: authPaths.signIn, ...page(async () => (await import('@/pages/auth/SignInPage')).SignInPage) },
                { path: authPaths.login, ...page(async () => (await import('@/pages/auth/SignInPage')).SignInPage) },
                { path: authPaths.signUp, ...page(async () => (await import('@/pages/auth/SignUpPage')).SignUpPage) },
                {
                  path: authPaths.resetPassword,
                  ...page(async () => (await import('@/pages/auth/ResetPasswordPage')).ResetPasswordPage),
                },
              ],
            },
            {
              ...page(async () => (await import('@/modules/auth/components/RequireAuth')).RequireAuth),
              children: [
                {
                  ...page(async () => (await import('@/modules/shell/components/AppShell')).AppShell),
                  children: [
                    {
                      path: contactsPaths.dashboard,
                      ...page(async () => (await import('@/pages/app/DashboardPage')).DashboardPage),
                    },
                    {
                      path: analyticsPaths.redditPixelTest,
                      ...page(async () => (await import('@/pages/app/RedditPixelTestPage')).RedditPixelTestPage),
                    },
                    {
                      path: profilePaths.profile,
                      ...page(async () => (await import('@/pages/app/ProfilePage')).ProfileRoute),
                    },
                    {
                      path: templatesPaths.templates,
                      ...page(async () => (await import('@/pages/app/TemplatesPage')).TemplatesPage),
                    },
                    {
                      path: outreachPaths.outreach,
                      ...page(async () => (await import('@/pages/app/OutreachPage')).OutreachPage),
                    },
                    {
                      path: sequencesPaths.sequences,
                      ...page(async () => (await import('@/pages/app/SequencesPage')).SequencesPage),
                    },
                    {
                      path: pipelinePaths.pipeline,
                      ...page(async () => (await import('@/pages/app/PipelinePage')).PipelinePage),
                    },
                    {
                      path: meetingsPaths.meetings,
                      ...page(async () => (await import('@/pages/app/MeetingsPage')).MeetingsPage),
                    },
                    {
                      path: settingsPaths.accountSettings,
                      ...page(async () => (await import('@/pages/app/AccountSettingsPage')).AccountSettingsPage),
                    },
                    {
                      path: billingPaths.subscribe,
                      ...page(async () => (await import('@/pages/app/SubscribePage')).SubscribePage),
                    },
                    {
                      path: billingPaths.success,
                      ...page(async () => (await import('@/pages/app/SuccessPage')).SuccessPage),
                    },
                  ],
                },
              ],
            },
          ],
        },
        // SPEC §2: unknown paths go to / for visitors, to /dashboard inside the signed-in shell
        {
          path: '*',
          element: (
            <SignedInSwitch
              signedIn={<Navigate to={contactsPaths.dashboard} replace />}
              signedOut={<Navigate to={publicPaths.home} replace />}
            />
          ),
        },
      ],
    },
  ]);
