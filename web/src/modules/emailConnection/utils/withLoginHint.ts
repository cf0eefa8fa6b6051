/** The authorization URL with `login_hint` set, so the provider pre-fills the mailbox (a reconnect of that address). */
export const withLoginHint = (authUrl: string, loginHint: string | null | undefined) => {
  if (!loginHint) return authUrl;
  const url = new URL(authUrl);
  url.searchParams.set('login_hint', loginHint);
  return url.toString();
};
