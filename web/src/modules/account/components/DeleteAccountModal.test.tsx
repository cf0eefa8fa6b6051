// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { DeleteAccountModal } from './DeleteAccountModal';

const { render } = mountPerTest();

const show = (paidPlan: string | null) =>
  render(
    <DeleteAccountModal
      open
      email="ada@example.com"
      paidPlan={paidPlan}
      onCancel={() => {}}
      onConfirm={async () => {}}
    />,
  );

describe('the account deletion dialog', () => {
  it('says the paid plan is cancelled with the account', async () => {
    await show('Starter');
    await untilPasses(() => expect(document.body.textContent).toContain('Your Starter plan is cancelled too'));
    expect(document.body.textContent).toContain('nothing more is charged');
  });

  it('says nothing of a plan on the free plan', async () => {
    await show(null);
    await untilPasses(() => expect(document.body.textContent).toContain('This permanently deletes'));
    expect(document.querySelector('[data-testid="delete-account-plan"]')).toBeNull();
    expect(document.body.textContent).not.toContain('cancelled too');
  });
});
