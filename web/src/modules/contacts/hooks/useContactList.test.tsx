// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '@/lib/live';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { wireContact } from '@/test/contactFixtures';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { mountPerTest } from '@/test/mountPerTest';
import { rowEventCoalesceMs, useContactList } from './useContactList';

const { render } = mountPerTest();

describe('the contact list', () => {
  it('is read again once for events close together about its rows, never for a contact it does not show', async () => {
    let reads = 0;
    const request = vi.fn(async (route: string) => {
      if (route !== 'GET /api/contacts') throw new Error(`unexpected ${route}`);
      reads += 1;
      return { contacts: [wireContact({ id: 'c1' }), wireContact({ id: 'c2' })], next_cursor: null, total: 2 };
    });
    const live = fakeLiveSocket();
    const Probe = () => {
      useContactList({ sort: 'last_updated', order: 'desc' });
      return null;
    };
    await render(
      <ApiTestProviders api={{ request } as never}>
        <LiveProvider socket={live.socket}>
          <Probe />
        </LiveProvider>
      </ApiTestProviders>,
    );
    await vi.waitFor(() => expect(reads).toBe(1));

    // another person's row (not on the loaded pages): nothing to read
    await live.send({ type: 'reply.received', data: { conversationId: 'v9', contactId: 'c9' } });
    await new Promise((resolve) => setTimeout(resolve, rowEventCoalesceMs + 100));
    expect(reads).toBe(1);

    // a send and its conversation, then a reply of another row: one read for the three
    await live.send({ type: 'email.sent', data: { draftId: 'd1', contactId: 'c1' } });
    await live.send({ type: 'conversation.updated', data: { conversationId: 'v1', contactId: 'c1' } });
    await live.send({ type: 'reply.received', data: { conversationId: 'v2', contactId: 'c2' } });
    await vi.waitFor(() => expect(reads).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, rowEventCoalesceMs + 100));
    expect(reads).toBe(2);

    // a draft made ready ('Draft ready') reads it again too
    await live.send({ type: 'draft.saved', data: { draftId: 'd2', contactId: 'c2', isPrimary: true } });
    await vi.waitFor(() => expect(reads).toBe(3));

    // a booking moved a row's stage (the Relationship column)
    await live.send({ type: 'pipeline.changed', data: { contactId: 'c1', stage: 'meeting_scheduled' } });
    await vi.waitFor(() => expect(reads).toBe(4));

    // a contact added in another tab is on no loaded page yet: the list is read again all the same
    await live.send({ type: 'contact.changed', data: { contactId: 'c3', change: 'created' } });
    await vi.waitFor(() => expect(reads).toBe(5));
  });
});
