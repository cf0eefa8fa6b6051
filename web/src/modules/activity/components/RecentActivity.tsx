import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useNow } from '@/lib/useNow';
import { formatRelativeTime } from '@/modules/notifications/utils/formatRelativeTime';
import { activityState, sidebarActivity, type ActivityAction, type ActivityStatus } from '../state/activityState';
import './RecentActivity.css';

const statusIcons: Record<ActivityStatus, { icon: ReactNode; label: string }> = {
  in_progress: { icon: <LoadingOutlined />, label: 'In progress' },
  completed: { icon: <CheckCircleFilled />, label: 'Completed' },
  failed: { icon: <CloseCircleFilled />, label: 'Failed' },
};

const progress = ({ counts, status }: ActivityAction) =>
  counts && status === 'in_progress' && counts.total > 0
    ? ` · ${counts.completed + counts.failed}/${counts.total}`
    : '';

/** SPEC §2, §9: the sidebar's list of the 10 newest actions, or 'No recent activity.'. */
export const RecentActivity = () => {
  const { actions } = useSnapshot(activityState);
  const shown = sidebarActivity(actions);
  const now = useNow();

  return (
    <section className="recent-activity" aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title" className="recent-activity__title">
        Recent Activity
      </h2>
      {shown.length === 0 ? (
        <Typography.Text type="secondary" className="recent-activity__empty">
          No recent activity.
        </Typography.Text>
      ) : (
        <ul className="recent-activity__list">
          {shown.map((action) => (
            <li key={action.id} className="recent-activity__item">
              <span
                className={`recent-activity__icon recent-activity__icon--${action.status}`}
                role="img"
                aria-label={statusIcons[action.status].label}
              >
                {statusIcons[action.status].icon}
              </span>
              <span className="recent-activity__body">
                <span className="recent-activity__label">{action.label}</span>
                {action.detail ? <span className="recent-activity__detail">{action.detail}</span> : null}
                <span className="recent-activity__time">
                  {formatRelativeTime(action.finishedAt ?? action.startedAt, now)}
                  {progress(action)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
