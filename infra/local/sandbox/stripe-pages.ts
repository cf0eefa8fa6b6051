import { escapeHtml, sandboxPage } from './oauth-server.js';
import type {
  CheckoutSession,
  Customer,
  RecordedEvent,
  PaymentMethod,
  PortalSession,
  Price,
  Subscription,
  SubscriptionStatus,
} from './stripe-store.js';
import { sandboxPrices, successCard } from './stripe-store.js';

/**
 * The sandbox Stripe's hosted pages (DESIGN §8 'Sandbox control'): Checkout (an e-mail field named `email`, a card
 * field with Stripe's test card, `Pay` and `Decline`) and the Customer Portal (switch plan, cancel, payment method,
 * back to the app). Plain forms, no script, as the sandbox's other pages.
 */

const styles = `<style>
.plan { font-size: 1.2rem; margin: .2rem 0; }
.price { font-size: 2rem; font-weight: 700; margin: .2rem 0 1rem; }
.price small { font-size: 1rem; font-weight: 400; color: #555; }
input[name=card] { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; font-family: monospace; }
button[value=pay], button.primary { background: #635bff; color: #fff; border-color: #635bff; }
.notice { color: #0a6b2f; background: #e6f6ec; padding: .4rem .6rem; border-radius: 4px; }
.status { display: inline-block; padding: .1rem .5rem; border-radius: 4px; background: #eef; font-size: .85rem; }
.status.past_due, .status.canceled { background: #fde7e9; color: #b00020; }
form.inline { display: inline; }
section { border-top: 1px solid #e3e3e3; margin-top: 1.2rem; padding-top: .6rem; }
</style>`;

export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const cardHint = `<p class="sandbox">Sandbox: no card is charged. Test cards: <code>4242 4242 4242 4242</code> pays,
<code>4000 0000 0000 0002</code> is declined, <code>4000 0000 0000 0341</code> pays now and fails at renewal.</p>`;

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The hosted Checkout page of an open session; `problem`: why the last attempt failed (a declined card). */
export const checkoutPage = (view: {
  session: CheckoutSession;
  prices: { price: Price; quantity: number }[];
  email: string;
  card?: string;
  problem?: string;
}) => {
  const { session, prices } = view;
  const title = prices.map(({ price }) => price.nickname).join(' + ');
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : '';
  if (session.status === 'complete') {
    return sandboxPage(
      'Paid (sandbox Stripe Checkout)',
      `${styles}<h1>You're all done here</h1><p class="notice">This Checkout Session was paid.</p>
<p><a href="${escapeHtml(successUrl(session))}">Continue</a></p>`,
    );
  }
  if (session.status === 'expired') {
    return sandboxPage(
      'Expired (sandbox Stripe Checkout)',
      `${styles}<h1>This Checkout Session has expired</h1>${back}`,
    );
  }
  return sandboxPage(
    `Subscribe to ${title} (sandbox Stripe Checkout)`,
    `${styles}<h1>Subscribe to ${escapeHtml(title)}</h1>
${prices
  .map(
    ({ price, quantity }) =>
      `<p class="plan">${escapeHtml(price.nickname)}${quantity > 1 ? ` × ${quantity}` : ''}</p>
<p class="price">${money(price.unit_amount * quantity)} <small>per month</small></p>`,
  )
  .join('\n')}
${cardHint}
<form method="post">
<label for="email">Email</label>
<input id="email" name="email" type="email" value="${escapeHtml(view.email)}" required autocomplete="email">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${escapeHtml(view.card ?? spaced(successCard))}" required>
${view.problem ? `<p class="error" role="alert">${escapeHtml(view.problem)}</p>` : ''}
<div class="actions">
<button type="submit" name="decision" value="pay">Pay</button>
<button type="submit" name="decision" value="decline" formnovalidate>Decline</button>
</div>
</form>
${back}`,
  );
};

/** Where a paid session sends the person: its success URL with Stripe's `{CHECKOUT_SESSION_ID}` filled in. */
export const successUrl = (session: Pick<CheckoutSession, 'success_url' | 'id'>) =>
  session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

const statusText: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  unpaid: 'Unpaid',
  trialing: 'Trial',
};

