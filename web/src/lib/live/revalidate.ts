import type { LiveEvent } from '@shared/live-events';

/** An SWR key as the app writes them: the route's name (`'GET /api/outreach'`), alone or first in an array with its arguments. */
const keyParts = (key: unknown): unknown[] => (Array.isArray(key) ? key : [key]);

const routeOf = (key: unknown) => {
  const first = keyParts(key)[0];
  return typeof first === 'string' ? first : undefined;
};

const mentions = (key: unknown, value: string) =>
  keyParts(key).some(
    (part) => part === value || (typeof part === 'object' && part !== null && Object.values(part).includes(value)),
  );

/** What the dashboard's pending tasks are made of (drafts ready, sends, replies, follow-ups, meetings, failures). */
const dashboardTaskEvents = new Set<LiveEvent['type']>([
  'draft.saved',
  'draft.deleted',
  'draft.primaryCleared',
  'email.sent',
  'email.sendState',
  'reply.received',
  'conversation.updated',
  'meeting.updated',
  'activity.changed',
  'stats.changed',
  'contact.changed',
]);

/** What moves or stops a contact's sequence, and so its enrolment, the sequence's enrolments and its numbers. */
const sequenceEvents = new Set<LiveEvent['type']>([
  'email.sent',
  'email.sendState',
  'reply.received',
  'conversation.updated',
  'meeting.updated',
  'contact.changed',
]);

/**
 * The dashboard's answers an event makes stale: the summary reads the counters, so it follows `stats.changed` (the
 * aggregator applied a change; the event that caused it came earlier, before the counters moved); the pending tasks
 * (and `/all`) read the items themselves, so every change of them counts.
 */
const dashboardStale = (event: LiveEvent, route: string) =>
  route === 'GET /api/dashboard/summary' ? event.type === 'stats.changed' : dashboardTaskEvents.has(event.type);

/**
 * Which cached answers an event makes stale (DESIGN §8: an event only says what changed, the page reads the rest):
 * a saved or deleted draft, a cleared primary, or a generation that finished, touches the contact's drafts, the
 * Outreach list, the contact itself (its primary draft) and the pipeline (its drafted stage); a progress event touches
 * its batch; a send, a reply or a stage change touches the pipeline; a meeting's change its lists, itself and the pipeline;
 * an activity action's change the activity log.
 */
export const staleKeys =
  (event: LiveEvent) =>
  (key: unknown): boolean => {
    const route = routeOf(key);
    if (!route) return false;
    if (route.startsWith('GET /api/dashboard')) return dashboardStale(event, route);
    // DESIGN §9: a send moves a contact's sequence on; a reply, a meeting or the contact's removal stops it
    if (route.startsWith('GET /api/sequence')) return sequenceEvents.has(event.type);
    switch (event.type) {
      case 'draft.saved':
      case 'draft.deleted':
      case 'draft.primaryCleared':
        return (
          route.startsWith('GET /api/outreach') ||
          // DESIGN §6: a contact with an unsent draft is in the pipeline's drafted stage
          route === 'GET /api/pipeline' ||
          (route.startsWith('GET /api/drafts') &&
            (keyParts(key).length === 1 || mentions(key, event.data.contactId))) ||
          (route === 'GET /api/contacts/{id}' && mentions(key, event.data.contactId))
        );
      case 'generation.progress': {
        const batch =
          event.data.batchId !== null &&
          route === 'GET /api/outreach/batches/{batchId}' &&
          mentions(key, event.data.batchId);
        const finished = event.data.status === 'completed' || event.data.status === 'failed';
        return (
          batch ||
          (finished &&
            (route === 'GET /api/outreach' ||
              (route.startsWith('GET /api/drafts') && mentions(key, event.data.contactId)) ||
              (route === 'GET /api/contacts/{id}' && mentions(key, event.data.contactId))))
        );
      }
      case 'email.sent':
      case 'reply.received':
        // DESIGN §6: a send moves its contact to contacted, a reply to replied
        return (
          route.startsWith('GET /api/conversations') ||
          route.startsWith('GET /api/outreach') ||
          route === 'GET /api/pipeline'
        );
      case 'conversation.updated':
        // a reply found by a check, a status changed: the lists showing the contact's stage (its open thread reads
        // itself again, useContactConversations)
        return route === 'GET /api/pipeline' || route.startsWith('GET /api/outreach');
      case 'pipeline.changed':
        return route === 'GET /api/pipeline';
      case 'contact.changed':
        // a contact added or deleted elsewhere: the lists that hold contacts, and the one itself
        return (
          route.startsWith('GET /api/outreach') ||
          route === 'GET /api/pipeline' ||
          (route === 'GET /api/contacts/{id}' && mentions(key, event.data.contactId))
        );
      case 'notification.created':
      case 'notification.read':
        return route.startsWith('GET /api/notifications');
      case 'meeting.updated':
        // DESIGN §6: booking moves the contact to 'meeting scheduled'
        return route.startsWith('GET /api/meetings') || route === 'GET /api/pipeline';
      case 'activity.changed':
        // SPEC §2: the sidebar's Recent Activity
        return route === 'GET /api/activity';
      default:
        return false;
    }
  };

/** Every cached list of drafts, and the Outreach list (its primary drafts): what a generation's end reads again. */
export const draftKeys = (key: unknown): boolean => {
  const route = routeOf(key);
  return route !== undefined && (route.startsWith('GET /api/drafts') || route.startsWith('GET /api/outreach'));
};

/** What events would have touched: while the socket was down, any of it may have changed unseen. */
const liveRoutes = [
  'GET /api/outreach',
  'GET /api/drafts',
  'GET /api/contacts/{id}',
  'GET /api/conversations',
  'GET /api/notifications',
  'GET /api/pipeline',
  'GET /api/meetings',
  'GET /api/activity',
  'GET /api/dashboard',
  'GET /api/sequence',
];

/** The answers to read again when the socket reopens after a drop (events sent meanwhile were lost). */
export const missedKeys = (key: unknown): boolean => {
  const route = routeOf(key);
  return route !== undefined && liveRoutes.some((prefix) => route.startsWith(prefix));
};
