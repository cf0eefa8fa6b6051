import {
  activityActionSchema,
  activityIdParams,
  activityListSchema,
  dashboardAllSchema,
  dashboardSummarySchema,
  pendingTasksSchema,
  startActivityBody,
  updateActivityBody,
} from '../schemas/dashboard.js';
import { trackBody, trackResponse } from '../schemas/tracking.js';
import { trackingLimits } from '../tracking.js';
import type { DomainRouteTable } from './route-spec.js';

/**
 * The dashboard Lambda's routes: SPEC §7 'Dashboard refresh', DESIGN §8 'Dashboard and analytics', and the
 * activity log the sidebar's Recent Activity shows (SPEC §2, §3 'Activity action', §9). The analytics routes are the
 * conversations domain's (SPEC §7 puts them under /conversations). The page-visit collector (SPEC §2 'tracking') is
 * here too: the dashboard Lambda keeps the product's counters.
 */
export const dashboardRoutes = {
  'GET /api/dashboard/summary': {
    domain: 'dashboard',
    auth: 'user',
    summary: 'Counts at a glance: contacts, verified e-mails, drafts ready, sent this week, replies, meetings, slots',
    response: dashboardSummarySchema,
  },
  'GET /api/dashboard/pending-tasks': {
    domain: 'dashboard',
    auth: 'user',
    summary: 'What to do next: drafts to send, replies to answer, follow-ups due, meetings today, failures',
    response: pendingTasksSchema,
  },
  'GET /api/dashboard/all': {
    domain: 'dashboard',
    auth: 'user',
    summary: 'The summary and the pending tasks in one answer',
    response: dashboardAllSchema,
  },
  'GET /api/activity': {
    domain: 'dashboard',
    auth: 'user',
    summary: 'Recent activity: actions in progress, the newest 20 completed and 20 failed, newest first',
    response: activityListSchema,
  },
  'POST /api/activity': {
    domain: 'dashboard',
    auth: 'user',
    summary: 'Start an action the browser runs itself (contacts added from a file or a list of URLs)',
    body: startActivityBody,
    response: activityActionSchema,
  },
  'PATCH /api/activity/{id}': {
    domain: 'dashboard',
    auth: 'user',
    summary: "An action's counts, or its end (completed or failed); a finished action is a 409",
    params: activityIdParams,
    body: updateActivityBody,
    response: activityActionSchema,
  },
  'POST /api/track': {
    domain: 'dashboard',
    auth: 'public',
    summary:
      'Page visits and named events of the web (SPEC §2), counted per day, event and path; nothing personal kept',
    body: trackBody,
    maxBodyBytes: trackingLimits.bodyBytes,
    response: trackResponse,
  },
} as const satisfies DomainRouteTable<'dashboard'>;