/** The Customer Portal page: the current plan and what can be done with it. */
export const portalPage = (view: {
  portal: PortalSession;
  customer: Customer;
  subscription: Subscription | undefined;
  paymentMethod: PaymentMethod | undefined;
  notice?: string;
  problem?: string;
}) => {
  const { portal, customer, subscription, paymentMethod } = view;
  const returnLink = portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return to app</a></p>` : '';
  const item = subscription?.items.data[0];
  const plan =
    subscription && item
      ? `<section><h2>Current plan</h2>
<p class="plan">${escapeHtml(item.price.nickname)} <span class="status ${subscription.status}">${statusText[subscription.status]}</span></p>
<p class="price">${money(item.price.unit_amount * item.quantity)} <small>per month</small></p>
<p>${
          subscription.cancel_at_period_end
            ? `Your plan will be canceled on ${day(subscription.current_period_end)}.`
            : `Your plan renews on ${day(subscription.current_period_end)}.`
        }</p>
${subscription.status === 'past_due' ? '<p class="error">Your last payment failed. Update your payment method.</p>' : ''}
<form method="post">
${sandboxPrices
  .filter((price) => price.id !== item.price.id)
  .map(
    (price) =>
      `<button type="submit" name="action" value="switch:${escapeHtml(price.id)}">Switch to ${escapeHtml(price.nickname)}</button> (${money(price.unit_amount)} per month)`,
  )
  .join('<br>\n')}
</form>
<form method="post" class="actions">
${
  subscription.cancel_at_period_end
    ? '<button type="submit" name="action" value="renew" class="primary">Renew plan</button>'
    : '<button type="submit" name="action" value="cancel">Cancel plan</button>'
}
</form></section>`
      : '<section><h2>Current plan</h2><p>No active plan.</p></section>';
  return sandboxPage(
    'Manage billing (sandbox Stripe Customer Portal)',
    `${styles}<h1>Manage billing</h1>
<p class="sandbox">Sandbox Customer Portal of ${escapeHtml(customer.email ?? customer.id)}.</p>
${view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : ''}
${view.problem ? `<p class="error" role="alert">${escapeHtml(view.problem)}</p>` : ''}
${plan}
<section><h2>Payment method</h2>
<p>${paymentMethod ? `${escapeHtml(paymentMethod.card.brand.replace(/^./, (first) => first.toUpperCase()))} •••• ${escapeHtml(paymentMethod.card.last4)}` : 'None'}</p>
<form method="post">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${spaced(successCard)}" required>
<div class="actions"><button type="submit" name="action" value="payment-method">Update payment method</button></div>
</form>
${cardHint}</section>
${returnLink}`,
  );
};

/** A page for a link that leads nowhere (an unknown or expired session). */
export const missingPage = (title: string, text: string) =>
  sandboxPage(`${title} (sandbox Stripe)`, `${styles}<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);

/**
 * The sandbox Stripe for people (`GET /_sandbox/stripe`): where the events go, the subscriptions with 'End period' and
 * 'Fail next charge', and the newest events with their deliveries and 'Resend' (forms posting to the control routes).
 */
export const controlPage = (view: {
  endpoint: string | undefined;
  subscriptions: (Subscription & { email: string | null })[];
  events: RecordedEvent[];
}) =>
  sandboxPage(
    'Stripe (sandbox)',
    `${styles}<style>
main { max-width: 64rem; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
td, th { text-align: left; padding: .3rem .4rem; border-bottom: 1px solid #eee; vertical-align: top; }
td form { display: inline; }
td button { padding: .15rem .5rem; font-size: .85rem; }
.delivered { color: #0a6b2f; } .failed, .none { color: #b00020; } .held, .pending { color: #8a5a00; }
</style>
<h1>Stripe (sandbox)</h1>
<p>Events go to <code>${escapeHtml(view.endpoint ?? 'nowhere (no webhook endpoint)')}</code>, signed with the endpoint's secret.</p>
<h2>Subscriptions</h2>
${
  view.subscriptions.length === 0
    ? '<p>None yet.</p>'
    : `<table><thead><tr><th>Customer</th><th>Plan</th><th>Status</th><th>Period ends</th><th></th></tr></thead><tbody>
${view.subscriptions
  .map(
    (
      subscription,
    ) => `<tr><td>${escapeHtml(subscription.email ?? subscription.customer)}<br><code>${escapeHtml(subscription.customer)}</code></td>
<td>${escapeHtml(subscription.items.data.map((item) => item.price.nickname).join(', '))}<br><code>${escapeHtml(subscription.id)}</code></td>
<td><span class="status ${subscription.status}">${statusText[subscription.status]}</span>${subscription.cancel_at_period_end ? ' (cancels at period end)' : ''}</td>
<td>${day(subscription.current_period_end)}</td>
<td>${
      subscription.status === 'canceled'
        ? ''
        : `<form method="post" action="/_sandbox/stripe/advance"><input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}"><button type="submit">End period</button></form>
<form method="post" action="/_sandbox/stripe/fail-next-invoice"><input type="hidden" name="customer" value="${escapeHtml(subscription.customer)}"><button type="submit">Fail next charge</button></form>`
    }</td></tr>`,
  )
  .join('\n')}
</tbody></table>`
}
<h2>Events</h2>
${
  view.events.length === 0
    ? '<p>None yet.</p>'
    : `<table><thead><tr><th>When</th><th>Type</th><th>Object</th><th>Delivery</th><th></th></tr></thead><tbody>
${view.events
  .map(
    ({
      event,
      delivery,
    }) => `<tr><td>${escapeHtml(new Date(event.created * 1000).toISOString().replace('T', ' ').slice(0, 19))}</td>
<td>${escapeHtml(event.type)}<br><code>${escapeHtml(event.id)}</code></td>
<td><code>${escapeHtml(String(event.data.object.id ?? ''))}</code></td>
<td><span class="${delivery.state}">${delivery.state}</span>${delivery.attempts.length > 0 ? ` (${delivery.attempts.map((attempt) => attempt.status ?? 'no answer').join(', ')})` : ''}</td>
<td><form method="post" action="/_sandbox/stripe/resend"><input type="hidden" name="eventId" value="${escapeHtml(event.id)}"><button type="submit">Resend</button></form></td></tr>`,
  )
  .join('\n')}
</tbody></table>`
}`,
  );
