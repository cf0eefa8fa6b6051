/** Where the sandbox sent the browser back after its consent page: the app's redirect URI and what it carries. */
export type ConsentRedirect = {
  url: URL;
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
};

/**
 * A person on the sandbox's consent page (Google or Microsoft), without a browser, for integration tests: opens
 * `authUrl`, checks it is the consent page, submits it as `email` (@default the page's pre-filled address) with
 * `Allow` or `Deny`, and answers where the sandbox redirects.
 */
export const consentInSandbox = async (
  authUrl: string,
  options: { email?: string; decision?: 'allow' | 'deny' } = {},
): Promise<ConsentRedirect & { prefilled: string }> => {
  const pageResponse = await fetch(authUrl, { redirect: 'manual' });
  const html = await pageResponse.text();
  if (pageResponse.status !== 200) throw new Error(`The consent page answered ${pageResponse.status}: ${html}`);
  const consent = /name="consent" value="([^"]+)"/.exec(html)?.[1];
  const escaped = /name="email" type="email" value="([^"]*)"/.exec(html)?.[1];
  const prefilled = escaped?.replace(/&#(\d+);/g, (_, char: string) => String.fromCharCode(Number(char)));
  if (!consent || prefilled === undefined) throw new Error('The sandbox did not show its consent page');
  const submitted = await fetch(authUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      consent,
      email: options.email ?? prefilled,
      decision: options.decision ?? 'allow',
    }),
  });
  const location = submitted.headers.get('location');
  if (submitted.status !== 302 || !location) {
    throw new Error(`The consent was not redirected (${submitted.status}): ${await submitted.text()}`);
  }
  const url = new URL(location);
  return {
    url,
    code: url.searchParams.get('code'),
    state: url.searchParams.get('state'),
    error: url.searchParams.get('error'),
    errorDescription: url.searchParams.get('error_description'),
    prefilled,
  };
};
