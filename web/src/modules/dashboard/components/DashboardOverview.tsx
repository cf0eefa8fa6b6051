import { PendingTasksPanel } from './PendingTasksPanel';
import { SummaryCards } from './SummaryCards';
import './dashboard.css';

/** Above the contacts table: how the networking goes at a glance, and what to do next. */
export const DashboardOverview = () => (
  <div className="dashboard-overview">
    <SummaryCards />
    <PendingTasksPanel />
  </div>
);
