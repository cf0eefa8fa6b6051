/**
 * The live channel's events (DESIGN §8 "Live channel"): what the server pushes to every open tab of a user, as
 * `{type, data}` JSON text frames on the WebSocket (API Gateway WebSocket API in AWS, `/ws` on the local gateway).
 * Pages that miss an event (the socket is down) poll the same data, so an event only says what changed.
 */
export type LiveEventMap = {
  /**
   * a contact's generation state changed (SPEC §3 Generation): the page counts its batch from its contacts' states
   * (GET /api/outreach/batches/{batchId} tells the counts too)
   */
  'generation.progress': {
    batchId: string | null;
    contactId: string;
    status: 'queued' | 'generating' | 'completed' | 'failed';
    draftId?: string;
    error?: string;
  };
  /** a draft was created or changed (by the user in another tab, or by generation) */
  'draft.saved': { draftId: string; contactId: string; isPrimary: boolean };
  /** a draft was deleted (DELETE /api/drafts/{id}) */
  'draft.deleted': { draftId: string; contactId: string };
  /** the contact was left without a primary draft (POST /api/drafts/contact/{contactId}/clear-primary) */
  'draft.primaryCleared': { contactId: string };
  'email.sent': { draftId: string; contactId: string; conversationId?: string };
  /** a send failed for good (the draft's failureReason says why) or waits (its sendWaitReason) */
  'email.sendState': { draftId: string; contactId: string; status: 'sending' | 'failed'; reason?: string };
  'reply.received': { conversationId: string; contactId: string };
  'notification.created': { notificationId: string };
  /** notifications were marked read (in another tab, or 'Mark all as read'): the unread count changed */
  'notification.read': { ids: string[] };
  'connection.changed': { kind: 'email' | 'zoom'; id: string };
  /** a contact moved to another pipeline stage (by an event or by hand in another tab) */
  'pipeline.changed': { contactId: string; stage: string };
  /** a mailbox's reply check failed or recovered (GET /api/reply-checks has the banner's text) */
  'replyCheck.changed': { mailboxId: string; error: string | null };
  /** a contact was added or deleted (in another tab, by an import, through the API): lists read again */
  'contact.changed': { contactId: string; change: 'created' | 'deleted' };
  /** a conversation changed (a reply, a status, an e-mail sent in it) */
  'conversation.updated': { conversationId: string; contactId: string };
  /** a meeting was booked, changed or cancelled, or its invitation left (or failed) */
  'meeting.updated': { meetingId: string; contactId: string };
  /** An activity action started, progressed or finished (GET /api/activity has the list) */
  'activity.changed': { id: string; status: 'in_progress' | 'completed' | 'failed' };
  /** The user's counters changed (GET /api/dashboard/summary has them) */
  'stats.changed': Record<string, never>;
};

export type LiveEventType = keyof LiveEventMap;

export type LiveEvent = { [K in LiveEventType]: { type: K; data: LiveEventMap[K] } }[LiveEventType];
