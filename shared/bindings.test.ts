import { describe, expect, it } from 'vitest';
import { bindings, functionBindings } from './bindings.js';
import { queueEntries } from './queues.js';

describe('the bindings manifest', () => {
  it("lets a queue's own domain send to it (a worker re-queues what must wait)", () => {
    for (const { name, domain } of queueEntries()) {
      expect({ name, sends: bindings[domain] }).toMatchObject({
        name,
        sends: { sends: expect.arrayContaining([name]) },
      });
    }
  });

  it("lets the domains whose sends start a mailbox's reply checks queue its first check (lambdas/mailboxes/reply-checks.ts)", () => {
    // a sent e-mail (drafts' send worker) and a sent invitation (meetings' invitation worker)
    expect(functionBindings('drafts', 'send-worker').sends).toContain('reply-check');
    expect(functionBindings('meetings', 'invitation-worker').sends).toContain('reply-check');
  });

  it("adds a function's own bindings to its domain's: a vendor's key to the one function that calls it", () => {
    expect(functionBindings('contacts', 'http').secrets).toEqual(['ENRICHMENT_API_KEY', 'CURSOR_SIGNING_KEY']);
    expect(functionBindings('contacts', 'email-lookup-worker').secrets).toEqual(['VERIFICATION_API_KEY']);
    expect(functionBindings('contacts', 'email-lookup-redrive').secrets).toEqual([]);
    expect(functionBindings('contacts', 'email-lookup-redrive').sends).toEqual(['email-lookup']);
  });
});
