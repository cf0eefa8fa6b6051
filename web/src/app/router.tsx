import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
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
            { path: '/', Component: HomePage },
            { path: '/features', ...page(async () => (await import('@/pages/public/FeaturesPage')).FeaturesPage) },
            { path: '/philosophy', ...page(async () => (await import('@/pages/public/PhilosophyPage')).PhilosophyPage) },
            { path: '/approach', ...page(async () => (await import('@/pages/public/ApproachPage')).ApproachPage) },
            { path: '/pricing', ...page(async () => (await import('@/pages/public/PricingPage')).PricingPage) },
            { path: '/support', ...page(async () => (await import('@/pages/public/SupportPage')).SupportPage) },
            { path: '/privacy', ...page(async () => (await import('@/pages/public/PrivacyPage')).PrivacyPage) },
            { path: '/terms', ...page(async () => (await import('@/pages/public/TermsPage')).TermsPage) },
            { path: '/zoom-guide', ...page(async () => (await import('@/pages/public/ZoomGuidePage')).ZoomGuidePage) },
            {
              path: '/referral-program',
              ...page(async () => (await import('@/pages/public/ReferralProgramPage')).ReferralProgramPage),
            },
            { path: '/blog', ...page(async () => (await import('@/pages/public/BlogIndexPage')).BlogIndexPage) },
            { path: '/blog/:slug', ...page(async () => (await import('@/pages/public/BlogPostPage')).BlogPostPage) },
          ],
        },
        { path: '/loading', ...page(async () => (await import('@/pages/public/LoadingPage')).LoadingPage) },
        // SPEC §2: the referral landing for signed-out visitors, the app's referrals page inside the shell otherwise
        { path: '/referrals', element: <SignedInSwitch signedIn={<SignedInReferrals />} signedOut={<PublicReferrals />} /> },
        {
          ...page(async () => (await import('./AppProviders')).AppProviders),
          children: [
            // SPEC §2 'Popup routes': only the minimal receiver, no shell
            { path: '/outlook-auth', ...page(async () => (await import('@/pages/popup/OutlookAuthPage')).OutlookAuthPage) },
            { path: '/gmail-auth', ...page(async () => (await import('@/pages/popup/GmailAuthPage')).GmailAuthPage) },
            {
              ...page(async () => (await import('@/modules/auth/components/RequireSignedOut')).RequireSignedOut),
              children: [
                { path: '/signin', ...page(async () => (await import('@/pages/auth/SignInPage')).SignInPage) },
                { path: '/login', ...page(async () => (await import('@/pages/auth/SignInPage')).SignInPage) },
                { path: '/signup', ...page(async () => (await import('@/pages/auth/SignUpPage')).SignUpPage) },
                {
                  path: '/resetPassword',
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
                    { path: '/dashboard', ...page(async () => (await import('@/pages/app/DashboardPage')).DashboardPage) },
                    {
                      path: '/test/reddit-pixel',
                      ...page(async () => (await import('@/pages/app/RedditPixelTestPage')).RedditPixelTestPage),
                    },
                    { path: '/profile', ...page(async () => (await import('@/pages/app/ProfilePage')).ProfilePage) },
                    { path: '/templates', ...page(async () => (await import('@/pages/app/TemplatesPage')).TemplatesPage) },
                    { path: '/outreach', ...page(async () => (await import('@/pages/app/OutreachPage')).OutreachPage) },
                    { path: '/pipeline', ...page(async () => (await import('@/pages/app/PipelinePage')).PipelinePage) },
                    { path: '/meetings', ...page(async () => (await import('@/pages/app/MeetingsPage')).MeetingsPage) },
                    {
                      path: '/accountSettings',
                      ...page(async () => (await import('@/pages/app/AccountSettingsPage')).AccountSettingsPage),
                    },
                    { path: '/subscribe', ...page(async () => (await import('@/pages/app/SubscribePage')).SubscribePage) },
                    { path: '/success', ...page(async () => (await import('@/pages/app/SuccessPage')).SuccessPage) },
                  ],
                },
              ],
            },
          ],
        },
        // SPEC §2: unknown paths go to / for visitors, to /dashboard inside the signed-in shell
        { path: '*', element: <SignedInSwitch signedIn={<Navigate to="/dashboard" replace />} signedOut={<Navigate to="/" replace />} /> },
      ],
    },
  ]);
