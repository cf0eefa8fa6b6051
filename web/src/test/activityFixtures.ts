import type { ActivityAction } from '@shared/schemas/dashboard';

const minute = 60_000;

/** An action as GET /api/activity answers it: 5 e-mails being written, started `agoMinutes` ago (default 1). */
export const activityFixture = (overrides: Partial<ActivityAction> = {}, agoMinutes = 1): ActivityAction => ({
  id: `a-${agoMinutes}`,
  actionType: 'generate_emails',
  status: 'in_progress',
  timestamp: new Date(Date.now() - agoMinutes * minute).toISOString(),
  completedAt: null,
  failedAt: null,
  error: null,
  recipients: [],
  profileCount: 5,
  completedCount: 0,
  fetchedCount: 0,
  failedCount: 0,
  metadata: null,
  ...overrides,
});

/** The same action finished `agoMinutes` ago: completed, or failed with `error`. */
export const finishedActivity = (
  status: 'completed' | 'failed',
  overrides: Partial<ActivityAction> = {},
  agoMinutes = 1,
): ActivityAction => {
  const at = new Date(Date.now() - agoMinutes * minute).toISOString();
  return activityFixture(
    { status, ...(status === 'completed' ? { completedAt: at } : { failedAt: at }), ...overrides },
    agoMinutes + 1,
  );
};
