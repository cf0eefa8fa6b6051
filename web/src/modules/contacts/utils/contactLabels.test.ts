import { describe, expect, it } from 'vitest';
import { emailLookupStatuses, relationshipStatuses } from '@shared/schemas/contacts';
import {
  conversationStatusLabel,
  emailOriginLabel,
  emailStatusLabel,
  lookupStatusOptions,
  relationshipOptions,
} from './contactLabels';

describe('contact filter choices', () => {
  it('offer every status of the shared schema, in its order', () => {
    expect(lookupStatusOptions().map((option) => option.value)).toEqual(emailLookupStatuses);
    expect(relationshipOptions().map((option) => option.value)).toEqual(relationshipStatuses);
  });
});

describe('the e-mail status of a contact', () => {
  it('is a draft ready while the status is empty and a draft is active, and the status once an e-mail left', () => {
    expect(emailStatusLabel({ emailStatus: 'empty', hasActiveDraft: true })).toBe('Draft ready');
    expect(emailStatusLabel({ emailStatus: '', hasActiveDraft: true })).toBe('Draft ready');
    expect(emailStatusLabel({ emailStatus: 'empty', hasActiveDraft: false })).toBe('No draft');
    expect(emailStatusLabel({ emailStatus: 'sent', hasActiveDraft: true })).toBe('Sent');
  });
});

describe('the conversation status of a contact', () => {
  it('says the newest conversation’s status in the thread’s words, and None without one', () => {
    expect(conversationStatusLabel('')).toBe('None');
    expect(conversationStatusLabel('awaiting_reply')).toBe('Awaiting reply');
    expect(conversationStatusLabel('REPLY_RECEIVED')).toBe('Replied');
    expect(conversationStatusLabel('auto_reply')).toBe('Auto-reply only');
    expect(conversationStatusLabel('bounced')).toBe('Bounced');
    expect(conversationStatusLabel('closed')).toBe('Closed');
  });
});

describe('where a contact’s address came from', () => {
  const address = { email: 'jane_doe@contoso.example', emailSource: 'lookup', emailPatternUsed: 'first_last' };

  it('reads a looked-up address’s pattern as an example, never as its raw name', () => {
    expect(emailOriginLabel(address)).toBe("Guessed from the company's pattern jane_doe@");
    expect(emailOriginLabel({ ...address, emailPatternUsed: 'first.last' })).toBe(
      "Guessed from the company's pattern jane.doe@",
    );
    expect(emailOriginLabel({ ...address, emailPatternUsed: 'flast' })).not.toMatch(/flast/);
  });

  it('says an address was typed by the person or found before for the profile, and nothing without one', () => {
    expect(emailOriginLabel({ ...address, emailSource: 'manual', emailPatternUsed: '' })).toBe('Entered by you');
    expect(emailOriginLabel({ ...address, emailSource: 'shared_profile' })).toBe(
      'Found before for this LinkedIn profile',
    );
    expect(emailOriginLabel({ ...address, email: '' })).toBe('');
  });
});
