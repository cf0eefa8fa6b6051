import type { Draft } from '@shared/schemas/drafts';

/** A complete draft as the API answers it (an unsent primary initial outreach of contact c1), for unit tests. */
export const wireDraft = (overrides: Partial<Draft> = {}): Draft => ({
  id: 'd1',
  userId: 'u1',
  contactId: 'c1',
  conversationId: null,
  draftType: 'initial_outreach',
  status: 'draft',
  isPrimary: true,
  createdFromTemplate: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  subject: 'Hello',
  body: 'Hi',
  ...overrides,
});
