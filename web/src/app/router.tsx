import { createBrowserRouter, Navigate } from 'react-router-dom';
import { LandingPage } from '../pages/LandingPage';
import { PageLoading } from './PageLoading';
import { RouteError } from './RouteError';

/**
 * The routes (SPEC §2). `/` is in the first bundle; everything behind sign-in is lazy, so antd, Amplify and SWR load
 * only when someone heads for a sign-in or app page.
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        { path: '/', element: <LandingPage /> },
        {
          lazy: async () => ({ Component: (await import('./AppProviders')).AppProviders }),
          children: [
            {
              lazy: async () => ({ Component: (await import('../modules/auth/components/RequireSignedOut')).RequireSignedOut }),
              children: [
                { path: '/signin', lazy: async () => ({ Component: (await import('../pages/SignInPage')).SignInPage }) },
                { path: '/login', lazy: async () => ({ Component: (await import('../pages/SignInPage')).SignInPage }) },
                { path: '/signup', lazy: async () => ({ Component: (await import('../pages/SignUpPage')).SignUpPage }) },
              ],
            },
            {
              lazy: async () => ({ Component: (await import('../modules/auth/components/RequireAuth')).RequireAuth }),
              children: [
                {
                  path: '/dashboard',
                  lazy: async () => ({ Component: (await import('../pages/DashboardPage')).DashboardPage }),
                },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
