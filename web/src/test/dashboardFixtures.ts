import type { DashboardSummary, PendingTask, PendingTaskKind, PendingTasks } from '@shared/schemas/dashboard';
import { quotaOf } from './quotaFixtures';

/** A summary as GET /api/dashboard/summary answers it, for unit tests. */
export const summaryOf = (overrides: Partial<DashboardSummary> = {}): DashboardSummary => ({
  contacts: 1234,
  verifiedEmails: 617,
  draftsReady: 4,
  sentThisWeek: 37,
  replies: 9,
  replyRate: 0.237,
  positiveReplies: 4,
  positiveReplyRate: 0.105,
  upcomingMeetings: 2,
  slots: quotaOf({ slotsUsed: 18, slotsAllowed: 25, totalAvailableSlots: 7 }),
  generatedAt: '2026-11-24T12:00:00.000Z',
  ...overrides,
});

const kinds: PendingTaskKind[] = [
  'drafts_ready',
  'replies_waiting',
  'follow_ups_due',
  'meetings_today',
  'failed_lookups',
  'failed_sends',
];

/** GET /api/dashboard/pending-tasks: every kind in the server's order, 0 unless `tasks` gives it. */
export const pendingTasksOf = (
  tasks: Partial<Record<PendingTaskKind, Omit<PendingTask, 'kind'>>> = {},
): PendingTasks => {
  const all = kinds.map((kind) => ({ kind, count: 0, items: [], ...tasks[kind] }));
  return { tasks: all, total: all.reduce((sum, task) => sum + task.count, 0) };
};
