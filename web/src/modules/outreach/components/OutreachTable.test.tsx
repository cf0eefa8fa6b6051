// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Draft } from '@shared/schemas/drafts';
import { toContact } from '@/modules/contacts/api/contactMapping';
import { wireContact } from '@/test/contactFixtures';
import { wireDraft } from '@/test/draftFixtures';
import { mountPerTest } from '@/test/mountPerTest';
import type { OutreachRow } from '../api/outreachApi';
import { formatDateTime } from '@/lib/formatDate';
import { OutreachTable } from './OutreachTable';

const { render } = mountPerTest();

const hourMs = 3_600_000;
const tomorrow = new Date(Date.now() + 24 * hourMs).toISOString();

const row = (id: string, changes: Partial<Draft> | null): OutreachRow => ({
  contact: toContact(wireContact({ id, name: `Contact ${id}` })),
  primaryDraft: changes ? wireDraft({ id: `d-${id}`, contactId: id, ...changes }) : null,
});

const rows = [
  row('c1', {}),
  row('c2', { status: 'sending' }),
  row('c3', { status: 'sending', sendWaitReason: 'Daily limit of 50 e-mails reached' }),
  row('c4', { status: 'sending', scheduledSendTime: tomorrow }),
  row('c5', { status: 'sent', sentAt: new Date(Date.now() - 3 * hourMs).toISOString() }),
  row('c6', { status: 'failed', failureReason: 'The address does not exist' }),
  row('c7', null),
];

type TableProps = Parameters<typeof OutreachTable>[0];

/** The table with nothing selected, generating or loading, and callbacks that do nothing unless given. */
const renderTable = (props: Pick<TableProps, 'rows'> & Partial<TableProps>) =>
  render(
    <OutreachTable
      generation={{}}
      selectedIds={[]}
      onSelect={() => {}}
      onOpen={() => {}}
      onReply={() => {}}
      onRetry={() => {}}
      onRetrySend={() => {}}
      retryingSend={null}
      loading={false}
      {...props}
    />,
  );

const stateOf = (index: number) => document.querySelectorAll<HTMLElement>('[data-testid="row-state"]')[index] ?? null;

describe('the Outreach rows’ states', () => {
  it('say where each contact’s primary draft stands: ready, sending, queued and why, scheduled, sent, failed and why', async () => {
    await renderTable({ rows });
    expect(stateOf(0)?.textContent).toBe('Draft ready');
    expect(stateOf(1)?.textContent).toBe('Sending…');
    expect(stateOf(2)?.textContent).toBe('QueuedDaily limit of 50 e-mails reached');
    expect(stateOf(3)?.textContent).toBe(`Scheduled for ${formatDateTime(tomorrow, 'en')}`);
    expect(stateOf(4)?.textContent).toBe('Sent 3h ago');
    expect(stateOf(5)?.textContent).toContain('FailedThe address does not exist');
    expect(stateOf(6)?.textContent).toBe('No draft');
  });

  it('offer Retry on a failed send only, which sends that row again without opening it', async () => {
    const onRetrySend = vi.fn();
    const onOpen = vi.fn();
    await renderTable({ rows, onOpen, onRetrySend });
    const retries = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="row-state"] button')];
    expect(retries.map((button) => button.textContent)).toEqual(['Retry']);
    await act(async () => retries[0]?.click());
    expect(onRetrySend).toHaveBeenCalledWith(rows[5]);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('say Replied for a contact who answered the e-mail sent, whose action leads to the reply, not the draft', async () => {
    const onReply = vi.fn();
    const onOpen = vi.fn();
    const sentAt = new Date(Date.now() - 3 * hourMs).toISOString();
    const answered: OutreachRow = {
      contact: toContact(
        wireContact({
          id: 'c8',
          name: 'Grace Hopper',
          conversation_status: 'REPLY_RECEIVED',
          last_email_sent_at: sentAt,
          last_reply_at: new Date(Date.now() - 2 * hourMs).toISOString(),
        }),
      ),
      primaryDraft: wireDraft({ id: 'd-c8', contactId: 'c8', status: 'sent', sentAt }),
    };
    await renderTable({ rows: [rows[4]!, answered], onOpen, onReply });
    expect(stateOf(0)?.textContent).toBe('Sent 3h ago');
    expect(stateOf(1)?.textContent).toBe('RepliedSent 3h ago');
    const reply = document.querySelector<HTMLButtonElement>('button[aria-label="Reply to Grace Hopper"]');
    expect(document.querySelectorAll('button[aria-label^="Reply to"]')).toHaveLength(1);
    await act(async () => reply?.click());
    expect(onReply).toHaveBeenCalledWith('c8');
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('say Answered once the person answered the reply: no Reply the draft rules would refuse', async () => {
    const sentAt = new Date(Date.now() - 3 * hourMs).toISOString();
    const row = (id: string, lastEmailSentAt: string): OutreachRow => ({
      contact: toContact(
        wireContact({
          id,
          name: 'Grace Hopper',
          conversation_status: 'REPLY_RECEIVED',
          last_reply_at: new Date(Date.now() - 2 * hourMs).toISOString(),
          last_email_sent_at: lastEmailSentAt,
        }),
      ),
      primaryDraft: wireDraft({ id: `d-${id}`, contactId: id, status: 'sent', sentAt }),
    });
    await renderTable({ rows: [row('c9', new Date(Date.now() - hourMs).toISOString())] });
    expect(stateOf(0)?.textContent).toBe('Answered 1h ago');
    expect(document.querySelectorAll('button[aria-label^="Reply to"]')).toHaveLength(0);
  });
});
