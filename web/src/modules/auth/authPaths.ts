/** The sign-in pages (SPEC §2 'Sign-in routes'); `/login` is where a protected page sends a signed-out visitor. */
export const authPaths = {
  signIn: '/signin',
  login: '/login',
  signUp: '/signup',
  resetPassword: '/resetPassword',
} as const;
