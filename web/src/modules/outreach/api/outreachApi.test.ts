// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@/lib/http/apiClient';
import { wireDraft } from '@/test/draftFixtures';
import { createDraft, listContactDrafts, sendDraft, updateDraft } from './outreachApi';

const draft = wireDraft({ id: '01JDRAFT0000000000000000AA', contactId: '01JCONTACT00000000000000AA' });

/** an API client whose every call answers `answer`, as the envelope's content */
const answering = (answer: unknown) => ({ request: async () => answer }) as unknown as Pick<ApiClient, 'request'>;

describe('draft answers (SPEC §5)', () => {
  it("refuses a contact's drafts that are not a list: 'Expected array of drafts'", async () => {
    for (const answer of [draft, null, { items: [draft] }]) {
      await expect(listContactDrafts(answering(answer), draft.contactId)).rejects.toMatchObject({
        code: 'bad_response',
        message: 'Expected array of drafts',
      });
    }
    expect(await listContactDrafts(answering([draft]), draft.contactId)).toEqual([draft]);
    expect(await listContactDrafts(answering([]), draft.contactId)).toEqual([]);
  });

  it("refuses a draft of the wrong shape: 'Invalid draft response format'", async () => {
    const wrong = [
      null,
      [draft],
      { ...draft, id: 7 },
      { ...draft, draftType: 'newsletter' },
      { ...draft, status: undefined },
      { ...draft, isPrimary: 'yes' },
    ];
    for (const answer of wrong) {
      await expect(createDraft(answering(answer), { contactId: draft.contactId })).rejects.toMatchObject({
        message: 'Invalid draft response format',
      });
      await expect(updateDraft(answering(answer), draft.id, { subject: 'x' })).rejects.toMatchObject({
        message: 'Invalid draft response format',
      });
      await expect(sendDraft(answering(answer), draft.id)).rejects.toMatchObject({
        message: 'Invalid draft response format',
      });
    }
    await expect(listContactDrafts(answering([draft, { ...draft, contactId: null }]), draft.contactId)).rejects.toThrow(
      'Invalid draft response format',
    );
    expect(await createDraft(answering(draft), { contactId: draft.contactId })).toEqual(draft);
  });
});
