/** Where the sandbox's hosted Checkout page sent the browser, and the page it showed when it did not. */
export type CheckoutOutcome = { status: number; location: string | null; html: string; prefilledEmail: string };

const unescapeHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/**
 * A person on the sandbox's hosted Checkout page, without a browser, for integration tests: opens the session's
 * `url`, checks it is the Checkout page, submits it with `Pay` (@default; the pre-filled e-mail and the test card
 * 4242 4242 4242 4242 unless given) or `Decline`, and answers the redirect (303 to the success URL when paid) or the
 * page shown (402 'Your card was declined.').
 */
export const checkoutInSandbox = async (
  url: string,
  options: { decision?: 'pay' | 'decline'; email?: string; card?: string } = {},
): Promise<CheckoutOutcome> => {
  const page = await fetch(url, { redirect: 'manual' });
  const html = await page.text();
  const prefilled = /name="email" type="email" value="([^"]*)"/.exec(html)?.[1];
  const card = /name="card"[^>]* value="([^"]*)"/.exec(html)?.[1];
  if (page.status !== 200 || prefilled === undefined || card === undefined) {
    throw new Error(`The sandbox did not show its Checkout page (${page.status}): ${html.slice(0, 300)}`);
  }
  const prefilledEmail = unescapeHtml(prefilled);
  const submitted = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: options.email ?? prefilledEmail,
      card: options.card ?? card,
      decision: options.decision ?? 'pay',
    }),
  });
  return {
    status: submitted.status,
    location: submitted.headers.get('location'),
    html: await submitted.text(),
    prefilledEmail,
  };
};

/**
 * A person on the sandbox's Customer Portal page: `switch:<price id>`, `cancel`, `renew` or `payment-method` (with
 * `card`). Answers the status (303 back to the portal when done) and the page when refused.
 */
export const portalInSandbox = async (url: string, action: string, card?: string) => {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action, ...(card ? { card } : {}) }),
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
};
