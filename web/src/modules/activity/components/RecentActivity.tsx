import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, LoadingOutlined } from '@ant-design/icons';
import type { ActivityStatus } from '@shared/schemas/dashboard';
import { Text } from '@/ui/text/Text';
import type { ReactNode } from 'react';
import { useNow } from '@/lib/useNow';
import { formatRecentTime } from '@/lib/formatDate';
import { useTranslation } from 'react-i18next';
import { useRecentActivity } from '../hooks/useRecentActivity';
import { activityDetail, activityLabel, activityProgress, lastChange } from '../utils/activityText';
import './RecentActivity.css';
import { i18n } from '@/i18n';

/** How an action ended as the list shows it: one that completed with some of its items failed is `partial`. */
type ShownStatus = ActivityStatus | 'partial';

const statusIcons: Record<ShownStatus, ReactNode> = {
  in_progress: <LoadingOutlined />,
  completed: <CheckCircleFilled />,
  partial: <ExclamationCircleFilled />,
  failed: <CloseCircleFilled />,
};

const statusKeys: Record<ShownStatus, string> = {
  in_progress: 'inProgress',
  completed: 'completed',
  partial: 'partial',
  failed: 'failed',
};

const shownStatus = (action: { status: ActivityStatus; failedCount: number }): ShownStatus =>
  action.status === 'completed' && action.failedCount > 0 ? 'partial' : action.status;

/** SPEC §2, §9: the sidebar's list of the 10 newest actions of the server's activity log, or 'No recent activity.'. */
export const RecentActivity = () => {
  const { t } = useTranslation('activity');
  const { actions, error } = useRecentActivity();
  const now = useNow();

  const body = () => {
    if (!actions) {
      return error ? (
        <Text type="secondary" className="recent-activity__empty">
          {t('unavailable')}
        </Text>
      ) : null;
    }
    if (actions.length === 0) {
      return (
        <Text type="secondary" className="recent-activity__empty">
          {t('empty')}
        </Text>
      );
    }
    return (
      <ul className="recent-activity__list">
        {actions.map((action) => {
          const detail = activityDetail(action);
          const progress = activityProgress(action);
          const status = shownStatus(action);
          return (
            <li key={action.id} className="recent-activity__item">
              <span
                className={`recent-activity__icon recent-activity__icon--${status}`}
                role="img"
                aria-label={t(`status.${statusKeys[status]}`)}
              >
                {statusIcons[status]}
              </span>
              <span className="recent-activity__body">
                <span className="recent-activity__label">{activityLabel(action)}</span>
                {detail ? <span className="recent-activity__detail">{detail}</span> : null}
                <span className="recent-activity__time">
                  {formatRecentTime(lastChange(action), i18n.language, now)}
                  {progress ? <span className="recent-activity__progress"> · {progress}</span> : null}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <section className="recent-activity" aria-labelledby="recent-activity-title" aria-busy={!actions && !error}>
      <h2 id="recent-activity-title" className="recent-activity__title">
        {t('title')}
      </h2>
      {body()}
    </section>
  );
};
