// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { Draft } from '@shared/schemas/drafts';
import { LiveProvider } from '@/lib/live';
import { toContact } from '@/modules/contacts/api/contactMapping';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { wireContact } from '@/test/contactFixtures';
import { wireDraft } from '@/test/draftFixtures';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { mountPerTest } from '@/test/mountPerTest';
import type { OutreachRow } from '../api/outreachApi';
import { generatingPollMs, outreachPollMs, useOutreachList } from './useOutreachList';

const { render } = mountPerTest();

const withDraft = (changes: Partial<Draft>): OutreachRow => ({
  contact: toContact(wireContact()),
  primaryDraft: wireDraft(changes),
});

describe('the Outreach list', () => {
  it('polls while the live channel is down and a send is leaving, not for one scheduled later nor while live', () => {
    const leaving = [withDraft({ status: 'sending' })];
    const later = [withDraft({ status: 'sending', scheduledSendTime: new Date(Date.now() + 3_600_000).toISOString() })];
    expect(outreachPollMs('closed', false, leaving)).toBeGreaterThan(0);
    expect(outreachPollMs('closed', false, later)).toBe(0);
    expect(outreachPollMs('closed', false, [withDraft({ status: 'sent' })])).toBe(0);
    expect(outreachPollMs('closed', true, [])).toBe(generatingPollMs);
    expect(outreachPollMs('open', true, leaving)).toBe(0);
  });

  it('is read again on a live email.sendState (a send that failed or waits)', async () => {
    let reads = 0;
    const request = vi.fn(async (route: string) => {
      if (route !== 'GET /api/outreach') throw new Error(`unexpected ${route}`);
      reads += 1;
      return { items: [], nextCursor: null };
    });
    const live = fakeLiveSocket();
    const Probe = () => {
      useOutreachList(false);
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
    await live.send({ type: 'email.sendState', data: { draftId: 'd1', contactId: 'c1', status: 'failed' } });
    await vi.waitFor(() => expect(reads).toBe(2));
  });
});
