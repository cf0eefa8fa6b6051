// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '@/lib/live';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { wireContact } from '@/test/contactFixtures';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { mountPerTest } from '@/test/mountPerTest';
import { useContactDetail } from './useContactDetail';

const { render } = mountPerTest();

describe('one contact in the drawer', () => {
  it('is read again when its e-mail was sent, its send changed or it replied, not for another contact', async () => {
    let reads = 0;
    const request = vi.fn(async (route: string) => {
      if (route !== 'GET /api/contacts/{id}') throw new Error(`unexpected ${route}`);
      reads += 1;
      return { contact: wireContact(), draft: null };
    });
    const live = fakeLiveSocket();
    const Probe = () => {
      useContactDetail('c1');
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
    await live.send({ type: 'email.sent', data: { draftId: 'd1', contactId: 'c1' } });
    await vi.waitFor(() => expect(reads).toBe(2));
    await live.send({ type: 'email.sendState', data: { draftId: 'd1', contactId: 'c1', status: 'failed' } });
    await vi.waitFor(() => expect(reads).toBe(3));
    await live.send({ type: 'reply.received', data: { conversationId: 'v1', contactId: 'c2' } });
    await live.send({ type: 'reply.received', data: { conversationId: 'v1', contactId: 'c1' } });
    await vi.waitFor(() => expect(reads).toBe(4));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(4);
  });
});
