// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { emailTag } from '../utils/contactLabels';
import { EmailTag } from './EmailTag';

const { container, render } = mountPerTest();

describe('EmailTag', () => {
  it('names the state of the e-mail and explains it on hover (SPEC §5)', async () => {
    await render(
      <EmailTag
        contact={{
          email: 'ada@example.com',
          emailQevStatus: 'valid',
          emailLookupStatus: 'found_valid',
          emailQevReason: '',
        }}
      />,
    );
    const tag = container().querySelector<HTMLElement>('[data-testid="email-state"]');
    expect(tag?.dataset.state).toBe('valid');
    expect(tag?.textContent).toBe(emailTag('valid').label);

    await act(async () => tag?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    await act(async () => tag?.dispatchEvent(new MouseEvent('mouseenter', { bubbles: false })));
    await untilPasses(() => expect(document.body.textContent).toContain(emailTag('valid').tooltip), 3000);
  });
});
