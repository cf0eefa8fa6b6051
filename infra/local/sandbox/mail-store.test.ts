import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { baseSubject, MailStore } from './mail-store.js';

const mime = (fields: ConstructorParameters<typeof MailComposer>[0]) => new MailComposer(fields).compile().build();

describe('the sandbox mail store', () => {
  it('keeps the last historyLimit records: an older Gmail cursor or Graph change is lost', async () => {
    const store = new MailStore({ historyLimit: 2 });
    const start = store.mailbox('ada@gmail.com').historyId;
    for (const subject of ['a', 'b', 'c']) {
      await store.submit(await mime({ from: 'x@acme.example', to: 'ada@gmail.com', subject, text: subject }), {
        sender: 'ada@gmail.com',
      });
    }
    expect(store.historySince('ada@gmail.com', start)).toEqual({ lost: true });
    const kept = store.mailbox('ada@gmail.com').history[0]!.id;
    expect(store.historySince('ada@gmail.com', kept)).toMatchObject({ lost: false, records: [{}] });
    expect(store.changesSince('ada@gmail.com', 'SENT', 0)).toEqual({ lost: true });
    expect(store.changesSince('ada@gmail.com', 'SENT', 1)).toMatchObject({ lost: false });
  });

  it('delivers to every recipient that is a mailbox, in a thread of its own found by references', async () => {
    const store = new MailStore({ connected: () => ['bob@gmail.com'] });
    const first = await store.submit(
      await mime({ from: 'ada@gmail.com', to: 'bob@gmail.com', subject: 'Hi', text: '1', messageId: '<one@x>' }),
      { sender: 'ada@gmail.com' },
    );
    const answer = await store.submit(
      await mime({ from: 'bob@gmail.com', to: 'ada@gmail.com', subject: 'Re: Hi', text: '2', inReplyTo: '<one@x>' }),
      { sender: 'bob@gmail.com' },
    );
    const [bobInbox, bobSent] = store.copiesOf('bob@gmail.com');
    expect(bobInbox).toMatchObject({ labels: ['INBOX'], internetMessageId: '<one@x>' });
    expect(bobSent).toMatchObject({ labels: ['SENT'], threadId: bobInbox!.threadId });
    expect(bobInbox!.gmailId).not.toBe(first.gmailId);
    const [, adaInbox] = store.copiesOf('ada@gmail.com');
    expect(adaInbox).toMatchObject({ labels: ['INBOX'], threadId: first.threadId });
    // the control finds the message by any of its ids, as its origin copy
    expect(store.message(bobInbox!.graphId)?.gmailId).toBe(first.gmailId);
    expect(store.message('<one@x>')?.gmailId).toBe(first.gmailId);
    expect(store.message(answer.gmailId)?.origin).toBe(true);
  });

  it('reads back what it wrote to its file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-mail-store-'));
    try {
      const file = join(dir, 'mail.json');
      const first = new MailStore({ file });
      const sent = await first.submit(
        await mime({ from: 'a@gmail.com', to: 'b@acme.example', subject: 'S', text: 't' }),
        {
          sender: 'a@gmail.com',
        },
      );
      first.setWatch('a@gmail.com', {
        topicName: 'projects/p/topics/t',
        labelIds: ['INBOX'],
        labelFilterBehavior: 'include',
        historyId: sent.historyId,
        expiration: 1,
      });
      const second = new MailStore({ file });
      expect(second.byGmailId('a@gmail.com', sent.gmailId)).toEqual(sent);
      expect(second.mailbox('a@gmail.com').watch?.topicName).toBe('projects/p/topics/t');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes Re:, Fwd: and Automatic reply: prefixes off a subject', () => {
    expect(baseSubject('Re: RE: Fwd: Hello ')).toBe('hello');
    expect(baseSubject('Automatic reply: Hello')).toBe('hello');
  });
});
