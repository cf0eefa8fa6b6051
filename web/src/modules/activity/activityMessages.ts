/** SPEC §2 'App shell': the sidebar's Recent Activity texts. */
export const activityMessages = {
  title: 'Recent Activity',
  empty: 'No recent activity.',
  unavailable: 'Recent activity could not be loaded.',
  statuses: {
    in_progress: 'In progress',
    completed: 'Completed',
    partial: 'Completed, some failed',
    failed: 'Failed',
  },
} as const;
